// Successive halving over the candidates of a tuning space.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>
#include <stdexcept>

#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/pareto.hpp"
#include "pqmul/experiments/tune.hpp"
#include "pqmul/experiments/tune_fanout.hpp"
#include "pqmul/schemes/kem.hpp"
#include "tune_state.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
using steady = std::chrono::steady_clock;

// Seconds a case costs in a rung beyond its repetitions: warm-up and the
// untimed calls before each repetition.
constexpr double rung_warmup = 0.005, rung_warmup_max = 0.05;
constexpr std::size_t max_final_repetitions = 30;

struct Candidates {
  std::vector<BenchCase> cases;
  std::vector<bool> catalogue;  // per case
};

// Every candidate's cases, checked against the oracle by the bench planner.
Candidates build_cases(const TuneSettings& s, const std::vector<TuneCandidate>& candidates, TuneResult& result,
                       std::ostream& log) {
  Candidates out;
  for (const auto& candidate : candidates) {
    BenchSelection sel;
    sel.rings = {s.ring};
    sel.multipliers = {candidate.multiplier};
    // The planner reads "" as the entry's first variant, which is what a
    // candidate without parameters stands for.
    sel.params = candidate.params;
    sel.isas = {std::string(isa_name(s.isa))};
    sel.operations = s.operations;
    sel.rank = s.rank;
    sel.check = true;
    std::vector<std::string> notes;
    std::vector<BenchCase> cases;
    try {
      cases = plan_benchmarks(sel, &notes);
    } catch (const std::invalid_argument& e) {
      result.rejected.push_back(fmt::format("{}: {}", candidate.text(), e.what()));
      continue;
    }
    ++result.candidates_checked;
    for (auto& c : cases) {
      if (c.row.correct != "pass") {
        result.rejected.push_back(
            fmt::format("{} {} {}: disagrees with the oracle", candidate.text(), c.row.operation, c.row.strategy));
        continue;
      }
      out.cases.push_back(std::move(c));
      out.catalogue.push_back(candidate.catalogue);
    }
  }
  log << fmt::format("pqmul tune: {} candidates checked against the oracle, {} cases, {} rejected\n",
                     result.candidates_checked, out.cases.size(), result.rejected.size());
  return out;
}

// BenchCase::key() is id|operation|strategy|rank, and an id may hold '|' (point sets of several levels).
std::string id_of_key(const std::string& key) {
  std::size_t end = key.size();
  for (int field = 0; field < 3 && end != std::string::npos; ++field) end = key.rfind('|', end - 1);
  return end == std::string::npos ? key : key.substr(0, end);
}

std::string group_of(const Row& r) { return r.operation + "|" + (r.rank ? std::to_string(*r.rank) : ""); }

// The indices (into `alive`) to keep: the catalogue's cases, and per
// operation the best `keep_of(count)` of the others by Pareto rank, then median.
std::vector<std::size_t> select_survivors(const std::vector<BenchCase>& cases, const std::vector<bool>& catalogue,
                                          const std::vector<std::size_t>& alive,
                                          const std::function<std::size_t(std::size_t)>& keep_of) {
  std::map<std::string, std::vector<std::size_t>> groups;
  std::vector<std::size_t> kept;
  for (auto i : alive) {
    if (catalogue[i])
      kept.push_back(i);
    else
      groups[group_of(cases[i].row)].push_back(i);
  }
  for (auto& [group, members] : groups) {
    std::vector<Objectives> points;
    for (auto i : members) {
      const auto o = row_objectives(cases[i].row);
      // Without memory figures the rank rests on time alone.
      points.push_back(o ? *o : Objectives{cases[i].row.median.value_or(INFINITY), 0, 0});
    }
    const auto ranks = pareto_ranks(points);
    std::vector<std::size_t> order(members.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (ranks[a] != ranks[b]) return ranks[a] < ranks[b];
      return points[a][0] < points[b][0];
    });
    const std::size_t keep = std::min(members.size(), std::max<std::size_t>(1, keep_of(members.size())));
    for (std::size_t k = 0; k < keep; ++k) kept.push_back(members[order[k]]);
  }
  std::sort(kept.begin(), kept.end());
  return kept;
}

// The most cases of one operation the search still has, the catalogue's not counted.
std::size_t largest_group(const std::vector<BenchCase>& cases, const std::vector<bool>& catalogue,
                          const std::vector<std::size_t>& alive) {
  std::map<std::string, std::size_t> counts;
  std::size_t most = 0;
  for (auto i : alive)
    if (!catalogue[i]) most = std::max(most, ++counts[group_of(cases[i].row)]);
  return most;
}

// Seconds one case takes in a rung of `time` seconds per repetition.
double case_cost(const RepetitionSettings& s, double time) {
  return std::max(s.warmup_min, rung_warmup) + static_cast<double>(s.repetitions) * time * (1 + 1.0 / 16);
}

}  // namespace

std::string multiplier_text(const Row& row) {
  return row.params.empty() ? row.multiplier : row.multiplier + ":" + row.params;
}

std::vector<std::string> default_tune_operations(const std::string& ring) {
  for (const auto& kem : kem_registry())
    if (kem.ring == ring && kem.strategies.size() > 1) return {"mul", "matrix-vector"};
  return {"mul"};
}

TuneResult run_tune(const TuneSettings& s, const std::string& results_dir, const RungMeasurer& measure,
                    const MemoryMeasurer& memory, std::ostream& log) {
  if (!(s.budget_seconds > 0)) throw std::invalid_argument("--budget must be positive");
  if (s.chunk_count == 0 || s.chunk_index >= s.chunk_count)
    throw std::invalid_argument(fmt::format("chunk {}/{} does not exist", s.chunk_index, s.chunk_count));
  if (s.operations.empty()) throw std::invalid_argument("no operation to tune");
  for (const auto& op : s.operations)
    if (op != "mul" && op != "matrix-vector")
      throw std::invalid_argument(fmt::format("unknown operation '{}' (valid: mul, matrix-vector)", op));
  const auto start = steady::now();
  TuneResult result;

  TuneState state;
  state.identity = tune_identity(s);
  if (auto saved = load_tune_state(results_dir)) {
    if (saved->identity != state.identity)
      throw std::runtime_error(fmt::format(
          "{} holds another search (other ring, ISA, limits or build); choose another --results", results_dir));
    state = *saved;
    result.resumed = true;
    log << fmt::format("pqmul tune: resuming after rung {} ({:.0f} s already spent)\n", state.rungs.size(),
                       state.spent_seconds);
  }
  const double spent_before = state.spent_seconds;
  const auto spent = [&] { return spent_before + std::chrono::duration<double>(steady::now() - start).count(); };

  result.space = enumerate_space(s.ring, s.isa, s.limits);  // refuses a bad ring before anything is written
  std::error_code ec;
  fs::create_directories(results_dir, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot create {}: {}", results_dir, ec.message()));
  const TuneSpace& sp = result.space;
  log << fmt::format(
      "pqmul tune: {} {}: {} plans written down, {} pruned by the derivation's lost bits ({} more moved to 32-bit "
      "words), {} by the split, {} by the NTT "
      "bound, {} duplicates, {} without {} kernels: {} candidates\n",
      s.ring, isa_name(s.isa), sp.enumerated, sp.pruned_by_bits, sp.widened, sp.pruned_by_split, sp.pruned_by_ntt_bound,
      sp.duplicates, sp.no_kernels, isa_name(s.isa), sp.candidates.size());
  std::vector<TuneCandidate> c = chunk_candidates(result.space.candidates, {s.chunk_index, s.chunk_count});
  if (s.chunk_count > 1)
    log << fmt::format("pqmul tune: chunk {}/{}: {} of the candidates\n", s.chunk_index, s.chunk_count, c.size());
  if (!state.rungs.empty()) {
    // Only the cases still in the search need building (and checking) again.
    std::set<std::string> alive_ids;
    for (const auto& key : state.alive) alive_ids.insert(id_of_key(key));
    c.erase(std::remove_if(c.begin(), c.end(),
                           [&](const TuneCandidate& t) {
                             return !alive_ids.count(row_id(s.ring, t.text(), std::string(isa_name(s.isa))));
                           }),
            c.end());
  }
  Candidates all = build_cases(s, c, result, log);
  if (all.cases.empty()) throw std::runtime_error("no candidate passed its oracle check");
  if (state.rungs.empty()) {
    state.candidates_checked = result.candidates_checked;
    state.rejected = result.rejected;
  } else {  // the search's checks, not just this run's of the survivors
    result.candidates_checked = state.candidates_checked;
    result.rejected = state.rejected;
  }
  memory(all.cases);

  std::map<std::string, std::size_t> index_of;
  for (std::size_t i = 0; i < all.cases.size(); ++i) index_of[all.cases[i].key()] = i;
  std::vector<std::size_t> alive;
  if (state.rungs.empty()) {
    for (std::size_t i = 0; i < all.cases.size(); ++i) alive.push_back(i);
  } else {
    // The rows of the finished rungs, the latest per case, and who survived them.
    for (const auto& rung : state.rungs)
      for (const auto& row : read_csv(rung_file(results_dir, rung.rung))) {
        const auto it = index_of.find(BenchCase{row, {}}.key());
        if (it != index_of.end()) all.cases[it->second].row = row;  // else left behind by an earlier rung
      }
    for (const auto& key : state.alive) {
      const auto it = index_of.find(key);
      if (it == index_of.end()) throw std::runtime_error(fmt::format("saved state names an unknown case {}", key));
      alive.push_back(it->second);
    }
  }

  const auto run_rung = [&](const std::vector<std::size_t>& members, const RepetitionSettings& settings, bool final) {
    const auto rung_start = steady::now();
    std::vector<BenchCase> batch;
    for (auto i : members) batch.push_back(all.cases[i]);
    measure(batch, settings);
    std::vector<Row> rows;
    const std::string date = utc_now();
    for (std::size_t k = 0; k < members.size(); ++k) {
      stamp(batch[k].row, build_context(), date);
      all.cases[members[k]].row = batch[k].row;
      rows.push_back(batch[k].row);
    }
    RungSummary summary{state.rungs.size(), members.size(),
                        std::chrono::duration<double>(steady::now() - rung_start).count(), settings.min_time, final};
    write_csv(rung_file(results_dir, summary.rung), rows);
    state.rungs.push_back(summary);
    log << fmt::format("pqmul tune: rung {}{}: {} cases, {:.4f} s per repetition, {:.1f} s\n", summary.rung,
                       final ? " (final)" : "", summary.cases, summary.time_per_repetition, summary.seconds);
  };
  const auto save = [&](const std::vector<std::size_t>& next) {
    state.alive.clear();
    for (auto i : next) state.alive.push_back(all.cases[i].key());
    const double now = spent();
    state.spent_seconds = now;
    save_tune_state(results_dir, state);
  };

  RepetitionSettings rung_settings;
  rung_settings.repetitions = 6;  // the fewest with a 95% interval of the median
  rung_settings.warmup_min = rung_warmup;
  rung_settings.warmup_max = rung_warmup_max;
  rung_settings.reruns = 0;
  RepetitionSettings fin = s.final_rung;
  // Seconds measured over seconds modelled, from the last rung: the model
  // leaves out slow cases' minimum sample counts and unsettled warm-ups.
  double calibration = 1.5;
  const auto rung_cost = [&](std::size_t cases, const RepetitionSettings& settings) {
    return calibration * static_cast<double>(cases) * case_cost(settings, settings.min_time);
  };
  // The time per repetition that makes `cases` cost `seconds`.
  const auto time_for = [&](std::size_t cases, const RepetitionSettings& settings, double seconds) {
    const double per_case = seconds / calibration / static_cast<double>(std::max<std::size_t>(cases, 1));
    const double fixed = std::max(settings.warmup_min, rung_warmup);
    return (per_case - fixed) / (static_cast<double>(settings.repetitions) * (1 + 1.0 / 16));
  };

  while (!state.done) {
    const std::size_t rung = state.rungs.size();
    const double remaining = s.budget_seconds - spent();
    rung_settings.min_time = s.first_rung_time * std::pow(2.0, static_cast<double>(rung));
    if (rung == 0)  // every case runs once: at most 40% of the budget
      rung_settings.min_time =
          std::clamp(time_for(alive.size(), rung_settings, 0.4 * remaining), 0.0002, rung_settings.min_time);
    const bool few = largest_group(all.cases, all.catalogue, alive) <= s.final_survivors;
    // Halve while the budget pays for this rung and a final rung for half of them.
    if (!few && (rung == 0 || rung_cost(alive.size(), rung_settings) + rung_cost(alive.size() / 2, fin) <= remaining)) {
      const auto t0 = steady::now();
      run_rung(alive, rung_settings, false);
      const double took = std::chrono::duration<double>(steady::now() - t0).count();
      calibration =
          std::max(1.0, took / (static_cast<double>(alive.size()) * case_cost(rung_settings, rung_settings.min_time)));
      alive = select_survivors(all.cases, all.catalogue, alive, [](std::size_t n) { return (n + 1) / 2; });
      save(alive);
      continue;
    }
    // The final rung: as many of the best as the budget affords (the
    // catalogue's plans always), with shorter repetitions if even they do not fit.
    std::set<std::string> groups;
    for (auto i : alive) groups.insert(group_of(all.cases[i].row));
    const auto catalogue_alive =
        static_cast<double>(std::count_if(alive.begin(), alive.end(), [&](std::size_t i) { return all.catalogue[i]; }));
    const double affordable = std::max(0.0, remaining) / std::max(rung_cost(1, fin), 1e-9) - catalogue_alive;
    const std::size_t per_group =
        std::max<std::size_t>(1, static_cast<std::size_t>(std::max(0.0, affordable)) / groups.size());
    if (rung > 0)
      alive = select_survivors(all.cases, all.catalogue, alive, [&](std::size_t n) { return std::min(n, per_group); });
    if (rung_cost(alive.size(), fin) > remaining) {
      fin.min_time = std::clamp(time_for(alive.size(), fin, std::max(0.0, remaining)), 0.002, fin.min_time);
    } else {
      // Budget left over narrows the final intervals: more repetitions (up to 30), 80% of what remains.
      const double per_repetition = calibration * static_cast<double>(alive.size()) * fin.min_time * (1 + 1.0 / 16);
      const double fixed = rung_cost(alive.size(), fin) - per_repetition * static_cast<double>(fin.repetitions);
      const auto affordable_repetitions =
          static_cast<std::size_t>(std::max(0.0, 0.8 * remaining - fixed) / per_repetition);
      fin.repetitions = std::clamp<std::size_t>(affordable_repetitions, fin.repetitions, max_final_repetitions);
    }
    run_rung(alive, fin, true);
    state.done = true;
    save(alive);
  }

  result.rungs = state.rungs;
  for (auto i : alive) result.final_rows.push_back(all.cases[i].row);
  result.front = pareto_front_rows(result.final_rows);
  // The search's own time, saved with its last rung: a finished search read
  // back reports what it reported when it finished.
  result.spent_seconds = state.spent_seconds;
  return result;
}

}  // namespace pqmul::experiments
