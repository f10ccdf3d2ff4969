#pragma once
// Figures of sweep rows, as gnuplot data (.dat) and script (.gp) files beside
// the figure, so an author can restyle them; `pqmul plot` then runs the
// script through gnuplot-iostream.
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

struct PlotOptions {
  std::string kind = "bars";         // bars | scaling
  std::string series_by = "multiplier";  // bars: the field whose values are the bars of a cluster
  std::vector<std::string> operations;   // bars: empty = keygen/encaps/decaps if present, else all; scaling: {"mul"}
  Selector filter;
  std::string title;
  std::optional<bool> log_y;  // bars: empty = logarithmic when the figures span more than 100x
  std::string output;         // FILE.svg | FILE.pdf | FILE.png
};

struct Bar {
  std::optional<double> median, p10, p90;
};

// Grouped bars: clusters (x) x series (bars in a cluster).
struct BarData {
  std::vector<std::string> clusters, series;
  std::vector<std::vector<Bar>> bars;  // [cluster][series]
};

// Ticks against n, one series per implementation.
struct ScalingSeries {
  std::string name;
  std::vector<std::pair<double, Bar>> points;  // (n, figures), sorted by n, then ring name
  std::vector<std::string> rings;              // the ring of each point
};

// Throws std::invalid_argument when nothing is selected or a field is unknown.
BarData bar_data(const std::vector<Row>& rows, const PlotOptions& options);
// Rows of registered rings only (their degree n comes from the registry).
std::vector<ScalingSeries> scaling_data(const std::vector<Row>& rows, const PlotOptions& options);

// "counter tsc (overhead 20 ticks), <cpu>, <date>": stamped on every figure.
std::string figure_stamp(const std::vector<Row>& rows);

struct PlotFiles {
  std::string data, script, image;
};
// Writes <output without extension>.dat and .gp; the script, run by gnuplot
// from any directory, draws `options.output` (terminal chosen by its extension).
// Throws std::invalid_argument for an extension other than svg, pdf, png.
PlotFiles write_plot_files(const std::vector<Row>& rows, const PlotOptions& options);

}  // namespace pqmul::experiments
