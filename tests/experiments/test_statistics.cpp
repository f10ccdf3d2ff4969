// The interval machinery: order-statistics coverage against exhaustive
// enumeration, intervals against simulation, bootstrap reproducibility.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "pqmul/experiments/statistics.hpp"

namespace pqmul_tests::experiments_test_statistics {

using namespace pqmul::experiments;

TEST_CASE("median_of takes the middle value or the mean of the two middle values") {
  CHECK(median_of({3, 1, 2}) == 2);
  CHECK(median_of({4, 1, 3, 2}) == 2.5);
  CHECK_THROWS_AS(median_of({}), std::invalid_argument);
}

TEST_CASE("a 95% order-statistics interval needs six values") {
  // Independent count: [min, max] misses the median only when all n values fall
  // on one side of it, probability 2 / 2^n; 2/32 > 5% but 2/64 < 5%.
  CHECK(fewest_for_median_interval(0.95) == 6);
  CHECK_FALSE(median_interval({1, 2, 3, 4, 5}).has_value());
  const auto six = median_interval({6, 1, 5, 2, 4, 3});
  REQUIRE(six);
  CHECK(six->low == 1);
  CHECK(six->high == 6);
}

TEST_CASE("the chosen order statistics have the stated coverage, checked by enumerating sign patterns") {
  // For n values, the interval [x(j), x(n+1-j)] covers the median unless fewer
  // than j values lie below it or fewer than j above; enumerate every pattern.
  for (std::size_t n : {6u, 9u, 12u, 17u}) {
    std::vector<double> ranks(n);
    for (std::size_t i = 0; i < n; ++i) ranks[i] = static_cast<double>(i + 1);
    const auto interval = median_interval(ranks);
    REQUIRE(interval);
    const auto j = static_cast<std::size_t>(interval->low);
    REQUIRE(static_cast<std::size_t>(interval->high) == n + 1 - j);
    std::size_t covered = 0;
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
      const auto below = static_cast<std::size_t>(__builtin_popcount(mask));
      if (below >= j && n - below >= j) ++covered;
    }
    const double coverage = static_cast<double>(covered) / static_cast<double>(1u << n);
    CHECK(coverage >= 0.95);
    // ... and one step narrower would fall short (the interval is the narrowest).
    if (j + 1 <= (n + 1) / 2) {
      std::size_t narrower = 0;
      for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
        const auto below = static_cast<std::size_t>(__builtin_popcount(mask));
        if (below >= j + 1 && n - below >= j + 1) ++narrower;
      }
      CHECK(static_cast<double>(narrower) / static_cast<double>(1u << n) < 0.95);
    }
  }
}

TEST_CASE("median intervals cover the true median about 95% of the time on skewed data") {
  std::mt19937_64 rng(12345);
  std::exponential_distribution<double> skewed(1.0);
  const double true_median = std::log(2.0);
  int covered = 0;
  const int trials = 2000;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> v(15);
    for (double& x : v) x = skewed(rng);
    const auto i = median_interval(v);
    REQUIRE(i);
    covered += i->low <= true_median && true_median <= i->high;
  }
  CHECK(covered >= trials * 0.94);  // coverage at n = 15 is 96.5%
}

TEST_CASE("ratio intervals are reproducible, contain the estimate and cover the true ratio") {
  const std::vector<double> a{100, 102, 98, 101, 99, 103, 97, 100};
  const std::vector<double> b{200, 198, 202, 201, 199, 200, 203, 197};
  const auto e = ratio_estimate(a, b);
  REQUIRE(e.interval);
  CHECK(e.value == Approx(0.5));
  CHECK(e.interval->low <= e.value);
  CHECK(e.interval->high >= e.value);
  CHECK(e.interval->high - e.interval->low < 0.05);
  const auto again = ratio_estimate(a, b);
  CHECK(again.interval->low == e.interval->low);
  CHECK(again.interval->high == e.interval->high);
  CHECK_FALSE(ratio_estimate({1}, {2}).interval.has_value());

  std::mt19937_64 rng(99);
  std::normal_distribution<double> noise(0, 3);
  int covered = 0;
  const int trials = 300;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> x(12), y(12);
    for (double& v : x) v = 150 + noise(rng);
    for (double& v : y) v = 100 + noise(rng);
    const auto r = ratio_estimate(x, y);
    covered += r.interval->low <= 1.5 && 1.5 <= r.interval->high;
  }
  CHECK(covered >= trials * 0.88);  // percentile bootstrap at n = 12 runs a little under nominal
}

}  // namespace pqmul_tests::experiments_test_statistics
