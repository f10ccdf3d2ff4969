// pqmul tune: searches a ring's multiplier design space on one ISA (this
// build's compiler) for the Pareto front of (median ticks, stack bytes, bytes
// held), per operation, within a time budget; resumable; optionally runs every
// KAT of the ring's KEMs with the winners.
#include <fmt/core.h>
#include <unistd.h>

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
#include "pqmul/experiments/tune_fanout.hpp"
#include "pqmul/experiments/tune_report.hpp"
#include "pqmul/schemes/common/output_files.hpp"

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
  std::string chunk, emit, out;  // fan-out: this part's chunk; or the parts' script
  std::size_t chunks = 2;
};

struct TuneMergeOptions {
  std::vector<std::string> parts;
  std::string out;
};

std::string default_results_dir(const TuneOptions& o) {
  const BuildContext& build = build_context();
  return (fs::path("results") / fmt::format("tune-{}-{}-{}", o.ring, o.isa, build.compiler)).string();
}

// The options every part of a fan-out repeats.
std::vector<std::string> search_arguments(const TuneOptions& o) {
  std::vector<std::string> a = {"tune",
                                "--ring",
                                o.ring,
                                "--isa",
                                o.isa,
                                "--budget",
                                fmt::format("{}", o.budget_minutes),
                                "--max-levels",
                                std::to_string(o.max_levels),
                                "--max-k",
                                std::to_string(o.max_k),
                                "--point-sets",
                                std::to_string(o.point_sets),
                                "--leaves",
                                o.leaves,
                                "--final",
                                std::to_string(o.final_survivors),
                                "--rank",
                                std::to_string(o.rank),
                                "--counter",
                                o.counter};
  if (!o.ops.empty()) a.insert(a.end(), {"--ops", o.ops});
  return a;
}

// --emit slurm|parallel: one part per chunk of the candidates, each into <results>/part-<compiler>-<i>.
void emit(const TuneOptions& o) {
  const BuildContext& build = build_context();
  std::error_code ec;
  FanoutOptions f;
  f.command = "tune";
  f.pqmul = fs::read_symlink("/proc/self/exe", ec).string();
  if (ec) throw UsageError("cannot tell where this pqmul is (/proc/self/exe)");
  f.results_root = fs::absolute(o.results.empty() ? fs::path(default_results_dir(o)) : fs::path(o.results))
                       .lexically_normal()
                       .string();
  f.chunks = o.chunks;
  std::vector<FanoutPart> parts;
  for (std::size_t i = 0; i < o.chunks; ++i) {
    FanoutPart p;
    p.tree = build.compiler;
    p.chunk = {i, o.chunks};
    p.results_dir = (fs::path(f.results_root) / part_dir_name(build.compiler, i)).string();
    p.argv = {f.pqmul};
    for (auto& a : search_arguments(o)) p.argv.push_back(a);
    p.argv.insert(p.argv.end(), {"--chunk", fmt::format("{}/{}", i, o.chunks), "--results", p.results_dir});
    for (const auto& a : p.argv)
      for (char ch : a)
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f)
          throw UsageError(fmt::format("'{}' holds a control character; a job script cannot carry it", a));
    parts.push_back(std::move(p));
  }
  std::string script;
  try {
    script = o.emit == "slurm" ? slurm_script(parts, f, "tune-" + o.ring + "-" + o.isa) : parallel_job_list(parts);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (o.out.empty()) {
    std::cout << script << std::flush;
  } else {
    OutputFiles outputs(std::vector<fs::path>{});
    outputs.write(o.out, script, OutputFiles::Access::world_readable);
    outputs.commit();
    if (o.emit == "slurm") fs::permissions(o.out, fs::perms::owner_exec, fs::perm_options::add, ec);
  }
  std::cerr << fmt::format("{} parts -> {}/part-*; merge them with: pqmul tune merge {}/part-*\n", parts.size(),
                           f.results_root, f.results_root);
}

void merge(const TuneMergeOptions& m) {
  MergedTune merged;
  try {
    merged = merge_tune_parts(m.parts);
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const fs::path out = m.out.empty() ? fs::path(m.parts.front()).parent_path() / "merged" : fs::path(m.out);
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_empty(out, ec))
    throw UsageError(fmt::format("{} exists and is not empty; name another --out", out.string()));
  // Written beside the target and renamed into place: no half-merged directory.
  const fs::path staging = out.string() + fmt::format(".partial-{}", ::getpid());
  fs::create_directories(staging, ec);
  if (ec) throw UsageError(fmt::format("cannot create {}: {}", staging.string(), ec.message()));
  try {
    write_tune_outputs(staging.string(), merged.settings, merged.result, merged.parts);
    fs::remove(out, ec);
    fs::rename(staging, out);
  } catch (const std::exception& e) {
    fs::remove_all(staging, ec);
    throw Failure(1, fmt::format("cannot write {}: {}", out.string(), e.what()));
  }
  for (const auto& p : merged.parts) fmt::print("part {}\n", p);
  fmt::print("{}", tune_summary(merged.settings, merged.result, out.string()));
}

void run(const TuneOptions& o) {
  if (o.ring.empty()) throw UsageError("tune: --ring is required (or the merge command)");
  if (!o.emit.empty()) {
    if (!o.chunk.empty() || o.check)
      throw UsageError("--emit writes the parts' commands; --chunk and --check belong to them");
    return emit(o);
  }
  if (!o.out.empty()) throw UsageError("--out goes with --emit");
  const std::string emulated = emulation_reason();
  if (!emulated.empty())
    throw UsageError(fmt::format("{}: tuning needs timings, which an emulator cannot give", emulated));
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
  if (!o.chunk.empty()) {
    try {
      const Chunk c = parse_chunk(o.chunk);
      s.chunk_index = c.index;
      s.chunk_count = c.count;
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--chunk: {}", e.what()));
    }
  }
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
      "tune",
      "Search a ring's multipliers (Toom-Cook level sequences and point sets, leaf sizes, Karatsuba depths, "
      "NTT primes and layers, strategies) for the Pareto front of (median ticks, stack bytes, bytes held) by "
      "successive halving within a budget; resumable");
  cmd->add_option("--ring", o->ring, "ring, e.g. saber, ntru-hps2048509 (pqmul list)");
  cmd->add_option("--isa", o->isa, "portable, avx2, avx512 (a SIMD ISA offers only the variants its kernels have)")
      ->capture_default_str();
  cmd->add_option("--budget", o->budget_minutes, "minutes for the whole search, resumed runs included")
      ->check(CLI::Range(0.05, 10000.0))
      ->capture_default_str();
  cmd->add_option("--ops", o->ops, "mul, matrix-vector (default: mul, and matrix-vector where the ring's KEMs use it)");
  cmd->add_option("--rank", o->rank, "module rank of the matrix-vector rows")
      ->check(whole_in(1, 8))
      ->capture_default_str();
  cmd->add_option("--results", o->results,
                  "directory of the search (default results/tune-<ring>-<isa>-<compiler>); "
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
  cmd->add_option("--chunk", o->chunk, "search only chunk I/N of the candidates (a part of a fan-out)");
  cmd->add_option("--emit", o->emit, "write the fan-out's parts instead: a Slurm job array or a GNU parallel job list")
      ->check(CLI::IsMember({"slurm", "parallel"}));
  cmd->add_option("--chunks", o->chunks, "with --emit: parts (chunks of the candidates)")
      ->check(whole_in(1, 4096))
      ->capture_default_str();
  cmd->add_option("--out", o->out, "with --emit: the script's file (default: standard output)");
  auto m = std::make_shared<TuneMergeOptions>();
  auto* merge_cmd = cmd->add_subcommand("merge",
                                        "Join the parts of a fanned-out search into one front (rows of "
                                        "different CPUs on fronts of their own)");
  merge_cmd->add_option("parts", m->parts, "the parts' results directories")->required();
  merge_cmd->add_option("--out", m->out, "merged directory (default: <the first part's directory>/../merged)");
  merge_cmd->callback([m] { merge(*m); });
  cmd->callback([o, cmd] {
    if (cmd->got_subcommand("merge")) return;
    run(*o);
  });
});

}  // namespace
}  // namespace pqmul::cli
