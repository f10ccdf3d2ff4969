#pragma once
// Figures of sweep rows, as gnuplot data and script files beside the figure
// (FIG.png.dat, FIG.png.gp: named per output, so FIG.svg and FIG.png
// coexist), so an author can restyle them; `pqmul plot` then runs the script
// through gnuplot-iostream. Labels are the tables' (labels.hpp); margins and
// the canvas are sized from them so nothing is cut; the y axis turns
// logarithmic (1-2-5 labels) when the figures span more than 20x; error bars
// are the median's 95% interval; the palette is Okabe-Ito (colour-blind safe).
// A bar or point is exactly one row: rows that would be pooled are an error.
// Text reaching gnuplot is single-quoted; control characters are refused.
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/labels.hpp"
#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

struct PlotOptions {
  std::string kind = "bars";             // bars | scaling | claim | pareto
  std::string series_by = "multiplier";  // bars: the field whose values are the bars of a cluster
  std::vector<std::string> operations;   // bars: empty = keygen/encaps/decaps if present, else all; scaling: {"mul"}
  Selector filter;
  std::string title;
  std::optional<bool> log_y;  // empty = logarithmic when the figures span more than 20x
  std::string unit = "auto";  // as for tables: auto | ticks | cycles | us
  LabelNames names;
  std::string output;         // FILE.svg | FILE.pdf | FILE.png
};

// A figure and its 95% interval (both empty when the row has none).
struct Bar {
  std::optional<double> median, low, high;
};

// Grouped bars: clusters (x) x series (bars in a cluster).
struct BarData {
  std::vector<std::string> clusters, series;
  std::vector<std::vector<Bar>> bars;  // [cluster][series]
  std::string unit;
};

// Ticks against n: one series per implementation and ring family (NTRU's
// rings form one line; rings sharing a degree are never joined).
struct ScalingSeries {
  std::string name;
  std::vector<std::pair<double, Bar>> points;  // (n, figures), sorted by n
  std::vector<std::string> rings;              // the ring of each point
  std::string unit;                            // of the figures (table.hpp's choose_unit)
};

// One claim cell: the paper's band and our ratio with its interval.
struct ClaimPoint {
  std::string label;
  std::optional<double> paper_min, paper_max;
  std::optional<double> value, ci_low, ci_high;
};

// Throws std::invalid_argument when nothing is selected, a field is unknown
// or rows would be pooled.
BarData bar_data(const std::vector<Row>& rows, const PlotOptions& options);
// Rows of registered rings only (their degree n comes from the registry).
std::vector<ScalingSeries> scaling_data(const std::vector<Row>& rows, const PlotOptions& options);
// Cells of a claims.json written by `pqmul reproduce`: per cell `label`,
// `value` (else `ratio`), `ci_low`, `ci_high`, and the band `paper_min`,
// `paper_max` (else parsed from the comparison's `accepted` "A-B").
std::vector<ClaimPoint> claim_points(const std::string& claims_json_text, const Selector& claim_ids);

// "counter tsc (overhead 20 ticks), <cpu>, <date>": stamped on every figure.
std::string figure_stamp(const std::vector<Row>& rows);

// True when values spanning [lo, hi] get a logarithmic axis (hi/lo > 20).
bool wants_log_axis(double lo, double hi);
// 1-2-5 ticks per decade covering [lo, hi], for a logarithmic axis.
std::vector<double> log_ticks(double lo, double hi);
// Text as a gnuplot single-quoted string; throws std::invalid_argument for
// control characters (a newline would end the command and start another).
std::string gnuplot_quote(const std::string& text);

struct PlotFiles {
  std::string data, script, image;
};
// The files of the figure `output`: its absolute path, and FIG.dat, FIG.gp beside it.
PlotFiles plot_files(const std::string& output);
// The text of <output>.dat and <output>.gp, and their paths. The script, run
// by gnuplot from any directory, draws `options.output` (terminal chosen by its
// extension), or the file named by the gnuplot variable `output_file` when it
// is set before the script is loaded. For kind "claim", `claims_json_text` is
// the claims file's text; rows are unused. Throws std::invalid_argument for an
// extension other than svg, pdf, png, and for text with control characters.
struct PlotText {
  PlotFiles files;
  std::string data, script;
};
PlotText plot_text(const std::vector<Row>& rows, const PlotOptions& options, const std::string& claims_json_text = "");
// plot_text's files written.
PlotFiles write_plot_files(const std::vector<Row>& rows, const PlotOptions& options,
                           const std::string& claims_json_text = "");

}  // namespace pqmul::experiments
