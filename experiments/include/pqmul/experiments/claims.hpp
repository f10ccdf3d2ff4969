#pragma once
// Published claims and how pqmul reproduces them: one TOML spec per claim
// (experiments/claims/<id>.toml), evaluated against sweep rows (a ratio of
// medians per cell) or against operation counts the module code reports
// (ModuleStats). Every cell a claim needs is either measured or named as
// missing, so a claim is never silently skipped.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pqmul/experiments/row.hpp"

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
// From "field=value" or "field=v1|v2" terms (command lines); throws
// std::invalid_argument for a malformed term or an unknown field.
Selector parse_selector(const std::vector<std::string>& terms);

enum class Check {
  range,  // every cell's ratio within [min, max], widened by the tolerance
  below,  // ratio < threshold
  above,  // ratio > threshold
  count,  // the number of cells with ratio < threshold lies in [count_min, count_max]
};

// One family of ratios: numerator / denominator medians for every cell of
// the cartesian product of `each`.
struct Comparison {
  std::string label;  // shown before the cells, e.g. "Kyber-768"
  Selector common, numerator, denominator;
  std::vector<std::pair<std::string, std::vector<std::string>>> each;
  // Several rows matching one side: "median" of their medians, or "min"
  // (the best of a family, e.g. the fastest Toom-Cook).
  std::string numerator_pick = "median", denominator_pick = "median";
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

struct ClaimSpec {
  std::string id, source, claim, paper_figure, how, where;  // where: "x86" or "arm"
  std::string note;
  std::vector<Comparison> comparisons;
  std::optional<CountSpec> counts;
};

// Throws std::invalid_argument naming `source` and the offending key.
ClaimSpec parse_claim(const std::string& toml_text, const std::string& source);
ClaimSpec read_claim(const std::string& path);
// Every experiments/claims/*.toml of `dir`, sorted by id; the id must match the file name.
std::vector<ClaimSpec> read_claims(const std::string& dir);
// Identifiers of the claims table in a claims.md (first column of its rows).
std::vector<std::string> claim_ids_of_markdown(const std::string& markdown);

enum class Verdict { confirmed, contradicted, not_measurable, missing_rows };
std::string to_string(Verdict v);

struct CellResult {
  std::string label;  // values of the `each` fields, e.g. "gcc keygen"
  std::optional<double> ratio, numerator, denominator;
  std::string numerator_ids, denominator_ids;  // rows used
  std::vector<std::string> missing;             // selectors with no usable row
  std::optional<bool> pass;                     // per-cell check (range/below/above)
};

struct ComparisonResult {
  std::string label, paper, accepted;  // accepted: e.g. "0.60-0.92", "< 1", "3..3 of 4 below 1"
  std::vector<CellResult> cells;
  std::optional<double> geomean;
  std::optional<Verdict> verdict;  // empty when nothing could be measured
  std::string ours;                // compact text of our figures
};

struct ClaimResult {
  std::string id, source, claim, paper_figure, how, where;
  Verdict verdict = Verdict::missing_rows;
  bool partial = false;  // some cells missing, the verdict rests on the rest
  std::string ours;      // compact text of our figures
  std::vector<std::string> details;  // lines explaining the verdict
  std::vector<std::string> missing;  // rows that would be needed
  std::vector<ComparisonResult> comparisons;
};

// Rows excluded from every claim: emulated or without a median, or failing
// their correctness check. `why` receives the reason.
bool usable_for_timing(const Row& row, std::string* why = nullptr);

// Counts of one multiplier's matrix-vector product at `rank` under `strategy`,
// measured by running the module code (RingMultiplier::matrix_vector).
StepCounts measure_step_counts(const std::string& ring, const std::string& multiplier, std::size_t rank,
                               const std::string& strategy);

ClaimResult evaluate_claim(const ClaimSpec& spec, const std::vector<Row>& rows);

// Human-readable block per claim, for the terminal.
std::string claims_text(const std::vector<ClaimResult>& results);
std::string claims_markdown(const std::vector<ClaimResult>& results, const std::string& context);
std::string claims_latex(const std::vector<ClaimResult>& results, const std::string& context);
std::string claims_json(const std::vector<ClaimResult>& results, const std::string& context);

// Escapes LaTeX specials and maps the Unicode signs the claims use to LaTeX.
std::string latex_escape(const std::string& text);

}  // namespace pqmul::experiments
