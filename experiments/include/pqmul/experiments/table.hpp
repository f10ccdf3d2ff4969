#pragma once
// Tables shaped like the papers': one line per implementation, one column per
// operation (median per call, with its 95% interval), sections per scheme (or
// another field), ratio lines such as portable/avx2 ("Ref/SIMD") or
// cached/eager under each section; or transposed (operations x
// implementations), or the paper's figures beside ours. A cell holds exactly
// one row's figure: rows that would be pooled are an error.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/labels.hpp"
#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/statistics.hpp"

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

// A paper's published figures: line label -> column (operation name as in the
// rows, e.g. "keygen") -> value in the table's unit.
struct PaperFigures {
  using Columns = std::map<std::string, double>;
  std::map<std::string, Columns> figures;
  // Figures of a line in one section only (section title -> line label ->
  // columns), for papers whose levels share line names ("ref", "neon").
  std::map<std::string, std::map<std::string, Columns>> by_section;
  std::string source;  // file, for notes
};
// TOML: one table per line label, `["Saber, Toom-4+K2, AVX2"] keygen = 12345`,
// or per section and label, `[Kyber512.neon] keygen = 21693` (the section as
// the table shows its title); CSV: `label,column,value` (header line
// required). Throws std::invalid_argument.
PaperFigures read_paper_figures(const std::string& path);

struct TableOptions {
  std::vector<std::string> operations;  // empty: keygen/encaps/decaps if present, else every operation present
  std::string group_by = "scheme";      // a selector field, or "none"
  std::vector<std::string> ratios = {"auto"};  // "auto", "none", or RatioSpec texts
  Selector filter;                      // rows considered
  std::string value = "median";         // one of table_values(): a time figure, instructions, or a memory column
  std::string layout = "rows";          // rows | transposed (operations x implementations)
  std::string unit = "auto";            // auto | ticks | cycles | us
  LabelNames names;                     // display names over the built-in ones
  std::vector<std::string> line_order;  // labels listed first, in this order
  std::optional<PaperFigures> paper;    // adds paper and difference lines under the lines it names
};

// What a table's cells may hold: median, p10, p90, instructions, and the
// memory columns stack_bytes, heap_bytes, heap_allocations, code_bytes,
// bytes_held (in bytes, or allocations; README "Result rows").
const std::vector<std::string>& table_values();

enum class CellKind { figure, ratio, paper, difference };

struct Cell {
  std::optional<double> value;      // in the table's unit; difference: ours/paper - 1
  std::optional<Interval> interval;  // 95% interval, same unit
  CellKind kind = CellKind::figure;
};

struct TableLine {
  std::string label;
  std::vector<Cell> cells;  // one per column
  CellKind kind = CellKind::figure;
};

struct TableSection {
  std::string title;  // value of the group field, displayed ("" without grouping)
  std::vector<TableLine> lines;
};

struct Table {
  std::vector<std::string> columns;  // headers without the unit
  std::vector<CellKind> column_kinds;  // transposed tables: what each column holds
  std::string corner = "Implementation";
  std::vector<TableSection> sections;
  std::string value;                  // one of table_values()
  std::string unit;                   // ticks | cycles | us | instructions | bytes | allocations
  std::vector<std::string> notes;     // e.g. rows left out and why
};

// The unit figures are shown in and the factor turning a row's ticks into it:
// "instructions" for instruction counts, "bytes" / "allocations" for the
// memory columns; else `requested` (auto: "us" when
// every row carries counter_hz, else "cycles" for cycle counters, else
// "ticks"). Throws std::invalid_argument for rows of different counters
// (their ticks do not compare) or a unit the rows cannot give.
struct FigureUnit {
  std::string name;  // ticks | cycles | us | instructions | model:<cpu> cycles
  double factor(const Row& row) const;
};
FigureUnit choose_unit(const std::vector<const Row*>& rows, const std::string& value, const std::string& requested);

// Throws std::invalid_argument for unknown fields, values or labels, mixed
// units, and cells that more than one row would feed.
Table build_table(const std::vector<Row>& rows, const TableOptions& options);

// "12,345 ± 1.2%" (Markdown) / plain numbers; shared by the renderers.
std::string unit_text(const std::string& unit);  // "ticks", "cycles", "µs", "instructions"
std::string render_markdown(const Table& table);
std::string render_latex(const Table& table);  // booktabs + siunitx S columns
std::string render_csv(const Table& table);
// Markdown and LaTeX escaping of one cell's text.
std::string markdown_escape(const std::string& text);
std::string latex_cell(const std::string& text);

// Rows of a results directory (results.csv, else results.json) or of a CSV / JSON file.
std::vector<Row> read_results(const std::string& path);
// The files read_results(path) may read: path, and a directory's results.csv
// and results.json (so that no output replaces them).
std::vector<std::filesystem::path> results_inputs(const std::string& path);

}  // namespace pqmul::experiments
