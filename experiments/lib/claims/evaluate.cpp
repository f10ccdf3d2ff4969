// Evaluating a claim: ratios of medians per cell from sweep rows, or step
// counts from the module code, checked against what the paper states.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/claims.hpp"

namespace pqmul::experiments {
namespace {

std::string figure(double v) {
  if (v >= 100) return fmt::format("{:.0f}", v);
  if (v >= 10) return fmt::format("{:.1f}", v);
  return fmt::format("{:.2f}", v);
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Side {
  std::optional<double> value;
  std::string ids;
  std::string missing;  // why there is no value
};

// The value of one side of a cell: the median of the usable rows' medians,
// or the smallest of them ("min": the best of a family).
Side pick_side(const std::vector<Row>& rows, const Selector& sel, const std::string& pick, const std::string& role) {
  std::vector<const Row*> usable;
  std::size_t matched = 0;
  std::string why;
  for (const auto& r : rows) {
    if (!sel.matches(r)) continue;
    ++matched;
    std::string reason;
    if (usable_for_timing(r, &reason))
      usable.push_back(&r);
    else if (why.find(reason) == std::string::npos)
      why += (why.empty() ? "" : ", ") + reason;
  }
  Side s;
  if (usable.empty()) {
    s.missing = matched == 0 ? fmt::format("{}: no row with {}", role, sel.describe())
                             : fmt::format("{}: {} row(s) with {}, none usable ({})", role, matched, sel.describe(), why);
    return s;
  }
  std::vector<double> medians;
  for (const Row* r : usable) medians.push_back(*r->median);
  if (pick == "min") {
    const auto best = std::min_element(usable.begin(), usable.end(),
                                       [](const Row* a, const Row* b) { return *a->median < *b->median; });
    s.value = *(*best)->median;
    s.ids = (*best)->id;
  } else {
    s.value = median_of(medians);
    std::vector<std::string> ids;
    for (const Row* r : usable)
      if (std::find(ids.begin(), ids.end(), r->id) == ids.end()) ids.push_back(r->id);
    s.ids = fmt::format("{}", fmt::join(ids, ", "));
    if (usable.size() > 1) s.ids += fmt::format(" ({} rows)", usable.size());
  }
  return s;
}

// Cartesian product of the `each` fields, in their order.
std::vector<std::vector<std::pair<std::string, std::string>>> cells_of(
    const std::vector<std::pair<std::string, std::vector<std::string>>>& each) {
  std::vector<std::vector<std::pair<std::string, std::string>>> cells{{}};
  for (const auto& [field, values] : each) {
    std::vector<std::vector<std::pair<std::string, std::string>>> next;
    for (const auto& cell : cells)
      for (const auto& v : values) {
        auto c = cell;
        c.emplace_back(field, v);
        next.push_back(std::move(c));
      }
    cells = std::move(next);
  }
  return cells;
}

std::string cell_label(const std::vector<std::pair<std::string, std::string>>& cell) {
  std::string out;
  for (const auto& [field, value] : cell) {
    std::string v = value;
    if (field == "vectorize") v = value == "true" ? "vec" : "novec";
    if (field == "rank") v = "l=" + value;
    out += (out.empty() ? "" : " ") + v;
  }
  return out;
}

std::string accepted_text(const Comparison& c, std::size_t cells) {
  switch (c.check) {
    case Check::range:
      return fmt::format("{}{}-{}", c.geomean ? "geomean " : "", figure(c.min * (1 - c.tolerance)),
                         figure(c.max * (1 + c.tolerance)));
    case Check::below: return fmt::format("{}< {}", c.geomean ? "geomean " : "", figure(c.threshold));
    case Check::above: return fmt::format("{}> {}", c.geomean ? "geomean " : "", figure(c.threshold));
    case Check::count:
      return c.count_min == c.count_max
                 ? fmt::format("{} of {} below {}", c.count_min, cells, figure(c.threshold))
                 : fmt::format("{}-{} of {} below {}", c.count_min, c.count_max, cells, figure(c.threshold));
  }
  return "";
}

bool passes(const Comparison& c, double ratio) {
  switch (c.check) {
    case Check::range: return ratio >= c.min * (1 - c.tolerance) && ratio <= c.max * (1 + c.tolerance);
    case Check::below: return ratio < c.threshold;
    case Check::above: return ratio > c.threshold;
    case Check::count: return ratio < c.threshold;
  }
  return false;
}

ComparisonResult evaluate_comparison(const Comparison& c, const std::vector<Row>& rows) {
  ComparisonResult out;
  out.label = c.label;
  out.paper = c.paper;
  const auto cells = cells_of(c.each);
  out.accepted = accepted_text(c, cells.size());
  std::vector<double> ratios;
  std::size_t below = 0, missing_cells = 0;
  for (const auto& cell : cells) {
    Selector base = c.common;
    for (const auto& [field, value] : cell) base.set(field, {value});
    CellResult r;
    r.label = cell_label(cell);
    const Side num = pick_side(rows, base.merged(c.numerator), c.numerator_pick, "numerator");
    const Side den = pick_side(rows, base.merged(c.denominator), c.denominator_pick, "denominator");
    r.numerator = num.value;
    r.denominator = den.value;
    r.numerator_ids = num.ids;
    r.denominator_ids = den.ids;
    if (!num.missing.empty()) r.missing.push_back(num.missing);
    if (!den.missing.empty()) r.missing.push_back(den.missing);
    if (num.value && den.value && *den.value > 0) {
      r.ratio = *num.value / *den.value;
      ratios.push_back(*r.ratio);
      if (*r.ratio < c.threshold) ++below;
      if (!c.geomean) r.pass = passes(c, *r.ratio);
    } else {
      ++missing_cells;
    }
    out.cells.push_back(std::move(r));
  }
  // Our figures in a line: "keygen 0.71, encaps 0.69" (cells without a value say so).
  std::string ours;
  for (const auto& cell : out.cells) {
    const std::string value = cell.ratio ? figure(*cell.ratio) : "missing";
    ours += (ours.empty() ? "" : ", ") + (cell.label.empty() ? value : cell.label + " " + value);
  }
  if (ratios.empty()) {
    out.ours = "missing";  // the missing rows are listed cell by cell
    return out;
  }
  if (c.geomean) {
    double log_sum = 0;
    for (double r : ratios) log_sum += std::log(r);
    out.geomean = std::exp(log_sum / static_cast<double>(ratios.size()));
    ours = fmt::format("geomean {} of {} ({})", figure(*out.geomean), ratios.size(), ours);
    out.verdict = passes(c, *out.geomean) ? Verdict::confirmed : Verdict::contradicted;
  } else if (c.check == Check::count) {
    ours = fmt::format("{} of {} below {} ({})", below, cells.size(), figure(c.threshold), ours);
    // A count over part of the cells proves nothing: it needs every cell.
    if (missing_cells == 0)
      out.verdict = below >= c.count_min && below <= c.count_max ? Verdict::confirmed : Verdict::contradicted;
  } else {
    const bool all = std::all_of(out.cells.begin(), out.cells.end(),
                                 [](const CellResult& r) { return !r.pass || *r.pass; });
    out.verdict = all ? Verdict::confirmed : Verdict::contradicted;
  }
  out.ours = ours;
  return out;
}

// Step counts of every multiplier and rank against the expected figures.
void evaluate_counts(const CountSpec& spec, ClaimResult& result, bool& any_wrong, bool& any_missing,
                     bool& any_measured) {
  std::string ours;
  for (std::size_t rank : spec.ranks) {
    const auto& expected = spec.expected.at(rank);
    std::optional<StepCounts> base, improved;
    for (const auto& multiplier : spec.multipliers) {
      for (const auto& [strategy, want] : expected) {
        StepCounts got;
        try {
          got = measure_step_counts(spec.ring, multiplier, rank, strategy);
        } catch (const std::exception& e) {
          any_missing = true;
          result.missing.push_back(fmt::format("counts {}/{} rank {} {}: {}", spec.ring, multiplier, rank, strategy,
                                               e.what()));
          continue;
        }
        any_measured = true;
        if (!(got == want)) {
          any_wrong = true;
          result.details.push_back(fmt::format("{}/{} rank {} {}: {} transforms, {} inverses (expected {}, {})",
                                               spec.ring, multiplier, rank, strategy, got.transforms, got.inverses,
                                               want.transforms, want.inverses));
        }
        if (multiplier == spec.multipliers.front()) {
          if (strategy == spec.baseline) base = got;
          if (strategy == spec.improved) improved = got;
        }
      }
    }
    if (base && improved)
      ours += fmt::format("{}l={}: {}->{} evaluations, {}->{} interpolations", ours.empty() ? "" : "; ", rank,
                          base->transforms, improved->transforms, base->inverses, improved->inverses);
  }
  result.details.push_back(fmt::format("counted by running {} matrix-vector products on ring {} ({}: {} vs {})",
                                       fmt::join(spec.multipliers, ", "), spec.ring, "strategies", spec.baseline,
                                       spec.improved));
  result.ours += (result.ours.empty() ? "" : "; ") + ours;
}

}  // namespace

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::confirmed: return "confirmed";
    case Verdict::contradicted: return "contradicted";
    case Verdict::not_measurable: return "not measurable here";
    case Verdict::missing_rows: return "missing rows";
  }
  return "";
}

bool usable_for_timing(const Row& row, std::string* why) {
  std::string reason;
  if (row.emulated)
    reason = "emulated";
  else if (!row.median)
    reason = "no median";
  else if (row.correct == "fail")
    reason = "failed its correctness check";
  if (why) *why = reason;
  return reason.empty();
}

StepCounts measure_step_counts(const std::string& ring, const std::string& multiplier, std::size_t rank,
                               const std::string& strategy) {
  const auto m = make_multiplier(ring, multiplier);
  const std::size_t n = m->ring().n;
  // The counts do not depend on the values: zero operands suffice.
  std::vector<std::uint16_t> matrix(rank * rank * n), vector(rank * n), out(rank * n);
  ModuleStats stats;
  m->matrix_vector(matrix, vector, out, rank, Transpose::no, parse_strategy(strategy), &stats);
  return {stats.transforms, stats.inverses};
}

ClaimResult evaluate_claim(const ClaimSpec& spec, const std::vector<Row>& rows) {
  ClaimResult result;
  result.id = spec.id;
  result.source = spec.source;
  result.claim = spec.claim;
  result.paper_figure = spec.paper_figure;
  result.how = spec.how;
  result.where = spec.where;
  if (!spec.note.empty()) result.details.push_back(spec.note);
  if (spec.where == "arm") {
    result.verdict = Verdict::not_measurable;
    result.ours = "-";
    std::size_t neon = 0, pass = 0;
    for (const auto& r : rows)
      if (r.isa == "neon") {
        ++neon;
        if (r.correct == "pass") ++pass;
      }
    result.details.push_back("cycles need AArch64 hardware; under qemu only correctness is reproduced");
    if (neon) result.details.push_back(fmt::format("NEON rows in these results: {}, correct: {}", neon, pass));
    return result;
  }
  bool any_wrong = false, any_missing = false, any_measured = false;
  for (const auto& c : spec.comparisons) {
    ComparisonResult cr = evaluate_comparison(c, rows);
    for (const auto& cell : cr.cells)
      for (const auto& m : cell.missing) {
        any_missing = true;
        result.missing.push_back((cr.label.empty() ? "" : cr.label + ": ") +
                                 (cell.label.empty() ? "" : cell.label + ": ") + m);
      }
    if (cr.verdict) {
      any_measured = true;
      if (*cr.verdict == Verdict::contradicted) any_wrong = true;
    }
    const std::string line = fmt::format("{}{}", cr.label.empty() ? "" : cr.label + ": ", cr.ours);
    result.ours += (result.ours.empty() ? "" : "; ") + line;
    std::string detail = fmt::format("{}paper {}, accepted {}, ours {} -> {}", cr.label.empty() ? "" : cr.label + ": ",
                                     cr.paper.empty() ? spec.paper_figure : cr.paper, cr.accepted, cr.ours,
                                     cr.verdict ? to_string(*cr.verdict) : "not decided");
    result.details.push_back(detail);
    result.comparisons.push_back(std::move(cr));
  }
  if (spec.counts) evaluate_counts(*spec.counts, result, any_wrong, any_missing, any_measured);
  if (any_wrong)
    result.verdict = Verdict::contradicted;
  else if (any_measured)
    result.verdict = Verdict::confirmed;
  else
    result.verdict = Verdict::missing_rows;
  result.partial = any_measured && any_missing;
  return result;
}

}  // namespace pqmul::experiments
