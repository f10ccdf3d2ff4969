// Evaluating a claim: one ratio per cell from exactly one row per side (with
// its bootstrap interval), or step counts from the module code, judged by the
// rules of the claim's comparability (judge.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <map>
#include <stdexcept>

#include "judge.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/claims.hpp"
#include "sides.hpp"

namespace pqmul::experiments {
namespace {

using namespace claims_detail;

std::string figure(double v) {
  if (v >= 100) return fmt::format("{:.0f}", v);
  if (v >= 10) return fmt::format("{:.1f}", v);
  return fmt::format("{:.2f}", v);
}

// "0.72 [0.70, 0.75]", or "0.72 (no interval)" for rows without repetition medians.
std::string with_interval(double value, const std::optional<Interval>& interval) {
  if (!interval) return figure(value) + " (no interval)";
  return fmt::format("{} [{}, {}]", figure(value), figure(interval->low), figure(interval->high));
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
      return fmt::format("{}{}-{}", c.geomean ? "geomean " : "", figure(band_low(c)), figure(band_high(c)));
    case Check::below:
      return fmt::format("{}< {}", c.geomean ? "geomean " : "", figure(c.threshold));
    case Check::above:
      return fmt::format("{}> {}", c.geomean ? "geomean " : "", figure(c.threshold));
    case Check::count:
      return c.count_min == c.count_max
                 ? fmt::format("{} of {} below {}", c.count_min, cells, figure(c.threshold))
                 : fmt::format("{}-{} of {} below {}", c.count_min, c.count_max, cells, figure(c.threshold));
  }
  return "";
}

ComparisonResult evaluate_comparison(const Comparison& c, const std::vector<Row>& rows) {
  ComparisonResult out;
  out.label = c.label;
  out.paper = c.paper;
  out.comparability = c.comparability;
  const bool model = c.comparability == Comparability::model;
  const auto cells = cells_of(c.each);
  out.accepted = accepted_text(c, cells.size());
  std::deque<Side> sides;  // stable addresses for the geometric mean's pairs
  std::vector<SidePair> measured;
  for (const auto& cell : cells) {
    Selector base = c.common;
    for (const auto& [field, value] : cell) base.set(field, {value});
    CellResult r;
    r.label = cell_label(cell);
    const std::string where = r.label.empty() ? "" : r.label + ": ";
    const Side& num =
        sides.emplace_back(select_side(rows, base.merged(c.numerator), c.numerator_pick, where + "numerator", model));
    const Side& den = sides.emplace_back(
        select_side(rows, base.merged(c.denominator), c.denominator_pick, where + "denominator", model));
    for (const Side* s : {&num, &den})
      if (!s->missing.empty()) r.missing.push_back(s->missing.substr(where.size()));
    if (r.missing.empty()) {
      const Ratio ratio = cell_ratio({&num, &den});
      r.ratio = ratio.value;
      r.interval = ratio.interval;
      r.numerator = side_value(num);
      r.denominator = side_value(den);
      r.numerator_ids = side_labels(num);
      r.denominator_ids = side_labels(den);
      if (r.interval) r.placement = place(c, r.interval->low, r.interval->high);
      out.without_interval = out.without_interval || !r.interval;
      measured.emplace_back(&num, &den);
    }
    out.cells.push_back(std::move(r));
  }
  // Our figures in a line: "keygen 0.71 [0.69, 0.73], encaps ..." (cells without a value say so).
  std::string ours;
  for (const auto& cell : out.cells) {
    const std::string value = cell.ratio ? with_interval(*cell.ratio, cell.interval) : "missing";
    ours += (ours.empty() ? "" : ", ") + (cell.label.empty() ? value : cell.label + " " + value);
  }
  if (measured.empty()) {
    out.ours = "missing";  // the missing rows are listed cell by cell
    return out;
  }
  if (c.geomean) {
    const Ratio g = geomean_ratio(measured);
    out.geomean = g.value;
    out.geomean_interval = g.interval;
    ours = fmt::format("geomean {} of {} ({})", with_interval(g.value, g.interval), measured.size(), ours);
  } else if (c.check == Check::count) {
    std::size_t below = 0;
    for (const auto& cell : out.cells) below += cell.ratio && *cell.ratio < c.threshold;
    ours = fmt::format("{} of {} below {} ({})", below, cells.size(), figure(c.threshold), ours);
  }
  out.ours = ours;
  out.verdict = comparison_verdict(c, out);
  if (c.comparability == Comparability::analogue) out.direction = comparison_direction(c, out);
  return out;
}

// (Rows written before the memory columns have none.)
std::string bytes_text(const std::optional<std::uint64_t>& v) { return v ? fmt::format("{} B", *v) : "not measured"; }

// The memory side: in every cell of every measured comparison, each
// strategy's row (exactly one, as a side of a ratio) with its time and memory.
void evaluate_memory(const ClaimSpec& spec, const std::vector<Row>& rows, ClaimResult& result) {
  const MemorySpec& m = *spec.memory;
  result.memory.push_back(fmt::format("paper: {} ({})", m.paper, m.printed));
  if (!m.note.empty()) result.memory.push_back(m.note);
  for (const auto& c : spec.comparisons) {
    if (c.comparability == Comparability::model) continue;
    for (const auto& cell : cells_of(c.each)) {
      Selector base = c.common;
      for (const auto& [field, value] : cell) base.set(field, {value});
      std::vector<std::string> parts;
      for (const auto& strategy : m.strategies) {
        Selector selector = base;
        selector.set("strategy", {strategy});
        const Side side = select_side(rows, selector, "one", "memory " + strategy, false);
        if (side.rows.empty()) {
          parts.push_back(strategy + ": no row");
          continue;
        }
        const Row& r = *side.rows.front();
        parts.push_back(fmt::format("{} time {} {}, stack {}, heap {}, held {}", strategy, figure(*r.median), r.counter,
                                    bytes_text(r.stack_bytes), bytes_text(r.heap_bytes), bytes_text(r.bytes_held)));
      }
      const std::string label = cell.empty() ? c.label : c.label + ", " + cell_label(cell);
      result.memory.push_back(fmt::format("{}: {}", label, fmt::join(parts, "; ")));
    }
  }
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
          result.missing.push_back(
              fmt::format("counts {}/{} rank {} {}: {}", spec.ring, multiplier, rank, strategy, e.what()));
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
  result.printed = spec.printed;
  result.how = spec.how;
  result.where = spec.where;
  result.comparability = spec.comparability;
  if (!spec.note.empty()) result.details.push_back(spec.note);
  if (spec.where == "arm") {
    std::size_t neon = 0, pass = 0;
    for (const auto& r : rows)
      if (r.isa == "neon" && !is_model_row(r)) {
        ++neon;
        pass += r.correct == "pass";
      }
    result.details.push_back("measured cycles need AArch64 hardware; under qemu only correctness is reproduced");
    if (neon) result.details.push_back(fmt::format("NEON rows in these results: {}, correct: {}", neon, pass));
  }
  // Verdicts by comparability: the same experiment decides before a model,
  // a model before an analogue (which only gives a direction).
  std::map<Comparability, std::vector<Verdict>> decided;
  std::map<Comparability, bool> incomplete;
  std::vector<Direction> directions;
  bool only_model_undecided = true;
  for (const auto& c : spec.comparisons) {
    ComparisonResult cr;
    try {
      cr = evaluate_comparison(c, rows);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(
          fmt::format("claim {}: {}{}", spec.id, c.label.empty() ? "" : c.label + ": ", e.what()));
    }
    const std::string label = cr.label.empty() ? "" : cr.label + ": ";
    for (const auto& cell : cr.cells) {
      for (const auto& m : cell.missing) {
        incomplete[c.comparability] = true;
        result.missing.push_back(label + (cell.label.empty() ? "" : cell.label + ": ") + m);
      }
      if (cell.ratio)
        result.rows +=
            fmt::format("{}{}{}{} / {}", result.rows.empty() ? "" : "; ", label,
                        cell.label.empty() ? "" : cell.label + ": ", cell.numerator_ids, cell.denominator_ids);
    }
    if (cr.verdict) {
      decided[c.comparability].push_back(*cr.verdict);
      if (cr.direction != Direction::none) directions.push_back(cr.direction);
    } else if (c.comparability != Comparability::model) {
      only_model_undecided = false;
    }
    result.ours += fmt::format("{}{}{}", result.ours.empty() ? "" : "; ", label, cr.ours);
    std::string verdict = cr.verdict ? to_string(*cr.verdict) : "not decided";
    if (cr.direction != Direction::none) verdict += ", direction " + to_string(cr.direction);
    // A model's figures are points by nature (judge.cpp): no interval is missing.
    if (cr.without_interval && c.comparability != Comparability::model)
      verdict += " (some rows lack repetition medians: no interval)";
    result.details.push_back(fmt::format("{}[{}] paper {}, accepted {}, ours {} -> {}", label,
                                         to_string(c.comparability), cr.paper.empty() ? spec.paper_figure : cr.paper,
                                         cr.accepted, cr.ours, verdict));
    result.comparisons.push_back(std::move(cr));
  }
  if (spec.counts) {
    bool wrong = false, missing = false, measured = false;
    evaluate_counts(*spec.counts, result, wrong, missing, measured);
    if (measured) decided[Comparability::same].push_back(wrong ? Verdict::contradicted : Verdict::confirmed);
    if (missing) {
      incomplete[Comparability::same] = true;
      only_model_undecided = false;
    }
  }
  // Shown beside the verdict, never part of it (MemorySpec).
  if (spec.memory) evaluate_memory(spec, rows, result);
  const auto any = [](const std::vector<Verdict>& v, Verdict x) { return std::find(v.begin(), v.end(), x) != v.end(); };
  if (const auto& same = decided[Comparability::same]; !same.empty()) {
    result.verdict = any(same, Verdict::contradicted)   ? Verdict::contradicted
                     : any(same, Verdict::inconclusive) ? Verdict::inconclusive
                                                        : Verdict::confirmed;
    result.partial = incomplete[Comparability::same];
  } else if (const auto& model = decided[Comparability::model]; !model.empty()) {
    result.verdict = any(model, Verdict::model_disagrees) ? Verdict::model_disagrees : Verdict::model_agrees;
    result.partial = incomplete[Comparability::model];
  } else if (!decided[Comparability::analogue].empty()) {
    result.verdict = Verdict::not_comparable;
    result.partial = incomplete[Comparability::analogue];
  } else {
    // Model rows come from a model this machine does not run yet; measured rows from a sweep.
    result.verdict = only_model_undecided ? Verdict::not_measurable : Verdict::missing_rows;
  }
  if (!directions.empty()) {
    const bool disagree = std::count(directions.begin(), directions.end(), Direction::disagrees) > 0;
    const bool agree = std::count(directions.begin(), directions.end(), Direction::agrees) ==
                       static_cast<std::ptrdiff_t>(directions.size());
    result.direction = disagree ? Direction::disagrees : agree ? Direction::agrees : Direction::undecided;
  }
  if (result.verdict == Verdict::not_measurable) result.ours = "-";
  return result;
}

}  // namespace pqmul::experiments
