#pragma once
// Test doubles for the sweep: a catalogue and hosts that do not depend on
// the registries or this machine, a scratch directory, and a Runner that
// answers the driver's commands without building or running anything.
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "pqmul/experiments/sweep.hpp"

namespace sweep_test {

using namespace pqmul::experiments;
namespace fs = std::filesystem;

inline Catalogue::Scheme fake_scheme(std::vector<std::string> multipliers, std::vector<std::string> strategies) {
  Catalogue::Scheme s;
  s.multipliers = std::move(multipliers);
  s.strategies = std::move(strategies);
  return s;
}

// ISA lists are given only for ml-kem-768 (ntt has AVX2 and AVX-512, the
// rest is portable) and kyber/schoolbook; elsewhere the trees decide.
inline Catalogue fake_catalogue() {
  Catalogue c;
  c.schemes["ml-kem-768"] = fake_scheme({"ntt", "schoolbook", "karatsuba", "kronecker"}, {"cached", "lazy", "eager"});
  c.schemes["ml-kem-768"].isas = {{"ntt", {"portable", "avx2", "avx512"}},
                                  {"schoolbook", {"portable"}},
                                  {"karatsuba", {"portable"}},
                                  {"kronecker", {"portable"}}};
  c.schemes["saber"] = fake_scheme({"toom4-k2", "karatsuba", "ntt", "ntt:layers=6", "toom-k:points=0,1,-1,inf"},
                                   {"cached", "lazy", "eager"});
  c.schemes["ntruhps2048677"] = fake_scheme({"toom4-k2", "ntt"}, {"eager"});
  c.schemes["ntruhps2048677"].module_products = false;
  c.rings["kyber"] = {"schoolbook", "karatsuba", "ntt", "kronecker"};
  c.rings["saber"] = {"schoolbook", "karatsuba", "toom4-k2", "ntt", "kronecker"};
  c.ring_isas["kyber/schoolbook"] = {"portable"};
  c.aeads["tinyjambu-128"] = {"bytes-nand", "bytes-and-inverted-key", "memcpy-nand", "memcpy-and-inverted-key"};
  c.aeads["tinyjambu-256"] = {"bytes-nand", "memcpy-nand"};
  return c;
}

inline HostInfo x86_host(bool avx512) {
  HostInfo h;
  h.arch = "x86_64";
  h.cpu_model = "Test CPU";
  h.cpu_flags = {"sse2", "avx2", "bmi2"};
  if (avx512) h.cpu_flags.insert({"avx512f", "avx512bw", "avx512vl"});
  h.hostname = "testhost";
  h.cores = 2;
  return h;
}

struct ScratchDir {
  fs::path path;
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "pqmul-sweep-test-XXXXXX").string();
    path = ::mkdtemp(pattern.data());
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

// Options of a sweep of `spec_text` whose source, trees and results live in `dir`.
inline SweepOptions sweep_options_in(const ScratchDir& dir, const std::string& spec_path, const std::string& spec_text) {
  SweepOptions options;
  options.source_dir = (dir.path / "src").string();
  options.build_root = (dir.path / "src/build/sweep").string();
  options.results_dir = (dir.path / "src/results/2024-01-01T000000Z").string();
  options.spec_path = spec_path;
  options.spec_text = spec_text;
  options.build_jobs = 2;
  return options;
}

inline bool has(const std::vector<std::string>& argv, const std::string& word) {
  return std::find(argv.begin(), argv.end(), word) != argv.end();
}

// The pqmul sub-command of a command line ("" if it does not run pqmul).
inline std::string subcommand(const std::vector<std::string>& argv) {
  for (std::size_t i = 0; i + 1 < argv.size(); ++i)
    if (argv[i].size() >= 6 && argv[i].compare(argv[i].size() - 6, 6, "/pqmul") == 0) return argv[i + 1];
  return "";
}

inline std::string after(const std::vector<std::string>& argv, const std::string& option) {
  const auto it = std::find(argv.begin(), argv.end(), option);
  return it == argv.end() || it + 1 == argv.end() ? "" : *(it + 1);
}

// Answers like the real tools: cmake succeeds unless the tree is listed in
// failing_builds, `pqmul list --json` offers `isas`, checks pass unless their
// (scheme or ring, multiplier) is in failing_checks, and the benchmark prints
// one CSV row per requested operation with a median of 1000 (none with
// --correctness-only) and its own verdict.
class FakeRunner final : public Runner {
 public:
  std::vector<std::vector<std::string>> commands;
  std::set<std::string> failing_builds;  // tree names
  std::set<std::string> failing_checks;  // "<target>/<multiplier>"
  std::set<std::string> failing_benches;  // "<target>/<multiplier>": rows say fail, exit 1
  std::set<std::string> unchecked_benches;  // "<target>/<multiplier>": rows carry no verdict
  std::vector<std::string> isas{"portable"};
  std::size_t fail_after = static_cast<std::size_t>(-1);  // throw (as if interrupted) after this many commands
  // The n-th benchmark (0-based, counted over this runner) prints medians of
  // 1000 + n * median_step, so rounds of a job can be told apart.
  double median_step = 0;

  CommandResult run(const Command& c) override {
    if (commands.size() >= fail_after) throw std::runtime_error("interrupted");
    commands.push_back(c.argv);
    const auto& a = c.argv;
    CommandResult r;
    if (a[0] == "git") {
      r.out = "0123456789ab-dirty\n";
    } else if (has(a, "--version")) {
      r.out = a[0] + " (Fake) 1.2.3\nCopyright\n";
    } else if (a[0] == "cmake") {
      for (const auto& f : failing_builds)
        for (const auto& w : a)
          if (w.find("/" + f) != std::string::npos && has(a, "--build")) {
            r.exit_code = 1;
            r.err = "error: something does not compile\n";
          }
    } else if (subcommand(a) == "list") {
      // As `pqmul list --json` prints them; an ISA built but not runnable here is left out.
      r.out = std::string("{\"isas\": [");
      for (std::size_t i = 0; i < isas.size(); ++i)
        r.out += (i ? ", " : "") + std::string("{\"isa\": \"") + isas[i] + "\", \"runs_here\": true}";
      r.out += ", {\"isa\": \"neon\", \"runs_here\": false}]}";
    } else if (subcommand(a) == "check" || subcommand(a) == "mul") {
      const std::string target = subcommand(a) == "check" ? after(a, "--scheme") : after(a, "--ring");
      if (failing_checks.count(target + "/" + after(a, "--multiplier"))) {
        r.exit_code = 1;
        r.out = "FAIL\n";
        r.err = "pqmul: 1 of 1 KAT checks failed\n";
      } else {
        r.out = "all checks passed\n";
      }
    } else if (subcommand(a) == "bench") {
      const double median = 1000 + median_step * static_cast<double>(benches() - 1);
      std::vector<Row> rows;
      std::string ops = after(a, "--ops");
      std::size_t start = 0;
      while (start <= ops.size()) {
        const auto comma = std::min(ops.find(',', start), ops.size());
        Row row;
        const std::string target = has(a, "--scheme") ? after(a, "--scheme") : after(a, "--ring");
        row.params = after(a, "--params");
        row.id = target + "/" + after(a, "--multiplier") + (row.params.empty() ? "" : "-" + row.params) + "/" +
                 after(a, "--isa");
        row.scheme = target;
        row.operation = ops.substr(start, comma - start);
        row.multiplier = after(a, "--multiplier");
        row.strategy = after(a, "--strategy");
        row.isa = after(a, "--isa");
        if (!has(a, "--correctness-only")) {
          row.counter = "tsc";
          row.counter_overhead = 30;
          row.median = median;
          row.p10 = median - 100;
          row.p90 = median + 100;
          row.repetitions = 2;
          row.repetition_medians = {median, median};
          row.rounds = 1;
          row.samples = std::stoul(after(a, "--samples"));
        }
        row.correct = failing_benches.count(target + "/" + row.multiplier)     ? "fail"
                      : unchecked_benches.count(target + "/" + row.multiplier) ? ""
                                                                                : "pass";
        if (row.correct == "fail") r.exit_code = 1;
        rows.push_back(row);
        start = comma + 1;
      }
      r.out = to_csv(rows);
    } else {
      r.exit_code = 127;
      r.err = "unexpected command";
    }
    return r;
  }

  std::size_t count(const std::function<bool(const std::vector<std::string>&)>& pred) const {
    return static_cast<std::size_t>(std::count_if(commands.begin(), commands.end(), pred));
  }
  std::size_t builds() const {
    return count([](const auto& a) { return a[0] == "cmake" && has(a, "--build"); });
  }
  std::size_t checks() const {
    return count([](const auto& a) { return subcommand(a) == "check" || subcommand(a) == "mul"; });
  }
  std::size_t benches() const {
    return count([](const auto& a) { return subcommand(a) == "bench"; });
  }
  std::size_t benches_of(const std::string& scheme) const {
    return count([&](const auto& a) { return subcommand(a) == "bench" && after(a, "--scheme") == scheme; });
  }
};

}  // namespace sweep_test
