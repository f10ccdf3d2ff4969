// `pqmul bench` end to end through the CLI (host builds with google-benchmark
// only: PQMUL_CLI is defined by tests/CMakeLists.txt there): its CSV parses
// with read_csv, names the counter, has positive figures and the verdict.
#include <catch2/catch.hpp>

#if defined(PQMUL_CLI)
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "pqmul/experiments/callgrind.hpp"
#include "pqmul/experiments/counter.hpp"
#include "pqmul/experiments/row.hpp"

namespace pqmul_tests::experiments_test_cli_bench {

using namespace pqmul::experiments;

namespace {

int run(const std::string& arguments, const std::filesystem::path& log) {
  const std::string command = std::string("'") + PQMUL_CLI + "' " + arguments + " 2> '" + log.string() + "'";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool usable(const std::string& name) {
  for (const auto& p : probe_counters())
    if (p.name == name) return p.usable;
  return false;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

}  // namespace

TEST_CASE("pqmul bench writes a CSV that read_csv accepts, stamped with counter and verdict", "[cli]") {
  if (!emulation_reason().empty()) return;
  const auto dir = std::filesystem::temp_directory_path() / "pqmul_test_cli_bench";
  std::filesystem::create_directories(dir);
  const auto csv = dir / "rows.csv", log = dir / "log";
  REQUIRE(run("bench --ring saber --multiplier schoolbook --ops mul --samples 50 --repetitions 6 --format csv -o '" +
                  csv.string() + "'",
              log) == 0);
  const auto rows = read_csv(csv.string());
  REQUIRE(rows.size() == 1);
  const Row& r = rows.front();
  CHECK(r.id == "saber/schoolbook/portable");
  CHECK(r.operation == "mul");
#if defined(__x86_64__)
  CHECK(r.counter == (usable("perf-cycles") ? "perf-cycles" : "tsc"));
#endif
  REQUIRE(r.median.has_value());
  CHECK(*r.median > 0);
  CHECK(*r.p10 <= *r.median);
  CHECK(*r.median <= *r.p90);
  CHECK(r.samples == 6 * 50);
  CHECK(r.repetitions == 6);
  REQUIRE(r.repetition_medians.size() == 6);
  // Six repetitions: the 95% interval of the median is [min, max] of their medians.
  REQUIRE(r.ci_low.has_value());
  REQUIRE(r.ci_high.has_value());
  CHECK(*r.ci_low == *std::min_element(r.repetition_medians.begin(), r.repetition_medians.end()));
  CHECK(*r.ci_high == *std::max_element(r.repetition_medians.begin(), r.repetition_medians.end()));
  CHECK(*r.ci_low <= *r.median);
  CHECK(*r.median <= *r.ci_high);
  CHECK(r.noisy == !r.noise.empty());
  if (r.counter == "tsc") {
    REQUIRE(r.counter_hz.has_value());
    CHECK(*r.counter_hz > 0.5e9);
    CHECK(*r.counter_hz < 10e9);
  } else {
    CHECK_FALSE(r.counter_hz.has_value());  // core cycles have no fixed rate
  }
  CHECK(r.counter_overhead.value_or(0) > 0);
  CHECK(r.correct == "pass");
  CHECK_FALSE(r.emulated);
  CHECK(r.bytes_held.value_or(0) > 0);
  for (const auto* field : {&r.compiler, &r.compiler_version, &r.flags, &r.commit, &r.cpu, &r.date}) CHECK_FALSE(field->empty());

  // A counter that cannot be read here: exit 2, nothing written.
  if (!usable("perf-cycles")) {
    const auto refused = dir / "refused.csv";
    CHECK(run("bench --ring saber --multiplier schoolbook --ops mul --samples 5 --counter perf -o '" + refused.string() +
                  "'",
              log) == 2);
    CHECK_FALSE(std::filesystem::exists(refused));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("pqmul bench refuses out-of-range measuring options with exit 2", "[cli]") {
  const auto dir = std::filesystem::temp_directory_path() / "pqmul_test_cli_ranges";
  std::filesystem::create_directories(dir);
  const auto csv = dir / "rows.csv";
  for (const std::string bad : {"--repetitions 0", "--repetitions -3", "--samples -5", "--min-time 0",
                                "--min-time -1", "--warmup -0.5", "--warmup-max 0", "--reruns -1",
                                "--max-half-width 0", "--max-half-width -2", "--max-steal -1", "--max-load -1",
                                "--warmup 2 --warmup-max 1", "--pin-cpu -1", "--pin-cpu 65535"}) {
    INFO(bad);
    CHECK(run("bench --ring saber --multiplier schoolbook --ops mul " + bad + " -o '" + csv.string() + "'",
              dir / "log") == 2);
    CHECK_FALSE(std::filesystem::exists(csv));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("pqmul bench fills the memory columns of ring rows, in its table and its CSV", "[cli][memory]") {
  const auto dir = std::filesystem::temp_directory_path() / "pqmul_test_cli_memory";
  std::filesystem::create_directories(dir);
  const auto csv = dir / "rows.csv", table = dir / "table.txt", log = dir / "log";
  // Correctness only: no timing, so that it holds on any machine (the memory is measured all the same).
  const std::string selection =
      "bench --ring saber --multiplier toom4-k2,ntt --isa portable --ops mul,matrix-vector --strategy eager,cached "
      "--correctness-only";
  REQUIRE(run(selection + " --format csv -o '" + csv.string() + "'", log) == 0);
  REQUIRE(run(selection + " > '" + table.string() + "'", log) == 0);
  const auto rows = read_csv(csv.string());
  REQUIRE(rows.size() == 6);
  for (const auto& r : rows) {
    INFO(r.id << " " << r.operation << " " << r.strategy << ": " << r.memory_note);
    CHECK(r.stack_bytes.value_or(0) > 0);
    CHECK(r.heap_bytes.has_value());
    CHECK(r.heap_allocations.has_value());
    // Saber's portable ntt is a class of its own; toom4-k2 shares the Toom-Cook class.
    CHECK(r.code_bytes.has_value() == (r.multiplier == "ntt"));
    CHECK(r.memory_note.empty() == (r.multiplier == "ntt"));
  }
  std::ifstream in(table);
  std::string header, line;
  REQUIRE(std::getline(in, header));  // the machine
  REQUIRE(std::getline(in, header));
  CHECK_THAT(header, Catch::Contains(" stack ") && Catch::Contains(" heap ") && Catch::Contains(" code "));
  std::size_t lines = 0;
  while (std::getline(in, line)) {
    // bytes, stack, heap, code and the verdict: the figures are numbers, "-" where the row has none.
    if (line.rfind("saber/ntt/portable", 0) == 0) {
      ++lines;
      CHECK_THAT(line, Catch::Matches(R"(.* \d+ +\d+ +\d+ +\d+ +pass.*)"));
    }
    if (line.rfind("saber/toom4-k2/portable", 0) == 0) {
      ++lines;
      CHECK_THAT(line, Catch::Matches(R"(.* \d+ +\d+ +\d+ +- +pass.*)"));
    }
  }
  CHECK(lines == 6);
  std::filesystem::remove_all(dir);
}

TEST_CASE("pqmul bench --instructions counts the same instructions on every run", "[cli][callgrind]") {
  if (!emulation_reason().empty()) return;
  const auto dir = std::filesystem::temp_directory_path() / "pqmul_test_cli_instructions";
  std::filesystem::create_directories(dir);
  std::vector<Row> runs;
  for (int k = 0; k < 2; ++k) {
    const auto csv = dir / ("rows" + std::to_string(k) + ".csv");
    REQUIRE(run("bench --ring saber --multiplier toom4-k2 --isa portable --ops mul --samples 5 --instructions --instruction-calls 3 "
                "--format csv -o '" + csv.string() + "'",
                dir / "log") == 0);
    const auto rows = read_csv(csv.string());
    REQUIRE(rows.size() == 1);
    runs.push_back(rows.front());
  }
  std::filesystem::remove_all(dir);
  INFO(runs[0].instructions_note);
  if (sanitized || find_valgrind().empty()) {
    // valgrind cannot run sanitized binaries, or is absent: the note says why.
    CHECK(runs[0].instructions.has_value() != !runs[0].instructions_note.empty());
    return;
  }
  REQUIRE(runs[0].instructions.has_value());
  CHECK(*runs[0].instructions > 1000);
  CHECK(runs[0].instructions == runs[1].instructions);
  CHECK(runs[0].instructions_note.empty());
}

}  // namespace pqmul_tests::experiments_test_cli_bench

#endif
