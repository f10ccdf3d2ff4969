// Interleaved repetitions against fakes: the order cases run in, the figures
// of a row from readings the test chooses (expected values worked out here,
// not by the code under test), the noise verdict and the reruns, with the
// load and steal readings injected.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "pqmul/experiments/bench_measure.hpp"
#include "pqmul/experiments/interleaved.hpp"
#include "pqmul/experiments/noise.hpp"

namespace pqmul_tests::experiments_test_interleaved {

using namespace pqmul::experiments;

namespace {

// A counter whose reading for call k of case c is reading(c, k): begin()
// returns 0 and end() the chosen reading of the case that just ran.
struct FakeClock {
  using Reading = std::function<std::uint64_t(std::size_t, std::size_t)>;
  explicit FakeClock(Reading r) : reading(std::move(r)) {}
  Reading reading;
  std::map<std::size_t, std::size_t> calls;  // case -> calls timed so far
  std::size_t current = 0;
  std::uint64_t begin() { return 0; }
  std::uint64_t end() { return reading(current, calls[current]++); }
};

// Cases that record the order they run in and tell the clock who ran.
std::vector<std::function<void()>> recording_cases(std::size_t n, FakeClock& clock, std::vector<std::size_t>& log) {
  std::vector<std::function<void()>> cases;
  for (std::size_t c = 0; c < n; ++c)
    cases.push_back([c, &clock, &log] {
      clock.current = c;
      log.push_back(c);
    });
  return cases;
}

// Fixed repetitions and samples, no warm-up: every call is a timed call.
RepetitionSettings exact(std::size_t repetitions, std::size_t samples) {
  RepetitionSettings s;
  s.repetitions = repetitions;
  s.samples = samples;
  s.warmup_min = 0;
  s.warmup_max = 0;
  return s;
}

SystemReader quiet() {
  return [] { return SystemReading{0.1, 0, 0}; };
}

// A reader that returns the given readings in turn (the last one repeated).
SystemReader sequence(std::vector<SystemReading> readings) {
  auto next = std::make_shared<std::size_t>(0);
  return [readings, next] { return readings[std::min(readings.size() - 1, (*next)++)]; };
}

}  // namespace

TEST_CASE("interleaving: every case runs once per repetition before the next, rotated", "[interleaved]") {
  FakeClock clock{[](std::size_t, std::size_t) { return 1; }};
  std::vector<std::size_t> log;
  const auto cases = recording_cases(3, clock, log);
  const auto attempts = run_interleaved(cases, {0, 1, 2}, clock, exact(4, 2), quiet());
  // Written out by hand: round r starts with case r mod 3, each case's two calls together.
  const std::vector<std::size_t> expected = {0, 0, 1, 1, 2, 2,  1, 1, 2, 2, 0, 0,
                                             2, 2, 0, 0, 1, 1,  0, 0, 1, 1, 2, 2};
  CHECK(log == expected);
  REQUIRE(attempts.size() == 3);
  for (const auto& a : attempts) CHECK(a.repetitions.size() == 4);

  // A rerun of a subset interleaves that subset alone.
  log.clear();
  (void)run_interleaved(cases, {0, 2}, clock, exact(2, 1), quiet());
  CHECK(log == std::vector<std::size_t>{0, 2, 2, 0});
}

TEST_CASE("a row's median is the median of its repetition medians, with the order-statistics interval",
          "[interleaved]") {
  // Case c, repetition r: three samples base_c + 10 r, base_c + 10 r + 1 and a
  // slow outlier base_c + 5000, so the repetition median is base_c + 10 r + 1.
  const std::size_t repetitions = 7, samples = 3;
  const std::uint64_t bases[] = {10000, 20000};
  FakeClock clock{[&](std::size_t c, std::size_t k) -> std::uint64_t {
    const std::size_t r = k / samples, s = k % samples;
    return bases[c] + (s == 2 ? 5000 : 10 * r + s);
  }};
  std::vector<std::size_t> log;
  const auto runs = recording_cases(2, clock, log);
  std::vector<BenchCase> cases(2);
  for (std::size_t c = 0; c < 2; ++c) cases[c].run = runs[c];
  measure_cases(cases, clock, exact(repetitions, samples), quiet(), nullptr);

  for (std::size_t c = 0; c < 2; ++c) {
    const Row& row = cases[c].row;
    const double base = static_cast<double>(bases[c]);
    std::vector<double> expected_medians;
    for (std::size_t r = 0; r < repetitions; ++r) expected_medians.push_back(base + 10.0 * r + 1);
    CHECK(row.repetition_medians == expected_medians);
    CHECK(row.repetitions == repetitions);
    CHECK(row.samples == repetitions * samples);
    CHECK(row.median == base + 31);  // the 4th of 7 sorted medians
    // Seven values: [min, max] misses the median with probability 2/2^7 < 5%,
    // [2nd, 6th] with 16/128 > 5%, so the interval is [min, max].
    CHECK(row.ci_low == base + 1);
    CHECK(row.ci_high == base + 61);
    // 21 samples: the 10th percentile is the 3rd smallest (rank floor(0.1 * 20)),
    // the 90th the 19th: 7 outliers sit at the top, so it is an outlier.
    CHECK(row.p10 == base + 10);
    CHECK(row.p90 == base + 5000);
    CHECK_FALSE(row.noisy);
    CHECK(row.noise.empty());
  }
}

TEST_CASE("too few repetitions give no interval, and the row is judged on steal and load alone", "[interleaved]") {
  FakeClock clock{[](std::size_t, std::size_t k) -> std::uint64_t { return 100 + 50 * (k % 2); }};
  std::vector<std::size_t> log;
  const auto runs = recording_cases(1, clock, log);
  std::vector<BenchCase> cases(1);
  cases[0].run = runs[0];
  measure_cases(cases, clock, exact(3, 4), quiet(), nullptr);
  CHECK_FALSE(cases[0].row.ci_low.has_value());
  CHECK_FALSE(cases[0].row.ci_high.has_value());
  CHECK(cases[0].row.repetitions == 3);
  CHECK_FALSE(cases[0].row.noisy);
}

TEST_CASE("/proc readings parse, and steal is the eighth column of the cpu line", "[interleaved]") {
  const auto r = parse_system_reading("1.50 0.80 0.40 2/100 999\n",
                                      "cpu  100 0 50 800 10 0 5 35 7 0\ncpu0 50 0 25 400 5 0 2 18 3 0\n");
  CHECK(r.load1 == 1.5);
  CHECK(r.steal == 35);
  CHECK(r.total == 100 + 50 + 800 + 10 + 5 + 35);  // guest time is inside user already
  CHECK_THROWS_AS(parse_system_reading("", "cpu  1 2 3 4 5 6 7 8\n"), std::runtime_error);
  CHECK_THROWS_AS(parse_system_reading("0.1 0.1 0.1", "cpu  1 2 3 4\n"), std::runtime_error);
  CHECK_THROWS_AS(parse_system_reading("0.1 0.1 0.1", "intr 5\n"), std::runtime_error);
  const auto here = read_system();  // this machine: a well-formed reading
  CHECK(here.load1 >= 0);
  CHECK(here.steal <= here.total);
}

TEST_CASE("steal and load seen while a case ran make it noisy", "[interleaved]") {
  FakeClock clock{[](std::size_t, std::size_t) { return 1000; }};
  std::vector<std::size_t> log;
  const auto runs = recording_cases(1, clock, log);
  // Two rounds: 3 of 100 ticks stolen in the first, none in the second; load 2.5 at the end.
  const auto reader = sequence({{0.5, 0, 0}, {0.5, 3, 100}, {0.5, 3, 100}, {2.5, 3, 200}});
  auto settings = exact(2, 1);
  const auto attempts = run_interleaved(runs, {0}, clock, settings, reader);
  REQUIRE(attempts.size() == 1);
  CHECK(attempts[0].exposure.steal == 3);
  CHECK(attempts[0].exposure.total == 200);
  CHECK(attempts[0].exposure.max_load1 == 2.5);
  // 1.5% stolen: noisy at the default 0.5%, clean at 2%.
  CHECK_THAT(figures_of(attempts[0], settings.limits).noise, Catch::Equals("steal 1.5% > 0.5%"));
  settings.limits.max_steal = 0.02;
  CHECK(figures_of(attempts[0], settings.limits).noise.empty());
  settings.limits.max_load = 2;
  CHECK_THAT(figures_of(attempts[0], settings.limits).noise, Catch::Equals("load 2.50 > 2"));
}

TEST_CASE("a noisy row is rerun and its narrowest attempt kept; clean rows are not rerun", "[interleaved]") {
  // Case 0 is always tight. Case 1's repetition medians spread by `spread[attempt]`
  // around 1000: the half-width of [min, max] over six repetitions is spread / 1000.
  const std::vector<double> spread = {100, 40, 60};
  std::vector<std::vector<std::size_t>> requested;
  const auto runner = [&](const std::vector<std::size_t>& subset) {
    const std::size_t attempt = requested.size();
    requested.push_back(subset);
    std::vector<CaseAttempt> out;
    for (std::size_t c : subset) {
      CaseAttempt a;
      const double s = c == 0 ? 1 : spread[attempt];
      for (int r = 0; r < 6; ++r) {
        const auto value = static_cast<std::uint64_t>(1000 + (r == 0 ? -s : r == 5 ? s : 0));
        a.repetitions.push_back({value});
      }
      out.push_back(a);
    }
    return out;
  };
  RepetitionSettings settings;
  settings.reruns = 2;
  const auto figures = measure_with_reruns(2, runner, settings);
  REQUIRE(requested.size() == 3);
  CHECK(requested[0] == std::vector<std::size_t>{0, 1});
  CHECK(requested[1] == std::vector<std::size_t>{1});
  CHECK(requested[2] == std::vector<std::size_t>{1});
  CHECK(figures[0].noise.empty());
  CHECK(figures[0].attempts == 1);
  // Every attempt at case 1 is wider than 3%: the second (4%) is kept.
  CHECK(figures[1].attempts == 3);
  REQUIRE(figures[1].interval);
  CHECK(figures[1].interval->low == 960);
  CHECK(figures[1].interval->high == 1040);
  CHECK_THAT(figures[1].noise, Catch::Equals("half-width 4.0% > 3%; best of 3 attempts"));

  // With a 5% limit the second attempt is clean and no third is made.
  requested.clear();
  settings.limits.max_half_width = 0.05;
  const auto relaxed = measure_with_reruns(2, runner, settings);
  CHECK(requested.size() == 2);
  CHECK(relaxed[1].noise.empty());
  CHECK(relaxed[1].attempts == 2);

  // No reruns: the first attempt stands, noisy.
  requested.clear();
  settings.limits.max_half_width = 0.03;
  settings.reruns = 0;
  const auto once = measure_with_reruns(2, runner, settings);
  CHECK(requested.size() == 1);
  CHECK_THAT(once[1].noise, Catch::Equals("half-width 10.0% > 3%"));
}

TEST_CASE("warm-up settles when the last three block medians agree", "[interleaved]") {
  CHECK_FALSE(timings_settled({100, 100}, 0.02));
  CHECK(timings_settled({200, 100, 101, 102}, 0.02));
  CHECK_FALSE(timings_settled({100, 101, 110}, 0.02));
  CHECK(timings_settled({150, 130, 110, 100, 101, 100}, 0.02));

  // A case that slows down and then settles: the warm-up runs it until then.
  std::size_t calls = 0;
  FakeClock clock{[&](std::size_t, std::size_t k) -> std::uint64_t { return k < 500 ? 3000 - 4 * k : 1000; }};
  RepetitionSettings s;
  s.warmup_min = 0;
  s.warmup_max = 5;
  s.samples = 7;
  const auto w = warm_up([&] { ++calls; }, clock, s);
  CHECK(w.settled);
  CHECK(w.samples == 7);
  CHECK(clock.calls[0] > 500);  // it went on past the drifting calls
}

}  // namespace pqmul_tests::experiments_test_interleaved
