#pragma once
// Timing one operation with a Counter: one reading per call, summarised as
// median and 10th / 90th percentiles. Readings include the counter's own
// overhead (stamped separately on every row), which is not subtracted.
#include <cstdint>
#include <span>
#include <vector>

#include "pqmul/experiments/counter.hpp"

namespace pqmul::experiments {

struct Summary {
  double median = 0, p10 = 0, p90 = 0;
  std::uint64_t samples = 0;
};

// Sorts `samples` in place. Percentiles take the nearest lower rank, so every
// figure is a value actually observed. Throws std::invalid_argument if empty.
Summary summarize(std::vector<std::uint64_t>& samples);

// Appends `count` readings of op() to `out`.
template <class Op>
void sample(Counter& counter, Op&& op, std::size_t count, std::vector<std::uint64_t>& out) {
  out.reserve(out.size() + count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t t0 = counter.begin();
    op();
    const std::uint64_t t1 = counter.end();
    out.push_back(t1 - t0);
  }
}

}  // namespace pqmul::experiments
