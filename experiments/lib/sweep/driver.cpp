// The sweep driver: for each tree, build it (unless the state says it is
// done), then check and benchmark each of its jobs, saving the state after
// every step so an interrupted sweep resumes where it stopped.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <sstream>

#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/sweep.hpp"
#include "pqmul/experiments/sweep_rounds.hpp"
#include "pqmul/schemes/common/sha256.hpp"
#include "sweep_steps.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using sweep_steps::build_tree;
using sweep_steps::failure_note;
using sweep_steps::first_line;

std::string parameter_set_of(const Job& job) {
  if (job.kind == JobKind::ring) return job.target;
  for (const char* prefix : {"ml-kem-", "kyber", "ntru", "tinyjambu-"})
    if (job.target.rfind(prefix, 0) == 0 && job.target.size() > std::string(prefix).size())
      return job.target.substr(std::string(prefix).size());
  return job.target;
}

struct RunContext {
  const SweepSpec& spec;
  const SweepOptions& options;
  Runner& runner;
  std::string commit, cpu;
};

// Runs the job's benchmark and reads its CSV rows into rec.rows; false when
// there are none (the reason is in notes). Exit 1 still prints the rows: one
// of the benchmark's own correctness checks failed.
bool read_bench_rows(const Job& job, const TreeConfig& tree, RunContext& ctx, const std::string& log, JobRecord& rec,
                     std::vector<std::string>& notes) {
  const auto bench = ctx.runner.run({bench_command(job, tree, ctx.spec, ctx.options), log});
  if (bench.exit_code != 0) notes.push_back(failure_note("benchmark", bench));
  if (bench.exit_code != 0 && bench.exit_code != 1) return false;
  try {
    rec.rows = read_csv_text(bench.out, "pqmul bench output for " + job.label());
  } catch (const std::exception& e) {
    notes.push_back(fmt::format("benchmark output unreadable: {}", e.what()));
    rec.rows.clear();
    return false;
  }
  if (rec.rows.empty()) notes.push_back("benchmark printed no rows");
  return !rec.rows.empty();
}

// The tree's description on a row the benchmark printed.
void describe_tree(Row& r, const TreeConfig& tree, const BuildRecord& build, const RunContext& ctx,
                   const std::string& cpu, const std::string& date) {
  r.vectorize = tree.vectorize;
  r.emulated = tree.emulated;
  if (r.compiler.empty()) r.compiler = tree.compiler;
  if (r.compiler_version.empty()) r.compiler_version = build.compiler_version;
  if (r.flags.empty()) r.flags = build.flags;
  if (r.commit.empty()) r.commit = ctx.commit;
  if (r.cpu.empty()) r.cpu = cpu;
  if (r.date.empty()) r.date = date;
}

// Under an emulator a row carries correctness and memory only, whatever the benchmark printed.
void drop_timing(Row& r) {
  r.median.reset();
  r.p10.reset();
  r.p90.reset();
  r.counter.clear();
  r.counter_overhead.reset();
}

// An AEAD job has no separate check: the benchmark compares each variant with
// the official known answers and its rows carry that verdict. Emulated trees
// run it for the verdict alone (no cycles).
JobRecord run_aead_job(const Job& job, const TreeConfig& tree, const BuildRecord& build, RunContext& ctx,
                       const std::string& log, JobRecord& rec, Clock::time_point start, const std::string& date,
                       const std::string& cpu) {
  std::vector<std::string> notes;
  const bool read = read_bench_rows(job, tree, ctx, log, rec, notes);
  std::size_t failed = 0, unchecked = 0;
  if (read) {
    for (auto& r : rec.rows) {
      if (r.correct == "fail") ++failed;
      if (r.correct.empty()) ++unchecked;
      describe_tree(r, tree, build, ctx, cpu, date);
      if (tree.emulated) drop_timing(r);
    }
  } else {
    rec.rows = rows_without_cycles(job, tree, build, "", ctx.commit, cpu, date);
    unchecked = rec.rows.size();
  }
  if (failed) notes.push_back("the known-answer check of the benchmark failed");
  if (read && unchecked) notes.push_back("the benchmark gave no known-answer verdict");
  rec.status = read && !failed && !unchecked ? JobStatus::done : JobStatus::failed;
  rec.note = fmt::format("{}", fmt::join(notes, "; "));
  rec.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return rec;
}

JobRecord run_job(const Job& job, const TreeConfig& tree, const BuildRecord& build, RunContext& ctx,
                  const std::string& log) {
  JobRecord rec;
  const auto start = Clock::now();
  const std::string date = utc_now();
  const std::string cpu = tree.emulated ? "qemu-" + tree.arch + " on " + ctx.cpu : ctx.cpu;
  if (!build.ok) {
    rec.status = JobStatus::failed;
    rec.note = "tree not built: " + build.note;
    rec.rows = rows_without_cycles(job, tree, build, "fail", ctx.commit, cpu, date);
    return rec;
  }
  if (std::find(build.isas.begin(), build.isas.end(), job.isa) == build.isas.end()) {
    rec.status = JobStatus::skipped;
    rec.note =
        fmt::format("isa {} is not in this tree's registry (it offers: {})", job.isa, fmt::join(build.isas, ", "));
    return rec;
  }
  if (job.kind == JobKind::aead) return run_aead_job(job, tree, build, ctx, log, rec, start, date, cpu);
  const auto check = ctx.runner.run({check_command(job, tree, ctx.spec, ctx.options), log});
  const std::string correct = check.exit_code == 0 ? "pass" : "fail";
  std::vector<std::string> notes;
  if (check.exit_code != 0)
    notes.push_back(failure_note(job.kind == JobKind::kem ? "KAT check" : "oracle check", check));
  bool measured = false;
  // pqmul bench reads --multiplier as a comma-separated list, so a KEM
  // multiplier whose parameters hold commas cannot be named to it.
  const bool unnameable = job.kind == JobKind::kem && job.multiplier.find(',') != std::string::npos;
  if (!tree.emulated && unnameable) notes.push_back("not benchmarked: pqmul bench --multiplier splits at commas");
  if (!unnameable) {
    // pqmul bench checks its own cases too and exits 1 after printing its rows
    // when one fails: keep those rows (with the failure), drop unreadable output.
    // Under an emulator it times nothing but still gives each row its memory
    // (stack, heap: properties of the emulated binary, not of the emulator).
    measured = read_bench_rows(job, tree, ctx, log, rec, notes);
  }
  bool bench_failed = false;
  if (measured) {
    // The verdict and the tree's description belong to every row of this build:
    // a row passes when the check passed and the benchmark's own check did not fail.
    for (auto& r : rec.rows) {
      bench_failed |= r.correct == "fail";
      r.correct = correct == "pass" && r.correct != "fail" ? "pass" : "fail";
      describe_tree(r, tree, build, ctx, cpu, date);
      if (tree.emulated) drop_timing(r);
    }
  } else {
    rec.rows = rows_without_cycles(job, tree, build, correct, ctx.commit, cpu, date);
  }
  if (bench_failed) notes.push_back("the benchmark's own correctness check failed");
  rec.status = correct == "pass" && !bench_failed && (measured || tree.emulated || unnameable) ? JobStatus::done
                                                                                               : JobStatus::failed;
  rec.note = fmt::format("{}", fmt::join(notes, "; "));
  rec.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return rec;
}

// Whether a finished job takes further rounds: it was measured here and
// passed (a failed job keeps the round that shows its failure).
bool takes_rounds(const JobRecord& rec, const TreeConfig& tree) {
  return rec.status == JobStatus::done && !tree.emulated &&
         std::any_of(rec.rows.begin(), rec.rows.end(), [](const Row& r) { return r.median.has_value(); });
}

// Round `round` (>= 2) of a job: its benchmark again, in a new process, merged
// into the rows of the rounds before. The check ran in round 1.
void run_round(const Job& job, const TreeConfig& tree, RunContext& ctx, const std::string& log, JobRecord& rec,
               std::size_t round) {
  const auto start = Clock::now();
  JobRecord next;
  std::vector<std::string> notes;
  bool ok = read_bench_rows(job, tree, ctx, log, next, notes);
  if (ok) {
    try {
      add_round(rec.rows, next.rows, round);
    } catch (const std::runtime_error& e) {
      notes.push_back(e.what());
      ok = false;
    }
  }
  if (ok && std::any_of(rec.rows.begin(), rec.rows.end(), [](const Row& r) { return r.correct == "fail"; })) {
    notes.push_back("the benchmark's own correctness check failed");
    ok = false;
  }
  if (!ok) {
    rec.status = JobStatus::failed;
    rec.note = fmt::format("{}{}round {}: {}", rec.note, rec.note.empty() ? "" : "; ", round, fmt::join(notes, "; "));
    for (auto& r : rec.rows) r.correct = "fail";
  }
  rec.rounds = round;
  rec.seconds += std::chrono::duration<double>(Clock::now() - start).count();
}

void write_text(const fs::path& path, const std::string& text) {
  sweep_steps::write_file_atomically(path.string(), text);
}

std::string git_commit(const SweepOptions& options, Runner& runner) {
  const auto r = runner.run({{"git", "-C", options.source_dir, "describe", "--always", "--dirty", "--abbrev=12"}, ""});
  return r.exit_code == 0 ? first_line(r.out) : "";
}

}  // namespace

std::string timestamp_dir_name() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H%M%SZ", &utc);
  return buffer;
}

std::string choose_results_dir(const std::string& requested, const std::string& source_dir,
                               const std::string& spec_digest, bool& resumed) {
  if (!requested.empty()) {
    resumed = fs::exists(fs::path(requested) / "state.json");
    return requested;
  }
  const std::string root = (fs::path(source_dir) / "results").string();
  const std::string unfinished = find_unfinished_results(root, spec_digest);
  resumed = !unfinished.empty();
  return resumed ? unfinished : (fs::path(root) / timestamp_dir_name()).string();
}

std::vector<Row> rows_without_cycles(const Job& job, const TreeConfig& tree, const BuildRecord& build,
                                     const std::string& correct, const std::string& commit, const std::string& cpu,
                                     const std::string& date) {
  std::vector<Row> rows;
  const auto [base, params] = split_multiplier(job.multiplier);
  for (const auto& op : job.operations) {
    Row r;
    r.id = row_id(job.target, job.multiplier, job.isa);
    r.scheme = job.target;
    r.parameter_set = parameter_set_of(job);
    r.operation = op;
    r.multiplier = base;
    r.params = params;
    r.strategy = job.strategy;
    if (job.rank) r.rank = job.rank;
    r.isa = job.isa;
    r.compiler = tree.compiler;
    r.compiler_version = build.compiler_version;
    r.flags = build.flags;
    r.vectorize = tree.vectorize;
    r.correct = correct;
    r.emulated = tree.emulated;
    r.commit = commit;
    r.cpu = cpu;
    r.date = date;
    rows.push_back(std::move(r));
  }
  return rows;
}

SweepSummary run_sweep(const SweepSpec& spec, const Plan& plan, const HostInfo& host, const SweepOptions& options,
                       Runner& runner, std::ostream& progress) {
  const auto start = Clock::now();
  const fs::path results(options.results_dir);
  fs::create_directories(results / "logs");
  SweepState state;
  if (auto loaded = load_state(options.results_dir)) {
    state = std::move(*loaded);
    const std::string digest = sha256_hex(options.spec_text);
    if (state.spec_digest != digest)
      throw std::runtime_error(fmt::format("{} holds a sweep of another spec ({}); choose another --results",
                                           options.results_dir, state.spec_path));
    state.finished.clear();
  } else {
    state.spec_path = options.spec_path;
    state.spec_digest = sha256_hex(options.spec_text);
    state.started = utc_now();
    write_text(results / "spec.toml", options.spec_text);
    save_state(options.results_dir, state);
  }
  RunContext ctx{spec, options, runner, git_commit(options, runner), host.cpu_model};

  SweepSummary summary;
  const std::size_t total_builds = plan.trees.size(), total_jobs = plan.jobs.size();
  const std::size_t total_runs = total_jobs * spec.rounds;  // a job runs once per round
  std::size_t builds_seen = 0, jobs_seen = 0, runs_timed = 0;
  double build_seconds = 0, job_seconds = 0;
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto eta = [&] {
    return format_duration(estimate_remaining(total_builds - builds_seen, total_runs - jobs_seen, build_seconds,
                                              summary.builds_run, job_seconds, runs_timed));
  };
  std::size_t builds_done_before = 0, jobs_done_before = 0;
  for (const auto& tree : plan.trees) {
    const auto b = state.builds.find(tree.name());
    if (b != state.builds.end() && (b->second.ok || !options.retry_failed)) ++builds_done_before;
  }
  for (const auto& job : plan.jobs) {
    const auto j = state.jobs.find(job.key(plan.trees));
    if (j != state.jobs.end() && (j->second.status != JobStatus::failed || !options.retry_failed)) ++jobs_done_before;
  }
  fmt::print(progress, "sweep '{}': {} trees, {} jobs -> {}\n", spec.name, total_builds, total_jobs,
             options.results_dir);
  if (builds_done_before || jobs_done_before)
    fmt::print(progress, "resuming: {} builds and {} jobs already finished\n", builds_done_before, jobs_done_before);
  progress.flush();

  for (std::size_t t = 0; t < plan.trees.size(); ++t) {
    const auto& tree = plan.trees[t];
    const std::string log = (results / "logs" / (tree.name() + ".log")).string();
    ++builds_seen;
    auto found = state.builds.find(tree.name());
    if (found != state.builds.end() && (found->second.ok || !options.retry_failed)) {
      ++summary.builds_resumed;
    } else {
      fmt::print(progress, "[build {}/{}] {}: configure and build ({}; log: {}) ...\n", builds_seen, total_builds,
                 tree.name(), tree.emulated ? "cross, emulated" : tree.cxx, log);
      progress.flush();
      BuildRecord b = build_tree(tree, options, runner, log);
      ++summary.builds_run;
      build_seconds += b.seconds;
      fmt::print(progress, "[build {}/{}] {}: {} in {} | elapsed {}, left {} builds + {} jobs, ETA ~{}\n", builds_seen,
                 total_builds, tree.name(), b.ok ? "ok" : "FAILED: " + b.note, format_duration(b.seconds),
                 format_duration(elapsed()), total_builds - builds_seen, total_runs - jobs_seen, eta());
      progress.flush();
      state.builds[tree.name()] = std::move(b);
      save_state(options.results_dir, state);
    }
    if (!state.builds.at(tree.name()).ok) ++summary.builds_failed;
  }

  // Then the jobs, round by round: round r runs every job once before round
  // r + 1 starts, so the rounds of a job are minutes apart and in different
  // processes.
  const std::size_t rounds = spec.rounds;
  for (std::size_t round = 1; round <= rounds; ++round) {
    for (std::size_t t = 0; t < plan.trees.size(); ++t) {
      const auto& tree = plan.trees[t];
      const std::string log = (results / "logs" / (tree.name() + ".log")).string();
      const BuildRecord& build = state.builds.at(tree.name());
      for (const auto& job : plan.jobs) {
        if (job.tree != t) continue;
        ++jobs_seen;
        const std::string key = job.key(plan.trees);
        const auto done = state.jobs.find(key);
        const std::string round_tag = rounds > 1 ? fmt::format("round {}/{}, ", round, rounds) : "";
        if (round == 1 && done != state.jobs.end() &&
            (done->second.status != JobStatus::failed || !options.retry_failed)) {
          ++summary.jobs_resumed;
          continue;
        }
        if (round > 1 &&
            (done == state.jobs.end() || !takes_rounds(done->second, tree) || done->second.rounds >= round))
          continue;
        const auto run_start = Clock::now();
        JobRecord rec;
        if (round == 1) {
          rec = run_job(job, tree, build, ctx, log);
        } else {
          rec = std::move(done->second);
          run_round(job, tree, ctx, log, rec, round);
        }
        if (round == rounds && rounds > 1 && rec.status == JobStatus::done)
          judge_rounds(rec.rows, spec.max_half_width / 100);
        if (round == 1) ++summary.jobs_run;
        ++runs_timed;
        job_seconds += std::chrono::duration<double>(Clock::now() - run_start).count();
        std::string outcome;
        if (rec.status == JobStatus::skipped) {
          outcome = "skipped: " + rec.note;
        } else {
          outcome = fmt::format("{} rows, {}", rec.rows.size(),
                                rec.rows.empty()                     ? "?"
                                : rec.rows.front().correct == "pass" ? "pass"
                                                                     : "FAIL");
          if (!rec.note.empty()) outcome += " (" + rec.note + ")";
        }
        fmt::print(progress, "[{}row {}/{}] {} {}: {} | {} left, elapsed {}, ETA ~{}\n", round_tag,
                   (jobs_seen - 1) % total_jobs + 1, total_jobs, tree.name(), job.label(), outcome,
                   total_runs - jobs_seen, format_duration(elapsed()), eta());
        progress.flush();
        state.jobs[key] = std::move(rec);
        save_state(options.results_dir, state);
      }
    }
  }

  // Merge.
  const auto rows = merged_rows(plan, state);
  write_csv((results / "results.csv").string(), rows);
  write_text(results / "results.json", to_json(rows) + "\n");
  state.finished = utc_now();
  write_text(results / "manifest.json", manifest_json(spec, plan, state, host, options, ctx.commit) + "\n");
  save_state(options.results_dir, state);

  summary.rows = rows.size();
  for (const auto& r : rows)
    if (r.correct != "pass") ++summary.failed_rows;
  for (const auto& job : plan.jobs) {
    const auto it = state.jobs.find(job.key(plan.trees));
    if (it != state.jobs.end() && it->second.status == JobStatus::skipped) ++summary.jobs_skipped;
  }
  summary.seconds = elapsed();
  fmt::print(progress,
             "sweep '{}' finished in {}: {} rows ({} not passing), {} jobs skipped at run time, {} of {} trees "
             "failed to build\n  {}\n  {}\n  {}\n",
             spec.name, format_duration(summary.seconds), summary.rows, summary.failed_rows, summary.jobs_skipped,
             summary.builds_failed, total_builds, (results / "results.csv").string(),
             (results / "results.json").string(), (results / "manifest.json").string());
  progress.flush();
  return summary;
}

}  // namespace pqmul::experiments
