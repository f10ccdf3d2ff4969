// pqmul sweep SPEC.toml: build one tree per (compiler, architecture,
// vectorisation), check and benchmark every row of the spec in each, and merge
// results.csv, results.json and manifest.json under results/<timestamp>/.
// --emit fans the sweep out to a cluster (a part per tree and chunk, run by
// --tree/--chunk), and `pqmul sweep merge` joins the parts.
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "command.hpp"
#include "numeric_options.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/experiments/sweep.hpp"
#include "pqmul/experiments/sweep_fanout.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "pqmul/schemes/common/output_files.hpp"
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
      throw UsageError(
          fmt::format("cannot find the known-answer data the sweep's rows are checked with: {} is "
                      "missing (is --source a complete pqmul checkout?)",
                      path.string()));
  }
}

struct SweepArgs {
  std::string spec_path, results, source = PQMUL_SOURCE_DIR;
  unsigned jobs = 0;
  bool dry_run = false, retry_failed = false;
  // Fan-out: emit a cluster script, or run one part of it.
  std::string emit, out, pqmul, tree, chunk;
  std::size_t chunks = 1;
};

struct MergeArgs {
  std::vector<std::string> parts;
  std::string out;
};

SweepSpec read_spec(const std::string& path, std::string& text) {
  text = read_bounded_file(path, max_spec_bytes, "sweep spec");
  try {
    return parse_sweep_spec(text, path);  // its messages name the file and line
  } catch (const SpecError& e) {
    throw UsageError(e.what());
  }
}

Plan plan_for(const SweepSpec& spec, const HostInfo& host, const std::string& spec_path) {
  try {
    return make_plan(spec, catalogue_from_registries(), host);
  } catch (const SpecError& e) {
    throw UsageError(fmt::format("{}: {}", spec_path, e.what()));
  }
}

// The pqmul running now: the parts run the same binary.
std::string this_pqmul() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw UsageError("cannot tell where this pqmul is; name it with --pqmul");
  return self.string();
}

// `pqmul sweep SPEC --emit slurm|parallel`: the spec is copied into the
// results root (so every part runs the same text, even if the original is
// edited), and the parts' commands are printed or written to --out.
void emit(const SweepArgs& a, const SweepSpec& spec, const std::string& text, const HostInfo& host) {
  if (a.emit != "slurm" && a.emit != "parallel")
    throw UsageError(fmt::format("--emit '{}': choose slurm or parallel", a.emit));
  const Plan split = plan_for(spec, host_with_every_feature(host), a.spec_path);
  if (split.jobs.empty()) throw UsageError(fmt::format("{}: the spec expands to no rows", a.spec_path));
  FanoutOptions o;
  o.pqmul = a.pqmul.empty() ? this_pqmul() : fs::absolute(a.pqmul).lexically_normal().string();
  o.source_dir = fs::absolute(a.source).lexically_normal().string();
  require_known_answers(split, o.source_dir);
  const fs::path root =
      fs::absolute(a.results.empty() ? fs::path(o.source_dir) / "results" / timestamp_dir_name() : fs::path(a.results))
          .lexically_normal();
  o.results_root = root.string();
  o.spec_path = (root / "spec.toml").string();
  o.chunks = a.chunks;
  o.build_jobs = a.jobs;
  std::vector<FanoutPart> parts;
  std::string script;
  try {
    parts = fanout_parts(split, o);
    script = a.emit == "slurm" ? slurm_script(parts, o, spec.name) : parallel_job_list(parts);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::error_code ec;
  fs::create_directories(root, ec);
  if (ec) throw UsageError(fmt::format("cannot create the results directory {}: {}", root.string(), ec.message()));
  // Staged and renamed into place together: the script never names a spec copy that is not there.
  OutputFiles outputs({a.spec_path});
  if (fs::exists(o.spec_path, ec)) {
    if (read_bounded_file(o.spec_path, max_spec_bytes, "sweep spec") != text)
      throw UsageError(fmt::format("{} holds another spec; choose another --results", o.spec_path));
  } else {
    outputs.write(o.spec_path, text, OutputFiles::Access::world_readable);
  }
  if (!a.out.empty()) outputs.write(a.out, script, OutputFiles::Access::world_readable);
  outputs.commit();
  if (a.out.empty()) std::cout << script << std::flush;
  if (!a.out.empty() && a.emit == "slurm") fs::permissions(a.out, fs::perms::owner_exec, fs::perm_options::add, ec);
  std::cerr << fmt::format("{} parts ({} trees) -> {}/part-*; merge them with: pqmul sweep merge {}/part-*\n",
                           parts.size(), split.trees.size(), o.results_root, o.results_root);
}

void run(const SweepArgs& a) {
  if (a.spec_path.empty()) throw UsageError("sweep: a spec is needed (or the merge command)");
  if (!a.emit.empty() && (!a.tree.empty() || !a.chunk.empty()))
    throw UsageError("--emit writes the parts' commands; --tree and --chunk belong to those commands");
  if (a.emit.empty() && (!a.out.empty() || !a.pqmul.empty() || a.chunks != 1))
    throw UsageError("--out, --pqmul and --chunks go with --emit");
  if (!a.chunk.empty() && a.tree.empty()) throw UsageError("--chunk needs --tree");
  if (!a.tree.empty() && a.results.empty())
    throw UsageError("--tree needs --results: every part writes a results directory of its own");

  std::string text;
  const SweepSpec spec = read_spec(a.spec_path, text);
  const HostInfo host = probe_host();
  if (!a.emit.empty()) return emit(a, spec, text, host);

  SweepOptions options;
  Plan plan = plan_for(spec, host, a.spec_path);
  if (!a.tree.empty()) {
    try {
      const Chunk chunk = parse_chunk(a.chunk.empty() ? "0/1" : a.chunk);
      plan = part_plan(plan_for(spec, host_with_every_feature(host), a.spec_path), plan, a.tree, chunk);
      options.part_tree = a.tree;
      options.part_chunk = chunk.index;
      options.part_chunks = chunk.count;
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("{}: {}", a.spec_path, e.what()));
    }
  } else if (plan.jobs.empty()) {
    throw UsageError(fmt::format("{}: the spec expands to no rows on this host", a.spec_path));
  }

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

// The parts' common directory, where the merge goes by default.
std::string default_merge_dir(const std::vector<std::string>& parts) {
  fs::path parent;
  for (const auto& p : parts) {
    const fs::path here = fs::absolute(p).lexically_normal().parent_path();
    if (parent.empty()) parent = here;
    if (here != parent) throw UsageError("the parts lie in different directories: name the merged one with --out");
  }
  return (parent / "merged").string();
}

void merge(const MergeArgs& a) {
  const std::string out = a.out.empty() ? default_merge_dir(a.parts) : a.out;
  MergedParts merged;
  try {
    merged = merge_parts(a.parts);
    write_merged(merged, out);
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  std::set<std::string> cpus;
  for (const auto& r : merged.rows) cpus.insert(r.cpu);
  fmt::print("merged {} rows of {} parts ({} CPUs) -> {}\n", merged.rows.size(), a.parts.size(), cpus.size(), out);
  const auto manifest = nlohmann::json::parse(merged.manifest);
  if (manifest.contains("missing_parts"))
    std::cerr << fmt::format("warning: {} chunks of the fan-out are missing (manifest.json lists them)\n",
                             manifest.at("missing_parts").size());
}

const CommandRegistration sweep_registration([](CLI::App& app) {
  auto args = std::make_shared<SweepArgs>();
  auto merge_args = std::make_shared<MergeArgs>();
  auto* cmd = app.add_subcommand(
      "sweep",
      "Build one tree per (compiler, architecture, vectorisation), check and benchmark the spec's rows in "
      "each, and merge results/<timestamp>/{results.csv,results.json,manifest.json}; resumable. With "
      "--emit, fan it out to a cluster instead; `sweep merge` joins the parts");
  cmd->add_option("spec", args->spec_path, "sweep spec (TOML), e.g. experiments/sweeps/quick.toml");
  cmd->add_option("--results", args->results,
                  "results directory (default: the newest unfinished one of this spec under results/, else a new "
                  "results/<timestamp>); with --emit the root the parts go below");
  cmd->add_flag("--dry-run", args->dry_run, "print the trees, rows, commands and skips; build and run nothing");
  cmd->add_flag("--retry-failed", args->retry_failed, "redo builds and rows recorded as failed");
  cmd->add_option("--source", args->source, "project checkout to build the trees from")->capture_default_str();
  cmd->add_option("-j,--jobs", args->jobs, "parallel compile jobs per build (default: all cores)")
      ->check(whole_in(0, 1024));
  cmd->add_option("--emit", args->emit,
                  "write a Slurm job-array script (slurm) or a GNU parallel job list (parallel) running the sweep "
                  "as independent parts, one per (tree, chunk); copies the spec into the results root");
  cmd->add_option("--chunks", args->chunks, "with --emit: parts per tree (at most its jobs)")
      ->check(whole_in(1, 100000));
  cmd->add_option("--out", args->out, "with --emit: the file to write (default: standard output)");
  cmd->add_option("--pqmul", args->pqmul, "with --emit: the pqmul the hosts run (default: this one)");
  cmd->add_option("--tree", args->tree, "run one part: this tree alone (names as in --dry-run)");
  cmd->add_option("--chunk", args->chunk, "run one part: chunk I/N of the tree's jobs (default 0/1)");
  auto* merge_cmd = cmd->add_subcommand(
      "merge", "Merge finished sweep parts into one results directory (rows of different CPUs kept apart)");
  merge_cmd->add_option("parts", merge_args->parts, "part directories, e.g. results/<timestamp>/part-*")
      ->required()
      ->expected(1, -1);
  merge_cmd->add_option("--out", merge_args->out, "merged results directory, new (default: <parts' directory>/merged)");
  merge_cmd->callback([merge_args] { merge(*merge_args); });
  // CLI11 runs the sweep's callback after its sub-command's too.
  cmd->callback([args, merge_cmd] {
    if (!merge_cmd->parsed()) run(*args);
  });
});

}  // namespace
}  // namespace pqmul::cli
