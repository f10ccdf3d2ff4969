// Rounds of a sweep: every job runs once per round, in a new process, round r
// of every job before round r + 1 of any; a row's median and interval come
// from its round medians; an interrupted sweep resumes at the round it
// stopped in; and ratios of rows measured in the same rounds resample rounds
// as pairs.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

#include "pqmul/experiments/statistics.hpp"
#include "pqmul/experiments/sweep_rounds.hpp"
#include "sweep_fakes.hpp"

namespace pqmul_tests::experiments_test_sweep_rounds {

using namespace sweep_test;

namespace {

std::string spec_with_rounds(std::size_t rounds) {
  return "name = \"rounds\"\ncompilers = [\"gcc\"]\nisas = [\"portable\"]\nsamples = 10\nrounds = " +
         std::to_string(rounds) +
         "\n[kem]\nschemes = [\"saber\", \"ntruhps2048677\"]\nmultipliers = [\"default\"]\noperations = "
         "[\"encaps\"]\n";
}

struct RoundsFixture {
  ScratchDir dir;
  std::string text = spec_with_rounds(6);
  SweepSpec spec = parse_sweep_spec(text, "rounds.toml");
  HostInfo host = x86_host(false);
  Plan plan = make_plan(spec, fake_catalogue(), host);
  SweepOptions options = sweep_options_in(dir, "rounds.toml", text);
  std::ostringstream progress;
  std::vector<Row> results() const { return read_csv((fs::path(options.results_dir) / "results.csv").string()); }
};

Row timed_row(double median, const std::string& noise = "") {
  Row r;
  r.id = "saber/toom4-k2/portable";
  r.operation = "encaps";
  r.median = median;
  r.p10 = median - 50;
  r.p90 = median + 50;
  r.repetitions = 3;
  r.repetition_medians = {median, median, median};
  r.rounds = 1;
  r.samples = 30;
  r.noisy = !noise.empty();
  r.noise = noise;
  r.correct = "pass";
  return r;
}

}  // namespace

TEST_CASE("sweep rounds: a spec takes 1 round or enough for an interval", "[sweep]") {
  CHECK(parse_sweep_spec(spec_with_rounds(1), "r.toml").rounds == 1);
  CHECK(parse_sweep_spec(spec_with_rounds(6), "r.toml").rounds == 6);
  CHECK_THROWS_WITH(parse_sweep_spec(spec_with_rounds(3), "r.toml"), Catch::Contains("at least 6"));
  CHECK_THROWS_AS(parse_sweep_spec(spec_with_rounds(0), "r.toml"), SpecError);
  CHECK(parse_sweep_spec("[kem]\nschemes = [\"saber\"]\n", "r.toml").rounds == 1);
}

TEST_CASE("sweep rounds: each job runs once per round, rounds interleaved across jobs", "[sweep]") {
  RoundsFixture f;
  FakeRunner runner;
  runner.median_step = 2;
  run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);
  REQUIRE(f.plan.jobs.size() == 2);
  CHECK(runner.checks() == 2);    // the known answers are checked in round 1 only
  CHECK(runner.benches() == 12);  // 2 jobs x 6 rounds
  // Benchmarks alternate between the jobs: round r of both before round r + 1.
  std::vector<std::string> order;
  for (const auto& c : runner.commands)
    if (subcommand(c) == "bench") order.push_back(after(c, "--scheme"));
  for (std::size_t i = 2; i < order.size(); ++i) CHECK(order[i] == order[i - 2]);
  CHECK(order[0] != order[1]);

  const auto rows = f.results();
  REQUIRE(rows.size() == 2);
  for (std::size_t j = 0; j < rows.size(); ++j) {
    const Row& r = rows[j];
    CHECK(r.rounds == 6);
    // The n-th benchmark printed 1000 + 2n; job j ran as benchmarks j, j + 2, ...
    std::vector<double> expected;
    for (std::size_t round = 0; round < 6; ++round) expected.push_back(1000 + 2.0 * static_cast<double>(2 * round + j));
    CHECK(r.round_medians == expected);
    // Median of six: the mean of the third and fourth; 95% needs the extremes at n = 6.
    CHECK(*r.median == Approx((expected[2] + expected[3]) / 2));
    CHECK(*r.ci_low == Approx(expected.front()));
    CHECK(*r.ci_high == Approx(expected.back()));
    CHECK(r.repetitions == 12);
    CHECK(r.repetition_medians.size() == 12);
    CHECK(r.samples == 60);
    CHECK(*r.p10 == Approx(expected.front() - 100));
    CHECK(*r.p90 == Approx(expected.back() + 100));
    CHECK(r.correct == "pass");
    CHECK_FALSE(r.noisy);  // half-width 10 / 1010 is under 3%
  }
  CHECK_THAT(f.progress.str(), Catch::Contains("[round 6/6, row 2/2]"));
}

TEST_CASE("sweep rounds: an interrupted sweep resumes in the round it stopped in", "[sweep]") {
  RoundsFixture f;
  FakeRunner first;
  // git; the tree's version, configure, build and list; round 1 (check and
  // benchmark per job); round 2; then stop after round 3's first benchmark.
  first.fail_after = 1 + 4 + 4 + 2 + 1;
  CHECK_THROWS(run_sweep(f.spec, f.plan, f.host, f.options, first, f.progress));
  const std::size_t before = first.benches();
  CHECK(before == 5);
  FakeRunner second;
  run_sweep(f.spec, f.plan, f.host, f.options, second, f.progress);
  CHECK(second.builds() == 0);
  CHECK(second.checks() == 0);
  CHECK(before + second.benches() == 12);  // no round is run twice
  for (const auto& r : f.results()) CHECK(r.rounds == 6);
}

TEST_CASE("sweep rounds: merging rounds and judging their spread", "[sweep]") {
  SECTION("the median and interval rest on the round medians, whatever the repetitions say") {
    std::vector<Row> rows{timed_row(100)};
    const std::vector<double> later{130, 90, 110, 95, 120};
    for (std::size_t i = 0; i < later.size(); ++i) add_round(rows, {timed_row(later[i])}, i + 2);
    std::vector<double> all{100, 130, 90, 110, 95, 120};
    CHECK(rows[0].round_medians == all);
    std::sort(all.begin(), all.end());
    CHECK(*rows[0].median == Approx((all[2] + all[3]) / 2));
    CHECK(*rows[0].ci_low == Approx(all.front()));
    CHECK(*rows[0].ci_high == Approx(all.back()));
    CHECK(interval_units(rows[0]) == rows[0].round_medians);
    judge_rounds(rows, 0.03);
    CHECK(rows[0].noisy);  // half-width 20 around 105
    CHECK_THAT(rows[0].noise, Catch::StartsWith("half-width over 6 rounds"));
  }
  SECTION("one noisy round in six is named but does not mark the row; two do") {
    std::vector<Row> one{timed_row(100, "steal 1.0% > 0.5%")}, two = one;
    for (std::size_t round = 2; round <= 6; ++round) {
      add_round(one, {timed_row(100)}, round);
      add_round(two, {timed_row(100, round == 4 ? "load 3.0" : "")}, round);
    }
    judge_rounds(one, 0.03);
    judge_rounds(two, 0.03);
    CHECK_FALSE(one[0].noisy);
    CHECK(one[0].noise == "round 1: steal 1.0% > 0.5%");
    CHECK(two[0].noisy);
    CHECK_THAT(two[0].noise, Catch::StartsWith("2 of 6 rounds noisy"));
    CHECK_THAT(two[0].noise, Catch::Contains("round 4: load 3.0"));
  }
  SECTION("a round that printed other rows, or lost a timing, is refused") {
    std::vector<Row> rows{timed_row(100)};
    Row other = timed_row(100);
    other.operation = "decaps";
    CHECK_THROWS_WITH(add_round(rows, {other}, 2), Catch::Contains("round 2 printed row 1"));
    CHECK_THROWS_WITH(add_round(rows, {}, 2), Catch::Contains("printed 0 rows"));
    Row untimed = timed_row(100);
    untimed.median.reset();
    CHECK_THROWS_WITH(add_round(rows, {untimed}, 2), Catch::Contains("no timing"));
  }
  SECTION("a failing round fails the row") {
    std::vector<Row> rows{timed_row(100)};
    Row failed = timed_row(100);
    failed.correct = "fail";
    add_round(rows, {failed}, 2);
    CHECK(rows[0].correct == "fail");
  }
}

TEST_CASE("sweep rounds: rows of the same rounds are resampled in pairs", "[sweep]") {
  // Round speeds that swing by 2x, shared by both rows: b is always exactly
  // twice a. Pairs see the constant ratio; independent resampling cannot.
  const std::vector<double> speed{1.0, 1.9, 1.2, 2.0, 1.1, 1.6, 1.3, 1.8};
  std::vector<double> a, b;
  for (double s : speed) {
    a.push_back(100 * s);
    b.push_back(200 * s);
  }
  const Estimate paired = paired_ratio_estimate(a, b);
  REQUIRE(paired.interval);
  CHECK(paired.value == Approx(0.5));
  CHECK(paired.interval->low == Approx(0.5));
  CHECK(paired.interval->high == Approx(0.5));
  const Estimate independent = ratio_estimate(a, b);
  REQUIRE(independent.interval);
  CHECK(independent.interval->high - independent.interval->low > 0.1);

  Row ra, rb;
  ra.round_medians = a;
  rb.round_medians = b;
  CHECK(row_ratio_estimate(ra, rb).interval->high == Approx(0.5));
  rb.round_medians.pop_back();  // not the same rounds: independent
  CHECK(row_ratio_estimate(ra, rb).interval->high > 0.55);
  CHECK_THROWS_AS(paired_ratio_estimate(a, rb.round_medians), std::invalid_argument);
}

}  // namespace pqmul_tests::experiments_test_sweep_rounds
