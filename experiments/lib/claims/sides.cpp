// Selecting exactly one row per side of a claim's cell, and the ratio of the
// sides with its bootstrap interval.
#include "sides.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace pqmul::experiments::claims_detail {
namespace {

// The value of `row`: the median of its round or repetition medians where it has them.
double row_value(const Row& row) { return interval_units(row).empty() ? *row.median : median_of(interval_units(row)); }

bool has_repetitions(const Side& side) {
  return std::all_of(side.rows.begin(), side.rows.end(), [](const Row* r) { return interval_units(*r).size() >= 2; });
}

double resampled_side(const Side& side, std::mt19937_64& rng) {
  double best = 0;
  for (std::size_t i = 0; i < side.rows.size(); ++i) {
    const double v = resampled_median(interval_units(*side.rows[i]), rng);
    best = i == 0 ? v : std::min(best, v);
  }
  return best;
}

// Numerator first, then denominator: the draws are sequenced so a replicate is
// the same whichever compiler built it.
double resampled_ratio(const SidePair& cell, std::mt19937_64& rng) {
  const double num = resampled_side(*cell.first, rng);
  const double den = resampled_side(*cell.second, rng);
  return num / den;
}

[[noreturn]] void ambiguous(const std::vector<Row>& all, const std::vector<const Row*>& matched,
                            const Selector& selector, const std::string& role) {
  std::vector<std::string> named;
  for (const Row* r : matched) named.push_back(fmt::format("row {} ({})", r - all.data() + 1, row_label(*r)));
  throw std::invalid_argument(
      fmt::format("{}: {} rows match {}: {}; name the params, strategy or other field that tells them apart", role,
                  matched.size(), selector.describe(), fmt::join(named, ", ")));
}

// Fields the selector accepts several values of: a "min" pick takes one row per combination.
std::vector<std::string> family_key(const Selector& selector, const Row& row) {
  std::vector<std::string> key;
  for (const auto& [field, values] : selector.fields)
    if (values.size() > 1) key.push_back(field_value(row, field));
  return key;
}

std::size_t family_size(const Selector& selector) {
  std::size_t n = 1;
  for (const auto& [field, values] : selector.fields) n *= values.size();
  return n;
}

}  // namespace

Side select_side(const std::vector<Row>& all, const Selector& selector, const std::string& pick,
                 const std::string& role, bool model) {
  std::map<std::vector<std::string>, std::vector<const Row*>> families;
  for (const auto& r : all)
    if (is_model_row(r) == model && selector.matches(r))
      families[pick == "min" ? family_key(selector, r) : std::vector<std::string>{}].push_back(&r);
  Side side;
  std::string why;
  std::size_t unusable = 0;
  for (const auto& [key, matched] : families) {
    if (matched.size() > 1) ambiguous(all, matched, selector, role);
    std::string reason;
    // Model rows (pqmul model) ran under qemu, but their figure is the
    // model's estimate, not a timing of the emulator: emulated is expected.
    Row timed = *matched.front();
    if (model) timed.emulated = false;
    if (usable_for_timing(timed, &reason)) {
      side.rows.push_back(matched.front());
    } else {
      ++unusable;
      if (why.find(reason) == std::string::npos) why += (why.empty() ? "" : ", ") + reason;
    }
  }
  const std::string kind = model ? "model row" : "row";
  if (families.empty()) {
    side.missing = fmt::format("{}: no {} with {}", role, kind, selector.describe());
  } else if (unusable) {
    side.missing = fmt::format("{}: {} {}(s) with {}, not usable ({})", role, unusable, kind, selector.describe(), why);
  } else if (pick == "min" && families.size() < family_size(selector)) {
    // The best of a family is only the best when every member was measured.
    side.missing = fmt::format("{}: {} of the {} {}s of the family {}", role, families.size(), family_size(selector),
                               kind, selector.describe());
  }
  if (!side.missing.empty()) side.rows.clear();
  return side;
}

double side_value(const Side& side) { return row_value(side_row(side)); }

const Row& side_row(const Side& side) {
  return **std::min_element(side.rows.begin(), side.rows.end(),
                            [](const Row* a, const Row* b) { return row_value(*a) < row_value(*b); });
}

std::string side_labels(const Side& side) {
  if (side.rows.size() == 1) return row_label(*side.rows.front());
  std::vector<std::string> others;
  for (const Row* r : side.rows)
    if (r != &side_row(side)) others.push_back(row_label(*r));
  return fmt::format("{} (fastest of the family; also {})", row_label(side_row(side)), fmt::join(others, ", "));
}

Ratio cell_ratio(const SidePair& cell) {
  const auto& [num, den] = cell;
  if (num->rows.size() == 1 && den->rows.size() == 1 && has_repetitions(*num) && has_repetitions(*den)) {
    const Estimate e = row_ratio_estimate(*num->rows.front(), *den->rows.front());
    return {e.value, e.interval};
  }
  Ratio r{side_value(*num) / side_value(*den), std::nullopt};
  if (has_repetitions(*num) && has_repetitions(*den))
    r.interval = bootstrap_interval([&](std::mt19937_64& rng) { return resampled_ratio(cell, rng); });
  return r;
}

Ratio geomean_ratio(const std::vector<SidePair>& cells) {
  const auto geomean = [&](auto ratio_of) {
    double log_sum = 0;
    for (const auto& cell : cells) log_sum += std::log(ratio_of(cell));
    return std::exp(log_sum / static_cast<double>(cells.size()));
  };
  Ratio r{geomean([](const SidePair& c) { return side_value(*c.first) / side_value(*c.second); }), std::nullopt};
  const bool all_repeated = std::all_of(cells.begin(), cells.end(), [](const SidePair& c) {
    return has_repetitions(*c.first) && has_repetitions(*c.second);
  });
  if (all_repeated)
    r.interval = bootstrap_interval(
        [&](std::mt19937_64& rng) { return geomean([&](const SidePair& c) { return resampled_ratio(c, rng); }); });
  return r;
}

}  // namespace pqmul::experiments::claims_detail
