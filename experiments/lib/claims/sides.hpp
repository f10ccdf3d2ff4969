#pragma once
// The rows behind one cell of a claim: exactly one row per side (or one row
// per member of a named family for a "min" pick), and the ratio of the two
// sides with its bootstrap interval over the rows' repetition medians.
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/statistics.hpp"

namespace pqmul::experiments::claims_detail {

struct Side {
  std::vector<const Row*> rows;  // one row, or the family of a "min" pick
  std::string missing;           // why there is no value ("" when there is)
};

// The rows of `all` that `selector` matches among measured rows, or among
// model rows when `model`. Throws std::invalid_argument naming the rows when a
// side (or a family member of a "min" pick) matches more than one.
Side select_side(const std::vector<Row>& all, const Selector& selector, const std::string& pick,
                 const std::string& role, bool model);

// The side's figure (the smallest for a family) and the row it comes from.
double side_value(const Side& side);
const Row& side_row(const Side& side);
std::string side_labels(const Side& side);

struct Ratio {
  double value = 0;
  std::optional<Interval> interval;  // empty when a row has fewer than two repetition medians
};
using SidePair = std::pair<const Side*, const Side*>;  // numerator, denominator
Ratio cell_ratio(const SidePair& cell);
// The geometric mean of the cells' ratios; its interval resamples every row's
// repetitions in each replicate.
Ratio geomean_ratio(const std::vector<SidePair>& cells);

}  // namespace pqmul::experiments::claims_detail
