// Verdicts from intervals. A `same` comparison is confirmed only when every
// interval lies inside the accepted band, contradicted when one lies wholly
// outside, and inconclusive otherwise, including figures without an interval
// (rows without repetition medians): a point estimate alone does not decide.
// A model is deterministic, so its point figures decide. An analogue gets no
// verdict on the paper, only a direction (for a count: whether the count
// falls in the paper's range).
#include "judge.hpp"

#include <algorithm>

namespace pqmul::experiments::claims_detail {
namespace {

struct Figure {
  double value;
  std::optional<Interval> interval;
};

// The figures the check applies to: the geometric mean, or every measured cell.
std::vector<Figure> figures(const Comparison& c, const ComparisonResult& r) {
  if (c.geomean) {
    if (!r.geomean) return {};
    return {{*r.geomean, r.geomean_interval}};
  }
  std::vector<Figure> out;
  for (const auto& cell : r.cells)
    if (cell.ratio) out.push_back({*cell.ratio, cell.interval});
  return out;
}

Placement interval_placement(const Comparison& c, const Figure& f) {
  return f.interval ? place(c, f.interval->low, f.interval->high) : Placement::across;
}

std::optional<Verdict> count_verdict(const Comparison& c, const std::vector<Figure>& fs, bool model) {
  // The number of cells below the threshold lies between the surely-below
  // cells and all cells but the surely-above ones.
  std::size_t surely_below = 0, surely_above = 0;
  for (const auto& f : fs) {
    const Placement p = model ? place(c, f.value, f.value) : interval_placement(c, f);
    if (p == Placement::inside) ++surely_below;
    if (p == Placement::outside) ++surely_above;
  }
  const std::size_t fewest = surely_below, most = fs.size() - surely_above;
  if (model) return fewest >= c.count_min && fewest <= c.count_max ? Verdict::model_agrees : Verdict::model_disagrees;
  if (fewest >= c.count_min && most <= c.count_max) return Verdict::confirmed;
  if (most < c.count_min || fewest > c.count_max) return Verdict::contradicted;
  return Verdict::inconclusive;
}

// The side of a reference the paper puts the ratio on, if it states one.
struct Expected {
  double reference;
  bool below;
};
std::optional<Expected> expected_side(const Comparison& c) {
  switch (c.check) {
    case Check::range:
      if (c.max < 1) return Expected{1.0, true};
      if (c.min > 1) return Expected{1.0, false};
      return std::nullopt;
    case Check::below: return Expected{c.threshold, true};
    case Check::above: return Expected{c.threshold, false};
    case Check::count: return std::nullopt;
  }
  return std::nullopt;
}

Direction figure_direction(const Expected& e, const Figure& f) {
  if (!f.interval) return Direction::undecided;
  const bool below = f.interval->high < e.reference, above = f.interval->low > e.reference;
  if (below || above) return below == e.below ? Direction::agrees : Direction::disagrees;
  return Direction::undecided;
}

}  // namespace

double band_low(const Comparison& c) { return c.min * (1 - c.tolerance); }
double band_high(const Comparison& c) { return c.max * (1 + c.tolerance); }

Placement place(const Comparison& c, double low, double high) {
  switch (c.check) {
    case Check::range:
      if (low >= band_low(c) && high <= band_high(c)) return Placement::inside;
      if (high < band_low(c) || low > band_high(c)) return Placement::outside;
      return Placement::across;
    case Check::below:
    case Check::count:
      if (high < c.threshold) return Placement::inside;
      if (low >= c.threshold) return Placement::outside;
      return Placement::across;
    case Check::above:
      if (low > c.threshold) return Placement::inside;
      if (high <= c.threshold) return Placement::outside;
      return Placement::across;
  }
  return Placement::across;
}

std::optional<Verdict> comparison_verdict(const Comparison& c, const ComparisonResult& r) {
  const auto fs = figures(c, r);
  if (fs.empty()) return std::nullopt;
  if (c.comparability == Comparability::analogue) return Verdict::not_comparable;
  const bool model = c.comparability == Comparability::model;
  if (c.check == Check::count) {
    const bool every_cell = std::all_of(r.cells.begin(), r.cells.end(), [](const CellResult& x) { return x.ratio; });
    if (!every_cell) return std::nullopt;  // a count over part of the cells proves nothing
    return count_verdict(c, fs, model);
  }
  if (model) {
    const bool all = std::all_of(fs.begin(), fs.end(),
                                 [&](const Figure& f) { return place(c, f.value, f.value) == Placement::inside; });
    return all ? Verdict::model_agrees : Verdict::model_disagrees;
  }
  bool any_outside = false, all_inside = true;
  for (const auto& f : fs) {
    const Placement p = interval_placement(c, f);
    any_outside = any_outside || p == Placement::outside;
    all_inside = all_inside && p == Placement::inside;
  }
  if (any_outside) return Verdict::contradicted;
  return all_inside ? Verdict::confirmed : Verdict::inconclusive;
}

Direction comparison_direction(const Comparison& c, const ComparisonResult& r) {
  const auto fs = figures(c, r);
  if (c.check == Check::count) {
    // The paper's count is its direction: a count surely in its range agrees,
    // surely outside disagrees (a count over part of the cells decides nothing).
    const bool every_cell = std::all_of(r.cells.begin(), r.cells.end(), [](const CellResult& x) { return x.ratio; });
    if (fs.empty() || !every_cell) return Direction::none;
    switch (*count_verdict(c, fs, false)) {
      case Verdict::confirmed: return Direction::agrees;
      case Verdict::contradicted: return Direction::disagrees;
      default: return Direction::undecided;
    }
  }
  const auto expected = expected_side(c);
  if (!expected || fs.empty()) return Direction::none;
  bool any_disagree = false, all_agree = true;
  for (const auto& f : fs) {
    const Direction d = figure_direction(*expected, f);
    any_disagree = any_disagree || d == Direction::disagrees;
    all_agree = all_agree && d == Direction::agrees;
  }
  if (any_disagree) return Direction::disagrees;
  return all_agree ? Direction::agrees : Direction::undecided;
}

}  // namespace pqmul::experiments::claims_detail
