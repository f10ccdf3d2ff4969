// The gnuplot script and data of a figure. The canvas and margins are sized
// from the labels (gnuplot's automatic bottom margin ignores multi-line tic
// labels, and rotated labels ran off the left edge): cluster labels are
// wrapped at their commas into a cluster's width and stay horizontal, and the
// canvas grows with the clusters, the key, the title and the stamp.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

#include "plot_parts.hpp"
#include "pqmul/experiments/plot.hpp"
#include "pqmul/experiments/table.hpp"
#include "pqmul/schemes/common/printable.hpp"

namespace pqmul::experiments {
namespace plot_parts {

// Okabe & Ito's colour-blind-safe palette, most distinct first.
const std::vector<std::string> palette = {"#0072B2", "#E69F00", "#009E73", "#D55E00",
                                          "#56B4E9", "#CC79A7", "#F0E442", "#000000"};

// Canvas geometry in characters of the terminal font, then in the terminal's units.
constexpr double png_char_px = 8.0, png_line_px = 18.0;
constexpr double pdf_char_in = 0.075, pdf_line_in = 0.17;

std::string colour(std::size_t i) { return palette[i % palette.size()]; }

std::string dat_number(const std::optional<double>& v) { return v ? fmt::format("{}", *v) : "?"; }

// "1", "20", "500", "1k", "2.5M": tick labels with SI prefixes.
std::string si_label(double v) {
  static const std::pair<double, const char*> prefixes[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}, {1e-3, "m"}};
  for (const auto& [scale, prefix] : prefixes)
    if (std::fabs(v) >= scale * 0.9999) return fmt::format("{:g}{}", v / scale, prefix);
  return fmt::format("{:g}", v);
}

std::vector<double> linear_ticks(double hi) {
  const double raw = hi / 6, decade = std::pow(10, std::floor(std::log10(raw)));
  double step = decade;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * decade >= raw) {
      step = m * decade;
      break;
    }
  std::vector<double> ticks;
  for (double t = 0; t <= hi * 1.1; t += step) ticks.push_back(t);
  return ticks;
}

std::string tics_list(const std::vector<double>& ticks) {
  std::string out;
  for (double t : ticks) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", gnuplot_quote(si_label(t)), t);
  return "(" + out + ")";
}

// A label wrapped at its spaces into lines of at most `width` characters (a
// word longer than that keeps a line of its own).
std::vector<std::string> wrapped(const std::string& label, std::size_t width) {
  std::vector<std::string> lines;
  std::string current;
  std::size_t start = 0;
  for (bool last = false; !last;) {
    const auto space = label.find(' ', start);
    last = space == std::string::npos;
    const std::string word = label.substr(start, last ? std::string::npos : space - start);
    if (!current.empty() && current.size() + 1 + word.size() > width) {
      lines.push_back(current);
      current.clear();
    }
    current += (current.empty() ? "" : " ") + word;
    start = space + 1;
  }
  lines.push_back(current);
  return lines;
}

// Joins quoted lines into one gnuplot string expression.
constexpr const char* line_joint = " . \"\\n\" . ";

std::string gnuplot_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : line_joint) + gnuplot_quote(l);
  return out;
}

std::size_t longest(const std::vector<std::string>& texts) {
  std::size_t n = 0;
  for (const auto& t : texts) n = std::max(n, t.size());
  return n;
}

std::string terminal_for(const std::filesystem::path& image, const Canvas& c) {
  const std::string ext = image.extension().string();
  const double w = std::clamp(c.chars, 90.0, 1000.0), h = std::clamp(c.lines, 28.0, 200.0);
  if (ext == ".svg")
    return fmt::format("set terminal svg size {:.0f},{:.0f} dynamic noenhanced font 'sans,11' background rgb 'white'",
                       w * png_char_px, h * png_line_px);
  if (ext == ".png")
    return fmt::format("set terminal pngcairo size {:.0f},{:.0f} noenhanced font 'sans,11' background rgb 'white'",
                       w * png_char_px, h * png_line_px);
  if (ext == ".pdf")
    return fmt::format("set terminal pdfcairo size {:.2f}in,{:.2f}in noenhanced font 'sans,10'", w * pdf_char_in,
                       h * pdf_line_in);
  throw std::invalid_argument("figure '" + image.string() + "': the extension must be .svg, .pdf or .png");
}

std::string header(const PlotOptions& o, const std::filesystem::path& image, const std::filesystem::path& script,
                   const std::filesystem::path& dat, const Canvas& canvas, const std::string& title,
                   const std::string& stamp) {
  std::string gp = "# Written by `pqmul plot`: restyle freely, then redraw with `gnuplot " +
                   script.filename().string() + "`.\n";
  gp += "set encoding utf8\n" + terminal_for(image, canvas) + "\n";
  // `pqmul plot` draws from and into staged files first (data_file and
  // output_file set before loading the script).
  gp += "if (!exists('data_file')) data_file = " + gnuplot_quote(dat.string()) + "\n";
  gp += "if (!exists('output_file')) output_file = " + gnuplot_quote(image.string()) + "\n";
  gp += "set output output_file\n";
  gp += "set datafile missing '?'\n";
  gp += "set title " + gnuplot_quote(o.title.empty() ? title : o.title) + "\n";
  gp += "set label 1 " + gnuplot_quote(stamp) + " at screen 0.01, screen 0.985 left font ',9' textcolor rgb '#555555'\n";
  gp += "set tmargin 4\nset grid ytics lc rgb '#dddddd'\nset border 3\nset tics nomirror\n";
  return gp;
}

// The y axis of figures in [lo, hi]: logarithmic with 1-2-5 labels past 20x.
std::string y_axis(double lo, double hi, std::optional<bool> log_y) {
  if (log_y.value_or(wants_log_axis(lo, hi)))
    return fmt::format("set logscale y\nset yrange [{}:{}]\nset ytics {}\n", lo / 1.4, hi * 1.4, tics_list(log_ticks(lo, hi)));
  return fmt::format("set yrange [0:{}]\nset ytics {}\n", hi * 1.1, tics_list(linear_ticks(hi)));
}

std::string unit_label(const std::string& unit) {
  return fmt::format("median {} per call (error bars: 95% interval)", unit_text(unit));
}

void widen_for(Canvas& c, const std::string& title, const std::string& stamp) {
  c.chars = std::max({c.chars, static_cast<double>(title.size()) * 1.2 + 8, static_cast<double>(stamp.size()) * 0.9 + 6});
}


std::string bars_figure(const std::vector<Row>& rows, const PlotOptions& o, const std::filesystem::path& image,
                        const std::filesystem::path& script, const std::filesystem::path& dat, std::string& data,
                        const std::string& stamp) {
  const BarData d = bar_data(rows, o);
  data += "# cluster";
  for (const auto& s : d.series) data += fmt::format(" | {}: median ci_low ci_high", printable(s));
  data += "\n";
  double lo = 0, hi = 0;
  for (std::size_t c = 0; c < d.clusters.size(); ++c) {
    data += std::to_string(c);
    for (const auto& b : d.bars[c]) {
      // A bar without an interval gets a zero-length error bar.
      data += fmt::format(" {} {} {}", dat_number(b.median), dat_number(b.low ? b.low : b.median),
                          dat_number(b.high ? b.high : b.median));
      if (!b.median) continue;
      const double low = b.low.value_or(*b.median), high = b.high.value_or(*b.median);
      lo = lo == 0 ? std::min(low, *b.median) : std::min({lo, low, *b.median});
      hi = std::max({hi, high, *b.median});
    }
    data += "  # " + printable(d.clusters[c]) + "\n";
  }
  // Each cluster is as wide as its widest label line (16 characters, or its
  // longest word), and wide enough for its bars.
  std::size_t word = 0;
  for (const auto& c : d.clusters)
    for (const auto& part : wrapped(c, 0)) word = std::max(word, part.size());
  const std::size_t wrap = std::max<std::size_t>(16, word);
  std::size_t label_lines = 1;
  std::string tics;
  for (std::size_t c = 0; c < d.clusters.size(); ++c) {
    const std::string label = gnuplot_lines(wrapped(d.clusters[c], wrap));
    // Lines counted by their joints in the gnuplot expression (counting the
    // vector wrapped() returns trips gcc 12's -Wuse-after-free false positive).
    std::size_t joints = 0;
    for (auto at = label.find(line_joint); at != std::string::npos; at = label.find(line_joint, at + 1)) ++joints;
    label_lines = std::max(label_lines, joints + 1);
    tics += fmt::format("{}{} {}", c ? ", " : "", label, c);
  }
  const double cluster_chars = std::max(static_cast<double>(wrap) + 2, 1.6 * static_cast<double>(d.series.size()) + 3);
  const std::string title = fmt::format("{} by {}", unit_label(d.unit), o.series_by);
  Canvas canvas{16 + cluster_chars * static_cast<double>(d.clusters.size()) + static_cast<double>(longest(d.series)) + 12,
                30 + static_cast<double>(label_lines)};
  widen_for(canvas, o.title.empty() ? title : o.title, stamp);
  std::string gp = header(o, image, script, dat, canvas, title, stamp);
  gp += "set style data histograms\nset style histogram errorbars gap 1 lw 1\n";
  gp += "set style fill solid 0.9 border rgb '#333333'\nset boxwidth 0.9\nset bars front\n";
  gp += "set key outside right top noenhanced title " + gnuplot_quote(o.series_by) + "\n";
  gp += "set ylabel " + gnuplot_quote(unit_label(d.unit)) + "\n";
  gp += fmt::format("set xtics ({}) scale 0 center\nset xrange [-0.5:{}.5]\nset bmargin {}\n", tics,
                    d.clusters.size() - 1, label_lines + 2);
  gp += y_axis(lo, hi, o.log_y);
  gp += "plot ";
  for (std::size_t s = 0; s < d.series.size(); ++s) {
    const std::size_t col = 2 + 3 * s;
    // Past the palette's eight colours, hatching tells the series apart.
    static const int hatches[] = {4, 5, 6, 7, 1, 2};  // gnuplot's fill patterns, densest last
    const std::string fill =
        s < palette.size() ? "" : fmt::format(" fs pattern {} border", hatches[(s / palette.size() - 1) % 6]);
    gp += fmt::format("{}{} using {}:{}:{} lc rgb '{}'{} title {}", s ? ", \\\n     " : "", s ? "''" : "data_file", col,
                      col + 1, col + 2, colour(s), fill, gnuplot_quote(d.series[s]));
  }
  return gp + "\n";
}

std::string scaling_figure(const std::vector<Row>& rows, const PlotOptions& o, const std::filesystem::path& image,
                           const std::filesystem::path& script, const std::filesystem::path& dat, std::string& data,
                           const std::string& stamp) {
  const auto series = scaling_data(rows, o);
  std::set<double> ns;
  double lo = 0, hi = 0;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& s = series[i];
    names.push_back(s.name);
    data += fmt::format("{}# {}\n# n median ci_low ci_high ring\n", i ? "\n\n" : "", printable(s.name));
    for (std::size_t k = 0; k < s.points.size(); ++k) {
      const auto& [n, b] = s.points[k];
      ns.insert(n);
      data += fmt::format("{} {} {} {} {}\n", n, dat_number(b.median), dat_number(b.low ? b.low : b.median),
                          dat_number(b.high ? b.high : b.median), printable(s.rings[k]));
      lo = lo == 0 ? b.low.value_or(*b.median) : std::min(lo, b.low.value_or(*b.median));
      hi = std::max(hi, b.high.value_or(*b.median));
    }
  }
  const std::string title = "ring multiplication against n (log-log), one line per implementation and ring family";
  Canvas canvas{110 + static_cast<double>(longest(names)), 34};
  widen_for(canvas, o.title.empty() ? title : o.title, stamp);
  std::string gp = header(o, image, script, dat, canvas, title, stamp);
  gp += "set logscale x\nset xlabel 'n (ring degree)'\nset ylabel " + gnuplot_quote(unit_label(series.front().unit)) + "\n";
  // Tick labels closer than 6% on the log axis would overlap: those get a tick only.
  std::string tics;
  double labelled = 0;
  for (double n : ns) {
    const bool label = labelled == 0 || n / labelled > 1.06;
    tics += fmt::format("{}{}{:.0f}{}", tics.empty() ? "" : ", ", label ? "" : "'' ", n, label ? "" : " 1");
    if (label) labelled = n;
  }
  gp += fmt::format("set xtics ({})\nset xrange [{:.0f}:{:.0f}]\nset key outside right top\n", tics,
                    *ns.begin() * 0.85, *ns.rbegin() * 1.15);
  gp += y_axis(lo, hi, true);
  gp += "plot ";
  for (std::size_t i = 0; i < series.size(); ++i)
    gp += fmt::format("{}{} index {} using 1:2:3:4 with yerrorlines lw 2 pt {} ps 1 lc rgb '{}' title {}",
                      i ? ", \\\n     " : "", i ? "''" : "data_file", i, 5 + i % 8, colour(i),
                      gnuplot_quote(series[i].name));
  return gp + "\n";
}

std::string claim_figure(const std::string& claims_text, const PlotOptions& o, const std::filesystem::path& image,
                         const std::filesystem::path& script, const std::filesystem::path& dat, std::string& data) {
  const auto points = claim_points(claims_text, o.filter);
  data += "# y paper_centre paper_half_width ours ci_low ci_high label\n";
  double lo = 0, hi = 0;
  auto extend = [&](const std::optional<double>& v) {
    if (!v || *v <= 0) return;
    lo = lo == 0 ? *v : std::min(lo, *v);
    hi = std::max(hi, *v);
  };
  std::string tics;
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i];
    for (const auto& v : {p.paper_min, p.paper_max, p.value, p.ci_low, p.ci_high}) extend(v);
    const bool band = p.paper_min && p.paper_max;
    data += fmt::format("{} {} {} {} {} {}  # {}\n", i, band ? dat_number((*p.paper_min + *p.paper_max) / 2) : "?",
                        band ? dat_number((*p.paper_max - *p.paper_min) / 2) : "?", dat_number(p.value),
                        dat_number(p.ci_low ? p.ci_low : p.value), dat_number(p.ci_high ? p.ci_high : p.value),
                        printable(p.label));
    tics += fmt::format("{}{} {}", i ? ", " : "", gnuplot_quote(p.label), i);
    labels.push_back(p.label);
  }
  if (hi == 0) throw std::invalid_argument("claims file: no positive figure to draw");
  Canvas canvas{static_cast<double>(longest(labels)) + 80, 12 + 1.8 * static_cast<double>(points.size())};
  const std::string title = "claims: the paper's range (band) and our ratio (95% interval)";
  widen_for(canvas, o.title.empty() ? title : o.title, "");
  std::string gp = header(o, image, script, dat, canvas, title, "");
  const bool log_x = o.log_y.value_or(wants_log_axis(lo, hi));
  gp += fmt::format("set ytics ({}) scale 0\nset yrange [{}.6:-0.6]\nset grid xtics lc rgb '#dddddd'\n", tics,
                    points.size() - 1);
  gp += log_x ? fmt::format("set logscale x\nset xrange [{}:{}]\nset xtics {}\n", lo / 1.3, hi * 1.3, tics_list(log_ticks(lo, hi)))
              : fmt::format("set xrange [{}:{}]\n", std::min(0.0, lo), hi * 1.15);
  gp += "set xlabel 'ratio'\nset key outside bottom center horizontal\nset style fill transparent solid 0.35 noborder\n";
  gp += "set arrow 1 from first 1, graph 0 to first 1, graph 1 nohead dt 2 lc rgb '#777777'\n";
  gp += fmt::format(
      "plot {} using 2:1:3:(0.3) with boxxyerror lc rgb '{}' title 'paper (stated range)', \\\n"
      "     '' using 4:1:5:6 with xerrorbars pt 7 ps 1.2 lc rgb '{}' title 'ours (95% interval)'\n",
      "data_file", palette[1], palette[0]);
  return gp;
}

}  // namespace plot_parts

bool wants_log_axis(double lo, double hi) { return lo > 0 && hi / lo > 20; }

std::vector<double> log_ticks(double lo, double hi) {
  std::vector<double> out;
  if (lo <= 0 || hi <= 0) return out;
  for (double decade = std::pow(10, std::floor(std::log10(lo / 1.4))); decade <= hi * 1.4; decade *= 10)
    for (double m : {1.0, 2.0, 5.0})
      if (m * decade >= lo / 1.4 && m * decade <= hi * 1.4) out.push_back(m * decade);
  return out;
}

std::string gnuplot_quote(const std::string& text) {
  std::string out = "'";
  for (char ch : text) {
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f)
      throw std::invalid_argument(fmt::format("text for gnuplot holds a control character (0x{:02x}): '{}'",
                                              static_cast<unsigned>(static_cast<unsigned char>(ch)),
                                              text.substr(0, text.find_first_of("\r\n"))));
    out += ch == '\'' ? std::string("''") : std::string(1, ch);
  }
  return out + "'";
}

PlotFiles plot_files(const std::string& output) {
  const std::string image = std::filesystem::absolute(output).string();
  return {image + ".dat", image + ".gp", image};
}

PlotText plot_text(const std::vector<Row>& rows, const PlotOptions& o, const std::string& claims_text) {
  using namespace plot_parts;
  namespace fs = std::filesystem;
  if (o.output.empty()) throw std::invalid_argument("no output file given (-o FILE.svg|pdf|png)");
  const PlotFiles files = plot_files(o.output);
  const fs::path image = files.image, dat = files.data, script = files.script;
  (void)terminal_for(image, Canvas{});
  const std::string stamp = o.kind == "claim" ? "" : figure_stamp(rows);
  std::string data = "# pqmul plot data (" + o.kind + ")" + (stamp.empty() ? "" : ": " + stamp) + "\n";
  std::string gp;
  if (o.kind == "bars") gp = bars_figure(rows, o, image, script, dat, data, stamp);
  else if (o.kind == "scaling") gp = scaling_figure(rows, o, image, script, dat, data, stamp);
  else if (o.kind == "claim") gp = claim_figure(claims_text, o, image, script, dat, data);
  else if (o.kind == "pareto") gp = pareto_figure(rows, o, image, script, dat, data, stamp);
  else throw std::invalid_argument("unknown plot kind '" + o.kind + "' (valid: bars, scaling, claim, pareto)");
  gp += "set output\n";
  return {files, data, gp};
}

PlotFiles write_plot_files(const std::vector<Row>& rows, const PlotOptions& o, const std::string& claims_text) {
  namespace fs = std::filesystem;
  // Everything is checked before anything is written: no half-written figure files.
  const PlotText t = plot_text(rows, o, claims_text);
  if (const fs::path dir = fs::path(t.files.image).parent_path(); !dir.empty()) fs::create_directories(dir);
  std::ofstream(t.files.data) << t.data;
  std::ofstream(t.files.script) << t.script;
  if (!std::ifstream(t.files.script) || !std::ifstream(t.files.data))
    throw std::runtime_error("cannot write " + t.files.script);
  return t.files;
}

}  // namespace pqmul::experiments
