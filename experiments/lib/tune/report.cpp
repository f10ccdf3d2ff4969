// The outputs of a tuning run: files, the terminal summary, the winners' KATs.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/pareto.hpp"
#include "pqmul/experiments/statistics.hpp"
#include "pqmul/experiments/tune_report.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/nist_kat.hpp"
#include "tune_state.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;

std::string operation_of(const Row& r) {
  return r.rank && r.operation == "matrix-vector" ? fmt::format("{} rank {}", r.operation, *r.rank) : r.operation;
}

// Fronts never join rows of two CPUs (merged parts may hold several).
std::string front_group(const Row& r) { return operation_of(r) + " on " + r.cpu; }

std::string candidate_of(const Row& r) {
  return multiplier_text(r) + (r.strategy.empty() || r.operation == "mul" ? "" : " (" + r.strategy + ")");
}

bool is_catalogue(const Row& r) { return catalogue_plan(r.scheme, r.multiplier, r.params); }

std::string bytes(const std::optional<std::uint64_t>& b) { return b ? std::to_string(*b) : "-"; }

// a's median over b's, with the interval of the paired repetitions (the final
// rung ran every case once per repetition, interleaved).
std::string ratio_text(const Row& a, const Row& b) {
  if (!a.median || !b.median) return "-";
  const auto& x = a.repetition_medians;
  const auto& y = b.repetition_medians;
  const Estimate e = x.size() == y.size() && x.size() >= 2 ? paired_ratio_estimate(x, y) : ratio_estimate(x, y);
  if (!e.interval) return fmt::format("{:.3f}", e.value);
  return fmt::format("{:.3f} [{:.3f}, {:.3f}]", e.value, e.interval->low, e.interval->high);
}

const Row* dominating_front_member(const TuneResult& result, const Row& row) {
  const auto mine = row_objectives(row);
  if (!mine) return nullptr;
  const Row* best = nullptr;
  for (auto i : result.front) {
    const Row& f = result.final_rows[i];
    const auto theirs = row_objectives(f);
    if (front_group(f) != front_group(row) || !theirs || !dominates(*theirs, *mine)) continue;
    if (!best || *f.median < *best->median) best = &f;
  }
  return best;
}

}  // namespace

std::vector<std::size_t> tune_winners(const TuneResult& result) {
  std::map<std::string, std::size_t> best;
  for (auto i : result.front) {
    const Row& r = result.final_rows[i];
    const std::string group = front_group(r);
    const auto it = best.find(group);
    if (it == best.end() || *r.median < *result.final_rows[it->second].median) best[group] = i;
  }
  std::vector<std::size_t> out;
  for (const auto& [group, i] : best) out.push_back(i);
  return out;
}

void write_tune_outputs(const std::string& dir, const TuneSettings& s, const TuneResult& result,
                        const std::vector<std::string>& parts) {
  std::vector<Row> front;
  for (auto i : result.front) front.push_back(result.final_rows[i]);
  const std::set<std::size_t> on_front(result.front.begin(), result.front.end());
  nlohmann::json cases = nlohmann::json::array();
  for (std::size_t i = 0; i < result.final_rows.size(); ++i) {
    const Row& r = result.final_rows[i];
    nlohmann::json c = {{"operation", r.operation},         {"strategy", r.strategy},
                        {"multiplier", multiplier_text(r)}, {"median", r.median.value_or(0)},
                        {"front", on_front.count(i) > 0},   {"catalogue", is_catalogue(r)}};
    if (r.stack_bytes) c["stack_bytes"] = *r.stack_bytes;
    if (r.bytes_held) c["bytes_held"] = *r.bytes_held;
    cases.push_back(c);
  }
  nlohmann::json rungs = nlohmann::json::array();
  for (const auto& r : result.rungs)
    rungs.push_back({{"rung", r.rung},
                     {"cases", r.cases},
                     {"seconds", r.seconds},
                     {"time_per_repetition", r.time_per_repetition},
                     {"final", r.final}});
  const TuneSpace& sp = result.space;
  nlohmann::json doc = {{"ring", s.ring},
                        {"isa", std::string(isa_name(s.isa))},
                        {"budget_seconds", s.budget_seconds},
                        {"chunk", {{"index", s.chunk_index}, {"count", s.chunk_count}}},
                        {"search", tune_identity(s)},
                        {"spent_seconds", result.spent_seconds},
                        {"space",
                         {{"enumerated", sp.enumerated},
                          {"pruned_by_bits", sp.pruned_by_bits},
                          {"widened_to_32_bits", sp.widened},
                          {"pruned_by_split", sp.pruned_by_split},
                          {"pruned_by_ntt_bound", sp.pruned_by_ntt_bound},
                          {"duplicates", sp.duplicates},
                          {"without_kernels", sp.no_kernels},
                          {"candidates", sp.candidates.size()}}},
                        {"candidates_checked", result.candidates_checked},
                        {"rejected", result.rejected},
                        {"rungs", rungs},
                        {"final", cases}};
  if (!parts.empty()) doc["parts"] = parts;
  replace_file((fs::path(dir) / "results.csv").string(), to_csv(result.final_rows));
  replace_file((fs::path(dir) / "front.csv").string(), to_csv(front));
  replace_file((fs::path(dir) / "tune.json").string(), doc.dump(2) + "\n");
}

std::string tune_summary(const TuneSettings& s, const TuneResult& result, const std::string& dir) {
  const TuneSpace& sp = result.space;
  std::string out =
      sp.enumerated == 0
          ? ""
          : fmt::format(
                "tune {} on {}: {} plans written down, {} candidates after pruning ({} by lost bits, {} moved to "
                "32-bit words, {} by the split, {} by the "
                "NTT bound, {} duplicates, {} without kernels), {} checked against the oracle, {} rejected; {} rungs, "
                "{:.0f} s "
                "of a {:.0f} s budget\n",
                s.ring, isa_name(s.isa), sp.enumerated, sp.candidates.size(), sp.pruned_by_bits, sp.widened,
                sp.pruned_by_split, sp.pruned_by_ntt_bound, sp.duplicates, sp.no_kernels, result.candidates_checked,
                result.rejected.size(), result.rungs.size(), result.spent_seconds, s.budget_seconds);
  if (sp.enumerated > 0 && result.spent_seconds > s.budget_seconds * 1.05)
    out += "over budget: the oracle checks, the first rung and the final rung of the catalogue, which every search "
           "needs, took longer than the budget (give more, or narrow the space)\n";
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < result.final_rows.size(); ++i) groups[front_group(result.final_rows[i])].push_back(i);
  const std::set<std::size_t> on_front(result.front.begin(), result.front.end());
  const auto winners = tune_winners(result);
  for (const auto& [group, members] : groups) {
    out += fmt::format("\n{} ({} measured in the final rung; * front, c catalogue):\n", group, members.size());
    out += fmt::format("  {:<2} {:<70} {:>10} {:>8} {:>11} {:>11}\n", "", "multiplier", "median", "95% ci", "stack B",
                       "held B");
    std::vector<std::size_t> order = members;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return result.final_rows[a].median.value_or(0) < result.final_rows[b].median.value_or(0);
    });
    for (auto i : order) {
      const Row& r = result.final_rows[i];
      const std::string ci = r.ci_low && r.ci_high && r.median
                                 ? fmt::format("±{:.1f}%", 100 * (*r.ci_high - *r.ci_low) / 2 / *r.median)
                                 : "-";
      out += fmt::format("  {}{} {:<70} {:>10.0f} {:>8} {:>11} {:>11}\n", on_front.count(i) ? "*" : " ",
                         is_catalogue(r) ? "c" : " ", candidate_of(r), r.median.value_or(0), ci, bytes(r.stack_bytes),
                         bytes(r.bytes_held));
    }
    for (auto w : winners) {
      const Row& win = result.final_rows[w];
      if (front_group(win) != group) continue;
      out += fmt::format("  winner (fastest on the front): {}\n", candidate_of(win));
      for (auto i : members) {
        const Row& c = result.final_rows[i];
        if (!is_catalogue(c) || i == w) continue;
        const Row* by = dominating_front_member(result, c);
        out += fmt::format("  catalogue {}: winner/catalogue median {}{}\n", candidate_of(c), ratio_text(win, c),
                           on_front.count(i) ? "; on the front"
                           : by              ? "; dominated by " + candidate_of(*by)
                                             : "; off the front");
      }
    }
  }
  out += fmt::format(
      "\nwritten: {0}/results.csv, {0}/front.csv, {0}/tune.json (figure: pqmul plot {0}/results.csv "
      "--kind pareto)\n",
      dir);
  return out;
}

std::size_t check_winners(const TuneSettings& s, const TuneResult& result, const std::string& hashes,
                          std::ostream& out) {
  const auto published = read_kat_hashes(hashes);
  std::set<std::pair<std::string, std::string>> checked;
  std::size_t failed = 0;
  for (auto w : tune_winners(result)) {
    const Row& win = result.final_rows[w];
    const std::string mult = multiplier_text(win);
    for (const auto& entry : kem_registry()) {
      if (entry.ring != s.ring) continue;
      const Strategy strategy = !win.strategy.empty()      ? parse_strategy(win.strategy)
                                : entry.strategies.empty() ? Strategy::cached
                                                           : entry.strategies.front();
      if (!checked.insert({entry.scheme, mult + "|" + std::string(to_string(strategy))}).second) continue;
      const auto isas = entry.isas(mult);
      const Isa isa = std::find(isas.begin(), isas.end(), s.isa) != isas.end() ? s.isa : Isa::portable;
      const auto it = published.find(entry.scheme);
      std::string verdict;
      if (it == published.end()) {
        verdict = "FAIL (no published digest)";
      } else {
        try {
          const auto kem = entry.make_for(mult, strategy, isa);
          verdict = kat_digest_all(nist_kat_entries(*kem, 0, 100)) == it->second.all ? "pass" : "FAIL (digest differs)";
        } catch (const std::exception& e) {
          verdict = fmt::format("FAIL ({})", e.what());
        }
      }
      if (verdict != "pass") ++failed;
      out << fmt::format("kat {} {} {} {}: 100 vectors {}\n", entry.scheme, mult, to_string(strategy), isa_name(isa),
                         verdict);
    }
  }
  return failed;
}

}  // namespace pqmul::experiments
