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
#include "pqmul/schemes/common/sha256.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr double default_build_seconds = 240.0;
constexpr double default_job_seconds = 1.0;

std::string first_line(const std::string& text) {
  const auto end = text.find('\n');
  return text.substr(0, end);
}

// The last non-empty line of a command's output: usually the reason it failed.
std::string last_line(const CommandResult& r) {
  for (const std::string* text : {&r.err, &r.out}) {
    std::istringstream lines(*text);
    std::string line, last;
    while (std::getline(lines, line))
      if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
    if (!last.empty()) return last;
  }
  return "no output";
}

std::string failure_note(const std::string& what, const CommandResult& r) {
  return fmt::format("{} failed (exit {}): {}", what, r.exit_code, last_line(r));
}

std::string parameter_set_of(const Job& job) {
  if (job.kind == JobKind::ring) return job.target;
  for (const char* prefix : {"ml-kem-", "kyber", "ntru", "tinyjambu-"})
    if (job.target.rfind(prefix, 0) == 0 && job.target.size() > std::string(prefix).size())
      return job.target.substr(std::string(prefix).size());
  return job.target;
}

// ISAs the tree's registry offers, from `pqmul list --json`.
std::vector<std::string> tree_isas(const TreeConfig& tree, const SweepOptions& options, Runner& runner,
                                   const std::string& log, std::string& note) {
  std::vector<std::string> argv = tree.emulator;
  argv.insert(argv.end(), {tree_pqmul(tree, options), "list", "--json"});
  const auto r = runner.run({argv, log});
  if (r.exit_code != 0) {
    note = failure_note("pqmul list --json", r);
    return {};
  }
  try {
    // Each entry names an ISA built into the tree and whether this CPU runs it
    // (a plain name: built and runnable).
    std::vector<std::string> isas;
    const auto listing = nlohmann::json::parse(r.out);  // named: the loop below reads into it
    for (const auto& entry : listing.at("isas")) {
      if (entry.is_string())
        isas.push_back(entry.get<std::string>());
      else if (entry.value("runs_here", false))
        isas.push_back(entry.at("isa").get<std::string>());
    }
    return isas;
  } catch (const nlohmann::json::exception& e) {
    note = fmt::format("pqmul list --json printed no ISA list: {}", e.what());
    return {};
  }
}

std::string tree_flags(const TreeConfig& tree, const SweepOptions& options) {
  std::ifstream in(fs::path(tree_dir(tree, options)) / "compile_commands.json");
  if (!in) return {};
  try {
    const auto commands = nlohmann::json::parse(in);
    for (const auto& c : commands)
      if (c.value("file", "").find("/algorithms/src/") != std::string::npos && c.contains("command"))
        return flags_from_command_line(c.at("command").get<std::string>());
  } catch (const nlohmann::json::exception&) {
  }
  return {};
}

BuildRecord build_tree(const TreeConfig& tree, const SweepOptions& options, Runner& runner, const std::string& log) {
  BuildRecord b;
  const auto start = Clock::now();
  const std::string cxx = tree.cxx.empty() ? std::string(tree.arch) + "-linux-gnu-g++" : tree.cxx;
  const auto version = runner.run({{cxx, "--version"}, log});
  b.compiler_version = version.exit_code == 0 ? first_line(version.out) : "";
  const auto configured = runner.run({configure_command(tree, options), log, true});
  if (configured.exit_code != 0) {
    b.note = failure_note("configure", configured) + " (log: " + log + ")";
  } else {
    const auto built = runner.run({build_command(tree, options), log, true});
    if (built.exit_code != 0) {
      b.note = failure_note("build", built) + " (log: " + log + ")";
    } else {
      b.isas = tree_isas(tree, options, runner, log, b.note);
      b.ok = b.note.empty();
      b.flags = tree_flags(tree, options);
    }
  }
  b.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return b;
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
      if (tree.emulated) {  // correctness only, whatever the benchmark printed
        r.median.reset();
        r.p10.reset();
        r.p90.reset();
        r.counter.clear();
        r.counter_overhead.reset();
      }
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
    rec.note = fmt::format("isa {} is not in this tree's registry (it offers: {})", job.isa, fmt::join(build.isas, ", "));
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
  if (!tree.emulated && !unnameable) {
    // pqmul bench checks its own cases too and exits 1 after printing its rows
    // when one fails: keep those rows (with the failure), drop unreadable output.
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
    }
  } else {
    rec.rows = rows_without_cycles(job, tree, build, correct, ctx.commit, cpu, date);
  }
  if (bench_failed) notes.push_back("the benchmark's own correctness check failed");
  rec.status =
      correct == "pass" && !bench_failed && (measured || tree.emulated || unnameable) ? JobStatus::done
                                                                                      : JobStatus::failed;
  rec.note = fmt::format("{}", fmt::join(notes, "; "));
  rec.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return rec;
}

void write_text(const fs::path& path, const std::string& text) {
  const fs::path temp = path.string() + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + temp.string());
  }
  fs::rename(temp, path);
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

std::string format_duration(double seconds) {
  const long s = seconds < 0 ? 0 : static_cast<long>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}

double estimate_remaining(std::size_t builds_left, std::size_t jobs_left, double build_seconds, std::size_t builds_done,
                          double job_seconds, std::size_t jobs_done) {
  // Before anything was measured: a clean tree takes minutes (the pqmul
  // target alone, -j2), a job (check and benchmark) about a second.
  const double per_build = builds_done ? build_seconds / static_cast<double>(builds_done) : default_build_seconds;
  const double per_job = jobs_done ? job_seconds / static_cast<double>(jobs_done) : default_job_seconds;
  return static_cast<double>(builds_left) * per_build + static_cast<double>(jobs_left) * per_job;
}

void print_plan(const Plan& plan, const SweepSpec& spec, const SweepOptions& options, std::ostream& out) {
  std::size_t rows = 0;
  std::map<std::string, std::size_t> kinds;
  for (const auto& j : plan.jobs) {
    rows += j.operations.size();
    ++kinds[to_string(j.kind)];
  }
  std::string per_kind;
  for (const auto& [kind, n] : kinds) per_kind += fmt::format("{}{} {}", per_kind.empty() ? "" : ", ", n, kind);
  fmt::print(out, "sweep '{}' ({}): {} trees, {} jobs ({}), {} rows; {} skipped\n", spec.name, options.spec_path,
             plan.trees.size(), plan.jobs.size(), per_kind.empty() ? "none" : per_kind, rows, plan.skipped.size());
  fmt::print(out, "results: {}\n", options.results_dir);
  fmt::print(out,
             "estimate from a clean tree: ~{} ({} builds at ~{} each on 2 free cores, {} jobs at ~{} each); "
             "a rerun skips finished builds and jobs\n",
             format_duration(estimate_remaining(plan.trees.size(), plan.jobs.size(), 0, 0, 0, 0)), plan.trees.size(),
             format_duration(estimate_remaining(1, 0, 0, 0, 0, 0)), plan.jobs.size(),
             format_duration(estimate_remaining(0, 1, 0, 0, 0, 0)));
  for (std::size_t t = 0; t < plan.trees.size(); ++t) {
    const auto& tree = plan.trees[t];
    fmt::print(out, "\ntree {} ({}{}), {} jobs\n", tree.name(), tree.emulated ? "emulated: correctness only, " : "",
               tree.cxx.empty() ? "toolchain " + tree.toolchain_file : tree.cxx, plan.jobs_of(t));
    fmt::print(out, "  configure: {}\n  build:     {}\n", shell_words(configure_command(tree, options)),
               shell_words(build_command(tree, options)));
    std::set<JobKind> shown;
    for (const auto& job : plan.jobs) {
      if (job.tree != t || shown.count(job.kind)) continue;
      shown.insert(job.kind);
      const auto check = check_command(job, tree, spec, options);
      fmt::print(out, "  e.g. {} check: {}\n", to_string(job.kind),
                 check.empty() ? "(none: the benchmark checks the known answers)" : shell_words(check));
      if (!tree.emulated || job.kind == JobKind::aead)
        fmt::print(out, "       {} bench: {}\n", to_string(job.kind), shell_words(bench_command(job, tree, spec, options)));
    }
    for (const auto& job : plan.jobs)
      if (job.tree == t) fmt::print(out, "  - {}\n", job.label());
  }
  if (!plan.skipped.empty()) {
    fmt::print(out, "\nskipped (recorded in manifest.json):\n");
    for (const auto& s : plan.skipped)
      fmt::print(out, "  {}{}: {}\n", s.tree.empty() ? "" : "[" + s.tree + "] ", s.what, s.reason);
  }
  fmt::print(out, "(ISAs are checked again against each tree's registry after it is built)\n");
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
  std::size_t builds_seen = 0, jobs_seen = 0;
  double build_seconds = 0, job_seconds = 0;
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto eta = [&] {
    return format_duration(estimate_remaining(total_builds - builds_seen, total_jobs - jobs_seen, build_seconds,
                                              summary.builds_run, job_seconds, summary.jobs_run));
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
      fmt::print(progress, "[build {}/{}] {}: {} in {} | elapsed {}, left {} builds + {} jobs, ETA ~{}\n",
                 builds_seen, total_builds, tree.name(), b.ok ? "ok" : "FAILED: " + b.note,
                 format_duration(b.seconds), format_duration(elapsed()), total_builds - builds_seen,
                 total_jobs - jobs_seen, eta());
      progress.flush();
      state.builds[tree.name()] = std::move(b);
      save_state(options.results_dir, state);
    }
    const BuildRecord& build = state.builds.at(tree.name());
    if (!build.ok) ++summary.builds_failed;

    for (const auto& job : plan.jobs) {
      if (job.tree != t) continue;
      ++jobs_seen;
      const std::string key = job.key(plan.trees);
      const auto done = state.jobs.find(key);
      if (done != state.jobs.end() && (done->second.status != JobStatus::failed || !options.retry_failed)) {
        ++summary.jobs_resumed;
        continue;
      }
      JobRecord rec = run_job(job, tree, build, ctx, log);
      ++summary.jobs_run;
      job_seconds += rec.seconds;
      std::string outcome;
      if (rec.status == JobStatus::skipped) {
        outcome = "skipped: " + rec.note;
      } else {
        outcome = fmt::format("{} rows, {}", rec.rows.size(),
                              rec.rows.empty() ? "?" : rec.rows.front().correct == "pass" ? "pass" : "FAIL");
        if (!rec.note.empty()) outcome += " (" + rec.note + ")";
      }
      fmt::print(progress, "[row {}/{}] {} {}: {} | {} left, elapsed {}, ETA ~{}\n", jobs_seen, total_jobs,
                 tree.name(), job.label(), outcome, total_jobs - jobs_seen, format_duration(elapsed()), eta());
      progress.flush();
      state.jobs[key] = std::move(rec);
      save_state(options.results_dir, state);
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
