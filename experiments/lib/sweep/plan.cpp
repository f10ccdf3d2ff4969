// Expanding a spec into trees and jobs, recording each combination that
// cannot run here with its reason.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "../contains.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/sweep_plan.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/tinyjambu/variants.hpp"

namespace pqmul::experiments {
namespace {

using Strings = std::vector<std::string>;

void add_unique(Strings& v, const std::string& s) {
  if (!contains(v, s)) v.push_back(s);
}

std::string base_of(const std::string& multiplier) { return split_multiplier(multiplier).name; }

// A named multiplier is offered when the registry lists it, or (with
// parameters) when it lists its base name.
bool offers(const Strings& offered, const std::string& multiplier) {
  if (contains(offered, multiplier)) return true;
  if (split_multiplier(multiplier).params.empty()) return false;
  for (const auto& o : offered)
    if (base_of(o) == base_of(multiplier)) return true;
  return false;
}

std::vector<TreeConfig> plan_trees(const SweepSpec& spec, const HostInfo& host, std::vector<Skip>& skipped) {
  std::vector<TreeConfig> trees;
  for (const auto& compiler : spec.compilers)
    for (const auto& arch : spec.architectures)
      for (bool vec : spec.vectorize) {
        TreeConfig t;
        t.compiler = compiler;
        t.arch = arch;
        t.vectorize = vec;
        const auto custom = spec.compiler_commands.find(compiler);
        if (arch == host.arch) {
          t.cxx = custom != spec.compiler_commands.end() ? custom->second
                  : compiler == "clang"                   ? "clang++"
                                                          : "g++";
        } else if (arch == "aarch64" && host.arch == "x86_64") {
          // The cross toolchain files name their compilers (aarch64-linux-gnu-g++,
          // or clang++ targeting aarch64-linux-gnu); other compilers have none.
          if (compiler != "gcc" && compiler != "clang") {
            skipped.push_back({t.name(), "tree " + t.name(),
                               "no aarch64 cross toolchain for " + compiler +
                                   " (cmake/aarch64-linux-gnu.cmake and -clang.cmake: gcc and clang)"});
            continue;
          }
          t.toolchain_file =
              compiler == "gcc" ? "cmake/aarch64-linux-gnu.cmake" : "cmake/aarch64-linux-gnu-clang.cmake";
          t.cxx = compiler == "gcc" ? "aarch64-linux-gnu-g++" : "clang++";  // for its --version
          t.emulated = true;
          t.emulator = {"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"};
        } else {
          skipped.push_back({t.name(), "tree " + t.name(),
                             fmt::format("cannot build or run {} code on this {} host", arch, host.arch)});
          continue;
        }
        trees.push_back(std::move(t));
      }
  return trees;
}

// Why `isa` does not run in `tree`, or empty when it may (the tree's own
// registry is asked again after the build).
std::string isa_unavailable(const std::string& isa, const TreeConfig& tree, const HostInfo& host) {
  const std::string arch = isa_architecture(isa);
  if (!arch.empty() && arch != tree.arch) return fmt::format("{} kernels exist only in {} trees", isa, arch);
  if (isa != "portable" && !tree.vectorize)
    return "auto-vectorisation off concerns the portable code only; SIMD kernels are measured in the vectorised tree";
  if (!tree.emulated && tree.arch == host.arch) {
    Strings missing;
    for (const auto& f : isa_cpu_requirements(isa))
      if (!host.cpu_flags.count(f)) missing.push_back(f);
    if (!missing.empty()) return fmt::format("this CPU lacks {}", fmt::join(missing, ", "));
  }
  return {};
}

struct KemChoice {
  std::string multiplier, strategy;
};

// Skips are recorded once, however many sections or trees meet them.
void skip(std::vector<Skip>& skipped, Skip s) {
  for (const auto& x : skipped)
    if (x.tree == s.tree && x.what == s.what) return;
  skipped.push_back(std::move(s));
}

// The (multiplier, strategy) pairs of one scheme.
std::vector<KemChoice> kem_choices(const KemSection& kem, const std::string& scheme, const Catalogue::Scheme& s,
                                   std::vector<Skip>& skipped) {
  Strings multipliers;
  for (const auto& m : kem.multipliers) {
    if (m == "default") {
      add_unique(multipliers, s.multipliers.front());
    } else if (m == "all") {
      for (const auto& x : s.multipliers) add_unique(multipliers, x);
    } else if (offers(s.multipliers, m)) {
      add_unique(multipliers, m);
    } else {
      skip(skipped, {"", scheme + "/" + m,
                     fmt::format("{} has no multiplier '{}' (it has: {})", scheme, m, fmt::join(s.multipliers, ", "))});
    }
  }
  const std::string default_strategy = s.strategies.empty() ? "cached" : s.strategies.front();
  Strings strategies;
  for (const auto& st : kem.strategies) {
    if (st == "default") {
      add_unique(strategies, default_strategy);
    } else if (st == "all") {
      if (s.strategies.empty()) add_unique(strategies, default_strategy);
      for (const auto& x : s.strategies) add_unique(strategies, x);
    } else if (contains(s.strategies, st) || (s.strategies.empty() && st == default_strategy)) {
      add_unique(strategies, st);
    } else {
      skip(skipped, {"", scheme + " strategy " + st,
                     fmt::format("strategy {} does not apply to {} (it has: {})", st, scheme,
                                 s.strategies.empty() ? default_strategy : fmt::format("{}", fmt::join(s.strategies, ", ")))});
    }
  }
  // A scheme with one way to compute (NTRU) has no strategy to pass or report.
  if (s.strategies.size() <= 1 && !strategies.empty()) strategies = {""};
  std::vector<KemChoice> out;
  for (const auto& m : multipliers)
    for (const auto& st : strategies) out.push_back({m, st});
  return out;
}

Strings ring_multipliers(const RingSection& section, const std::string& ring, const Strings& offered,
                         std::vector<Skip>& skipped) {
  Strings out;
  for (const auto& m : section.multipliers) {
    if (m == "all") {
      for (const auto& x : offered) add_unique(out, x);
    } else if (m == "default") {
      add_unique(out, offered.front());
    } else if (offers(offered, m)) {
      add_unique(out, m);
    } else {
      skip(skipped,
           {"", ring + "/" + m, fmt::format("ring {} has no multiplier '{}' (it has: {})", ring, m, fmt::join(offered, ", "))});
    }
  }
  return out;
}

Strings aead_variants(const AeadSection& section, const std::string& scheme, const Strings& offered,
                      std::vector<Skip>& skipped) {
  Strings out;
  for (const auto& v : section.variants) {
    if (v == "all") {
      for (const auto& x : offered) add_unique(out, x);
    } else if (contains(offered, v)) {
      add_unique(out, v);
    } else {
      skip(skipped, {"", scheme + "/" + v,
                     fmt::format("{} has no variant '{}' (it has: {})", scheme, v, fmt::join(offered, ", "))});
    }
  }
  return out;
}

[[noreturn]] void unknown_name(const std::string& key, const std::string& what, const std::string& name,
                               const Strings& valid) {
  throw SpecError(fmt::format("{}: unknown {} '{}' (valid: {})", key, what, name, fmt::join(valid, ", ")));
}

template <class Map>
Strings keys_of(const Map& m) {
  Strings names;
  for (const auto& [n, v] : m) names.push_back(n);
  return names;
}

void require_known_names(const SweepSpec& spec, const Catalogue& c) {
  for (const auto& kem : spec.kem) {
    Strings all_multipliers;
    for (const auto& scheme : kem.schemes) {
      const auto it = c.schemes.find(scheme);
      if (it == c.schemes.end()) unknown_name("kem.schemes", "scheme", scheme, keys_of(c.schemes));
      for (const auto& m : it->second.multipliers) all_multipliers.push_back(m);
    }
    for (const auto& m : kem.multipliers)
      if (m != "default" && m != "all" && !offers(all_multipliers, m))
        throw SpecError(fmt::format("kem.multipliers: no listed scheme has the multiplier '{}'", m));
  }
  for (const auto& ring : spec.ring) {
    Strings all_multipliers;
    for (const auto& name : ring.rings) {
      const auto it = c.rings.find(name);
      if (it == c.rings.end()) unknown_name("ring.rings", "ring", name, keys_of(c.rings));
      for (const auto& m : it->second) all_multipliers.push_back(m);
    }
    for (const auto& m : ring.multipliers)
      if (m != "default" && m != "all" && !offers(all_multipliers, m))
        throw SpecError(fmt::format("ring.multipliers: no listed ring has the multiplier '{}'", m));
  }
  for (const auto& aead : spec.aead) {
    Strings all_variants;
    for (const auto& scheme : aead.schemes) {
      const auto it = c.aeads.find(scheme);
      if (it == c.aeads.end()) unknown_name("aead.schemes", "AEAD", scheme, keys_of(c.aeads));
      for (const auto& v : it->second) add_unique(all_variants, v);
    }
    for (const auto& v : aead.variants)
      if (v != "all" && !contains(all_variants, v))
        throw SpecError(fmt::format("aead.variants: no listed scheme has the variant '{}' (valid: {})", v,
                                    fmt::join(all_variants, ", ")));
  }
}

bool in_scope(const SectionScope& scope, const TreeConfig& tree) {
  return (scope.compilers.empty() || contains(scope.compilers, tree.compiler)) &&
         (scope.vectorize.empty() ||
          std::find(scope.vectorize.begin(), scope.vectorize.end(), tree.vectorize) != scope.vectorize.end());
}

// The ISAs the sweep's own binary holds for a multiplier, or nullptr when it
// does not know (then the tree's registry decides).
const Strings* compiled_isas(const std::map<std::string, Strings>& isas, const std::string& multiplier) {
  auto it = isas.find(multiplier);
  if (it == isas.end()) it = isas.find(base_of(multiplier));
  return it == isas.end() ? nullptr : &it->second;
}

// Builds the jobs of every section in one tree; a job met twice (two sections
// asking for the same row) runs once with the union of the operations.
class TreeJobs {
 public:
  TreeJobs(const SweepSpec& spec, const Catalogue& catalogue, const HostInfo& host, Plan& plan, std::size_t tree)
      : spec_(spec), catalogue_(catalogue), host_(host), plan_(plan), tree_(tree) {}

  void kem(const KemSection& section, const std::vector<std::pair<std::string, std::vector<KemChoice>>>& choices) {
    if (!in_scope(section.scope, plan_.trees[tree_])) return;
    for (const auto& isa : isas_of(section.scope)) {
      if (!isa_runs(isa)) continue;
      for (const auto& [scheme, pairs] : choices) {
        const auto& s = catalogue_.schemes.at(scheme);
        Strings ops;
        for (const auto& op : section.operations) {
          if (!s.module_products && (op == "matrix-vector" || op == "inner-product")) {
            skip(plan_.skipped, {"", scheme + " " + op, scheme + " has no module products (NTRU multiplies in one ring)"});
            continue;
          }
          ops.push_back(op);
        }
        if (ops.empty()) continue;
        for (const auto& c : pairs) {
          if (!multiplier_has_isa(s.isas, scheme, c.multiplier, isa)) continue;
          Job j;
          j.kind = JobKind::kem;
          j.target = scheme;
          j.multiplier = c.multiplier;
          j.strategy = c.strategy;
          j.isa = isa;
          j.operations = ops;
          add(std::move(j));
        }
      }
    }
  }

  void ring(const RingSection& section, const std::vector<std::pair<std::string, Strings>>& rings) {
    if (!in_scope(section.scope, plan_.trees[tree_])) return;
    Strings product_ops, module_ops;
    for (const auto& op : section.operations)
      (contains(ring_product_operations(), op) ? product_ops : module_ops).push_back(op);
    Strings strategies;
    for (const auto& s : section.strategies)
      if (s == "all")
        for (const auto* x : {"eager", "lazy", "cached"}) add_unique(strategies, x);
      else
        add_unique(strategies, s);
    for (const auto& isa : isas_of(section.scope)) {
      if (!isa_runs(isa)) continue;
      for (const auto& [ring, multipliers] : rings) {
        std::map<std::string, Strings> isas;
        for (const auto& [key, list] : catalogue_.ring_isas)
          if (key.rfind(ring + "/", 0) == 0) isas[key.substr(ring.size() + 1)] = list;
        for (const auto& m : multipliers) {
          if (!multiplier_has_isa(isas, ring, m, isa)) continue;
          Job j;
          j.kind = JobKind::ring;
          j.target = ring;
          j.multiplier = m;
          j.isa = isa;
          j.trials = section.trials;
          if (!product_ops.empty()) {
            j.operations = product_ops;
            add(j);
          }
          if (!module_ops.empty())
            for (const auto& s : strategies) {
              Job mj = j;
              mj.strategy = s;
              mj.rank = section.rank;
              mj.operations = module_ops;
              add(std::move(mj));
            }
        }
      }
    }
  }

  void aead(const AeadSection& section, const std::vector<std::pair<std::string, Strings>>& variants) {
    if (!in_scope(section.scope, plan_.trees[tree_])) return;
    for (const auto& [scheme, names] : variants)
      for (const auto& v : names)
        for (const auto& params : section.params) {
          Job j;
          j.kind = JobKind::aead;
          j.target = scheme;
          j.multiplier = v + ":" + params;
          j.isa = "portable";
          j.operations = section.operations;
          add(std::move(j));
        }
  }

 private:
  const Strings& isas_of(const SectionScope& scope) const { return scope.isas.empty() ? spec_.isas : scope.isas; }

  bool isa_runs(const std::string& isa) {
    const auto& tree = plan_.trees[tree_];
    const std::string why = isa_unavailable(isa, tree, host_);
    if (!why.empty()) skip(plan_.skipped, {tree.name(), "isa " + isa, why});
    return why.empty();
  }

  // Whether the multiplier has a version for the ISA, as far as this binary
  // knows: ISAs of another architecture are left to that tree's registry.
  bool multiplier_has_isa(const std::map<std::string, Strings>& isas, const std::string& target,
                          const std::string& multiplier, const std::string& isa) {
    if (isa == "portable" || isa_architecture(isa) != host_.arch) return true;
    const Strings* have = compiled_isas(isas, multiplier);
    if (!have || contains(*have, isa)) return true;
    skip(plan_.skipped, {"", fmt::format("{}/{} {}", target, multiplier, isa),
                         fmt::format("no {} version of {} for {} (it has: {})", isa, multiplier, target,
                                     fmt::join(*have, ", "))});
    return false;
  }

  void add(Job j) {
    j.tree = tree_;
    const std::string key = j.key(plan_.trees);
    const auto it = index_.find(key);
    if (it == index_.end()) {
      index_[key] = plan_.jobs.size();
      plan_.jobs.push_back(std::move(j));
      return;
    }
    auto& ops = plan_.jobs[it->second].operations;
    for (const auto& op : j.operations) add_unique(ops, op);
  }

  const SweepSpec& spec_;
  const Catalogue& catalogue_;
  const HostInfo& host_;
  Plan& plan_;
  std::size_t tree_;
  std::map<std::string, std::size_t> index_;
};

// A tree no section runs in is not built: it would cost minutes for nothing.
void drop_idle_trees(Plan& plan) {
  std::vector<std::size_t> index(plan.trees.size());
  std::vector<TreeConfig> kept;
  for (std::size_t t = 0; t < plan.trees.size(); ++t) {
    if (plan.jobs_of(t) == 0) {
      skip(plan.skipped, {plan.trees[t].name(), "tree " + plan.trees[t].name(),
                          "none of the spec's rows runs in it (the sections' compilers, vectorize and isas)"});
      continue;
    }
    index[t] = kept.size();
    kept.push_back(plan.trees[t]);
  }
  for (auto& j : plan.jobs) j.tree = index[j.tree];
  plan.trees = std::move(kept);
}

}  // namespace

std::vector<std::string> isa_cpu_requirements(const std::string& isa) {
  if (isa == "avx2") return {"avx2", "bmi2"};
  if (isa == "avx512") return {"avx512f", "avx512bw", "avx512vl"};
  if (isa == "neon") return {};
  return {};
}

std::string isa_architecture(const std::string& isa) {
  if (isa == "avx2" || isa == "avx512") return "x86_64";
  if (isa == "neon") return "aarch64";
  return "";
}

std::string TreeConfig::name() const { return compiler + "-" + arch + (vectorize ? "-vec" : "-novec"); }

std::string to_string(JobKind kind) {
  switch (kind) {
    case JobKind::kem: return "kem";
    case JobKind::ring: return "ring";
    case JobKind::aead: return "aead";
  }
  return "?";
}

std::string Job::key(const std::vector<TreeConfig>& trees) const {
  return fmt::format("{}|{}|{}|{}|{}|{}", trees.at(tree).name(), to_string(kind), target, multiplier, strategy, isa);
}

std::string Job::label() const {
  std::string s = fmt::format("{:<4} {} {}", to_string(kind), target, multiplier);
  if (!strategy.empty()) s += " " + strategy;
  if (kind == JobKind::ring && rank) s += fmt::format(" rank {}", rank);
  return s + " " + isa + " [" + fmt::format("{}", fmt::join(operations, ",")) + "]";
}

std::size_t Plan::jobs_of(std::size_t tree) const {
  return static_cast<std::size_t>(std::count_if(jobs.begin(), jobs.end(), [&](const Job& j) { return j.tree == tree; }));
}

Plan make_plan(const SweepSpec& spec, const Catalogue& catalogue, const HostInfo& host) {
  require_known_names(spec, catalogue);
  Plan plan;
  plan.trees = plan_trees(spec, host, plan.skipped);

  // Scheme, ring and variant choices do not depend on the tree: expand them once.
  std::vector<std::vector<std::pair<std::string, std::vector<KemChoice>>>> kem(spec.kem.size());
  for (std::size_t i = 0; i < spec.kem.size(); ++i)
    for (const auto& scheme : spec.kem[i].schemes)
      kem[i].emplace_back(scheme, kem_choices(spec.kem[i], scheme, catalogue.schemes.at(scheme), plan.skipped));
  std::vector<std::vector<std::pair<std::string, Strings>>> rings(spec.ring.size());
  for (std::size_t i = 0; i < spec.ring.size(); ++i)
    for (const auto& ring : spec.ring[i].rings)
      rings[i].emplace_back(ring, ring_multipliers(spec.ring[i], ring, catalogue.rings.at(ring), plan.skipped));
  std::vector<std::vector<std::pair<std::string, Strings>>> aeads(spec.aead.size());
  for (std::size_t i = 0; i < spec.aead.size(); ++i)
    for (const auto& scheme : spec.aead[i].schemes)
      aeads[i].emplace_back(scheme, aead_variants(spec.aead[i], scheme, catalogue.aeads.at(scheme), plan.skipped));

  for (std::size_t t = 0; t < plan.trees.size(); ++t) {
    TreeJobs jobs(spec, catalogue, host, plan, t);
    for (std::size_t i = 0; i < spec.kem.size(); ++i) jobs.kem(spec.kem[i], kem[i]);
    for (std::size_t i = 0; i < spec.ring.size(); ++i) jobs.ring(spec.ring[i], rings[i]);
    for (std::size_t i = 0; i < spec.aead.size(); ++i) jobs.aead(spec.aead[i], aeads[i]);
  }
  drop_idle_trees(plan);
  return plan;
}

Catalogue catalogue_from_registries() {
  Catalogue c;
  auto names = [](const std::vector<Isa>& isas) {
    Strings out;
    for (Isa i : isas) out.emplace_back(isa_name(i));
    return out;
  };
  for (const auto& e : kem_registry()) {
    Catalogue::Scheme s;
    s.multipliers = e.multipliers;
    for (auto st : e.strategies) s.strategies.emplace_back(to_string(st));
    for (const auto& m : e.multipliers) s.isas[m] = names(e.isas(m));
    s.module_products = e.family != "ntru";
    c.schemes[e.scheme] = std::move(s);
  }
  for (const auto& ring : registered_rings()) c.rings[ring] = multipliers_for_ring(ring);
  for (const auto& e : multiplier_registry()) {
    auto& isas = c.ring_isas[e.ring + "/" + e.multiplier];
    for (const auto& i : names(e.compiled())) add_unique(isas, i);
  }
  for (const auto& v : tinyjambu::aead_variants())
    add_unique(c.aeads[std::string(v.scheme)], std::string(v.load) + "-" + std::string(v.update));
  return c;
}

}  // namespace pqmul::experiments
