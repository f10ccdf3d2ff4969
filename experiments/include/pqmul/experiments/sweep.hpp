#pragma once
// `pqmul sweep`: build one tree per (compiler, architecture, vectorisation),
// check and benchmark every planned job in it, and merge the rows into
// results.csv, results.json and manifest.json. Every external command goes
// through a Runner, so the whole driver runs in tests against a fake.
#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/sweep_plan.hpp"
#include "pqmul/experiments/sweep_runner.hpp"
#include "pqmul/experiments/sweep_spec.hpp"
#include "pqmul/experiments/sweep_state.hpp"

namespace pqmul::experiments {

struct SweepOptions {
  std::string source_dir;   // the project checkout the trees are built from
  std::string build_root;   // trees go to <build_root>/<tree name>
  std::string results_dir;  // resolved: given, resumed or new
  std::string spec_path;
  std::string spec_text;
  unsigned build_jobs = 1;    // -j of each build
  bool retry_failed = false;  // redo builds and jobs recorded as failed
  // One part of a fan-out (sweep_fanout.hpp), recorded in the manifest; part_chunks 0: a whole sweep.
  std::string part_tree;
  std::size_t part_chunk = 0, part_chunks = 0;
};

struct SweepSummary {
  std::size_t rows = 0, failed_rows = 0, jobs_run = 0, jobs_resumed = 0, jobs_skipped = 0;
  std::size_t builds_run = 0, builds_resumed = 0, builds_failed = 0;
  double seconds = 0;
};

// The results directory for a run: `requested` if given, else the newest
// unfinished one of this spec under <source>/results, else a new
// <source>/results/<UTC timestamp>. `resumed` tells which.
std::string choose_results_dir(const std::string& requested, const std::string& source_dir,
                               const std::string& spec_digest, bool& resumed);
std::string timestamp_dir_name();  // e.g. 2024-05-01T123456Z

// Commands (exposed for the dry run and the tests).
std::string tree_dir(const TreeConfig& tree, const SweepOptions& options);
std::string tree_pqmul(const TreeConfig& tree, const SweepOptions& options);
std::vector<std::string> configure_command(const TreeConfig& tree, const SweepOptions& options);
std::vector<std::string> build_command(const TreeConfig& tree, const SweepOptions& options);
std::vector<std::string> check_command(const Job& job, const TreeConfig& tree, const SweepSpec& spec,
                                       const SweepOptions& options);
std::vector<std::string> bench_command(const Job& job, const TreeConfig& tree, const SweepSpec& spec,
                                       const SweepOptions& options);

// Compile flags of the portable code, from a tree's compile_commands.json
// command line: optimisation, code generation, standard and warning options.
std::string flags_from_command_line(const std::string& command);

// Rows without measurements (emulated trees, failed builds or benchmarks):
// one per operation, carrying the verdict.
std::vector<Row> rows_without_cycles(const Job& job, const TreeConfig& tree, const BuildRecord& build,
                                     const std::string& correct, const std::string& commit, const std::string& cpu,
                                     const std::string& date);

// "1h02m", "3m05s", "42s"
std::string format_duration(double seconds);
// Remaining time from the mean of what this run measured (fallbacks before
// the first build or job finishes).
double estimate_remaining(std::size_t builds_left, std::size_t jobs_left, double build_seconds, std::size_t builds_done,
                          double job_seconds, std::size_t jobs_done);

void print_plan(const Plan& plan, const SweepSpec& spec, const SweepOptions& options, std::ostream& out);

SweepSummary run_sweep(const SweepSpec& spec, const Plan& plan, const HostInfo& host, const SweepOptions& options,
                       Runner& runner, std::ostream& progress);

// The rows of every finished job in plan order.
std::vector<Row> merged_rows(const Plan& plan, const SweepState& state);
// manifest.json: host, compilers, flags per tree, commit, counters, skips, notes.
std::string manifest_json(const SweepSpec& spec, const Plan& plan, const SweepState& state, const HostInfo& host,
                          const SweepOptions& options, const std::string& commit);

}  // namespace pqmul::experiments
