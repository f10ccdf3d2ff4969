// What figures show: grouped bars and scaling series of rows (one row per bar
// or point, never pooled), claim cells of a claims.json, and the stamp.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <stdexcept>

#include "../contains.hpp"
#include "../json_text.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/plot.hpp"
#include "pqmul/experiments/statistics.hpp"
#include "pqmul/experiments/table.hpp"

namespace pqmul::experiments {
namespace {

std::vector<const Row*> timed_rows(const std::vector<Row>& rows, const PlotOptions& o,
                                   const std::vector<std::string>& operations) {
  std::vector<const Row*> out;
  for (const auto& r : rows)
    if (o.filter.matches(r) && usable_for_timing(r) && (operations.empty() || contains(operations, r.operation)))
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

Bar bar_of(const Row& r, const FigureUnit& unit) {
  const double f = unit.factor(r);
  Bar b;
  b.median = *r.median * f;
  if (r.ci_low && r.ci_high) {
    b.low = *r.ci_low * f;
    b.high = *r.ci_high * f;
  }
  return b;
}

// The line a ring belongs to in a scaling plot: rings named <family>-<variant>
// (ntru-hps2048509, ...) share a line when their degrees all differ.
std::map<std::string, std::string> ring_families(const std::vector<std::string>& rings,
                                                 const std::map<std::string, double>& degree) {
  std::map<std::string, std::vector<std::string>> by_prefix;
  for (const auto& ring : rings) by_prefix[ring.substr(0, ring.find('-'))].push_back(ring);
  std::map<std::string, std::string> family;
  for (const auto& [prefix, members] : by_prefix) {
    std::set<double> ns;
    for (const auto& m : members) ns.insert(degree.at(m));
    for (const auto& m : members) family[m] = ns.size() == members.size() ? prefix : m;
  }
  return family;
}

std::optional<double> number_at(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j.at(key).is_number()) return std::nullopt;
  return j.at(key).get<double>();
}

}  // namespace

BarData bar_data(const std::vector<Row>& rows, const PlotOptions& o) {
  (void)field_value(Row{}, o.series_by);  // refuses unknown fields
  const auto ops = default_operations(rows, o);
  const auto selected = timed_rows(rows, o, ops);
  if (selected.empty()) throw std::invalid_argument("no timed rows match the selection");
  const bool by_multiplier = o.series_by == "multiplier";
  std::vector<std::string> cluster_fields;
  for (const auto& f : varying_fields(selected))
    if (f != o.series_by && !(by_multiplier && f == "params")) cluster_fields.push_back(f);
  std::vector<std::string> series_fields = {o.series_by};
  if (by_multiplier) series_fields.push_back("params");
  BarData d;
  d.unit = choose_unit(selected, "median", o.unit).name;
  const FigureUnit unit{d.unit};
  std::map<std::pair<std::string, std::string>, std::vector<const Row*>> members;
  for (const Row* r : selected) {
    std::string cluster = row_label(*r, cluster_fields, o.names);
    const std::string op = display_name("operation", r->operation, o.names);
    cluster = cluster.empty() ? op : cluster + ", " + op;
    const std::string series = row_label(*r, series_fields, o.names);
    if (!contains(d.clusters, cluster)) d.clusters.push_back(cluster);
    if (!contains(d.series, series)) d.series.push_back(series);
    members[{cluster, series}].push_back(r);
  }
  for (const auto& [at, rs] : members) require_one_row(rs, fmt::format("bar '{}' / '{}'", at.first, at.second));
  for (const auto& c : d.clusters) {
    std::vector<Bar> line;
    for (const auto& s : d.series) {
      const auto it = members.find({c, s});
      line.push_back(it == members.end() ? Bar{} : bar_of(*it->second.front(), unit));
    }
    d.bars.push_back(std::move(line));
  }
  return d;
}

std::vector<ScalingSeries> scaling_data(const std::vector<Row>& rows, const PlotOptions& o) {
  const std::vector<std::string> ops = o.operations.empty() ? std::vector<std::string>{"mul"} : o.operations;
  const auto rings = registered_rings();
  std::map<std::string, double> degree;
  for (const auto& ring : rings) degree[ring] = static_cast<double>(make_multiplier(ring, "schoolbook")->ring().n);
  std::vector<const Row*> selected;
  for (const Row* r : timed_rows(rows, o, ops))
    if (contains(rings, r->scheme)) selected.push_back(r);
  if (selected.empty()) throw std::invalid_argument("no timed ring rows (operation " + ops.front() + ") match the selection");
  const auto family = ring_families(rings, degree);
  const FigureUnit unit = choose_unit(selected, "median", o.unit);
  std::vector<std::string> label_fields;
  for (const auto& f : varying_fields(selected))
    if (f != "scheme" && f != "parameter_set") label_fields.push_back(f);
  if (label_fields.empty()) label_fields = {"multiplier", "params", "isa"};
  std::vector<ScalingSeries> out;
  std::map<std::string, std::map<double, std::vector<const Row*>>> points;
  for (const Row* r : selected) {
    const std::string line = row_label(*r, label_fields, o.names);
    const std::string name = (line.empty() ? "" : line + ", ") + display_name("scheme", family.at(r->scheme), o.names);
    if (std::none_of(out.begin(), out.end(), [&](const ScalingSeries& s) { return s.name == name; }))
      out.push_back({name, {}, {}, unit.name});
    points[name][degree.at(r->scheme)].push_back(r);
  }
  for (auto& s : out)
    for (const auto& [n, members] : points[s.name]) {
      require_one_row(members, fmt::format("point '{}' at n={}", s.name, n));
      s.points.emplace_back(n, bar_of(*members.front(), unit));
      s.rings.push_back(members.front()->scheme);
    }
  return out;
}

std::vector<ClaimPoint> claim_points(const std::string& text, const Selector& claim_ids) {
  const nlohmann::json root = parse_json_text(text, "claims file");
  if (!root.is_object() || !root.contains("claims") || !root.at("claims").is_array())
    throw std::invalid_argument("claims file: expected an object with a 'claims' array (pqmul reproduce writes it)");
  std::vector<std::string> wanted;
  for (const auto& [field, values] : claim_ids.fields)
    if (field == "id") wanted.insert(wanted.end(), values.begin(), values.end());
  // "0.60-0.92", "0.60–0.92" (en dash) or "0.60..0.92".
  const std::regex band("^\\s*([0-9.eE+]+)\\s*(?:-|\xE2\x80\x93|\\.\\.)\\s*([0-9.eE+]+)\\s*$");
  std::vector<ClaimPoint> out;
  for (const auto& claim : root.at("claims")) {
    const std::string id = claim.value("id", "");
    if (!wanted.empty() && !contains(wanted, id)) continue;
    for (const auto& comparison : claim.value("comparisons", nlohmann::json::array())) {
      ClaimPoint base;
      base.paper_min = number_at(comparison, "paper_min");
      base.paper_max = number_at(comparison, "paper_max");
      std::smatch m;
      const std::string accepted = comparison.value("accepted", "");
      if (!base.paper_min && std::regex_match(accepted, m, band)) {
        base.paper_min = std::stod(m[1]);
        base.paper_max = std::stod(m[2]);
      }
      const std::string comparison_label = comparison.value("label", "");
      const std::string prefix = comparison_label.empty() ? id : fmt::format("{} {}", id, comparison_label);
      for (const auto& cell : comparison.value("cells", nlohmann::json::array())) {
        ClaimPoint p = base;
        if (const auto v = number_at(cell, "paper_min")) p.paper_min = v;
        if (const auto v = number_at(cell, "paper_max")) p.paper_max = v;
        p.value = number_at(cell, "value") ? number_at(cell, "value") : number_at(cell, "ratio");
        p.ci_low = number_at(cell, "ci_low");
        p.ci_high = number_at(cell, "ci_high");
        const std::string label = cell.value("label", "");
        p.label = label.empty() ? prefix : fmt::format("{}: {}", prefix, label);
        if (p.value || p.paper_min) out.push_back(std::move(p));
      }
    }
  }
  if (out.empty()) throw std::invalid_argument("claims file: no claim cell with our value or the paper's band");
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

}  // namespace pqmul::experiments
