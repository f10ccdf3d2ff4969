// The dudect statistics against values worked out by hand, and the
// measuring loop's class draws and slots with a fake clock.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "pqmul/experiments/timing_classes.hpp"
#include "pqmul/experiments/timing_leak.hpp"

namespace pqmul_tests::experiments_test_timing_leak {

using namespace pqmul::experiments;

namespace {

// Class 0: 1 2 3 4 5 (mean 3, s^2 = 10/4 = 2.5); class 1: 2 4 6 8 10 (mean 6,
// s^2 = 40/4 = 10), interleaved.
const std::vector<std::uint64_t> small_ticks{1, 2, 2, 4, 3, 6, 4, 8, 5, 10};
const std::vector<std::uint8_t> small_classes{0, 1, 0, 1, 0, 1, 0, 1, 0, 1};

LeakTestSettings small_settings(std::vector<double> crops, bool second_order) {
  LeakTestSettings s;
  s.crop_fractions = std::move(crops);
  s.second_order = second_order;
  s.min_per_class = 2;
  return s;
}

}  // namespace

TEST_CASE("timing leak: class moments: running mean and the unbiased variance") {
  ClassMoments m;
  CHECK(m.sample_variance() == 0);
  for (double x : {1.0, 2.0, 3.0, 4.0, 5.0}) m.add(x);
  CHECK(m.count() == 5);
  CHECK(m.mean() == Approx(3));
  CHECK(m.sample_variance() == Approx(2.5));
}

TEST_CASE("timing leak: Welch's t of two small classes, by hand") {
  ClassMoments a, b;
  for (double x : {1.0, 2.0, 3.0, 4.0, 5.0}) a.add(x);
  for (double x : {2.0, 4.0, 6.0, 8.0, 10.0}) b.add(x);
  // (3 - 6) / sqrt(2.5/5 + 10/5) = -3 / sqrt(2.5)
  CHECK(welch_t(a, b) == Approx(-3 / std::sqrt(2.5)));
  CHECK(welch_t(b, a) == Approx(3 / std::sqrt(2.5)));
  ClassMoments one, flat1, flat2;
  one.add(1);
  CHECK(welch_t(one, b) == 0);  // fewer than two values
  for (int i = 0; i < 3; ++i) flat1.add(7), flat2.add(7);
  CHECK(welch_t(flat1, flat2) == 0);  // no spread at all
}

TEST_CASE("timing leak: dudect's cropping ladder") {
  const auto p = dudect_crop_fractions();
  REQUIRE(p.size() == 100);
  CHECK(p.front() == Approx(1 - std::pow(0.5, 0.1)));  // 0.0670
  CHECK(p.back() == Approx(1 - 1.0 / 1024));           // 0.9990
  CHECK(std::is_sorted(p.begin(), p.end()));
  CHECK(dudect_crop_fractions(2) == std::vector<double>{1 - std::pow(0.5, 5), 1 - std::pow(0.5, 10)});
}

TEST_CASE("timing leak: raw, cropped and second-order tests of a small set, by hand") {
  const auto a = assess_timing_leak(small_ticks, small_classes, small_settings({0.5}, true));
  CHECK(a.class0 == 5);
  CHECK(a.class1 == 5);
  REQUIRE(a.tests.size() == 3);
  CHECK(a.raw.name == "raw");
  CHECK(a.raw.t == Approx(-3 / std::sqrt(2.5)));  // -1.897
  // Sorted: 1 2 2 3 4 4 5 6 8 10; the value at index floor(0.5 * 10) is 4.
  // Kept: class 0 1 2 3 4 (mean 2.5, s^2 = 5/3), class 1 2 4 (mean 3, s^2 = 2).
  CHECK(a.tests[1].name == "crop p<=0.500");
  CHECK(a.tests[1].class0 == 4);
  CHECK(a.tests[1].class1 == 2);
  CHECK(a.tests[1].t == Approx(-0.5 / std::sqrt(5.0 / 3 / 4 + 2.0 / 2)));  // -0.420
  // Squared deviations: class 0 4 1 0 1 4 (mean 2, s^2 = 14/4), class 1 16 4 0 4 16 (mean 8, s^2 = 224/4).
  CHECK(a.tests[2].name == "second-order");
  CHECK(a.tests[2].t == Approx(-6 / std::sqrt(3.5 / 5 + 56.0 / 5)));  // -1.739
  // The largest |t| is the raw test's.
  CHECK(a.largest.name == "raw");
}

TEST_CASE("timing leak: tests with too few measurements per class do not count towards the largest |t|") {
  // Cropped at 0.2 (value 2): class 0 keeps 1 2, class 1 keeps 2 only.
  auto settings = small_settings({0.2}, false);
  const auto a = assess_timing_leak(small_ticks, small_classes, settings);
  CHECK(a.tests[1].class1 == 1);
  CHECK(a.largest.name == "raw");
  settings.min_per_class = 6;  // nothing qualifies: the raw test stands
  CHECK(assess_timing_leak(small_ticks, small_classes, settings).largest.name == "raw");
}

TEST_CASE("timing leak: assess_timing_leak refuses mismatched or unknown classes") {
  CHECK_THROWS_AS(assess_timing_leak(small_ticks, std::vector<std::uint8_t>{0, 1}), std::invalid_argument);
  std::vector<std::uint8_t> three = small_classes;
  three[3] = 2;
  CHECK_THROWS_AS(assess_timing_leak(small_ticks, three), std::invalid_argument);
}

TEST_CASE("timing leak: one distribution in both classes passes, a shift of a tenth of its spread does not") {
  std::mt19937_64 rng(2024);
  std::lognormal_distribution<double> noise(0, 0.5);  // heavy upper tail, as interrupts make
  std::vector<std::uint64_t> same, shifted;
  std::vector<std::uint8_t> classes;
  for (int i = 0; i < 200'000; ++i) {
    const auto c = static_cast<std::uint8_t>(rng() & 1);
    const double base = 10'000 + 1'000 * noise(rng);
    classes.push_back(c);
    same.push_back(static_cast<std::uint64_t>(base));
    shifted.push_back(static_cast<std::uint64_t>(base + (c ? 100 : 0)));
  }
  const auto null = assess_timing_leak(same, classes);
  CHECK(std::abs(null.largest.t) < dudect_suspicious_threshold);
  CHECK(leak_verdict(null.largest.t) == "ok");
  const auto leak = assess_timing_leak(shifted, classes);
  CHECK(leak.largest.t < -dudect_leak_threshold);  // class 1 is the slower
  CHECK(leak_verdict(leak.largest.t) == "leak");
  // Cropping the tail helps: the largest |t| comes from a cropped set.
  CHECK(std::abs(leak.largest.t) > std::abs(leak.raw.t));
}

TEST_CASE("timing leak: verdicts at dudect's thresholds") {
  CHECK(leak_verdict(4.5) == "ok");
  CHECK(leak_verdict(-4.6) == "suspicious");
  CHECK(leak_verdict(10) == "suspicious");
  CHECK(leak_verdict(-10.1) == "leak");
}

namespace {

// A clock that advances by what the timed call adds to it.
struct FakeClock {
  std::uint64_t now = 0;
  std::uint64_t begin() { return now; }
  std::uint64_t end() { return now; }
};

}  // namespace

TEST_CASE("timing leak: measure_classes times each prepared slot once, with its drawn class") {
  FakeClock clock;
  std::size_t prepared = 0, runs = 0;
  TimingTarget target{"op", "class-as-time", 3, {}, {}};
  target.prepare = [&](int input_class, std::span<std::uint8_t> slot, std::mt19937_64&) {
    ++prepared;
    for (auto& b : slot) b = static_cast<std::uint8_t>(input_class);
  };
  target.run = [&](std::span<const std::uint8_t> slot) {
    ++runs;
    REQUIRE(slot.size() == 3);
    clock.now += 100 + 7 * slot[0];  // class 1 takes 7 ticks longer
  };
  TimingRunSettings settings;
  settings.measurements = 1000;
  settings.warmup = 50;
  settings.batch_bytes = 3 * 64;  // batches of 64
  std::mt19937_64 rng(1);
  const auto m = measure_classes(target, clock, settings, rng);
  CHECK(prepared == 1050);
  CHECK(runs == 1050);
  REQUIRE(m.ticks.size() == 1000);
  std::size_t ones = 0;
  for (std::size_t i = 0; i < m.ticks.size(); ++i) {
    CHECK(m.ticks[i] == 100u + 7u * m.classes[i]);
    ones += m.classes[i];
  }
  CHECK(ones > 400);  // both classes drawn
  CHECK(ones < 600);
}

TEST_CASE("timing leak: a batch holds at least 16 slots") {
  CHECK(timing_batch_size(10'000, 1024) == 16);
  CHECK(timing_batch_size(1024, 256 * 1024) == 256);
  CHECK(timing_batch_size(0, 1024) == 1024);
}

}  // namespace pqmul_tests::experiments_test_timing_leak
