// Medians, order-statistics intervals and the percentile bootstrap.
#include "pqmul/experiments/statistics.hpp"

#include "pqmul/experiments/row.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pqmul::experiments {
namespace {

// P(Binomial(n, 1/2) <= k), summed in log space so large n stays exact enough.
double binomial_half_cdf(std::size_t n, std::size_t k) {
  double total = 0;
  const double log_half_n = static_cast<double>(n) * std::log(0.5);
  for (std::size_t i = 0; i <= k && i <= n; ++i) {
    const double log_choose = std::lgamma(static_cast<double>(n) + 1) - std::lgamma(static_cast<double>(i) + 1) -
                              std::lgamma(static_cast<double>(n - i) + 1);
    total += std::exp(log_choose + log_half_n);
  }
  return std::min(total, 1.0);
}

// Coverage of [x(j), x(n+1-j)] (1-based order statistics) for the median.
double coverage(std::size_t n, std::size_t j) { return 1 - 2 * binomial_half_cdf(n, j - 1); }

}  // namespace

double median_of(std::vector<double> values) {
  if (values.empty()) throw std::invalid_argument("median of no values");
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
  const double upper = values[mid];
  if (values.size() % 2) return upper;
  const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2;
}

std::size_t fewest_for_median_interval(double confidence) {
  for (std::size_t n = 1; n < 64; ++n)
    if (coverage(n, 1) >= confidence) return n;
  throw std::invalid_argument("confidence too close to 1");
}

std::optional<Interval> median_interval(std::vector<double> values, double confidence) {
  const std::size_t n = values.size();
  if (n == 0 || coverage(n, 1) < confidence) return std::nullopt;
  std::size_t j = 1;  // widen inwards while the coverage still holds
  while (j + 1 <= (n + 1) / 2 && coverage(n, j + 1) >= confidence) ++j;
  std::sort(values.begin(), values.end());
  return Interval{values[j - 1], values[n - j]};
}

double resampled_median(const std::vector<double>& values, std::mt19937_64& rng) {
  if (values.empty()) throw std::invalid_argument("resample of no values");
  std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
  std::vector<double> draw(values.size());
  for (double& v : draw) v = values[pick(rng)];
  return median_of(std::move(draw));
}

Interval bootstrap_interval(const std::function<double(std::mt19937_64&)>& replicate, unsigned resamples,
                            double confidence, std::uint64_t seed) {
  if (resamples < 2) throw std::invalid_argument("a bootstrap needs at least two resamples");
  std::mt19937_64 rng(seed);
  std::vector<double> replicates(resamples);
  for (double& r : replicates) {
    r = replicate(rng);
    if (!std::isfinite(r)) throw std::domain_error("a bootstrap replicate is not finite");
  }
  std::sort(replicates.begin(), replicates.end());
  const double tail = (1 - confidence) / 2;
  const auto at = [&](double q) {
    const double pos = q * static_cast<double>(resamples - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min<std::size_t>(lo + 1, resamples - 1);
    return replicates[lo] + (replicates[hi] - replicates[lo]) * (pos - static_cast<double>(lo));
  };
  return {at(tail), at(1 - tail)};
}

Estimate ratio_estimate(const std::vector<double>& a, const std::vector<double>& b) {
  Estimate e;
  e.value = median_of(a) / median_of(b);
  if (a.size() >= 2 && b.size() >= 2)
    e.interval = bootstrap_interval(
        [&](std::mt19937_64& rng) { return resampled_median(a, rng) / resampled_median(b, rng); });
  return e;
}

Estimate paired_ratio_estimate(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) throw std::invalid_argument("a paired ratio needs as many values on each side");
  Estimate e;
  e.value = median_of(a) / median_of(b);
  if (a.size() < 2) return e;
  e.interval = bootstrap_interval([&](std::mt19937_64& rng) {
    std::uniform_int_distribution<std::size_t> pick(0, a.size() - 1);
    std::vector<double> draw_a(a.size()), draw_b(b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::size_t round = pick(rng);
      draw_a[i] = a[round];
      draw_b[i] = b[round];
    }
    return median_of(std::move(draw_a)) / median_of(std::move(draw_b));
  });
  return e;
}

Estimate row_ratio_estimate(const Row& a, const Row& b) {
  if (a.round_medians.size() >= 2 && a.round_medians.size() == b.round_medians.size())
    return paired_ratio_estimate(a.round_medians, b.round_medians);
  return ratio_estimate(interval_units(a), interval_units(b));
}

}  // namespace pqmul::experiments
