#pragma once
// Published claims and how pqmul reproduces them: one TOML spec per claim
// (experiments/claims/<id>.toml), evaluated against sweep rows (a ratio of
// medians per cell) or against operation counts the module code reports
// (ModuleStats). Every cell a claim needs is either measured or named as
// missing, so a claim is never silently skipped. Each side of a cell is
// exactly one row (several matching rows are an error naming them, never
// pooled), every ratio carries a bootstrap interval over the rows'
// repetitions, and the verdict words say what kind of comparison it is:
// the same experiment, an analogue on another CPU / ISA / code base, or a
// cycle model of the paper's core.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/interval.hpp"

namespace pqmul::experiments {

// Row fields a selector may name, in row order.
const std::vector<std::string>& selector_fields();
// The text of `field` in `row` (booleans "true"/"false", ranks as digits,
// "" when absent). Throws std::invalid_argument for a field not in selector_fields().
std::string field_value(const Row& row, const std::string& field);

// field -> accepted values (any of). An empty selector matches every row.
struct Selector {
  std::vector<std::pair<std::string, std::vector<std::string>>> fields;

  bool matches(const Row& row) const;
  // The same selector with `other`'s fields replacing or adding to ours.
  Selector merged(const Selector& other) const;
  void set(const std::string& field, std::vector<std::string> values);
  // "scheme=saber operation=keygen isa=avx2|avx512"
  std::string describe() const;
};
// How a row is named in claims output and errors: its id with the fields the
// id leaves out, e.g. "saber/ntt/avx2 keygen cached gcc vec".
std::string row_label(const Row& row);
// From "field=value" or "field=v1|v2" terms (command lines); throws
// std::invalid_argument for a malformed term or an unknown field.
Selector parse_selector(const std::vector<std::string>& terms);

enum class Check {
  range,  // every cell's ratio within [min, max], widened by the tolerance
  below,  // ratio < threshold
  above,  // ratio > threshold
  count,  // the number of cells with ratio < threshold lies in [count_min, count_max]
};

// What a verdict here can mean. same: this machine runs the paper's
// experiment (a count, or an x86 claim on x86 with comparable code);
// analogue: another CPU, ISA or code base, so only the direction is compared;
// model: modelled cycles of the paper's core (rows whose counter starts with
// "model:", never mixed with measured rows).
enum class Comparability { same, analogue, model };
std::string to_string(Comparability c);
// Throws std::invalid_argument naming the valid words.
Comparability parse_comparability(const std::string& text);
// Rows produced by a cycle model rather than measured.
bool is_model_row(const Row& row);

// One family of ratios: numerator / denominator medians for every cell of
// the cartesian product of `each`.
struct Comparison {
  std::string label;  // shown before the cells, e.g. "Kyber-768"
  Selector common, numerator, denominator;
  std::vector<std::pair<std::string, std::vector<std::string>>> each;
  // "one": the side must match exactly one row. "min": the best of a named
  // family (e.g. the fastest Toom-Cook): one row per value of each field the
  // side lists several values for, the smallest median taken in every
  // bootstrap replicate.
  std::string numerator_pick = "one", denominator_pick = "one";
  Comparability comparability = Comparability::same;  // the claim's unless the comparison says otherwise
  std::string paper;  // the paper's figure for this comparison
  Check check = Check::range;
  double min = 0, max = 0, tolerance = 0;  // range: accepted [min*(1-tol), max*(1+tol)]
  double threshold = 1.0;
  std::size_t count_min = 0, count_max = 0;
  bool geomean = false;  // the check applies to the geometric mean of the cells
};

// Calls of each module step per strategy and rank (the time-memory trade-off).
struct StepCounts {
  std::size_t transforms = 0, inverses = 0;
  bool operator==(const StepCounts&) const = default;
};

struct CountSpec {
  std::string ring;
  std::vector<std::string> multipliers;
  std::vector<std::size_t> ranks;
  std::string baseline, improved;  // strategies compared in the summary, e.g. eager -> cached
  // rank -> strategy -> expected counts of a matrix-vector product
  std::map<std::size_t, std::map<std::string, StepCounts>> expected;
};

// The memory side of a time-memory claim: beside the time of each strategy,
// the stack one call reached, the heap it took and the bytes of transformed
// data it held (README "Result rows"), for every cell of every measured
// comparison. Shown, never judged: the paper's memory figures are a
// Cortex-M4 build's against other implementations, ours this host's build of
// one code base, so they are an analogue at most and no verdict rests on them.
struct MemorySpec {
  std::string paper;                    // the paper's memory figure
  std::string printed;                  // where it is printed
  std::string note;                     // what is compared here
  std::vector<std::string> strategies;  // e.g. eager, lazy, cached
};

struct ClaimSpec {
  std::string id, source, claim, paper_figure, how, where;  // where: "x86" or "arm"
  std::string printed;  // where the paper's figure is printed (table, page, or how it was obtained)
  Comparability comparability = Comparability::same;
  std::string note;
  std::vector<Comparison> comparisons;
  std::optional<CountSpec> counts;
  std::optional<MemorySpec> memory;
};

// Throws std::invalid_argument naming `source` and the offending key.
ClaimSpec parse_claim(const std::string& toml_text, const std::string& source);
ClaimSpec read_claim(const std::string& path);
// Every experiments/claims/*.toml of `dir`, sorted by id; the id must match the file name.
std::vector<ClaimSpec> read_claims(const std::string& dir);
// Identifiers of the claims table in a claims.md (first column of its rows).
std::vector<std::string> claim_ids_of_markdown(const std::string& markdown);

// Verdict words. same: confirmed (the ratio's whole interval inside the
// accepted band), contradicted (wholly outside), inconclusive (across a band
// edge, or no interval). analogue: not comparable (with a direction). model:
// model agrees / model disagrees. not measurable here: nothing on this
// machine can give it (e.g. no model rows yet). missing rows: the results
// lack rows a sweep would produce.
enum class Verdict {
  confirmed,
  contradicted,
  inconclusive,
  not_comparable,
  model_agrees,
  model_disagrees,
  not_measurable,
  missing_rows
};
std::string to_string(Verdict v);

// Whether an analogue points the same way as the paper (e.g. both say A is
// faster than B): none when the claim states no direction, undecided when our
// interval (or a figure without interval) does not settle it.
enum class Direction { none, agrees, disagrees, undecided };
std::string to_string(Direction d);  // "" for none

// A ratio against a check: inside / outside the accepted band, or across one of its edges.
enum class Placement { inside, outside, across };

struct CellResult {
  std::string label;  // values of the `each` fields, e.g. "gcc keygen"
  std::optional<double> ratio, numerator, denominator;
  std::optional<Interval> interval;             // 95% bootstrap interval of the ratio
  std::string numerator_ids, denominator_ids;  // rows used (row_label)
  std::vector<std::string> missing;             // selectors with no usable row
  std::optional<Placement> placement;           // per-cell check (range/below/above), from the interval
};

struct ComparisonResult {
  std::string label, paper, accepted;  // accepted: e.g. "0.60-0.92", "< 1", "3..3 of 4 below 1"
  Comparability comparability = Comparability::same;
  std::vector<CellResult> cells;
  std::optional<double> geomean;
  std::optional<Interval> geomean_interval;
  std::optional<Verdict> verdict;  // empty when nothing could be measured
  Direction direction = Direction::none;
  bool without_interval = false;  // some figure rests on rows without repetition medians
  std::string ours;               // compact text of our figures
};

struct ClaimResult {
  std::string id, source, claim, paper_figure, printed, how, where;
  Comparability comparability = Comparability::same;
  Verdict verdict = Verdict::missing_rows;
  Direction direction = Direction::none;  // of the analogue comparisons
  bool partial = false;  // some cells missing, the verdict rests on the rest
  std::string ours;      // compact text of our figures
  std::string rows;      // the rows behind our figures
  std::vector<std::string> details;  // lines explaining the verdict
  std::vector<std::string> missing;  // rows that would be needed
  std::vector<ComparisonResult> comparisons;
  // The memory side (MemorySpec): the paper's figure, then one line per cell
  // with each strategy's time and memory; empty for claims without one.
  std::vector<std::string> memory;
};

// Rows excluded from every claim: emulated or without a median, or failing
// their correctness check. `why` receives the reason.
bool usable_for_timing(const Row& row, std::string* why = nullptr);

// Counts of one multiplier's matrix-vector product at `rank` under `strategy`,
// measured by running the module code (RingMultiplier::matrix_vector).
StepCounts measure_step_counts(const std::string& ring, const std::string& multiplier, std::size_t rank,
                               const std::string& strategy);

// Throws std::invalid_argument when a side of a cell matches more than one
// row (naming them), so no figure silently pools several rows.
ClaimResult evaluate_claim(const ClaimSpec& spec, const std::vector<Row>& rows);

// Human-readable block per claim, for the terminal.
std::string claims_text(const std::vector<ClaimResult>& results);
std::string claims_markdown(const std::vector<ClaimResult>& results, const std::string& context);
std::string claims_latex(const std::vector<ClaimResult>& results, const std::string& context);
std::string claims_json(const std::vector<ClaimResult>& results, const std::string& context);

// Escapes LaTeX specials and maps the Unicode signs the claims use to LaTeX.
std::string latex_escape(const std::string& text);

}  // namespace pqmul::experiments
