#pragma once
// A confidence interval, on its own so that headers describing results (the
// claims) can hold one without the statistics functions (statistics.hpp).

namespace pqmul::experiments {

struct Interval {
  double low = 0, high = 0;
  // Half the width relative to `centre` (0.02 = ±2%).
  double relative_half_width(double centre) const { return (high - low) / 2 / centre; }
};

}  // namespace pqmul::experiments
