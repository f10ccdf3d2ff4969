// Paper-shaped tables of sweep rows: implementations x operations, grouped,
// with ratio lines and the paper's figures beside ours, or transposed. Every
// cell is one row's figure; rows that would share a cell are refused.
#include "pqmul/experiments/table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "../contains.hpp"

namespace pqmul::experiments {
namespace {

const std::vector<std::string> operation_order = {
    "keygen", "encaps", "decaps", "matrix-vector", "inner-product", "mul", "transform", "multiply_accumulate",
    "inverse", "encrypt", "decrypt"};
const std::vector<std::string> cycle_counters = {"perf-cycles", "papi-cycles"};

// The memory columns a table may show (README "Result rows"), with their unit.
const std::vector<std::pair<std::string, std::optional<std::uint64_t> Row::*>>& memory_values() {
  static const std::vector<std::pair<std::string, std::optional<std::uint64_t> Row::*>> values = {
      {"stack_bytes", &Row::stack_bytes},
      {"heap_bytes", &Row::heap_bytes},
      {"heap_allocations", &Row::heap_allocations},
      {"code_bytes", &Row::code_bytes},
      {"bytes_held", &Row::bytes_held}};
  return values;
}

std::optional<double> value_of(const Row& r, const std::string& value) {
  if (value == "median") return r.median;
  if (value == "p10") return r.p10;
  if (value == "p90") return r.p90;
  if (value == "instructions")
    return r.instructions ? std::optional<double>(static_cast<double>(*r.instructions)) : std::nullopt;
  for (const auto& [name, field] : memory_values())
    if (value == name) return r.*field ? std::optional<double>(static_cast<double>(*(r.*field))) : std::nullopt;
  throw std::invalid_argument("unknown value '" + value +
                              "' (valid: " + fmt::format("{}", fmt::join(table_values(), ", ")) + ")");
}

// The identity of an implementation: every identity field.
using Key = std::map<std::string, std::string>;

Key key_of(const Row& r) {
  Key k;
  for (const auto& f : identity_fields()) k[f] = identity_value(r, f);
  return k;
}

// Two implementations a ratio pairs: equal in every identity field but
// `field` and what follows from it (a compiler's version and flags, the flags
// of a vectorisation setting, a scheme's parameter set and rank).
bool same_but(const Key& a, const Key& b, const std::string& field) {
  static const std::map<std::string, std::vector<std::string>> follows = {
      {"compiler", {"compiler_version", "flags"}}, {"vectorize", {"flags"}}, {"scheme", {"parameter_set", "rank"}}};
  const auto it = follows.find(field);
  for (const auto& [name, value] : a) {
    if (name == field) continue;
    if (it != follows.end() && std::find(it->second.begin(), it->second.end(), name) != it->second.end()) continue;
    if (b.at(name) != value) return false;
  }
  return true;
}

std::vector<std::string> default_columns(const std::vector<const Row*>& rows) {
  std::vector<std::string> present, columns;
  for (const Row* r : rows)
    if (!contains(present, r->operation)) present.push_back(r->operation);
  const bool kem = contains(present, "keygen") || contains(present, "encaps") || contains(present, "decaps");
  for (const auto& op : operation_order)
    if (contains(present, op) && (!kem || op == "keygen" || op == "encaps" || op == "decaps")) columns.push_back(op);
  if (!kem)
    for (const auto& op : present)
      if (!contains(columns, op)) columns.push_back(op);
  return columns;
}

std::vector<RatioSpec> ratio_specs(const std::vector<std::string>& texts, bool& automatic) {
  std::vector<RatioSpec> out;
  automatic = false;
  for (const auto& text : texts) {
    if (text == "none") continue;
    if (text == "auto") {
      automatic = true;
      for (const auto& a : automatic_ratios()) out.push_back(parse_ratio(a));
    } else {
      out.push_back(parse_ratio(text));
    }
  }
  return out;
}

// One implementation of a section: its label and its row per operation.
struct Implementation {
  Key key;
  std::string label;
  std::map<std::string, const Row*> by_operation;
};

Cell figure_cell(const Row* r, const TableOptions& o, const FigureUnit& u) {
  Cell c;
  if (!r) return c;
  const double f = u.factor(*r);
  c.value = *value_of(*r, o.value) * f;
  if (o.value == "median" && r->ci_low && r->ci_high) c.interval = Interval{*r->ci_low * f, *r->ci_high * f};
  return c;
}

Cell ratio_cell(const Row* a, const Row* b, const TableOptions& o, const FigureUnit& u) {
  Cell c;
  c.kind = CellKind::ratio;
  if (!a || !b) return c;
  const double scale = u.factor(*a) / u.factor(*b);
  const double va = *value_of(*a, o.value), vb = *value_of(*b, o.value);
  if (vb <= 0) return c;
  if (o.value == "median" && !interval_units(*a).empty() && !interval_units(*b).empty()) {
    const Estimate e = row_ratio_estimate(*a, *b);
    c.value = e.value * scale;
    if (e.interval) c.interval = Interval{e.interval->low * scale, e.interval->high * scale};
  } else {
    c.value = va / vb * scale;
  }
  return c;
}

std::vector<TableLine> ordered(std::vector<TableLine> lines, const std::vector<std::string>& order) {
  std::stable_sort(lines.begin(), lines.end(), [&](const TableLine& a, const TableLine& b) {
    const auto ia = std::find(order.begin(), order.end(), a.label) - order.begin();
    const auto ib = std::find(order.begin(), order.end(), b.label) - order.begin();
    return ia < ib;
  });
  return lines;
}

// Paper and difference lines under each figure or ratio line the paper
// names. Paper columns are operations, by catalogue name ("keygen") or as
// displayed ("KeyGen").
void add_paper_lines(Table& t, const PaperFigures& paper, const std::vector<std::string>& operations) {
  auto column_index = [&](const std::string& label, const std::string& column) {
    for (std::size_t i = 0; i < operations.size(); ++i)
      if (operations[i] == column || t.columns[i] == column) return i;
    throw std::invalid_argument(
        fmt::format("{}: paper column '{}' of '{}' is not a column of the table", paper.source, column, label));
  };
  std::set<std::string> matched;
  std::set<std::pair<std::string, std::string>> matched_in_section;
  for (auto& s : t.sections) {
    std::vector<TableLine> lines;
    const auto section = paper.by_section.find(s.title);
    for (auto& line : s.lines) {
      lines.push_back(line);
      // A paper's figures sit under our figures or under our ratios (a paper
      // that prints speed-ups only).
      if (line.kind != CellKind::figure && line.kind != CellKind::ratio) continue;
      // The section's own figures first, then those of every section.
      const PaperFigures::Columns* figures = nullptr;
      if (section != paper.by_section.end())
        if (const auto it = section->second.find(line.label); it != section->second.end()) {
          figures = &it->second;
          matched_in_section.insert({s.title, line.label});
        }
      if (!figures)
        if (const auto it = paper.figures.find(line.label); it != paper.figures.end()) {
          figures = &it->second;
          matched.insert(line.label);
        }
      if (!figures) continue;
      TableLine theirs{line.label + " (paper)", {}, CellKind::paper};
      TableLine diff{line.label + " (difference)", {}, CellKind::difference};
      theirs.cells.assign(operations.size(), Cell{std::nullopt, std::nullopt, CellKind::paper});
      diff.cells.assign(operations.size(), Cell{std::nullopt, std::nullopt, CellKind::difference});
      for (const auto& [column, value] : *figures) {
        const std::size_t i = column_index(line.label, column);
        theirs.cells[i].value = value;
        if (line.cells[i].value && value != 0) diff.cells[i].value = *line.cells[i].value / value - 1;
      }
      lines.push_back(std::move(theirs));
      lines.push_back(std::move(diff));
    }
    s.lines = std::move(lines);
  }
  std::vector<std::string> labels;
  for (const auto& s : t.sections)
    for (const auto& line : s.lines)
      if (line.kind == CellKind::figure || line.kind == CellKind::ratio) labels.push_back(line.label);
  for (const auto& [label, columns] : paper.figures)
    if (!matched.count(label))
      throw std::invalid_argument(fmt::format("{}: paper figures for '{}' match no line of the table (lines: {})",
                                              paper.source, label, fmt::join(labels, "; ")));
  for (const auto& [title, by_label] : paper.by_section)
    for (const auto& [label, columns] : by_label)
      if (!matched_in_section.count({title, label}))
        throw std::invalid_argument(fmt::format("{}: paper figures for '{}' in section '{}' match no line of it",
                                                paper.source, label, title));
}

Table transposed(const Table& t) {
  Table out;
  out.corner = "Operation";
  out.value = t.value;
  out.unit = t.unit;
  out.notes = t.notes;
  TableSection s;
  for (const auto& section : t.sections)
    for (const auto& line : section.lines) {
      out.columns.push_back(line.label);
      out.column_kinds.push_back(line.kind);
    }
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    TableLine line{t.columns[c], {}, CellKind::figure};
    for (const auto& section : t.sections)
      for (const auto& l : section.lines) line.cells.push_back(l.cells[c]);
    s.lines.push_back(std::move(line));
  }
  out.sections.push_back(std::move(s));
  return out;
}

}  // namespace

double FigureUnit::factor(const Row& r) const { return name == "us" ? 1e6 / *r.counter_hz : 1.0; }

const std::vector<std::string>& table_values() {
  static const std::vector<std::string> values = [] {
    std::vector<std::string> v = {"median", "p10", "p90", "instructions"};
    for (const auto& [name, field] : memory_values()) v.push_back(name);
    return v;
  }();
  return values;
}

FigureUnit choose_unit(const std::vector<const Row*>& rows, const std::string& value, const std::string& requested) {
  if (value == "instructions") {
    if (requested != "auto") throw std::invalid_argument("instruction counts have no unit to choose (--unit auto)");
    return {"instructions"};
  }
  for (const auto& [name, field] : memory_values())
    if (value == name) {
      if (requested != "auto") throw std::invalid_argument(value + " has no unit to choose (--unit auto)");
      return {name == "heap_allocations" ? "allocations" : "bytes"};
    }
  std::set<std::string> counters;
  bool all_hz = true;
  for (const Row* r : rows) {
    counters.insert(r->counter);
    all_hz = all_hz && r->counter_hz && *r->counter_hz > 0;
  }
  const bool cycles = std::all_of(counters.begin(), counters.end(), [](const std::string& c) { return contains(cycle_counters, c); });
  const std::string listed = fmt::format("{}", fmt::join(counters, ", "));
  if (requested == "us" || (requested == "auto" && all_hz)) {
    if (!all_hz) throw std::invalid_argument("--unit us needs counter_hz in every row; some rows lack it");
    return {"us"};
  }
  if (counters.size() > 1)
    throw std::invalid_argument("rows come from different counters (" + listed +
                                ") whose ticks do not compare; select one with --where counter=NAME");
  // pqmul model's rows are cycles of a core's scheduling model, never
  // measured ones: the unit says so.
  const std::string model_prefix = "model:";
  if (counters.begin()->rfind(model_prefix, 0) == 0) {
    if (requested != "auto" && requested != "cycles")
      throw std::invalid_argument("--unit " + requested + ": counter " + listed + " gives modelled cycles only");
    return {*counters.begin() + " cycles"};
  }
  if (requested == "cycles" && !cycles)
    throw std::invalid_argument("--unit cycles: counter " + listed + " does not count core cycles (use ticks or us)");
  if (requested == "auto") return {cycles ? "cycles" : "ticks"};
  if (requested != "ticks" && requested != "cycles")
    throw std::invalid_argument("unknown unit '" + requested + "' (valid: auto, ticks, cycles, us)");
  return {requested};
}

RatioSpec parse_ratio(const std::string& text) {
  const auto colon = text.find(':'), slash = text.find('/', colon == std::string::npos ? 0 : colon);
  if (colon == std::string::npos || slash == std::string::npos || colon == 0 || slash == colon + 1 ||
      slash + 1 == text.size())
    throw std::invalid_argument("ratio '" + text + "' must read FIELD:NUMERATOR/DENOMINATOR, e.g. isa:portable/avx2");
  RatioSpec r{text.substr(0, colon), text.substr(colon + 1, slash - colon - 1), text.substr(slash + 1)};
  if (!contains(identity_fields(), r.field))
    throw std::invalid_argument(fmt::format("ratio field '{}' is not one of {}", r.field, fmt::join(identity_fields(), ", ")));
  return r;
}

const std::vector<std::string>& automatic_ratios() {
  static const std::vector<std::string> r = {"isa:portable/avx2", "isa:portable/avx512", "strategy:cached/eager",
                                             "vectorize:false/true"};
  return r;
}

Table build_table(const std::vector<Row>& all_rows, const TableOptions& options) {
  if (options.layout != "rows" && options.layout != "transposed")
    throw std::invalid_argument("unknown layout '" + options.layout + "' (valid: rows, transposed)");
  const std::string group_by = options.layout == "transposed" ? "none" : options.group_by;
  if (group_by != "none") (void)field_value(Row{}, group_by);  // refuses unknown fields
  (void)value_of(Row{}, options.value);
  bool automatic = false;
  const auto ratios = ratio_specs(options.ratios, automatic);

  Table t;
  t.value = options.value;
  std::vector<const Row*> rows;
  std::size_t without_value = 0;
  for (const auto& r : all_rows) {
    if (!options.filter.matches(r)) continue;
    if (value_of(r, options.value)) rows.push_back(&r);
    else ++without_value;
  }
  if (without_value) t.notes.push_back(fmt::format("{} selected row(s) without a {} left out", without_value, options.value));
  const std::vector<std::string> operations = options.operations.empty() ? default_columns(rows) : options.operations;
  std::vector<const Row*> used;
  for (const Row* r : rows)
    if (contains(operations, r->operation)) used.push_back(r);
  if (used.empty()) return t;
  const FigureUnit unit = choose_unit(used, options.value, options.unit);
  t.unit = unit.name;
  for (const auto& op : operations) t.columns.push_back(display_name("operation", op, options.names));

  // Labels show what tells lines apart, less the section's own field.
  std::vector<std::string> label_fields;
  for (const auto& f : varying_fields(used))
    if (f != group_by && !(group_by == "scheme" && f == "parameter_set")) label_fields.push_back(f);
  if (label_fields.empty()) label_fields = {"multiplier", "params", "isa"};

  std::vector<std::string> section_names;
  std::map<std::string, std::vector<Implementation>> sections;
  std::map<std::pair<Key, std::string>, std::vector<const Row*>> feeding;  // (implementation, operation) -> rows
  for (const Row* r : used) {
    const std::string section = group_by == "none" ? "" : field_value(*r, group_by);
    if (!contains(section_names, section)) section_names.push_back(section);
    const Key k = key_of(*r);
    auto& impls = sections[section];
    auto it = std::find_if(impls.begin(), impls.end(), [&](const Implementation& i) { return i.key == k; });
    if (it == impls.end()) {
      impls.push_back({k, row_label(*r, label_fields, options.names), {}});
      it = impls.end() - 1;
    }
    it->by_operation[r->operation] = r;
    feeding[{k, r->operation}].push_back(r);
  }
  for (const auto& s : section_names) {
    std::map<std::pair<std::string, std::string>, std::vector<const Row*>> by_label;
    for (const auto& impl : sections[s])
      for (const auto& [op, r] : impl.by_operation) {
        require_one_row(feeding[{impl.key, op}], fmt::format("cell '{}' / {}", impl.label, op));
        by_label[{impl.label, op}].push_back(r);
      }
    for (const auto& [cell, members] : by_label)  // display names mapping two values to one text
      require_one_row(members, fmt::format("cell '{}' / {}", cell.first, cell.second));
  }

  std::vector<std::string> all_labels;
  for (const auto& name : section_names) {
    TableSection s;
    s.title = name.empty() ? "" : display_name(group_by, name, options.names);
    const auto& impls = sections[name];
    for (const auto& impl : impls) {
      TableLine line{impl.label, {}, CellKind::figure};
      for (const auto& op : operations) {
        const auto it = impl.by_operation.find(op);
        line.cells.push_back(figure_cell(it == impl.by_operation.end() ? nullptr : it->second, options, unit));
      }
      all_labels.push_back(impl.label);
      s.lines.push_back(std::move(line));
    }
    s.lines = ordered(std::move(s.lines), options.line_order);
    for (const auto& ratio : ratios) {
      std::size_t added = 0;
      for (const auto& impl : impls) {
        if (impl.key.at(ratio.field) != ratio.numerator) continue;
        const auto other = std::find_if(impls.begin(), impls.end(), [&](const Implementation& i) {
          return i.key.at(ratio.field) == ratio.denominator && same_but(i.key, impl.key, ratio.field);
        });
        if (other == impls.end()) continue;
        std::vector<std::string> fields;
        for (const auto& f : label_fields)
          if (f != ratio.field) fields.push_back(f);
        const Row& any = *impl.by_operation.begin()->second;
        const std::string common = row_label(any, fields, options.names);
        TableLine line{fmt::format("{}{}{}/{}", common, common.empty() ? "" : ": ",
                                   display_name(ratio.field, ratio.numerator, options.names),
                                   display_name(ratio.field, ratio.denominator, options.names)),
                       {},
                       CellKind::ratio};
        for (const auto& op : operations) {
          const auto a = impl.by_operation.find(op), b = other->by_operation.find(op);
          line.cells.push_back(ratio_cell(a == impl.by_operation.end() ? nullptr : a->second,
                                          b == other->by_operation.end() ? nullptr : b->second, options, unit));
        }
        s.lines.push_back(std::move(line));
        ++added;
      }
      if (!added && !automatic)
        t.notes.push_back(fmt::format("section {}: no pairs for ratio {}:{}/{}", name.empty() ? "(all)" : name,
                                      ratio.field, ratio.numerator, ratio.denominator));
    }
    t.sections.push_back(std::move(s));
  }
  for (const auto& label : options.line_order)
    if (!contains(all_labels, label))
      throw std::invalid_argument(fmt::format("--rows: no line is labelled '{}' (lines: {})", label, fmt::join(all_labels, "; ")));
  if (options.paper) add_paper_lines(t, *options.paper, operations);
  if (options.layout == "transposed") return transposed(t);
  t.column_kinds.assign(t.columns.size(), CellKind::figure);
  return t;
}

}  // namespace pqmul::experiments
