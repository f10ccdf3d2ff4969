#pragma once
// Intervals for the figures pqmul reports. A row's median is the median of its
// per-repetition medians; its 95% interval comes from order statistics of those
// medians (distribution-free: it assumes only that repetitions are independent
// draws, which interleaving the cases makes plausible). Ratios and other
// functions of several rows get percentile-bootstrap intervals, resampling each
// row's repetitions independently, with a fixed seed so a table is reproducible
// from its CSV.
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <vector>

#include "pqmul/experiments/interval.hpp"

namespace pqmul::experiments {

inline constexpr double default_confidence = 0.95;
inline constexpr unsigned default_resamples = 4000;
inline constexpr std::uint64_t default_bootstrap_seed = 0x7071'6d75'6c00'0001ULL;

// Description of the methods, for manifests, tables and captions.
inline constexpr const char* median_interval_method =
    "order statistics of the per-repetition medians (distribution-free, binomial coverage)";
inline constexpr const char* ratio_interval_method =
    "percentile bootstrap: rows measured in the same rounds resampled by round (pairs), "
    "other rows' rounds or repetitions resampled independently";

// Median of `values` (the mean of the two middle values for an even count).
// Throws std::invalid_argument if empty.
double median_of(std::vector<double> values);

// Fewest values for which an order-statistics interval reaches `confidence`
// (6 for 95%).
std::size_t fewest_for_median_interval(double confidence = default_confidence);

// The narrowest symmetric order-statistics interval [x(j), x(n+1-j)] whose
// coverage of the true median is at least `confidence`; empty when there are
// too few values for that.
std::optional<Interval> median_interval(std::vector<double> values, double confidence = default_confidence);

// Median of one resample (with replacement) of `values`.
double resampled_median(const std::vector<double>& values, std::mt19937_64& rng);

// Percentile bootstrap: `replicate` draws one replicate of the statistic from
// the generator; the interval is the central `confidence` of `resamples`
// replicates. Non-finite replicates are refused (std::domain_error).
Interval bootstrap_interval(const std::function<double(std::mt19937_64&)>& replicate,
                            unsigned resamples = default_resamples, double confidence = default_confidence,
                            std::uint64_t seed = default_bootstrap_seed);

// median(a) / median(b) with its bootstrap interval; the interval is empty when
// either side has fewer than two repetitions.
struct Estimate {
  double value = 0;
  std::optional<Interval> interval;
};
Estimate ratio_estimate(const std::vector<double>& a, const std::vector<double>& b);

// The same for two rows measured in the same rounds: a[i] and b[i] come from
// round i, so a resample draws rounds (pairs), keeping what a round shares
// (the machine's load in that minute) on both sides. Needs equal sizes.
Estimate paired_ratio_estimate(const std::vector<double>& a, const std::vector<double>& b);

// The ratio of two rows' medians with its interval: paired over rounds when
// both rows have the same number of rounds (>= 2), else each row's interval
// units resampled independently.
struct Row;
Estimate row_ratio_estimate(const Row& a, const Row& b);

}  // namespace pqmul::experiments
