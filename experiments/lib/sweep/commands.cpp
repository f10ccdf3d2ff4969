// The command lines of a sweep: configure and build a tree, check a job's
// correctness and benchmark it with the tree's own pqmul.
#include <fmt/format.h>

#include <filesystem>
#include <sstream>

#include "pqmul/experiments/sweep.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> with_emulator(const TreeConfig& tree, std::vector<std::string> argv) {
  argv.insert(argv.begin(), tree.emulator.begin(), tree.emulator.end());
  return argv;
}

std::string joined(const std::vector<std::string>& v, const char* separator) {
  return fmt::format("{}", fmt::join(v, separator));
}

}  // namespace

std::string tree_dir(const TreeConfig& tree, const SweepOptions& options) {
  return (fs::path(options.build_root) / tree.name()).string();
}

std::string tree_pqmul(const TreeConfig& tree, const SweepOptions& options) {
  return (fs::path(tree_dir(tree, options)) / "experiments" / "pqmul").string();
}

std::vector<std::string> configure_command(const TreeConfig& tree, const SweepOptions& options) {
  std::vector<std::string> argv{"cmake",
                                "-S",
                                options.source_dir,
                                "-B",
                                tree_dir(tree, options),
                                "-G",
                                "Ninja",
                                "-DCMAKE_BUILD_TYPE=Release",
                                std::string("-DPQMUL_VECTORIZE=") + (tree.vectorize ? "ON" : "OFF"),
                                "-DPQMUL_TESTS=OFF"};
  // The cross toolchain file names its own compiler.
  if (!tree.toolchain_file.empty())
    argv.push_back("-DCMAKE_TOOLCHAIN_FILE=" + (fs::path(options.source_dir) / tree.toolchain_file).string());
  else
    argv.push_back("-DCMAKE_CXX_COMPILER=" + tree.cxx);
  return argv;
}

std::vector<std::string> build_command(const TreeConfig& tree, const SweepOptions& options) {
  return {"cmake", "--build", tree_dir(tree, options), "--target", "pqmul", "-j", std::to_string(options.build_jobs)};
}

std::vector<std::string> check_command(const Job& job, const TreeConfig& tree, const SweepSpec&,
                                       const SweepOptions& options) {
  // The AEAD benchmark checks the known answers itself (its rows' verdict).
  if (job.kind == JobKind::aead) return {};
  std::vector<std::string> argv{tree_pqmul(tree, options)};
  if (job.kind == JobKind::kem) {
    argv.insert(argv.end(), {"check", "--scheme", job.target, "--multiplier", job.multiplier});
    if (!job.strategy.empty()) argv.insert(argv.end(), {"--strategy", job.strategy});
  } else {
    const auto [base, params] = split_multiplier(job.multiplier);
    argv.insert(argv.end(), {"mul", "--ring", job.target, "--multiplier", base});
    if (!params.empty()) argv.insert(argv.end(), {"--params", params});
    if (!job.strategy.empty())
      argv.insert(argv.end(), {"--rank", std::to_string(job.rank), "--strategy", job.strategy});
    argv.insert(argv.end(), {"--trials", std::to_string(job.trials ? job.trials : 4), "--table"});
  }
  // Always name the ISA: without it the checks pick the best one the CPU runs,
  // and a portable row must carry the verdict of the portable code.
  argv.insert(argv.end(), {"--isa", job.isa});
  return with_emulator(tree, argv);
}

std::vector<std::string> bench_command(const Job& job, const TreeConfig& tree, const SweepSpec& spec,
                                       const SweepOptions& options) {
  std::vector<std::string> argv{tree_pqmul(tree, options), "bench"};
  const auto [base, params] = split_multiplier(job.multiplier);
  if (job.kind == JobKind::kem) {
    argv.insert(argv.end(), {"--scheme", job.target, "--multiplier", job.multiplier});
  } else if (job.kind == JobKind::aead) {
    argv.insert(argv.end(), {"--scheme", job.target, "--multiplier", base, "--params", params});
  } else {
    argv.insert(argv.end(), {"--ring", job.target, "--multiplier", base});
    if (!params.empty()) argv.insert(argv.end(), {"--params", params});
    if (job.rank) argv.insert(argv.end(), {"--rank", std::to_string(job.rank)});
  }
  if (!job.strategy.empty()) argv.insert(argv.end(), {"--strategy", job.strategy});
  argv.insert(argv.end(), {"--isa", job.isa, "--ops", joined(job.operations, ","), "--samples",
                           std::to_string(spec.samples), "--repetitions", std::to_string(spec.repetitions),
                           "--max-half-width", fmt::format("{:g}", spec.max_half_width), "--max-steal",
                           fmt::format("{:g}", spec.max_steal), "--reruns", std::to_string(spec.reruns)});
  if (!spec.counter.empty()) argv.insert(argv.end(), {"--counter", spec.counter});
  if (spec.pin_cpu && !tree.emulated) argv.insert(argv.end(), {"--pin-cpu", std::to_string(*spec.pin_cpu)});
  // Under emulation an AEAD job runs the benchmark for its verdict alone.
  if (tree.emulated) argv.push_back("--correctness-only");
  argv.insert(argv.end(), {"--format", "csv"});
  return with_emulator(tree, argv);
}

std::string flags_from_command_line(const std::string& command) {
  std::istringstream words(command);
  std::string w;
  std::vector<std::string> kept;
  for (bool first = true; words >> w; first = false) {
    if (first) continue;  // the compiler
    const bool flag = w.rfind("-O", 0) == 0 || w.rfind("-f", 0) == 0 || w.rfind("-m", 0) == 0 ||
                      w.rfind("-std=", 0) == 0 || w.rfind("-W", 0) == 0 || w == "-g" || w == "-DNDEBUG";
    if (flag) kept.push_back(w);
  }
  return joined(kept, " ");
}

}  // namespace pqmul::experiments
