// pqmul tune: searches a ring's multiplier design space on one ISA (this
// build's compiler) for the Pareto front of (median ticks, stack bytes, bytes
// held), per operation, within a time budget; resumable; optionally runs every
// KAT of the ring's KEMs with the winners.
#include <fmt/core.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "command.hpp"
#include "numeric_options.hpp"
#include "pqmul/experiments/bench_measure.hpp"
#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/counter.hpp"
#include "pqmul/experiments/cpu_pinning.hpp"
#include "pqmul/experiments/cpu_probe.hpp"
#include "pqmul/experiments/data_paths.hpp"
#include "pqmul/experiments/memory_use.hpp"
#include "pqmul/experiments/statistics.hpp"
#include "pqmul/experiments/tune.hpp"
#include "pqmul/experiments/tune_report.hpp"

namespace pqmul::cli {
namespace {

namespace fs = std::filesystem;
using namespace pqmul::experiments;

struct TuneOptions {
  std::string ring, isa = "portable", ops, results, counter = "auto", hashes, leaves = "0,16,32";
  double budget_minutes = 10;
  std::size_t rank = 3, max_levels = 3, max_k = 5, point_sets = 2, final_survivors = 6;
  int pin_cpu = -1;
  bool check = false;
};

std::string default_results_dir(const TuneOptions& o) {
  const BuildContext& build = build_context();
  return (fs::path("results") / fmt::format("tune-{}-{}-{}", o.ring, o.isa, build.compiler)).string();
}

void run(const TuneOptions& o) {
  const std::string emulated = emulation_reason();
  if (!emulated.empty()) throw UsageError(fmt::format("{}: tuning needs timings, which an emulator cannot give", emulated));
  TuneSettings s;
  s.ring = o.ring;
  try {
    s.isa = isa_from_name(o.isa);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  s.operations = o.ops.empty() ? default_tune_operations(o.ring) : split_list(o.ops);
  s.rank = o.rank;
  s.budget_seconds = o.budget_minutes * 60;
  s.limits.max_levels = o.max_levels;
  s.limits.max_k = o.max_k;
  s.limits.point_sets_per_k = o.point_sets;
  s.limits.leaves.clear();
  for (const auto& leaf : split_list(o.leaves)) {
    try {
      std::size_t used = 0;
      const unsigned long value = std::stoul(leaf, &used);
      if (used != leaf.size() || value > 4096) throw std::invalid_argument("range");
      s.limits.leaves.push_back(value);
    } catch (const std::exception&) {
      throw UsageError(fmt::format("--leaves: '{}' is not a leaf size (0 to 4096)", leaf));
    }
  }
  if (s.limits.leaves.empty()) throw UsageError("--leaves needs at least one size (0: no Karatsuba below)");
  s.final_survivors = o.final_survivors;
  const std::string dir = o.results.empty() ? default_results_dir(o) : o.results;

  // Open the counter (and the digests for --check) before any work.
  Counter counter = [&] {
    try {
      return Counter::open(o.counter);
    } catch (const CounterUnavailable& e) {
      throw UsageError(e.what());
    }
  }();
  std::string hashes;
  if (o.check) {
    try {
      hashes = kat_hashes_path(o.hashes);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
  }
  if (o.pin_cpu >= 0) {
    try {
      pin_to_cpu(o.pin_cpu);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--pin-cpu: {}", e.what()));
    }
  }
  const std::optional<double> hz =
      counter.kind() == CounterKind::tsc ? cpu_description().tsc_hz : std::optional<double>();
  const RungMeasurer measure = [&](std::vector<BenchCase>& cases, const RepetitionSettings& settings) {
    measure_cases(cases, counter, settings, read_system, stderr);
    for (auto& c : cases) {
      c.row.counter = std::string(counter.name());
      c.row.counter_overhead = counter.overhead();
      c.row.counter_hz = hz;
    }
  };
  TuneResult result;
  try {
    result = run_tune(s, dir, measure, measure_memory, std::cerr);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  } catch (const std::runtime_error& e) {
    throw Failure(1, e.what());
  }
  write_tune_outputs(dir, s, result);
  fmt::print("{}", tune_summary(s, result, dir));
  if (o.check) {
    const std::size_t failed = check_winners(s, result, hashes, std::cout);
    if (failed) throw Failure(1, fmt::format("{} KEM(s) failed their known-answer tests with a winner", failed));
  }
}

const CommandRegistration tune_registration([](CLI::App& app) {
  auto o = std::make_shared<TuneOptions>();
  auto* cmd = app.add_subcommand(
      "tune", "Search a ring's multipliers (Toom-Cook level sequences and point sets, leaf sizes, Karatsuba depths, "
              "NTT primes and layers, strategies) for the Pareto front of (median ticks, stack bytes, bytes held) by "
              "successive halving within a budget; resumable");
  cmd->add_option("--ring", o->ring, "ring, e.g. saber, ntru-hps2048509 (pqmul list)")->required();
  cmd->add_option("--isa", o->isa, "portable, avx2, avx512 (a SIMD ISA offers only the variants its kernels have)")
      ->capture_default_str();
  cmd->add_option("--budget", o->budget_minutes, "minutes for the whole search, resumed runs included")
      ->check(CLI::Range(0.05, 10000.0))
      ->capture_default_str();
  cmd->add_option("--ops", o->ops, "mul, matrix-vector (default: mul, and matrix-vector where the ring's KEMs use it)");
  cmd->add_option("--rank", o->rank, "module rank of the matrix-vector rows")->check(whole_in(1, 8))->capture_default_str();
  cmd->add_option("--results", o->results, "directory of the search (default results/tune-<ring>-<isa>-<compiler>); "
                                           "an unfinished search there resumes");
  cmd->add_option("--max-levels", o->max_levels, "Toom-Cook levels at most")->capture_default_str();
  cmd->add_option("--max-k", o->max_k, "pieces per level at most (2..6)")->capture_default_str();
  cmd->add_option("--point-sets", o->point_sets, "point sets kept per k (the cheapest non-dominated ones)")
      ->capture_default_str();
  cmd->add_option("--leaves", o->leaves, "Karatsuba below these leaf sizes (0: none)")->capture_default_str();
  cmd->add_option("--final", o->final_survivors, "cases per operation at which halving stops")
      ->check(whole_in(1, 1000))
      ->capture_default_str();
  cmd->add_option("--counter", o->counter, "tsc | perf | papi | cntvct | auto")->capture_default_str();
  cmd->add_option("--pin-cpu", o->pin_cpu, "pin the process to this CPU")->check(whole_in(0, 4095));
  cmd->add_flag("--check", o->check, "run all known-answer tests of every KEM of the ring with each winner");
  cmd->add_option("--hashes", o->hashes, "KAT_HASHES.txt (default: the shipped one)");
  cmd->callback([o] { run(*o); });
});

}  // namespace
}  // namespace pqmul::cli
