// Welch's t over the raw, cropped and second-order sets of a dudect test.
#include "pqmul/experiments/timing_leak.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pqmul::experiments {

double ClassMoments::sample_variance() const {
  const std::size_t n = count();
  if (n < 2) return 0;
  // The accumulator's variance divides by n.
  return boost::accumulators::variance(values_) * static_cast<double>(n) / static_cast<double>(n - 1);
}

double welch_t(const ClassMoments& class0, const ClassMoments& class1) {
  if (class0.count() < 2 || class1.count() < 2) return 0;
  const double spread = class0.sample_variance() / static_cast<double>(class0.count()) +
                        class1.sample_variance() / static_cast<double>(class1.count());
  if (spread <= 0) return 0;
  return (class0.mean() - class1.mean()) / std::sqrt(spread);
}

std::vector<double> dudect_crop_fractions(std::size_t count) {
  std::vector<double> out;
  for (std::size_t i = 0; i < count; ++i)
    out.push_back(1 - std::pow(0.5, 10.0 * static_cast<double>(i + 1) / static_cast<double>(count)));
  return out;
}

namespace {

LeakTest finish(std::string name, const ClassMoments (&moments)[2]) {
  return {std::move(name), welch_t(moments[0], moments[1]), moments[0].count(), moments[1].count()};
}

// The value at fraction p of the sorted ticks (dudect's percentile).
std::uint64_t percentile(const std::vector<std::uint64_t>& sorted, double p) {
  const auto index = static_cast<std::size_t>(p * static_cast<double>(sorted.size()));
  return sorted[std::min(index, sorted.size() - 1)];
}

}  // namespace

LeakAssessment assess_timing_leak(std::span<const std::uint64_t> ticks, std::span<const std::uint8_t> classes,
                                  const LeakTestSettings& settings) {
  if (ticks.size() != classes.size())
    throw std::invalid_argument(fmt::format("{} measurements but {} classes", ticks.size(), classes.size()));
  if (std::any_of(classes.begin(), classes.end(), [](std::uint8_t c) { return c > 1; }))
    throw std::invalid_argument("a measurement's class must be 0 or 1");

  const std::size_t crops = settings.crop_fractions.size();
  std::vector<std::uint64_t> thresholds(crops);
  if (!ticks.empty()) {
    std::vector<std::uint64_t> sorted(ticks.begin(), ticks.end());
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t k = 0; k < crops; ++k) thresholds[k] = percentile(sorted, settings.crop_fractions[k]);
  }

  ClassMoments raw[2];
  std::vector<ClassMoments> cropped(2 * crops);
  for (std::size_t i = 0; i < ticks.size(); ++i) {
    const auto value = static_cast<double>(ticks[i]);
    raw[classes[i]].add(value);
    for (std::size_t k = 0; k < crops; ++k)
      if (ticks[i] <= thresholds[k]) cropped[2 * k + classes[i]].add(value);
  }

  LeakAssessment out;
  out.class0 = raw[0].count();
  out.class1 = raw[1].count();
  out.tests.push_back(finish("raw", raw));
  for (std::size_t k = 0; k < crops; ++k) {
    const ClassMoments pair[2] = {cropped[2 * k], cropped[2 * k + 1]};
    out.tests.push_back(finish(fmt::format("crop p<={:.3f}", settings.crop_fractions[k]), pair));
  }
  if (settings.second_order) {
    // A difference in spread rather than in mean: the squared deviation of
    // each measurement from its class's mean, compared in turn.
    const double means[2] = {raw[0].mean(), raw[1].mean()};
    ClassMoments squared[2];
    for (std::size_t i = 0; i < ticks.size(); ++i) {
      const double deviation = static_cast<double>(ticks[i]) - means[classes[i]];
      squared[classes[i]].add(deviation * deviation);
    }
    out.tests.push_back(finish("second-order", squared));
  }

  out.raw = out.tests.front();
  out.largest = out.raw;
  for (const auto& test : out.tests) {
    const bool enough = test.class0 >= settings.min_per_class && test.class1 >= settings.min_per_class;
    if (enough && std::abs(test.t) > std::abs(out.largest.t)) out.largest = test;
  }
  return out;
}

std::string_view leak_verdict(double t, double threshold) {
  const double magnitude = std::abs(t);
  if (magnitude > threshold) return "leak";
  if (magnitude > dudect_suspicious_threshold) return "suspicious";
  return "ok";
}

}  // namespace pqmul::experiments
