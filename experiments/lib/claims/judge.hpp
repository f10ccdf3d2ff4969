#pragma once
// From our ratios (with their intervals) to a comparison's verdict: the check
// a claim states, placed against an interval, and the direction of an analogue.
#include <optional>
#include <vector>

#include "pqmul/experiments/claims.hpp"

namespace pqmul::experiments::claims_detail {

// The accepted band of a range check after its tolerance.
double band_low(const Comparison& c);
double band_high(const Comparison& c);

// Where [low, high] lies against the check (range, below or above; count
// cells are checked against `threshold` as "below").
Placement place(const Comparison& c, double low, double high);

// The verdict of one comparison from its cells (and geometric mean), by the
// rules of its comparability. Empty when no cell could be measured, or when a
// count lacks a cell.
std::optional<Verdict> comparison_verdict(const Comparison& c, const ComparisonResult& r);

// Whether an analogue's ratios point the way the paper's do.
Direction comparison_direction(const Comparison& c, const ComparisonResult& r);

}  // namespace pqmul::experiments::claims_detail
