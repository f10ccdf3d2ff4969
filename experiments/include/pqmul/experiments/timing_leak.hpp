#pragma once
// The statistics of a dudect test (Reparaz, Balasch, Verbauwhede, "Dude, is my
// code constant time?", DATE 2017): the measurements of two input classes,
// interleaved at random, compared by Welch's t on the raw timings, on sets
// cropped at a ladder of percentiles (cropping drops the upper tail, where
// interrupts and other tenants of the machine put their noise), and
// optionally by the second-order test on squared deviations from the class
// means. The largest |t| over these tests decides.
#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/count.hpp>
#include <boost/accumulators/statistics/mean.hpp>
#include <boost/accumulators/statistics/stats.hpp>
#include <boost/accumulators/statistics/variance.hpp>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pqmul::experiments {

// dudect's verdicts: |t| above 10 is "definitely not constant time"; above
// 4.5 (the TVLA threshold) it is worth a longer run.
inline constexpr double dudect_leak_threshold = 10;
inline constexpr double dudect_suspicious_threshold = 4.5;

// Running mean and variance of one class (Boost.Accumulators updates both
// with every value, as Welford's method does).
class ClassMoments {
 public:
  void add(double value) { values_(value); }
  std::size_t count() const { return boost::accumulators::count(values_); }
  double mean() const { return boost::accumulators::mean(values_); }
  // The unbiased (n - 1) variance Welch's t takes; 0 below two values.
  double sample_variance() const;

 private:
  using Stats = boost::accumulators::stats<boost::accumulators::tag::count, boost::accumulators::tag::mean,
                                           boost::accumulators::tag::variance>;
  boost::accumulators::accumulator_set<double, Stats> values_;
};

// Welch's t of class 0 against class 1, (mean0 - mean1) / sqrt(s0^2/n0 + s1^2/n1):
// 0 when either class has fewer than two values or both have no spread.
double welch_t(const ClassMoments& class0, const ClassMoments& class1);

// dudect's cropping ladder: keep the measurements at or below the p-th
// percentile of all of them, p = 1 - 0.5^(10 (i + 1) / count) for i < count
// (dense near the top, where the noise is, from p = 0.067 up to 0.999).
std::vector<double> dudect_crop_fractions(std::size_t count = 100);

struct LeakTestSettings {
  std::vector<double> crop_fractions = dudect_crop_fractions();
  bool second_order = false;
  // A test with fewer measurements in either class is left out of the
  // maximum (dudect waits for 10,000 before it trusts a test at all).
  std::size_t min_per_class = 500;
};

// One of the tests over a measurement set.
struct LeakTest {
  std::string name;  // "raw", "crop p<=0.930" (the fraction kept), "second-order"
  double t = 0;
  std::size_t class0 = 0, class1 = 0;  // measurements each class brought to it
};

struct LeakAssessment {
  LeakTest raw;
  LeakTest largest;             // the test with the largest |t| (raw when nothing else qualifies)
  std::vector<LeakTest> tests;  // every test, raw first
  std::size_t class0 = 0, class1 = 0;
};

// ticks[i] was measured with input class classes[i] (0 or 1). Throws
// std::invalid_argument for sets of unequal size or a class other than 0 or 1.
LeakAssessment assess_timing_leak(std::span<const std::uint64_t> ticks, std::span<const std::uint8_t> classes,
                                  const LeakTestSettings& settings = {});

// "leak" for |t| above `threshold`, else "suspicious" above dudect's
// suspicious threshold, else "ok".
std::string_view leak_verdict(double t, double threshold = dudect_leak_threshold);

}  // namespace pqmul::experiments
