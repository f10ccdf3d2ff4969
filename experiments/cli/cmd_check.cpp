// pqmul check: regenerates the 100-vector KAT of KEMs and compares its digest
// with the published one. Everything asked for is resolved and validated
// before the first line of the table, and a family that cannot take the
// multiplier asked for is named: the families list their ring's registered
// multipliers, and one that does not (a family built otherwise) fails the run
// instead of being skipped without a word.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/data_paths.hpp"
#include "pqmul/experiments/variable_time.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/nist_kat.hpp"

namespace pqmul::cli {
namespace {

struct CheckOptions {
  std::string scheme, multiplier, strategy, isa;
  std::string hashes;  // "" = the shipped tests/vectors/kem/KAT_HASHES.txt
};

bool every_multiplier(const std::string& m) { return m.empty() || m == "all"; }

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string base_name(const std::string& multiplier) { return split_multiplier(multiplier).name; }

// The entry's multipliers that `--multiplier` names: all of them for "all"
// (each at its registry entry's default parameters), the name itself when
// listed or given with parameters, else the listed variants of that name.
std::vector<std::string> offered(const KemEntry& e, const std::string& multiplier) {
  if (every_multiplier(multiplier)) return e.multipliers;
  if (contains(e.multipliers, multiplier) || !split_multiplier(multiplier).params.empty()) return {multiplier};
  std::vector<std::string> variants;
  for (const auto& m : e.multipliers)
    if (base_name(m) == multiplier) variants.push_back(m);
  return variants;
}

struct Check {
  const KemEntry* entry;
  std::string multiplier;
  std::unique_ptr<Kem> kem;
};

// Why the schemes of one family were left out, one line per family and reason.
class Omissions {
 public:
  // `lacking`: the family's ring registers the multiplier, the family does not offer it.
  void add(const KemEntry& e, const std::string& reason, bool lacking) {
    auto& line = lines_[{e.family, reason}];
    line.lacking = lacking;
    if (!contains(line.rings, e.ring)) line.rings.push_back(e.ring);
  }
  std::vector<std::string> families_lacking() const {
    std::vector<std::string> out;
    for (const auto& [key, line] : lines_)
      if (line.lacking) out.push_back(key.first);
    return out;
  }
  std::vector<std::string> lines() const {
    std::vector<std::string> out;
    for (const auto& [key, line] : lines_)
      out.push_back(fmt::format("{}: {}{} (ring {})", key.first, line.lacking ? "" : "not applicable: ", key.second,
                                fmt::join(line.rings, ", ")));
    return out;
  }

 private:
  struct Line {
    bool lacking = false;
    std::vector<std::string> rings;
  };
  std::map<std::pair<std::string, std::string>, Line> lines_;
};

struct Plan {
  std::vector<Check> checks;
  Omissions omitted;
};

// Every (scheme, multiplier, ISA) to check, built (so a bad name, parameter,
// strategy or ISA is refused here, before anything is printed).
Plan plan_checks(const CheckOptions& o) {
  std::vector<const KemEntry*> entries;
  for (const auto& e : kem_registry())
    if (o.scheme.empty() || e.scheme == o.scheme) entries.push_back(&e);
  if (entries.empty()) (void)make_kem(o.scheme);  // throws, naming the valid schemes
  const bool one_scheme = !o.scheme.empty();
  std::optional<Strategy> strategy;
  if (!o.strategy.empty()) strategy = parse_strategy(o.strategy);
  std::optional<Isa> only_isa;
  if (!o.isa.empty()) {
    only_isa = isa_from_name(o.isa);
    if (!isa_available(*only_isa))
      throw UsageError(fmt::format("--isa {} cannot run here: {}", o.isa, isa_unavailable_reason(*only_isa)));
  }

  Plan plan;
  for (const auto* e : entries) {
    const auto multipliers = offered(*e, o.multiplier);
    if (multipliers.empty()) {
      // An unknown name is refused, naming the valid ones (some families build
      // any multiplier of their ring, listed or not).
      if (one_scheme) (void)make_kem(e->scheme, o.multiplier);
      const bool ring_has = contains(multipliers_for_ring(e->ring), base_name(o.multiplier));
      plan.omitted.add(*e,
                       ring_has ? fmt::format("no multiplier '{}' (valid: {}) although its ring registers it",
                                              o.multiplier, fmt::join(e->multipliers, ", "))
                                : fmt::format("its ring has no multiplier '{}'", o.multiplier),
                       ring_has);
      continue;
    }
    if (strategy && std::find(e->strategies.begin(), e->strategies.end(), *strategy) == e->strategies.end() &&
        !one_scheme) {
      plan.omitted.add(*e, fmt::format("strategy {} does not apply", o.strategy), false);
      continue;
    }
    for (const auto& m : multipliers) {
      if (!only_isa) {
        for (Isa i : e->isas(m))
          if (isa_available(i)) plan.checks.push_back({e, m, make_kem(e->scheme, m, strategy, i)});
        continue;
      }
      const auto have = e->isas(m);
      const bool has_isa = std::find(have.begin(), have.end(), *only_isa) != have.end();
      // Checking every multiplier on one ISA covers those that have it.
      if (!has_isa && every_multiplier(o.multiplier)) continue;
      if (!has_isa && !one_scheme) {
        plan.omitted.add(*e, fmt::format("'{}' has no {} version", m, o.isa), false);
        continue;
      }
      plan.checks.push_back({e, m, make_kem(e->scheme, m, strategy, *only_isa)});  // refuses, naming the reason
    }
  }
  // Nothing to run: a usage error, unless a family lacks the multiplier (that
  // is the registry's fault, reported by run_check).
  if (plan.checks.empty() && plan.omitted.families_lacking().empty()) {
    if (!every_multiplier(o.multiplier) && !contains(registered_multipliers(), base_name(o.multiplier)))
      throw UsageError(fmt::format("no scheme has the multiplier '{}' (valid: {})", o.multiplier,
                                   fmt::join(registered_multipliers(), ", ")));
    const auto why = plan.omitted.lines();
    throw UsageError(fmt::format("nothing to check for{}{}{}{}{}{}", one_scheme ? " --scheme " + o.scheme : "",
                                 every_multiplier(o.multiplier) ? "" : " --multiplier " + o.multiplier,
                                 o.strategy.empty() ? "" : " --strategy " + o.strategy,
                                 o.isa.empty() ? "" : " --isa " + o.isa, why.empty() ? "" : ": ",
                                 fmt::join(why, "; ")));
  }
  return plan;
}

// The KAT_HASHES.txt `all` digest: the 100 entries without the header line
// and without the final empty line.
void run_check(const CheckOptions& o) {
  std::string hashes_file;
  std::map<std::string, PublishedKatHashes> published;
  try {
    hashes_file = experiments::kat_hashes_path(o.hashes);
    published = read_kat_hashes(hashes_file);
  } catch (const std::runtime_error& e) {
    throw UsageError(o.hashes.empty() ? fmt::format("{} (use --hashes FILE)", e.what())
                                      : fmt::format("published KAT digests: {}", e.what()));
  }
  const Plan plan = plan_checks(o);

  std::size_t width = std::string("multiplier").size();
  for (const auto& c : plan.checks) width = std::max(width, c.multiplier.size());
  std::size_t failures = 0;
  fmt::print("published digests: {}\n", hashes_file);
  if (!plan.checks.empty())
    fmt::print("{:<15} {:<{}} {:<8} {:<8} {:<64} {}\n", "scheme", "multiplier", width, "isa", "strategy",
               "sha256 (all 100 entries)", "result");
  for (const auto& [e, multiplier, kem] : plan.checks) {
    const auto row = published.find(e->scheme);
    std::string digest, result;
    try {
      digest = kat_digest_all(nist_kat_entries(*kem, 0, 100));
      result = row == published.end() ? "FAIL (no published digest)" : digest == row->second.all ? "pass" : "FAIL";
    } catch (const std::exception& ex) {
      result = fmt::format("FAIL ({})", ex.what());
    }
    if (result != "pass") ++failures;
    // A scheme with a single strategy (NTRU: one product at a time) has no choice to show.
    const std::string strategy = e->strategies.size() > 1 ? std::string(to_string(kem->strategy())) : "-";
    // A variable-time multiplier is checked like any other, and its row says what it is.
    const std::string note = experiments::runs_in_variable_time(e->scheme, multiplier)
                                 ? fmt::format("  ({})", experiments::variable_time_note)
                                 : "";
    fmt::print("{:<15} {:<{}} {:<8} {:<8} {:<64} {}{}\n", e->scheme, multiplier, width, kem->isa(), strategy, digest,
               result, note);
    std::fflush(stdout);
  }
  for (const auto& line : plan.omitted.lines()) fmt::print("{}\n", line);
  const auto lacking = plan.omitted.families_lacking();
  if (failures || !lacking.empty()) {
    std::string message;
    if (failures) message = fmt::format("{} of {} KAT checks failed", failures, plan.checks.size());
    if (!lacking.empty())
      message += fmt::format("{}{} {} not offer '{}' although the multiplier registry has it for {} ring",
                             message.empty() ? "" : "; ", fmt::join(lacking, ", "), lacking.size() == 1 ? "does" : "do",
                             o.multiplier, lacking.size() == 1 ? "its" : "their");
    throw Failure(1, message);
  }
  fmt::print("all {} KAT checks passed\n", plan.checks.size());
}

const CommandRegistration check_registration{[](CLI::App& app) {
  auto check = std::make_shared<CheckOptions>();
  auto* c = app.add_subcommand("check",
                               "Regenerate the 100-vector KAT of KEMs and compare its SHA-256 with the published "
                               "digest; exit 1 on any failure or when a family lacks a multiplier its ring has");
  c->add_option("--scheme", check->scheme, "KEM scheme, e.g. ml-kem-768, kyber768, saber (default: every scheme)");
  c->add_option("--multiplier", check->multiplier,
                "multiplier, or 'all' (default: all, every multiplier of each scheme); without --scheme, every "
                "scheme that offers it, naming the families that do not");
  c->add_option("--strategy", check->strategy,
                "module strategy: eager, lazy or cached (default: each scheme's default strategy only)");
  c->add_option("--isa", check->isa,
                "portable, avx2, avx512 or neon (default: every ISA this CPU runs, for each multiplier that has it)");
  c->add_option("--hashes", check->hashes, "published digests (default: the shipped tests/vectors/kem/KAT_HASHES.txt)");
  c->callback([check] { run_check(*check); });
}};

}  // namespace
}  // namespace pqmul::cli
