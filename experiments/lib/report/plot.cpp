// The data and gnuplot script of a figure: grouped bars (median with p10-p90
// error bars) or scaling (ticks against n, log-log). Both files are written
// beside the figure so it can be restyled and redrawn with plain gnuplot.
#include "pqmul/experiments/plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

#include "pqmul/algorithms/registry.hpp"

namespace pqmul::experiments {
namespace {

// What tells bars apart (the parameter set follows from the scheme).
const std::vector<std::string> identity_fields = {"scheme", "multiplier", "params", "isa", "strategy",
                                                  "rank", "compiler", "vectorize", "operation"};

std::string shown(const std::string& field, const std::string& value) {
  if (field == "vectorize") return value == "true" ? "vec" : "novec";
  if (field == "rank") return value.empty() ? "" : "l=" + value;
  return value;
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Figures of several rows standing for one bar: the median of each quantity.
Bar combine(const std::vector<const Row*>& rows) {
  std::vector<double> m, lo, hi;
  for (const Row* r : rows) {
    if (r->median) m.push_back(*r->median);
    if (r->p10) lo.push_back(*r->p10);
    if (r->p90) hi.push_back(*r->p90);
  }
  Bar b;
  if (!m.empty()) b.median = median_of(m);
  if (!lo.empty()) b.p10 = median_of(lo);
  if (!hi.empty()) b.p90 = median_of(hi);
  return b;
}

std::vector<const Row*> timed_rows(const std::vector<Row>& rows, const PlotOptions& o,
                                   const std::vector<std::string>& operations) {
  std::vector<const Row*> out;
  for (const auto& r : rows)
    if (o.filter.matches(r) && usable_for_timing(r) &&
        (operations.empty() || std::find(operations.begin(), operations.end(), r.operation) != operations.end()))
      out.push_back(&r);
  return out;
}

std::vector<std::string> default_operations(const std::vector<Row>& rows, const PlotOptions& o) {
  if (!o.operations.empty()) return o.operations;
  for (const Row* r : timed_rows(rows, o, {}))
    if (r->operation == "keygen" || r->operation == "encaps" || r->operation == "decaps")
      return {"keygen", "encaps", "decaps"};
  return {};
}

// Fields (of `fields`) whose value differs between the rows.
std::vector<std::string> varying(const std::vector<const Row*>& rows, const std::vector<std::string>& fields) {
  std::vector<std::string> out;
  for (const auto& f : fields) {
    std::set<std::string> seen;
    for (const Row* r : rows) seen.insert(field_value(*r, f));
    if (seen.size() > 1) out.push_back(f);
  }
  return out;
}

std::string joined_label(const Row& r, const std::vector<std::string>& fields) {
  std::string out;
  for (const auto& f : fields) {
    const std::string v = shown(f, field_value(r, f));
    if (!v.empty()) out += (out.empty() ? "" : " ") + v;
  }
  return out;
}

// gnuplot single-quoted string ('' stands for ').
std::string gp_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("''") : std::string(1, ch);
  return out + "'";
}

std::string dat_number(const std::optional<double>& v) { return v ? fmt::format("{}", *v) : "?"; }

std::string terminal_for(const std::filesystem::path& image) {
  const std::string ext = image.extension().string();
  if (ext == ".svg") return "set terminal svg size 1100,600 dynamic noenhanced font 'sans,11' background rgb 'white'";
  if (ext == ".png") return "set terminal pngcairo size 1400,760 noenhanced font 'sans,11' background rgb 'white'";
  if (ext == ".pdf") return "set terminal pdfcairo size 11in,6in noenhanced font 'sans,10'";
  throw std::invalid_argument("figure '" + image.string() + "': the extension must be .svg, .pdf or .png");
}

std::string header(const PlotOptions& o, const std::filesystem::path& image, const std::string& title,
                   const std::string& stamp) {
  std::string gp = "# Written by `pqmul plot`: restyle freely, then redraw with `gnuplot " +
                   image.stem().string() + ".gp`.\n";
  gp += terminal_for(image) + "\n";
  gp += "set output " + gp_quote(image.string()) + "\n";
  gp += "set datafile missing '?'\n";
  gp += "set title " + gp_quote(o.title.empty() ? title : o.title) + "\n";
  gp += "set label 1 " + gp_quote(stamp) + " at screen 0.01, screen 0.975 font ',9' textcolor rgb '#555555'\n";
  gp += "set tmargin 4\nset format y '%.1s%c'\n";
  gp += "set grid ytics lc rgb '#dddddd'\nset border 3\nset tics nomirror\n";
  return gp;
}

}  // namespace

BarData bar_data(const std::vector<Row>& rows, const PlotOptions& o) {
  (void)field_value(Row{}, o.series_by);  // refuses unknown fields
  const auto ops = default_operations(rows, o);
  const auto selected = timed_rows(rows, o, ops);
  if (selected.empty()) throw std::invalid_argument("no timed rows match the selection");
  std::vector<std::string> cluster_fields;
  // A multiplier's parameters belong to its bar: "ntt-layers=6".
  const bool by_multiplier = o.series_by == "multiplier";
  for (const auto& f : varying(selected, identity_fields))
    if (f != o.series_by && !(by_multiplier && f == "params")) cluster_fields.push_back(f);
  if (std::find(cluster_fields.begin(), cluster_fields.end(), "operation") == cluster_fields.end())
    cluster_fields.push_back("operation");
  BarData d;
  std::map<std::pair<std::string, std::string>, std::vector<const Row*>> members;
  for (const Row* r : selected) {
    const std::string cluster = joined_label(*r, cluster_fields);
    std::string series = shown(o.series_by, field_value(*r, o.series_by));
    if (by_multiplier && !r->params.empty()) series += "-" + r->params;
    if (std::find(d.clusters.begin(), d.clusters.end(), cluster) == d.clusters.end()) d.clusters.push_back(cluster);
    if (std::find(d.series.begin(), d.series.end(), series) == d.series.end()) d.series.push_back(series);
    members[{cluster, series}].push_back(r);
  }
  for (const auto& c : d.clusters) {
    std::vector<Bar> line;
    for (const auto& s : d.series) {
      const auto it = members.find({c, s});
      line.push_back(it == members.end() ? Bar{} : combine(it->second));
    }
    d.bars.push_back(std::move(line));
  }
  return d;
}

std::vector<ScalingSeries> scaling_data(const std::vector<Row>& rows, const PlotOptions& o) {
  const std::vector<std::string> ops = o.operations.empty() ? std::vector<std::string>{"mul"} : o.operations;
  const auto rings = registered_rings();
  std::map<std::string, double> degree;
  std::vector<const Row*> selected;
  for (const Row* r : timed_rows(rows, o, ops)) {
    if (std::find(rings.begin(), rings.end(), r->scheme) == rings.end()) continue;
    if (!degree.count(r->scheme)) degree[r->scheme] = static_cast<double>(make_multiplier(r->scheme, "schoolbook")->ring().n);
    selected.push_back(r);
  }
  if (selected.empty()) throw std::invalid_argument("no timed ring rows (operation " + ops.front() + ") match the selection");
  std::vector<std::string> label_fields = {"multiplier", "params", "isa"};
  for (const auto& f : varying(selected, {"strategy", "rank", "compiler", "vectorize", "operation"}))
    label_fields.push_back(f);
  std::vector<ScalingSeries> out;
  std::map<std::string, std::map<std::pair<double, std::string>, std::vector<const Row*>>> points;
  for (const Row* r : selected) {
    const std::string name = joined_label(*r, label_fields);
    if (std::none_of(out.begin(), out.end(), [&](const ScalingSeries& s) { return s.name == name; }))
      out.push_back({name, {}, {}});
    points[name][{degree[r->scheme], r->scheme}].push_back(r);
  }
  for (auto& s : out)
    for (const auto& [at, members] : points[s.name]) {
      s.points.emplace_back(at.first, combine(members));
      s.rings.push_back(at.second);
    }
  return out;
}

std::string figure_stamp(const std::vector<Row>& rows) {
  std::set<std::string> counters;
  std::vector<double> overheads;
  std::string cpu, date;
  for (const auto& r : rows) {
    if (!r.counter.empty()) counters.insert(r.counter);
    if (r.counter_overhead) overheads.push_back(*r.counter_overhead);
    if (cpu.empty()) cpu = r.cpu;
    if (!r.date.empty() && (date.empty() || r.date > date)) date = r.date;
  }
  std::string stamp = counters.empty() ? "counter: none recorded" : fmt::format("counter {}", fmt::join(counters, ", "));
  if (!overheads.empty()) stamp += fmt::format(" (overhead {:.0f} ticks)", median_of(overheads));
  if (!cpu.empty()) stamp += ", " + cpu;
  if (!date.empty()) stamp += ", " + date.substr(0, 10);
  return stamp;
}

PlotFiles write_plot_files(const std::vector<Row>& rows, const PlotOptions& o) {
  namespace fs = std::filesystem;
  if (o.output.empty()) throw std::invalid_argument("no output file given (-o FILE.svg|pdf|png)");
  const fs::path image = fs::absolute(o.output);
  (void)terminal_for(image);
  if (image.has_parent_path()) fs::create_directories(image.parent_path());
  fs::path dat = image, gp_path = image;
  dat.replace_extension(".dat");
  gp_path.replace_extension(".gp");
  const std::string stamp = figure_stamp(rows);
  std::string data = "# pqmul plot data (" + o.kind + "): " + stamp + "\n";
  std::string gp;
  if (o.kind == "bars") {
    const BarData d = bar_data(rows, o);
    data += "# cluster";
    for (const auto& s : d.series) data += fmt::format(" | {}: median p10 p90", s);
    data += "\n";
    double lo = 0, hi = 0;
    for (std::size_t c = 0; c < d.clusters.size(); ++c) {
      std::string label = d.clusters[c];
      std::replace(label.begin(), label.end(), '"', '\'');
      data += "\"" + label + "\"";
      for (const auto& b : d.bars[c]) {
        // A bar without percentiles gets a zero-length error bar.
        data += fmt::format(" {} {} {}", dat_number(b.median), dat_number(b.p10 ? b.p10 : b.median),
                            dat_number(b.p90 ? b.p90 : b.median));
        if (b.median) {
          lo = lo == 0 ? *b.median : std::min(lo, *b.median);
          hi = std::max(hi, *b.median);
        }
      }
      data += "\n";
    }
    const bool log_y = o.log_y.value_or(lo > 0 && hi / lo > 100);
    gp = header(o, image, fmt::format("median ticks per call by {} (p10-p90 error bars)", o.series_by), stamp);
    gp += "set style data histograms\nset style histogram errorbars gap 1 lw 1\n";
    gp += "set style fill solid 0.85 border -1\nset boxwidth 0.9\nset bars front\n";
    gp += "set key outside right top title " + gp_quote(o.series_by) + "\n";
    gp += "set ylabel 'ticks per call (median, p10-p90)'\n";
    std::size_t longest = 0;
    for (const auto& c : d.clusters) longest = std::max(longest, c.size());
    gp += fmt::format("set xtics rotate by 40 right scale 0\nset bmargin {}\nset yrange [{}:*]\n",
                      std::min<std::size_t>(3 + longest * 2 / 5, 24), log_y ? "*" : "0");
    if (log_y) gp += "set logscale y\n";
    gp += "plot ";
    for (std::size_t s = 0; s < d.series.size(); ++s) {
      const std::size_t col = 2 + 3 * s;
      gp += fmt::format("{}{} using {}:{}:{}{} title {}", s ? ", \\\n     " : "", s ? "''" : gp_quote(dat.string()),
                        col, col + 1, col + 2, s ? "" : ":xtic(1)", gp_quote(d.series[s]));
    }
    gp += "\n";
  } else if (o.kind == "scaling") {
    const auto series = scaling_data(rows, o);
    // Per series two blocks: every ring's point (several rings may share n),
    // then the line through the median of the points at each n.
    std::set<double> ns;
    for (std::size_t i = 0; i < series.size(); ++i) {
      const auto& s = series[i];
      data += fmt::format("{}# {}: points\n# n median p10 p90 ring\n", i ? "\n\n" : "", s.name);
      std::map<double, std::vector<double>> at_n;
      for (std::size_t k = 0; k < s.points.size(); ++k) {
        const auto& [n, b] = s.points[k];
        ns.insert(n);
        data += fmt::format("{} {} {} {} {}\n", n, dat_number(b.median), dat_number(b.p10 ? b.p10 : b.median),
                            dat_number(b.p90 ? b.p90 : b.median), s.rings[k]);
        if (b.median) at_n[n].push_back(*b.median);
      }
      data += fmt::format("\n\n# {}: median at each n\n", s.name);
      for (const auto& [n, medians] : at_n) data += fmt::format("{} {}\n", n, median_of(medians));
    }
    gp = header(o, image, "ring multiplication: ticks against n (log-log)", stamp);
    gp += "set logscale xy\nset xlabel 'n (ring degree)'\nset ylabel 'ticks per call (median, p10-p90)'\n";
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
    gp += "plot ";
    for (std::size_t i = 0; i < series.size(); ++i)
      gp += fmt::format("{}{} index {} using 1:2:3:4 with yerrorbars pt 7 ps 0.9 lc {} notitle, \\\n"
                        "     '' index {} using 1:2 with lines lw 2 lc {} title {}",
                        i ? ", \\\n     " : "", i ? "''" : gp_quote(dat.string()), 2 * i, i + 1, 2 * i + 1, i + 1,
                        gp_quote(series[i].name));
    gp += "\n";
  } else {
    throw std::invalid_argument("unknown plot kind '" + o.kind + "' (valid: bars, scaling)");
  }
  gp += "set output\n";
  std::ofstream(dat) << data;
  std::ofstream(gp_path) << gp;
  if (!std::ifstream(gp_path)) throw std::runtime_error("cannot write " + gp_path.string());
  return {dat.string(), gp_path.string(), image.string()};
}

}  // namespace pqmul::experiments
