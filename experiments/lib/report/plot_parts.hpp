#pragma once
// The pieces the figures of plot_script.cpp share with the figures in files
// of their own (plot_pareto.cpp).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/plot.hpp"

namespace pqmul::experiments::plot_parts {

// Canvas size in characters and lines of the terminal font.
struct Canvas {
  double chars = 100, lines = 34;
};

std::string colour(std::size_t i);                       // Okabe-Ito, by series
std::string dat_number(const std::optional<double>& v);  // "?" when missing
std::string tics_list(const std::vector<double>& ticks);
std::size_t longest(const std::vector<std::string>& texts);
// Terminal, output, data file, title and stamp: the start of every script.
std::string header(const PlotOptions& o, const std::filesystem::path& image, const std::filesystem::path& script,
                   const std::filesystem::path& dat, const Canvas& canvas, const std::string& title,
                   const std::string& stamp);
// A value axis over [lo, hi]: logarithmic (1-2-5 labels) past 20x unless `log` says otherwise.
std::string y_axis(double lo, double hi, std::optional<bool> log);
void widen_for(Canvas& c, const std::string& title, const std::string& stamp);

// Median ticks against stack bytes of one (ring, ISA, compiler, operation):
// every row, its Pareto front (pareto.hpp) joined, the catalogue's plans named.
std::string pareto_figure(const std::vector<Row>& rows, const PlotOptions& o, const std::filesystem::path& image,
                          const std::filesystem::path& script, const std::filesystem::path& dat, std::string& data,
                          const std::string& stamp);

}  // namespace pqmul::experiments::plot_parts
