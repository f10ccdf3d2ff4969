// The claims table for people (terminal, Markdown), papers (LaTeX booktabs)
// and machines (JSON, read by the claims notebook).
#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>
#include <utility>

#include "pqmul/experiments/claims.hpp"

namespace pqmul::experiments {
namespace {

std::string verdict_text(const ClaimResult& r) {
  return to_string(r.verdict) + (r.partial ? " (partial)" : "");
}

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '|')
      out += "\\|";
    else if (ch == '\n')
      out += ' ';
    else
      out += ch;
  }
  return out;
}

}  // namespace

std::string latex_escape(const std::string& text) {
  // Multi-byte signs first (UTF-8), then ASCII specials.
  static const std::pair<const char*, const char*> signs[] = {
      {"\u2013", "--"},           {"\u2014", "---"},          {"\u00d7", "$\\times$"}, {"\u00b2", "$^2$"},
      {"\u2248", "$\\approx$"},   {"\u2192", "$\\to$"},       {"\u00b5", "$\\mu$"},    {"\u03bc", "$\\mu$"},
      {"\u00b1", "$\\pm$"},       {"\u2264", "$\\le$"},       {"\u2265", "$\\ge$"},    {"\u00b9", "$^1$"},
      {"\u2019", "'"},            {"\u2018", "`"},            {"\u00b7", "$\\cdot$"},  {"\u2026", "\\ldots{}"},
  };
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    bool replaced = false;
    for (const auto& [from, to] : signs) {
      const std::string_view f(from);
      if (text.compare(i, f.size(), f) == 0) {
        out += to;
        i += f.size();
        replaced = true;
        break;
      }
    }
    if (replaced) continue;
    const char ch = text[i++];
    switch (ch) {
      case '\\': out += "\\textbackslash{}"; break;
      case '&': out += "\\&"; break;
      case '%': out += "\\%"; break;
      case '$': out += "\\$"; break;
      case '#': out += "\\#"; break;
      case '_': out += "\\_"; break;
      case '{': out += "\\{"; break;
      case '}': out += "\\}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '|': out += "\\textbar{}"; break;
      case '<': out += "$<$"; break;
      case '>': out += "$>$"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string claims_text(const std::vector<ClaimResult>& results) {
  std::string out;
  for (const auto& r : results) {
    out += fmt::format("{} [{}, {}]: {}{}\n", r.id, r.where, to_string(r.comparability), verdict_text(r),
                       r.direction == Direction::none ? "" : ", direction " + to_string(r.direction));
    out += fmt::format("  source   {}\n", r.source);
    out += fmt::format("  claim    {}\n", r.claim);
    out += fmt::format("  paper    {} ({})\n", r.paper_figure, r.printed);
    out += fmt::format("  ours     {}\n", r.ours.empty() ? "-" : r.ours);
    if (!r.rows.empty()) out += fmt::format("  rows     {}\n", r.rows);
    out += fmt::format("  how      {}\n", r.how);
    for (const auto& d : r.details) out += fmt::format("  - {}\n", d);
    for (const auto& m : r.memory) out += fmt::format("  memory   {}\n", m);
    for (const auto& m : r.missing) out += fmt::format("  missing  {}\n", m);
    out += "\n";
  }
  std::map<std::string, std::size_t> counts;
  for (const auto& r : results) ++counts[to_string(r.verdict)];
  std::vector<std::string> parts;
  for (const auto& [verdict, n] : counts) parts.push_back(fmt::format("{} {}", n, verdict));
  out += fmt::format("{} claims: {}\n", results.size(), fmt::join(parts, ", "));
  return out;
}

std::string claims_markdown(const std::vector<ClaimResult>& results, const std::string& context) {
  std::string out = "# Published claims reproduced by pqmul\n\n";
  if (!context.empty()) out += context + "\n\n";
  out += "Verdicts: `same` experiment: confirmed / contradicted / inconclusive (95% interval inside, outside, "
         "across the accepted band); `analogue` (another CPU, ISA or code base): not comparable, with the direction "
         "of our figure; `model`: model agrees / model disagrees.\n\n";
  out += "| id | claim | paper | printed | ours [95% interval] | rows | comparability | verdict | direction |\n"
         "|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : results)
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", markdown_cell(r.id), markdown_cell(r.claim),
                       markdown_cell(r.paper_figure), markdown_cell(r.printed),
                       markdown_cell(r.ours.empty() ? "-" : r.ours), markdown_cell(r.rows.empty() ? "-" : r.rows),
                       to_string(r.comparability), verdict_text(r), to_string(r.direction));
  out += "\n## Details\n";
  for (const auto& r : results) {
    out += fmt::format("\n### {}: {}\n\n", r.id, verdict_text(r));
    out += fmt::format("- source: {}\n- printed: {}\n- how: {}\n", r.source, r.printed, r.how);
    for (const auto& d : r.details) out += fmt::format("- {}\n", d);
    for (const auto& m : r.memory) out += fmt::format("- memory (shown, not judged): {}\n", m);
    for (const auto& m : r.missing) out += fmt::format("- missing: {}\n", m);
  }
  return out;
}

std::string claims_latex(const std::vector<ClaimResult>& results, const std::string& context) {
  std::string out = "% Published claims reproduced by pqmul (needs \\usepackage{booktabs}).\n";
  if (!context.empty()) out += "% " + context + "\n";
  out += "\\begin{tabular}{@{}l p{3.6cm} p{2.6cm} p{3.4cm} p{3.4cm} l l@{}}\n\\toprule\n";
  out += "Claim & Statement & Paper (printed) & Ours [95\\% interval] & Rows & Verdict & Direction \\\\\n\\midrule\n";
  for (const auto& r : results)
    out += fmt::format("{} & {} & {} ({}) & {} & {{\\footnotesize {}}} & {} & {} \\\\\n", latex_escape(r.id),
                       latex_escape(r.claim), latex_escape(r.paper_figure), latex_escape(r.printed),
                       latex_escape(r.ours.empty() ? "-" : r.ours), latex_escape(r.rows.empty() ? "-" : r.rows),
                       latex_escape(verdict_text(r)), latex_escape(to_string(r.direction)));
  out += "\\bottomrule\n\\end{tabular}\n";
  return out;
}

std::string claims_json(const std::vector<ClaimResult>& results, const std::string& context) {
  using nlohmann::json;
  auto optional = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  auto interval = [](const std::optional<Interval>& i) { return i ? json::array({i->low, i->high}) : json(nullptr); };
  json claims = json::array();
  for (const auto& r : results) {
    json comparisons = json::array();
    for (const auto& c : r.comparisons) {
      json cells = json::array();
      for (const auto& cell : c.cells)
        cells.push_back({{"label", cell.label},
                         {"ratio", optional(cell.ratio)},
                         {"interval", interval(cell.interval)},
                         {"numerator", optional(cell.numerator)},
                         {"denominator", optional(cell.denominator)},
                         {"numerator_ids", cell.numerator_ids},
                         {"denominator_ids", cell.denominator_ids},
                         {"missing", cell.missing}});
      comparisons.push_back({{"label", c.label},
                             {"paper", c.paper},
                             {"accepted", c.accepted},
                             {"comparability", to_string(c.comparability)},
                             {"verdict", c.verdict ? json(to_string(*c.verdict)) : json(nullptr)},
                             {"direction", to_string(c.direction)},
                             {"without_interval", c.without_interval},
                             {"geomean", optional(c.geomean)},
                             {"geomean_interval", interval(c.geomean_interval)},
                             {"ours", c.ours},
                             {"cells", cells}});
    }
    claims.push_back({{"id", r.id},
                      {"source", r.source},
                      {"claim", r.claim},
                      {"paper", r.paper_figure},
                      {"printed", r.printed},
                      {"how", r.how},
                      {"where", r.where},
                      {"comparability", to_string(r.comparability)},
                      {"verdict", to_string(r.verdict)},
                      {"direction", to_string(r.direction)},
                      {"partial", r.partial},
                      {"ours", r.ours},
                      {"rows", r.rows},
                      {"details", r.details},
                      {"memory", r.memory},
                      {"missing", r.missing},
                      {"comparisons", comparisons}});
  }
  return json({{"context", context}, {"claims", claims}}).dump(2) + "\n";
}

}  // namespace pqmul::experiments
