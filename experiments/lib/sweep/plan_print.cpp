// What a sweep will do, before it does it: the plan as text and the time it
// should take.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <map>
#include <ostream>
#include <set>

#include "pqmul/experiments/sweep.hpp"

namespace pqmul::experiments {
namespace {

constexpr double default_build_seconds = 240.0;
constexpr double default_job_seconds = 1.0;

}  // namespace

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
  const std::size_t runs = plan.jobs.size() * spec.rounds;
  fmt::print(out,
             "estimate from a clean tree: ~{} ({} builds at ~{} each on 2 free cores, {} jobs x {} round{} at ~{} "
             "each); a rerun skips finished builds, jobs and rounds\n",
             format_duration(estimate_remaining(plan.trees.size(), runs, 0, 0, 0, 0)), plan.trees.size(),
             format_duration(estimate_remaining(1, 0, 0, 0, 0, 0)), plan.jobs.size(), spec.rounds,
             spec.rounds == 1 ? "" : "s", format_duration(estimate_remaining(0, 1, 0, 0, 0, 0)));
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

}  // namespace pqmul::experiments
