// Percentile summaries of counter readings.
#include "pqmul/experiments/measure.hpp"

#include <algorithm>
#include <stdexcept>

namespace pqmul::experiments {

Summary summarize(std::vector<std::uint64_t>& samples) {
  if (samples.empty()) throw std::invalid_argument("summarize: no samples");
  std::sort(samples.begin(), samples.end());
  const auto at = [&](double fraction) {
    return static_cast<double>(samples[static_cast<std::size_t>(fraction * static_cast<double>(samples.size() - 1))]);
  };
  Summary s;
  s.median = at(0.5);
  s.p10 = at(0.1);
  s.p90 = at(0.9);
  s.samples = samples.size();
  return s;
}

}  // namespace pqmul::experiments
