#pragma once
// Tables shaped like the papers': one line per implementation, one column per
// operation (median ticks), sections per scheme (or another field), and ratio
// lines such as portable/avx2 ("Ref/SIMD") or cached/eager under each section.
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

// A ratio line: field, then the numerator and denominator values, written
// "isa:portable/avx2". Lines pair implementations equal in every other field.
struct RatioSpec {
  std::string field, numerator, denominator;
};
// Throws std::invalid_argument for malformed text or an unknown field.
RatioSpec parse_ratio(const std::string& text);
// The ratios "auto" stands for: those of these that have pairs in the rows.
const std::vector<std::string>& automatic_ratios();

struct TableOptions {
  std::vector<std::string> operations;  // empty: keygen/encaps/decaps if present, else every operation present
  std::string group_by = "scheme";      // a selector field, or "none"
  std::vector<std::string> ratios = {"auto"};  // "auto", "none", or RatioSpec texts
  Selector filter;                      // rows considered
  std::string value = "median";         // median | p10 | p90 | instructions
};

struct TableLine {
  std::string label;
  std::vector<std::optional<double>> cells;  // one per column
  bool ratio = false;
};

struct TableSection {
  std::string title;  // value of the group field ("" without grouping)
  std::vector<TableLine> lines;
};

struct Table {
  std::vector<std::string> columns;  // the operations
  std::vector<TableSection> sections;
  std::string value;                  // what the cells hold, for the caption
  std::vector<std::string> notes;     // e.g. rows left out and why
};

// Throws std::invalid_argument for unknown fields or values.
Table build_table(const std::vector<Row>& rows, const TableOptions& options);

std::string render_markdown(const Table& table);
std::string render_latex(const Table& table);  // booktabs
std::string render_csv(const Table& table);

// Rows of a results directory (results.csv, else results.json) or of a CSV / JSON file.
std::vector<Row> read_results(const std::string& path);

}  // namespace pqmul::experiments
