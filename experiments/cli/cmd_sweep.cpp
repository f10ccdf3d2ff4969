// pqmul sweep SPEC.toml: build one tree per (compiler, architecture,
// vectorisation), check and benchmark every row of the spec in each, and merge
// results.csv, results.json and manifest.json under results/<timestamp>/.
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "command.hpp"
#include "numeric_options.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/experiments/sweep.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "pqmul/schemes/common/sha256.hpp"

namespace pqmul::cli {
namespace {

namespace fs = std::filesystem;
using namespace pqmul::experiments;

// Every tree's pqmul checks its rows against the vectors of the source tree it
// was built from: without them every KEM and AEAD row would fail after the
// builds, so stop before building anything.
void require_known_answers(const Plan& plan, const std::string& source_dir) {
  const fs::path vectors = fs::path(source_dir) / "tests" / "vectors";
  std::vector<fs::path> needed;
  for (const auto& job : plan.jobs) {
    if (job.kind == JobKind::kem) needed.push_back(vectors / "kem" / "KAT_HASHES.txt");
    if (job.kind == JobKind::aead) needed.push_back(vectors / "tinyjambu");
  }
  for (const auto& path : needed) {
    std::error_code ec;
    if (!fs::exists(path, ec))
      throw UsageError(fmt::format("cannot find the known-answer data the sweep's rows are checked with: {} is "
                                   "missing (is --source a complete pqmul checkout?)",
                                   path.string()));
  }
}

struct SweepArgs {
  std::string spec_path, results, source = PQMUL_SOURCE_DIR;
  unsigned jobs = 0;
  bool dry_run = false, retry_failed = false;
};

void run(const SweepArgs& a) {
  const std::string text = read_bounded_file(a.spec_path, max_spec_bytes, "sweep spec");

  SweepSpec spec;
  Plan plan;
  const HostInfo host = probe_host();
  try {
    spec = parse_sweep_spec(text, a.spec_path);  // its messages name the file and line
  } catch (const SpecError& e) {
    throw UsageError(e.what());
  }
  try {
    plan = make_plan(spec, catalogue_from_registries(), host);
  } catch (const SpecError& e) {
    throw UsageError(fmt::format("{}: {}", a.spec_path, e.what()));
  }
  if (plan.jobs.empty()) throw UsageError(fmt::format("{}: the spec expands to no rows on this host", a.spec_path));

  SweepOptions options;
  options.source_dir = fs::absolute(a.source).lexically_normal().string();
  require_known_answers(plan, options.source_dir);
  options.build_root = (fs::path(options.source_dir) / "build" / "sweep").string();
  options.spec_path = a.spec_path;
  options.spec_text = text;
  options.build_jobs = a.jobs ? a.jobs : host.cores;
  options.retry_failed = a.retry_failed;
  bool resumed = false;
  options.results_dir = choose_results_dir(a.results, options.source_dir, sha256_hex(options.spec_text), resumed);
  if (resumed) {
    const auto state = load_state(options.results_dir);
    if (state && state->spec_digest != sha256_hex(options.spec_text))
      throw UsageError(fmt::format("{} holds a sweep of another spec ({}); choose another --results",
                                   options.results_dir, state->spec_path));
  }

  if (a.dry_run) {
    print_plan(plan, spec, options, std::cout);
    if (resumed) fmt::print("(a run would resume the unfinished sweep in {})\n", options.results_dir);
    return;
  }
  ProcessRunner runner;
  const SweepSummary s = run_sweep(spec, plan, host, options, runner, std::cout);
  if (s.failed_rows || s.builds_failed)
    throw Failure(1, fmt::format("{} rows did not pass their check and {} trees failed to build (see {}/manifest.json)",
                                 s.failed_rows, s.builds_failed, options.results_dir));
}

const CommandRegistration sweep_registration([](CLI::App& app) {
  auto args = std::make_shared<SweepArgs>();
  auto* cmd = app.add_subcommand(
      "sweep", "Build one tree per (compiler, architecture, vectorisation), check and benchmark the spec's rows in "
               "each, and merge results/<timestamp>/{results.csv,results.json,manifest.json}; resumable");
  cmd->add_option("spec", args->spec_path, "sweep spec (TOML), e.g. experiments/sweeps/quick.toml")->required();
  cmd->add_option("--results", args->results,
                  "results directory (default: the newest unfinished one of this spec under results/, else a new "
                  "results/<timestamp>)");
  cmd->add_flag("--dry-run", args->dry_run, "print the trees, rows, commands and skips; build and run nothing");
  cmd->add_flag("--retry-failed", args->retry_failed, "redo builds and rows recorded as failed");
  cmd->add_option("--source", args->source, "project checkout to build the trees from")->capture_default_str();
  cmd->add_option("-j,--jobs", args->jobs, "parallel compile jobs per build (default: all cores)")
      ->check(whole_in(0, 1024));
  cmd->callback([args] { run(*args); });
});

}  // namespace
}  // namespace pqmul::cli
