// Counters: detection on this machine, refusal of unusable ones, overhead,
// percentile summaries, callgrind dump parsing and the bench plan's checks.
#include <catch2/catch.hpp>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/callgrind.hpp"
#include "pqmul/experiments/counter.hpp"
#include "pqmul/experiments/measure.hpp"

namespace pqmul_tests::experiments_test_counters {

using namespace pqmul::experiments;

namespace {

const CounterProbe& probe(const std::vector<CounterProbe>& probes, const std::string& name) {
  for (const auto& p : probes)
    if (p.name == name) return p;
  FAIL("no probe for " << name);
  return probes.front();
}

std::string refusal(const std::string& choice) {
  try {
    (void)Counter::open(choice);
  } catch (const CounterUnavailable& e) {
    return e.what();
  }
  return "";
}

[[maybe_unused]] void busy(unsigned n) {
  volatile unsigned sink = 0;
  for (unsigned i = 0; i < n; ++i) sink = sink + i;
}

}  // namespace

TEST_CASE("every counter is probed and says why it is unusable", "[counters]") {
  const auto probes = probe_counters();
  REQUIRE(probes.size() == 5);
  for (const auto& p : probes) {
    INFO(p.name);
    CHECK_FALSE(p.reason.empty());
  }
#if defined(__x86_64__)
  CHECK(probe(probes, "tsc").usable);
  CHECK_FALSE(probe(probes, "cntvct").usable);
#elif defined(__aarch64__)
  CHECK(probe(probes, "cntvct").usable);
  CHECK_FALSE(probe(probes, "tsc").usable);
#endif
}

TEST_CASE("an unusable counter is refused, never read as zeros", "[counters]") {
  const auto probes = probe_counters();
  for (const std::string name : {"perf-cycles", "perf-instructions", "papi-cycles"}) {
    INFO(name);
    if (probe(probes, name).usable) {
      Counter c = Counter::open(name);
      CHECK(c.name() == name);
    } else if (!emulation_reason().empty()) {
      // Under emulation every counter is refused for that one reason.
      CHECK_THAT(refusal(name), Catch::Contains(emulation_reason()));
    } else {
      const std::string why = refusal(name);
      CHECK_THAT(why, Catch::Contains(name));
      CHECK_THAT(why, Catch::Contains(probe(probes, name).reason));
    }
  }
  if (!probe(probes, "papi-cycles").usable) CHECK_FALSE(refusal("papi").empty());
#if defined(__x86_64__)
  CHECK_THAT(refusal("cntvct"), Catch::Contains("AArch64 only"));
#endif
  if (emulation_reason().empty())
    CHECK_THROWS_AS(Counter::open("sundial"), std::invalid_argument);
  else  // emulation is refused before the name is looked at
    CHECK_THROWS_WITH(Counter::open("sundial"), Catch::Contains(emulation_reason()));
}

TEST_CASE("auto picks perf cycles where allowed, else the architecture's counter", "[counters]") {
  if (!emulation_reason().empty()) return;  // under qemu every counter is refused (next test)
  const auto probes = probe_counters();
  Counter c = Counter::open("auto");
#if defined(__x86_64__)
  CHECK(c.name() == (probe(probes, "perf-cycles").usable ? "perf-cycles" : "tsc"));
#elif defined(__aarch64__)
  CHECK(c.name() == (probe(probes, "perf-cycles").usable ? "perf-cycles" : "cntvct"));
#endif
}

TEST_CASE("emulation refuses every counter", "[counters]") {
  ::setenv("PQMUL_EMULATED", "1", 1);
  CHECK(emulation_reason() == "PQMUL_EMULATED is set");
  const std::string why = refusal("auto");
  ::unsetenv("PQMUL_EMULATED");
  CHECK_THAT(why, Catch::Contains("refusing to measure"));
  CHECK_THAT(why, Catch::Contains("correctness only"));
}

#if defined(__x86_64__)
TEST_CASE("the TSC has a positive overhead and orders short and long work", "[counters]") {
  if (!emulation_reason().empty()) return;
  Counter c = Counter::open("tsc");
  CHECK(c.kind() == CounterKind::tsc);
  CHECK(c.overhead() > 0);
  std::vector<std::uint64_t> short_work, long_work;
  sample(c, [] { busy(10); }, 201, short_work);
  sample(c, [] { busy(20000); }, 201, long_work);
  const Summary s = summarize(short_work), l = summarize(long_work);
  CHECK(s.median >= c.overhead() * 0.5);
  CHECK(l.median > 10 * s.median);
  CHECK(l.p10 <= l.median);
  CHECK(l.median <= l.p90);
}
#endif

TEST_CASE("summaries take observed values at the 10th, 50th and 90th percentiles", "[measure]") {
  std::vector<std::uint64_t> v;
  for (std::uint64_t i = 101; i >= 1; --i) v.push_back(i * 10);  // 10..1010, reversed
  const Summary s = summarize(v);
  CHECK(s.samples == 101);
  CHECK(s.median == 510);
  CHECK(s.p10 == 110);
  CHECK(s.p90 == 910);
  std::vector<std::uint64_t> none;
  CHECK_THROWS_AS(summarize(none), std::invalid_argument);
}

TEST_CASE("callgrind dumps are read per label and AVX-512 is declared uncountable", "[callgrind]") {
  const auto dir = std::filesystem::temp_directory_path() / "pqmul_test_callgrind";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
  };
  write("callgrind.out.1", "version: 1\ncreator: callgrind-3.19.0\ndesc: Trigger: Client Request: saber|mul||\n"
                           "events: Ir\nsummary: 817710\n\nfn=(1) f\n5 817710\ntotals: 817710\n");
  write("callgrind.out.2", "desc: Trigger: Client Request: kyber|mul||\nevents: Ir\ntotals: 42\n");
  write("callgrind.out", "desc: Trigger: Program termination\nevents: Ir\ntotals: 99\n");  // the final dump
  write("unrelated.txt", "desc: Trigger: Client Request: other\ntotals: 7\n");
  const auto totals = read_callgrind_dumps((dir / "callgrind.out").string());
  CHECK(totals.size() == 2);
  CHECK(totals.at("saber|mul||") == 817710);
  CHECK(totals.at("kyber|mul||") == 42);
  std::filesystem::remove_all(dir);

  CHECK_FALSE(instructions_unsupported_reason("avx512").empty());
  CHECK(instructions_unsupported_reason("avx2").empty());
  CHECK(instructions_unsupported_reason("portable").empty());
}

TEST_CASE("the bench plan checks each multiplier against the oracle and names bad choices", "[plan]") {
  BenchSelection sel;
  sel.rings = {"saber"};
  sel.multipliers = {"schoolbook", "toom4-k2"};
  sel.operations = {"mul", "matrix-vector"};
  sel.strategies = {"cached"};
  sel.isas = {"portable"};  // the SIMD twins have rows of their own
  sel.rank = 2;
  std::vector<std::string> notes;
  auto cases = plan_benchmarks(sel, &notes);
  REQUIRE(cases.size() == 4);
  for (auto& c : cases) {
    INFO(c.key());
    CHECK(c.row.correct == "pass");
    CHECK(c.row.bytes_held.value_or(0) > 0);
    CHECK(c.row.isa == "portable");
    c.run();  // runs without throwing
  }
  CHECK(cases[1].row.operation == "matrix-vector");
  CHECK(cases[1].row.rank == 2u);
  CHECK(cases[1].row.strategy == "cached");
  CHECK(cases[0].row.id == "saber/schoolbook/portable");

  BenchSelection both = sel;
  both.schemes = {"saber"};
  CHECK_THROWS_WITH(plan_benchmarks(both, nullptr), Catch::Contains("either --scheme"));
  BenchSelection bad_op = sel;
  bad_op.operations = {"divide"};
  CHECK_THROWS_WITH(plan_benchmarks(bad_op, nullptr), Catch::Contains("unknown operation 'divide'"));
  BenchSelection bad_mult = sel;
  bad_mult.multipliers = {"abacus"};
  CHECK_THROWS_WITH(plan_benchmarks(bad_mult, nullptr), Catch::Contains("schoolbook"));
  CHECK(split_list(" a, b ,,c") == std::vector<std::string>{"a", "b", "c"});
}

namespace {

// line with the first digit of every standalone run of 64 lower-case hex
// digits (a SHA-256 digest, not part of a longer word) changed.
std::string with_digests_changed(const std::string& line) {
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  auto is_hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); };
  std::string out = line;
  for (std::size_t i = 0; i + 64 <= line.size();) {
    std::size_t end = i;
    while (end < line.size() && end - i < 64 && is_hex(line[end])) ++end;
    const bool alone = (i == 0 || !is_word(line[i - 1])) && (end == line.size() || !is_word(line[end]));
    if (end - i == 64 && alone) {
      out[i] = line[i] == '0' ? '1' : '0';
      i = end;
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("KEM rows carry the count-0 KAT verdict of this build", "[plan]") {
  BenchSelection sel;
  sel.schemes = {"lightsaber"};
  sel.multipliers = {"toom4-k2"};
  sel.strategies = {"cached"};
  sel.operations = {"keygen", "matrix-vector"};
  sel.isas = {"portable"};
  sel.kat_hashes = PQMUL_VECTORS_DIR "/kem/KAT_HASHES.txt";
  auto cases = plan_benchmarks(sel, nullptr);
  REQUIRE(cases.size() == 2);
  for (auto& c : cases) {
    CHECK(c.row.correct == "pass");
    CHECK(c.row.rank == 2u);
    CHECK(c.row.id == "lightsaber/toom4-k2/portable");
    c.run();
  }
  // A wrong published digest turns the verdict into a failure.
  const auto path = std::filesystem::temp_directory_path() / "pqmul_test_bad_hashes.txt";
  {
    std::ifstream in(sel.kat_hashes);
    std::ofstream out(path);
    std::string line;
    // Every 64-digit digest gets its first digit changed; names stay.
    while (std::getline(in, line)) out << with_digests_changed(line) << "\n";
  }
  sel.kat_hashes = path.string();
  sel.operations = {"keygen"};
  auto failing = plan_benchmarks(sel, nullptr);
  std::filesystem::remove(path);
  REQUIRE(failing.size() == 1);
  CHECK(failing[0].row.correct == "fail");
}

}  // namespace pqmul_tests::experiments_test_counters
