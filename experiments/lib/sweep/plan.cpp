// Expanding a spec into trees and jobs, recording each combination that
// cannot run here with its reason.
#include <fmt/format.h>

#include <algorithm>

#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/sweep_plan.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul::experiments {
namespace {

using Strings = std::vector<std::string>;

bool contains(const Strings& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

void add_unique(Strings& v, const std::string& s) {
  if (!contains(v, s)) v.push_back(s);
}

std::string base_of(const std::string& multiplier) { return split_multiplier(multiplier).first; }

// A named multiplier is offered when the registry lists it, or (with
// parameters) when it lists its base name.
bool offers(const Strings& offered, const std::string& multiplier) {
  if (contains(offered, multiplier)) return true;
  if (multiplier.find(':') == std::string::npos) return false;
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
          // The cross toolchain file names aarch64-linux-gnu-g++; clang has none here.
          if (compiler != "gcc") {
            skipped.push_back({t.name(), "tree " + t.name(),
                               "no aarch64 cross toolchain for " + compiler +
                                   " (cmake/aarch64-linux-gnu.cmake uses aarch64-linux-gnu-g++)"});
            continue;
          }
          t.toolchain_file = "cmake/aarch64-linux-gnu.cmake";
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

// The (multiplier, strategy) pairs of one scheme.
std::vector<KemChoice> kem_choices(const SweepSpec& spec, const std::string& scheme, const Catalogue::Scheme& s,
                                   std::vector<Skip>& skipped) {
  Strings multipliers;
  for (const auto& m : spec.kem.multipliers) {
    if (m == "default") {
      add_unique(multipliers, s.multipliers.front());
    } else if (m == "all") {
      for (const auto& x : s.multipliers) add_unique(multipliers, x);
    } else if (offers(s.multipliers, m)) {
      add_unique(multipliers, m);
    } else {
      skipped.push_back({"", scheme + "/" + m,
                         fmt::format("{} has no multiplier '{}' (it has: {})", scheme, m, fmt::join(s.multipliers, ", "))});
    }
  }
  const std::string default_strategy = s.strategies.empty() ? "cached" : s.strategies.front();
  Strings strategies;
  for (const auto& st : spec.kem.strategies) {
    if (st == "default") {
      add_unique(strategies, default_strategy);
    } else if (st == "all") {
      if (s.strategies.empty()) add_unique(strategies, default_strategy);
      for (const auto& x : s.strategies) add_unique(strategies, x);
    } else if (contains(s.strategies, st) || (s.strategies.empty() && st == default_strategy)) {
      add_unique(strategies, st);
    } else {
      skipped.push_back({"", scheme + " strategy " + st,
                         fmt::format("strategy {} does not apply to {} (it has: {})", st, scheme,
                                     s.strategies.empty() ? default_strategy : fmt::format("{}", fmt::join(s.strategies, ", ")))});
    }
  }
  std::vector<KemChoice> out;
  for (const auto& m : multipliers)
    for (const auto& st : strategies) out.push_back({m, st});
  return out;
}

Strings ring_multipliers(const SweepSpec& spec, const std::string& ring, const Strings& offered,
                         std::vector<Skip>& skipped) {
  Strings out;
  for (const auto& m : spec.ring.multipliers) {
    if (m == "all") {
      for (const auto& x : offered) add_unique(out, x);
    } else if (m == "default") {
      add_unique(out, offered.front());
    } else if (offers(offered, m)) {
      add_unique(out, m);
    } else {
      skipped.push_back(
          {"", ring + "/" + m, fmt::format("ring {} has no multiplier '{}' (it has: {})", ring, m, fmt::join(offered, ", "))});
    }
  }
  return out;
}

void require_known_names(const SweepSpec& spec, const Catalogue& c) {
  if (spec.has_kem) {
    Strings all_multipliers;
    for (const auto& scheme : spec.kem.schemes) {
      const auto it = c.schemes.find(scheme);
      if (it == c.schemes.end()) {
        Strings names;
        for (const auto& [n, s] : c.schemes) names.push_back(n);
        throw SpecError(fmt::format("kem.schemes: unknown scheme '{}' (valid: {})", scheme, fmt::join(names, ", ")));
      }
      for (const auto& m : it->second.multipliers) all_multipliers.push_back(m);
    }
    for (const auto& m : spec.kem.multipliers)
      if (m != "default" && m != "all" && !offers(all_multipliers, m))
        throw SpecError(fmt::format("kem.multipliers: no listed scheme has the multiplier '{}'", m));
  }
  if (spec.has_ring) {
    Strings all_multipliers;
    for (const auto& ring : spec.ring.rings) {
      const auto it = c.rings.find(ring);
      if (it == c.rings.end()) {
        Strings names;
        for (const auto& [n, ms] : c.rings) names.push_back(n);
        throw SpecError(fmt::format("ring.rings: unknown ring '{}' (valid: {})", ring, fmt::join(names, ", ")));
      }
      for (const auto& m : it->second) all_multipliers.push_back(m);
    }
    for (const auto& m : spec.ring.multipliers)
      if (m != "default" && m != "all" && !offers(all_multipliers, m))
        throw SpecError(fmt::format("ring.multipliers: no listed ring has the multiplier '{}'", m));
  }
}

}  // namespace

std::pair<std::string, std::string> split_multiplier(const std::string& multiplier) {
  const auto colon = multiplier.find(':');
  if (colon == std::string::npos) return {multiplier, ""};
  return {multiplier.substr(0, colon), multiplier.substr(colon + 1)};
}

std::string row_id(const std::string& target, const std::string& multiplier, const std::string& isa) {
  const auto [base, params] = split_multiplier(multiplier);
  return target + "/" + base + (params.empty() ? "" : "-" + params) + "/" + isa;
}

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

std::string Job::key(const std::vector<TreeConfig>& trees) const {
  return fmt::format("{}|{}|{}|{}|{}|{}", trees.at(tree).name(), kind == JobKind::kem ? "kem" : "ring", target,
                     multiplier, strategy, isa);
}

std::string Job::label() const {
  std::string s = fmt::format("{} {} {}", kind == JobKind::kem ? "kem " : "ring", target, multiplier);
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

  // Scheme and ring choices do not depend on the tree: expand them once.
  std::vector<std::pair<std::string, std::vector<KemChoice>>> kem;
  if (spec.has_kem)
    for (const auto& scheme : spec.kem.schemes)
      kem.emplace_back(scheme, kem_choices(spec, scheme, catalogue.schemes.at(scheme), plan.skipped));
  Strings product_ops, module_ops;
  for (const auto& op : spec.ring.operations)
    (contains(ring_product_operations(), op) ? product_ops : module_ops).push_back(op);
  Strings ring_strategies;
  for (const auto& s : spec.ring.strategies)
    if (s == "all")
      for (const auto* x : {"eager", "lazy", "cached"}) add_unique(ring_strategies, x);
    else
      add_unique(ring_strategies, s);
  std::vector<std::pair<std::string, Strings>> rings;
  if (spec.has_ring)
    for (const auto& ring : spec.ring.rings)
      rings.emplace_back(ring, ring_multipliers(spec, ring, catalogue.rings.at(ring), plan.skipped));

  for (std::size_t t = 0; t < plan.trees.size(); ++t) {
    const auto& tree = plan.trees[t];
    for (const auto& isa : spec.isas) {
      const std::string why = isa_unavailable(isa, tree, host);
      if (!why.empty()) {
        plan.skipped.push_back({tree.name(), "isa " + isa, why});
        continue;
      }
      for (const auto& [scheme, choices] : kem)
        for (const auto& c : choices) {
          Job j;
          j.tree = t;
          j.kind = JobKind::kem;
          j.target = scheme;
          j.multiplier = c.multiplier;
          j.strategy = c.strategy;
          j.isa = isa;
          j.operations = spec.kem.operations;
          plan.jobs.push_back(std::move(j));
        }
      for (const auto& [ring, multipliers] : rings)
        for (const auto& m : multipliers) {
          Job j;
          j.tree = t;
          j.kind = JobKind::ring;
          j.target = ring;
          j.multiplier = m;
          j.isa = isa;
          if (!product_ops.empty()) {
            j.operations = product_ops;
            plan.jobs.push_back(j);
          }
          if (!module_ops.empty())
            for (const auto& s : ring_strategies) {
              Job mj = j;
              mj.strategy = s;
              mj.rank = spec.ring.rank;
              mj.operations = module_ops;
              plan.jobs.push_back(std::move(mj));
            }
        }
    }
  }
  return plan;
}

Catalogue catalogue_from_registries() {
  Catalogue c;
  for (const auto& e : kem_registry()) {
    Catalogue::Scheme s;
    s.multipliers = e.multipliers;
    for (auto st : e.strategies) s.strategies.emplace_back(to_string(st));
    c.schemes[e.scheme] = std::move(s);
  }
  for (const auto& ring : registered_rings()) c.rings[ring] = multipliers_for_ring(ring);
  return c;
}

}  // namespace pqmul::experiments
