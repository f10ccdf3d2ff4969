// Paper-shaped tables of sweep rows: implementations x operations, grouped,
// with ratio lines, as Markdown, LaTeX (booktabs) or CSV.
#include "pqmul/experiments/table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace pqmul::experiments {
namespace {

// Fields that tell implementations apart, beyond the id.
const std::vector<std::string> extra_fields = {"strategy", "rank", "compiler", "vectorize"};
const std::vector<std::string> operation_order = {
    "keygen", "encaps", "decaps", "matrix-vector", "inner-product", "mul", "transform", "multiply_accumulate",
    "inverse", "encrypt", "decrypt"};

std::string shown(const std::string& field, const std::string& value) {
  if (field == "vectorize") return value == "true" ? "vec" : "novec";
  if (field == "rank") return value.empty() ? "" : "l=" + value;
  return value;
}

// The identity of an implementation: every field but the operation and the figures.
struct Key {
  std::map<std::string, std::string> fields;
  bool operator<(const Key& o) const { return fields < o.fields; }
  bool operator==(const Key& o) const { return fields == o.fields; }
};

const std::vector<std::string>& key_fields() {
  static const std::vector<std::string> f = {"scheme", "parameter_set", "multiplier", "params", "isa",
                                             "strategy", "rank", "compiler", "vectorize"};
  return f;
}

Key key_of(const Row& r) {
  Key k;
  for (const auto& f : key_fields()) k.fields[f] = field_value(r, f);
  return k;
}

// "<scheme>/<multiplier>[-<params>]/<isa> strategy compiler vec", leaving out `omit`
// and extras that are the same for every row.
std::string label_of(const Key& k, const std::vector<std::string>& varying, const std::string& omit = "") {
  const auto& f = k.fields;
  std::string label = f.at("scheme") + "/" + f.at("multiplier") + (f.at("params").empty() ? "" : "-" + f.at("params"));
  if (omit != "isa") label += "/" + f.at("isa");
  for (const auto& e : extra_fields)
    if (e != omit && std::find(varying.begin(), varying.end(), e) != varying.end() && !f.at(e).empty())
      label += fmt::format(" {}", shown(e, f.at(e)));
  return label;
}

std::optional<double> value_of(const Row& r, const std::string& value) {
  if (value == "median") return r.median;
  if (value == "p10") return r.p10;
  if (value == "p90") return r.p90;
  if (value == "instructions")
    return r.instructions ? std::optional<double>(static_cast<double>(*r.instructions)) : std::nullopt;
  throw std::invalid_argument("unknown value '" + value + "' (valid: median, p10, p90, instructions)");
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string ticks_text(double v) {
  if (v < 100) return fmt::format("{:.1f}", v);
  std::string digits = fmt::format("{:.0f}", v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string cell_text(const TableLine& line, std::size_t i) {
  if (!line.cells[i]) return "-";
  return line.ratio ? fmt::format("{:.2f}", *line.cells[i]) : ticks_text(*line.cells[i]);
}

std::string value_caption(const Table& t) {
  if (t.value == "instructions") return "instructions per call";
  return t.value + " ticks per call";
}

}  // namespace

RatioSpec parse_ratio(const std::string& text) {
  const auto colon = text.find(':'), slash = text.find('/', colon == std::string::npos ? 0 : colon);
  if (colon == std::string::npos || slash == std::string::npos || colon == 0 || slash == colon + 1 ||
      slash + 1 == text.size())
    throw std::invalid_argument("ratio '" + text + "' must read FIELD:NUMERATOR/DENOMINATOR, e.g. isa:portable/avx2");
  RatioSpec r{text.substr(0, colon), text.substr(colon + 1, slash - colon - 1), text.substr(slash + 1)};
  if (r.field == "operation" || std::find(key_fields().begin(), key_fields().end(), r.field) == key_fields().end())
    throw std::invalid_argument("ratio field '" + r.field + "' is not one of scheme, parameter_set, multiplier, "
                                "params, isa, strategy, rank, compiler, vectorize");
  return r;
}

const std::vector<std::string>& automatic_ratios() {
  static const std::vector<std::string> r = {"isa:portable/avx2", "isa:portable/avx512", "strategy:cached/eager",
                                             "vectorize:false/true"};
  return r;
}

Table build_table(const std::vector<Row>& all_rows, const TableOptions& options) {
  if (options.group_by != "none") (void)field_value(Row{}, options.group_by);  // refuses unknown fields
  (void)value_of(Row{}, options.value);
  std::vector<const Row*> rows;
  std::size_t without_value = 0;
  for (const auto& r : all_rows) {
    if (!options.filter.matches(r)) continue;
    if (!value_of(r, options.value)) {
      ++without_value;
      continue;
    }
    rows.push_back(&r);
  }
  Table t;
  t.value = options.value;
  if (without_value) t.notes.push_back(fmt::format("{} selected row(s) without a {} left out", without_value, options.value));

  // Columns.
  if (!options.operations.empty()) {
    t.columns = options.operations;
  } else {
    std::vector<std::string> present;
    for (const Row* r : rows)
      if (std::find(present.begin(), present.end(), r->operation) == present.end()) present.push_back(r->operation);
    const bool kem = std::any_of(present.begin(), present.end(),
                                 [](const std::string& op) { return op == "keygen" || op == "encaps" || op == "decaps"; });
    for (const auto& op : operation_order)
      if (std::find(present.begin(), present.end(), op) != present.end() &&
          (!kem || op == "keygen" || op == "encaps" || op == "decaps"))
        t.columns.push_back(op);
    if (!kem)
      for (const auto& op : present)
        if (std::find(t.columns.begin(), t.columns.end(), op) == t.columns.end()) t.columns.push_back(op);
  }
  std::vector<const Row*> used;
  for (const Row* r : rows)
    if (std::find(t.columns.begin(), t.columns.end(), r->operation) != t.columns.end()) used.push_back(r);

  // Extra fields that vary, so labels show only what tells lines apart.
  std::vector<std::string> varying;
  for (const auto& e : extra_fields) {
    std::vector<std::string> seen;
    for (const Row* r : used)
      if (std::find(seen.begin(), seen.end(), field_value(*r, e)) == seen.end()) seen.push_back(field_value(*r, e));
    if (seen.size() > 1) varying.push_back(e);
  }

  // Sections and their implementations, in order of first appearance.
  std::vector<std::string> section_names;
  std::map<std::string, std::vector<Key>> keys_of_section;
  std::map<Key, std::map<std::string, std::vector<double>>> values;
  for (const Row* r : used) {
    const std::string section = options.group_by == "none" ? "" : field_value(*r, options.group_by);
    if (std::find(section_names.begin(), section_names.end(), section) == section_names.end())
      section_names.push_back(section);
    const Key k = key_of(*r);
    auto& keys = keys_of_section[section];
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
    values[k][r->operation].push_back(*value_of(*r, options.value));
  }
  auto cell = [&](const Key& k, const std::string& op) -> std::optional<double> {
    const auto it = values.find(k);
    if (it == values.end()) return std::nullopt;
    const auto v = it->second.find(op);
    if (v == it->second.end()) return std::nullopt;
    return median_of(v->second);
  };

  std::vector<RatioSpec> ratios;
  bool automatic = false;
  for (const auto& text : options.ratios) {
    if (text == "none") continue;
    if (text == "auto") {
      automatic = true;
      for (const auto& a : automatic_ratios()) ratios.push_back(parse_ratio(a));
    } else {
      ratios.push_back(parse_ratio(text));
    }
  }

  for (const auto& name : section_names) {
    TableSection s;
    s.title = name;
    for (const Key& k : keys_of_section[name]) {
      TableLine line{label_of(k, varying), {}, false};
      for (const auto& op : t.columns) line.cells.push_back(cell(k, op));
      s.lines.push_back(std::move(line));
    }
    for (const auto& ratio : ratios) {
      std::size_t added = 0;
      for (const Key& k : keys_of_section[name]) {
        if (k.fields.at(ratio.field) != ratio.numerator) continue;
        Key other = k;
        other.fields[ratio.field] = ratio.denominator;
        if (!values.count(other)) continue;
        TableLine line{fmt::format("{}: {}/{}", label_of(k, varying, ratio.field), shown(ratio.field, ratio.numerator),
                                   shown(ratio.field, ratio.denominator)),
                       {},
                       true};
        for (const auto& op : t.columns) {
          const auto a = cell(k, op), b = cell(other, op);
          line.cells.push_back(a && b && *b > 0 ? std::optional<double>(*a / *b) : std::nullopt);
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
  return t;
}

std::string render_markdown(const Table& t) {
  std::string out;
  for (const auto& s : t.sections) {
    if (!s.title.empty()) out += fmt::format("### {}\n\n", s.title);
    out += "| implementation |";
    for (const auto& c : t.columns) out += " " + c + " |";
    out += "\n|---|";
    for (std::size_t i = 0; i < t.columns.size(); ++i) out += "---:|";
    out += "\n";
    for (const auto& line : s.lines) {
      out += "| " + (line.ratio ? "*" + line.label + "*" : line.label) + " |";
      for (std::size_t i = 0; i < line.cells.size(); ++i) out += fmt::format(" {} |", cell_text(line, i));
      out += "\n";
    }
    out += "\n";
  }
  out += fmt::format("Cells: {}; ratio lines (italic) divide the first implementation's figures by the second's.\n",
                     value_caption(t));
  for (const auto& n : t.notes) out += "Note: " + n + "\n";
  return out;
}

std::string render_latex(const Table& t) {
  std::string out = fmt::format("% {}; needs \\usepackage{{booktabs}}\n", value_caption(t));
  out += "\\begin{tabular}{@{}l" + std::string(t.columns.size(), 'r') + "@{}}\n\\toprule\nImplementation";
  for (const auto& c : t.columns) out += " & " + latex_escape(c);
  out += " \\\\\n";
  for (const auto& s : t.sections) {
    out += "\\midrule\n";
    if (!s.title.empty())
      out += fmt::format("\\multicolumn{{{}}}{{@{{}}l}}{{\\textbf{{{}}}}} \\\\\n", t.columns.size() + 1,
                         latex_escape(s.title));
    bool in_ratios = false;
    for (const auto& line : s.lines) {
      if (line.ratio && !in_ratios) {
        out += "\\cmidrule(l){2-" + std::to_string(t.columns.size() + 1) + "}\n";
        in_ratios = true;
      }
      out += line.ratio ? "\\emph{" + latex_escape(line.label) + "}" : latex_escape(line.label);
      for (std::size_t i = 0; i < line.cells.size(); ++i) out += " & " + latex_escape(cell_text(line, i));
      out += " \\\\\n";
    }
  }
  out += "\\bottomrule\n\\end{tabular}\n";
  return out;
}

std::string render_csv(const Table& t) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
  };
  std::string out = "section,implementation,kind";
  for (const auto& c : t.columns) out += fmt::format(",{}", quote(c));
  out += "\n";
  for (const auto& s : t.sections)
    for (const auto& line : s.lines) {
      out += quote(s.title) + "," + quote(line.label) + "," + (line.ratio ? "ratio" : t.value);
      for (const auto& c : line.cells) out += c ? fmt::format(",{}", *c) : std::string(",");
      out += "\n";
    }
  return out;
}

std::vector<Row> read_results(const std::string& path) {
  namespace fs = std::filesystem;
  auto read_text = [](const fs::path& p) {
    std::ifstream in(p);
    if (!in) throw std::invalid_argument("cannot read " + p.string());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  const fs::path p(path);
  if (fs::is_directory(p)) {
    if (fs::exists(p / "results.csv")) return read_csv((p / "results.csv").string());
    if (fs::exists(p / "results.json")) return from_json(read_text(p / "results.json"));
    throw std::invalid_argument(path + " holds neither results.csv nor results.json");
  }
  if (!fs::exists(p)) throw std::invalid_argument("no such results file or directory: " + path);
  if (p.extension() == ".json") return from_json(read_text(p));
  return read_csv(path);
}

}  // namespace pqmul::experiments
