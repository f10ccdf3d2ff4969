// Tables as Markdown, LaTeX (booktabs, siunitx S columns) and CSV. Numbers
// carry their unit in the header; figures with a 95% interval show it as
// "± x%" (half its width relative to the figure), as papers print them.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "pqmul/experiments/table.hpp"

namespace pqmul::experiments {
namespace {

bool is_figure(CellKind k) { return k == CellKind::figure || k == CellKind::paper; }

// 12,345 for large figures, a few significant digits for small ones.
std::string grouped(double v, int decimals) {
  std::string digits = fmt::format("{:.{}f}", std::fabs(v), decimals), out;
  const auto point = digits.find('.');
  const std::size_t integer = point == std::string::npos ? digits.size() : point;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && i < integer && (integer - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (v < 0 ? "-" : "") + out;
}

// Memory figures are whole bytes or allocations.
bool whole_units(const Table& t) { return t.unit == "bytes" || t.unit == "allocations"; }

int decimals_for(double v, CellKind kind, bool whole) {
  if (kind == CellKind::ratio) return 2;
  if (kind == CellKind::difference) return 1;
  if (whole) return 0;
  const double a = std::fabs(v);
  return a >= 100 ? 0 : a >= 10 ? 1 : 2;
}

// The number alone (no grouping), as an S column reads it.
std::string plain_number(const Cell& c, const Table& t) {
  if (c.kind == CellKind::difference) return fmt::format("{:+.1f}", *c.value * 100);
  return fmt::format("{:.{}f}", *c.value, decimals_for(*c.value, c.kind, whole_units(t)));
}

std::string spread_text(const Cell& c) {
  if (!c.interval || !c.value || *c.value == 0) return "";
  return fmt::format("{:.1f}", c.interval->relative_half_width(*c.value) * 100);
}

std::string cell_text(const Cell& c, const Table& t) {
  if (!c.value) return "-";
  if (c.kind == CellKind::difference) return fmt::format("{:+.1f}%", *c.value * 100);
  std::string text = grouped(*c.value, decimals_for(*c.value, c.kind, whole_units(t)));
  if (const auto spread = spread_text(c); !spread.empty()) text += " \u00b1 " + spread + "%";
  return text;
}

std::string header_text(const Table& t, std::size_t column) {
  const CellKind kind = t.column_kinds.empty() ? CellKind::figure : t.column_kinds[column];
  if (!is_figure(kind)) return t.columns[column];
  return t.columns[column] + " (" + unit_text(t.unit) + ")";
}

bool any_cell(const Table& t, const std::function<bool(const Cell&)>& test) {
  for (const auto& s : t.sections)
    for (const auto& line : s.lines)
      if (std::any_of(line.cells.begin(), line.cells.end(), test)) return true;
  return false;
}

// What the cells mean, saying only what the table holds.
std::string caption(const Table& t) {
  std::string text = t.unit == "bytes" || t.unit == "allocations"
                         ? fmt::format("Cells: {} ({}) of one call", t.value, t.unit)
                         : fmt::format("Cells: {} {} per call", t.value, unit_text(t.unit));
  if (t.unit == "us") text += " (counter ticks divided by the counter's frequency)";
  if (t.unit.rfind("model:", 0) == 0)
    text += " (modelled, not measured: blocks executed under qemu, each costed by llvm-mca's scheduling model of "
            "the core; caches, branch prediction and memory dependencies between blocks are left out)";
  if (any_cell(t, [](const Cell& c) { return c.interval && c.kind == CellKind::figure; }))
    text += fmt::format("; \u00b1: half the 95% interval of the median, relative ({})", median_interval_method);
  if (any_cell(t, [](const Cell& c) { return c.kind == CellKind::ratio; })) {
    text += "; ratio lines divide the first implementation's figures by the second's";
    if (any_cell(t, [](const Cell& c) { return c.interval && c.kind == CellKind::ratio; }))
      text += fmt::format(", their interval by {}", ratio_interval_method);
  }
  if (any_cell(t, [](const Cell& c) { return c.kind == CellKind::difference; }))
    text += "; difference lines: ours / paper - 1";
  return text + ".";
}

// Which columns have an interval anywhere (LaTeX gives those a ± column).
std::vector<bool> columns_with_spread(const Table& t) {
  std::vector<bool> out(t.columns.size(), false);
  for (const auto& s : t.sections)
    for (const auto& line : s.lines)
      for (std::size_t i = 0; i < line.cells.size(); ++i)
        if (!spread_text(line.cells[i]).empty()) out[i] = true;
  return out;
}

// siunitx table-format of a column: widest integer part and fraction.
std::string table_format(const Table& t, std::size_t column) {
  std::size_t integer = 1, fraction = 0;
  bool sign = false;
  for (const auto& s : t.sections)
    for (const auto& line : s.lines) {
      const Cell& c = line.cells[column];
      if (!c.value || c.kind == CellKind::difference) continue;
      const std::string n = plain_number(c, t);
      const auto point = n.find('.');
      const std::size_t start = n[0] == '-' ? 1 : 0;
      sign = sign || start;
      integer = std::max(integer, (point == std::string::npos ? n.size() : point) - start);
      fraction = std::max(fraction, point == std::string::npos ? 0 : n.size() - point - 1);
    }
  return fmt::format("{}{}.{}", sign ? "-" : "", integer, fraction);
}

}  // namespace

std::string unit_text(const std::string& unit) { return unit == "us" ? "\u00b5s" : unit; }

std::string markdown_escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '|') out += "\\|";
    else if (ch == '\n' || ch == '\r' || ch == '\t') out += ' ';
    else out += ch;
  }
  return out;
}

std::string latex_cell(const std::string& text) {
  // latex_escape knows every special but '|' (an em dash in OT1) and 'ℓ'.
  static const std::pair<std::string, std::string> extra[] = {{"|", "\\textbar{}"}, {"\u2113", "$\\ell$"},
                                                              {"\n", " "}, {"\r", " "}, {"\t", " "}};
  std::string out, segment;
  for (std::size_t i = 0; i < text.size();) {
    const auto hit = std::find_if(std::begin(extra), std::end(extra),
                                  [&](const auto& e) { return text.compare(i, e.first.size(), e.first) == 0; });
    if (hit == std::end(extra)) {
      segment += text[i++];
      continue;
    }
    out += latex_escape(segment) + hit->second;
    segment.clear();
    i += hit->first.size();
  }
  return out + latex_escape(segment);
}

std::string render_markdown(const Table& t) {
  std::string out;
  for (const auto& s : t.sections) {
    if (!s.title.empty()) out += fmt::format("### {}\n\n", markdown_escape(s.title));
    out += fmt::format("| {} |", markdown_escape(t.corner));
    for (std::size_t i = 0; i < t.columns.size(); ++i) out += fmt::format(" {} |", markdown_escape(header_text(t, i)));
    out += "\n|---|";
    for (std::size_t i = 0; i < t.columns.size(); ++i) out += "---:|";
    out += "\n";
    for (const auto& line : s.lines) {
      const std::string label = markdown_escape(line.label);
      out += line.kind == CellKind::figure ? fmt::format("| {} |", label) : fmt::format("| *{}* |", label);
      for (const auto& c : line.cells) out += fmt::format(" {} |", markdown_escape(cell_text(c, t)));
      out += "\n";
    }
    out += "\n";
  }
  out += caption(t) + "\n";
  for (const auto& n : t.notes) out += "Note: " + markdown_escape(n) + "\n";
  return out;
}

std::string render_latex(const Table& t) {
  const auto spread = columns_with_spread(t);
  std::size_t width = 1;
  std::string spec = "@{}l";
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    spec += fmt::format("S[table-format={},group-minimum-digits=4]", table_format(t, i));
    ++width;
    if (spread[i]) {
      spec += "@{\\,}S[table-format=2.1]";
      ++width;
    }
  }
  std::string out = "% " + latex_cell(caption(t)) + "\n% needs \\usepackage{booktabs,siunitx}\n";
  for (const auto& n : t.notes) out += "% Note: " + latex_cell(n) + "\n";
  out += "\\begin{tabular}{" + spec + "@{}}\n\\toprule\n" + latex_cell(t.corner);
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    out += " & {" + latex_cell(header_text(t, i)) + "}";
    if (spread[i]) out += " & {$\\pm$\\%}";
  }
  out += " \\\\\n";
  for (const auto& s : t.sections) {
    out += "\\midrule\n";
    if (!s.title.empty())
      out += fmt::format("\\multicolumn{{{}}}{{@{{}}l}}{{\\textbf{{{}}}}} \\\\\n", width, latex_cell(s.title));
    bool in_derived = false;
    for (const auto& line : s.lines) {
      if (line.kind == CellKind::ratio && !in_derived) {
        out += fmt::format("\\cmidrule(l){{2-{}}}\n", width);
        in_derived = true;
      }
      out += line.kind == CellKind::figure ? latex_cell(line.label) : "\\emph{" + latex_cell(line.label) + "}";
      for (std::size_t i = 0; i < line.cells.size(); ++i) {
        const Cell& c = line.cells[i];
        if (!c.value) out += " & {--}";
        else if (c.kind == CellKind::difference)
          out += " & {" + latex_cell(cell_text(c, t)) + "}";
        else
          out += " & " + plain_number(c, t);
        if (spread[i]) out += " & " + (spread_text(c).empty() ? std::string("{}") : spread_text(c));
      }
      out += " \\\\\n";
    }
  }
  out += "\\bottomrule\n\\end{tabular}\n";
  return out;
}

std::string render_csv(const Table& t) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
  };
  auto kind_name = [&](CellKind k) {
    switch (k) {
      case CellKind::ratio: return std::string("ratio");
      case CellKind::paper: return std::string("paper");
      case CellKind::difference: return std::string("difference");
      default: return t.value;
    }
  };
  std::string out = "section," + quote(t.corner) + ",kind,unit";
  for (const auto& c : t.columns) out += fmt::format(",{},{},{}", quote(c), quote(c + " ci_low"), quote(c + " ci_high"));
  out += "\n";
  auto number = [](const std::optional<double>& v) { return v ? fmt::format("{}", *v) : std::string(); };
  for (const auto& s : t.sections)
    for (const auto& line : s.lines) {
      out += quote(s.title) + "," + quote(line.label) + "," + kind_name(line.kind) + "," + t.unit;
      for (const auto& c : line.cells)
        out += fmt::format(",{},{},{}", number(c.value), number(c.interval ? std::optional(c.interval->low) : std::nullopt),
                           number(c.interval ? std::optional(c.interval->high) : std::nullopt));
      out += "\n";
    }
  return out;
}

}  // namespace pqmul::experiments
