// The Pareto figure of a tuning run: median ticks against stack bytes.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "plot_parts.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/pareto.hpp"
#include "pqmul/experiments/tune.hpp"
#include "pqmul/experiments/tune_space.hpp"
#include "pqmul/schemes/common/printable.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul::experiments::plot_parts {
namespace {

// gnuplot reads a data column with spaces between double quotes, which it cannot escape.
std::string data_label(const std::string& text) {
  std::string out = printable(text);
  std::replace(out.begin(), out.end(), '"', '\'');
  return "\"" + out + "\"";
}

// The KEMs' own default multipliers on this ring: the plans the papers picked.
bool kem_default(const Row& r) {
  for (const auto& kem : kem_registry())
    if (kem.ring == r.scheme && !kem.multipliers.empty() && kem.multipliers.front() == multiplier_text(r)) return true;
  return false;
}

std::string point_label(const Row& r) {
  std::string label = multiplier_text(r);
  if (!r.strategy.empty() && r.operation != "mul") label += " (" + r.strategy + ")";
  return label;
}

}  // namespace

std::string pareto_figure(const std::vector<Row>& all_rows, const PlotOptions& o, const std::filesystem::path& image,
                          const std::filesystem::path& script, const std::filesystem::path& dat, std::string& data,
                          const std::string& stamp) {
  std::vector<Row> rows;
  std::set<std::string> groups;
  for (const auto& r : all_rows) {
    if (!o.filter.matches(r)) continue;
    if (!o.operations.empty() && std::find(o.operations.begin(), o.operations.end(), r.operation) == o.operations.end())
      continue;
    if (!row_objectives(r)) continue;
    groups.insert(fmt::format("{} {} {} {}{} on {}", r.scheme, r.isa, r.compiler, r.operation,
                              r.rank ? fmt::format(" rank {}", *r.rank) : "", r.cpu));
    rows.push_back(r);
  }
  if (rows.empty()) throw std::invalid_argument("pareto: no row with a median, stack_bytes and bytes_held is selected");
  if (groups.size() > 1)
    throw std::invalid_argument(fmt::format(
        "pareto: the rows hold {} (ring, ISA, compiler, operation, CPU) groups ({}); choose one with --ops and --where",
        groups.size(), fmt::join(groups, "; ")));
  const auto front = pareto_front_rows(rows);
  std::vector<std::size_t> front_by_time = front;
  std::sort(front_by_time.begin(), front_by_time.end(),
            [&](std::size_t a, std::size_t b) { return *rows[a].median < *rows[b].median; });

  double lo = 0, hi = 0;
  data += "# every candidate: median stack_bytes bytes_held label\n";
  std::vector<std::string> labels;
  for (const auto& r : rows) {
    data += fmt::format("{} {} {}  # {}\n", *r.median, *r.stack_bytes, *r.bytes_held, printable(point_label(r)));
    lo = lo == 0 ? *r.median : std::min(lo, *r.median);
    hi = std::max(hi, *r.median);
  }
  data +=
      "\n\n# the Pareto front of (median, stack bytes, bytes held), by median: median stack_bytes bytes_held label\n";
  for (auto i : front_by_time) {
    const Row& r = rows[i];
    const std::string label = point_label(r);
    data += fmt::format("{} {} {} {}\n", *r.median, *r.stack_bytes, *r.bytes_held, data_label(label));
    labels.push_back(label);
  }
  // Named: the KEMs' default plan at its fastest strategy (naming all would bury the figure).
  data += "\n\n# the catalogue's hand-picked plans: median stack_bytes bytes_held label (the KEMs' default named)\n";
  std::size_t catalogue = 0;
  const Row* named = nullptr;
  for (const auto& r : rows)
    if (kem_default(r) && (!named || *r.median < *named->median)) named = &r;
  for (const auto& r : rows)
    if (catalogue_plan(r.scheme, r.multiplier, r.params)) {
      data += fmt::format("{} {} {} {}\n", *r.median, *r.stack_bytes, *r.bytes_held,
                          data_label(&r == named ? point_label(r) : ""));
      ++catalogue;
    }
  if (catalogue == 0) data += "? ? ? \"\"\n";  // an empty block would end the file for gnuplot

  const std::string title =
      fmt::format("{}: median ticks against stack bytes (top) and bytes held (bottom)", *groups.begin());
  Canvas canvas{120 + static_cast<double>(longest(labels)) / 2, 64};
  widen_for(canvas, o.title.empty() ? title : o.title, stamp);
  std::string gp = header(o, image, script, dat, canvas, title, stamp);
  gp += fmt::format(
      "set xlabel {}\n",
      gnuplot_quote(fmt::format("median {} per call", rows.front().counter.empty() ? "ticks" : rows.front().counter)));
  const bool log_x = o.log_y.value_or(wants_log_axis(lo, hi));
  if (log_x)
    gp += fmt::format("set logscale x\nset xrange [{}:{}]\nset xtics {}\n", lo / 1.3, hi * 1.3,
                      tics_list(log_ticks(lo, hi)));
  else
    gp += fmt::format("set xrange [0:{}]\n", hi * 1.15);
  gp += "set yrange [0:*]\nset grid xtics ytics lc rgb '#dddddd'\nset key outside bottom center horizontal\n";
  // One panel per memory objective; front labels step up and down in turn so neighbours stay apart.
  gp += "set multiplot layout 2,1\n";
  const std::pair<int, const char*> panels[] = {{2, "stack bytes (high-water mark of one call)"},
                                                {3, "bytes held (transformed operands and accumulators)"}};
  for (const auto& [column, label] : panels) {
    gp += fmt::format("set ylabel {}\n", gnuplot_quote(label));
    gp += fmt::format(
        "plot data_file index 0 using 1:{2} with points pt 7 ps 0.6 lc rgb '#bbbbbb' title 'candidates', \\\n"
        "     '' index 1 using 1:{2} with points pt 7 ps 1.3 lc rgb '{0}' title 'Pareto front (3 objectives)', \\\n"
        "     '' index 1 using 1:(${2} * (1 + 0.05 * (int($0) % 3 - 1))):4 with labels left offset 1,0 font ',8' "
        "tc rgb '{0}' notitle, \\\n"
        "     '' index 2 using 1:{2} with points pt 6 ps 2 lw 2 lc rgb '{1}' title 'catalogue (hand-picked)', \\\n"
        "     '' index 2 using 1:{2}:4 with labels right offset -1,-0.6 font ',8' tc rgb '{1}' notitle\n",
        colour(0), colour(3), column);
    gp += "unset title\nunset label 1\n";
  }
  gp += "unset multiplot\n";
  return gp;
}

}  // namespace pqmul::experiments::plot_parts
