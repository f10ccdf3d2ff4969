#pragma once
// `pqmul tune`: every candidate of the space (tune_space.hpp) is checked
// against the oracle, its memory measured once, then timed by successive
// halving: all survivors in one interleaved run per rung, the better half by
// Pareto rank (median ticks, stack bytes, bytes held) kept for a rung with
// twice the time per repetition, until few are left or the budget says stop;
// a final rung measures the survivors (the catalogue's plans always among
// them) with full settings. Each finished rung is saved, so a stopped run
// resumes after its last rung.
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/interleaved.hpp"
#include "pqmul/experiments/tune_space.hpp"

namespace pqmul::experiments {

struct TuneSettings {
  std::string ring;
  Isa isa = Isa::portable;
  std::vector<std::string> operations;  // "mul", "matrix-vector"
  std::size_t rank = 3;                 // of the matrix-vector rows
  double budget_seconds = 600;          // the whole search, resumed runs included
  SpaceLimits limits;
  std::size_t final_survivors = 6;               // per operation: halve no further
  std::size_t chunk_index = 0, chunk_count = 1;  // this part's share of the candidates (tune_fanout.hpp)
  double first_rung_time = 0.002;                // seconds per repetition in the first rung
  // The last rung: bench's repetitions and time, a shorter warm-up and one rerun of a noisy case.
  RepetitionSettings final_rung = [] {
    RepetitionSettings r;
    r.warmup_min = 0.02;
    r.warmup_max = 0.2;
    r.reruns = 1;
    return r;
  }();
};

// The operations a ring's KEMs use: `mul`, and `matrix-vector` where a KEM of
// the ring computes module products (its strategies change the computation).
std::vector<std::string> default_tune_operations(const std::string& ring);

// Times the cases in one interleaved run with the given settings (a Counter in
// the CLI, a fake in tests) and fills their rows' figures.
using RungMeasurer = std::function<void(std::vector<BenchCase>& cases, const RepetitionSettings& settings)>;
// Fills stack_bytes / heap_bytes / code_bytes of the cases' rows.
using MemoryMeasurer = std::function<void(std::vector<BenchCase>& cases)>;

struct RungSummary {
  std::size_t rung = 0;
  std::size_t cases = 0;
  double seconds = 0;
  double time_per_repetition = 0;
  bool final = false;
};

struct TuneResult {
  TuneSpace space;
  std::size_t candidates_checked = 0;  // built and compared with the oracle
  std::vector<std::string> rejected;   // "candidate: why" (oracle failure, no such operation)
  std::vector<RungSummary> rungs;
  std::vector<Row> final_rows;     // the last rung, one row per surviving case
  std::vector<std::size_t> front;  // indices into final_rows (pareto_front_rows)
  double spent_seconds = 0;
  bool resumed = false;
};

// Runs (or resumes) the search, saving its state and every rung under
// `results_dir`. `log` gets one line per step. Throws std::invalid_argument
// for bad settings and std::runtime_error when the saved state belongs to
// another search.
TuneResult run_tune(const TuneSettings& settings, const std::string& results_dir, const RungMeasurer& measure,
                    const MemoryMeasurer& memory, std::ostream& log);

// The multiplier string of a row as the KEMs take it ("name" or "name:params").
std::string multiplier_text(const Row& row);

}  // namespace pqmul::experiments
