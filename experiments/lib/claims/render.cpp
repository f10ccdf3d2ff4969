// The claims table for people (terminal, Markdown), papers (LaTeX booktabs)
// and machines (JSON, read by the claims notebook).
#include <fmt/format.h>

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
    out += fmt::format("{} [{}]: {}\n", r.id, r.where, verdict_text(r));
    out += fmt::format("  source   {}\n", r.source);
    out += fmt::format("  claim    {}\n", r.claim);
    out += fmt::format("  paper    {}\n", r.paper_figure);
    out += fmt::format("  ours     {}\n", r.ours.empty() ? "-" : r.ours);
    out += fmt::format("  how      {}\n", r.how);
    for (const auto& d : r.details) out += fmt::format("  - {}\n", d);
    for (const auto& m : r.missing) out += fmt::format("  missing  {}\n", m);
    out += "\n";
  }
  std::size_t counts[4] = {};
  for (const auto& r : results) ++counts[static_cast<int>(r.verdict)];
  out += fmt::format("{} claims: {} confirmed, {} contradicted, {} not measurable here, {} with missing rows\n",
                     results.size(), counts[0], counts[1], counts[2], counts[3]);
  return out;
}

std::string claims_markdown(const std::vector<ClaimResult>& results, const std::string& context) {
  std::string out = "# Published claims reproduced by pqmul\n\n";
  if (!context.empty()) out += context + "\n\n";
  out += "| id | claim | paper | ours | verdict | where |\n|---|---|---|---|---|---|\n";
  for (const auto& r : results)
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", r.id, markdown_cell(r.claim), markdown_cell(r.paper_figure),
                       markdown_cell(r.ours.empty() ? "-" : r.ours), verdict_text(r), r.where);
  out += "\n## Details\n";
  for (const auto& r : results) {
    out += fmt::format("\n### {}: {}\n\n", r.id, verdict_text(r));
    out += fmt::format("- source: {}\n- how: {}\n", r.source, r.how);
    for (const auto& d : r.details) out += fmt::format("- {}\n", d);
    for (const auto& m : r.missing) out += fmt::format("- missing: {}\n", m);
  }
  return out;
}

std::string claims_latex(const std::vector<ClaimResult>& results, const std::string& context) {
  std::string out = "% Published claims reproduced by pqmul (needs \\usepackage{booktabs}).\n";
  if (!context.empty()) out += "% " + context + "\n";
  out += "\\begin{tabular}{@{}l p{4.6cm} p{3.0cm} p{4.2cm} l@{}}\n\\toprule\n";
  out += "Claim & Statement & Paper & Ours & Verdict \\\\\n\\midrule\n";
  for (const auto& r : results)
    out += fmt::format("{} & {} & {} & {} & {} \\\\\n", latex_escape(r.id), latex_escape(r.claim),
                       latex_escape(r.paper_figure), latex_escape(r.ours.empty() ? "-" : r.ours),
                       latex_escape(verdict_text(r)));
  out += "\\bottomrule\n\\end{tabular}\n";
  return out;
}

std::string claims_json(const std::vector<ClaimResult>& results, const std::string& context) {
  using nlohmann::json;
  auto optional = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  json claims = json::array();
  for (const auto& r : results) {
    json comparisons = json::array();
    for (const auto& c : r.comparisons) {
      json cells = json::array();
      for (const auto& cell : c.cells)
        cells.push_back({{"label", cell.label},
                         {"ratio", optional(cell.ratio)},
                         {"numerator", optional(cell.numerator)},
                         {"denominator", optional(cell.denominator)},
                         {"numerator_ids", cell.numerator_ids},
                         {"denominator_ids", cell.denominator_ids},
                         {"missing", cell.missing}});
      comparisons.push_back({{"label", c.label},
                             {"paper", c.paper},
                             {"accepted", c.accepted},
                             {"verdict", c.verdict ? json(to_string(*c.verdict)) : json(nullptr)},
                             {"geomean", optional(c.geomean)},
                             {"ours", c.ours},
                             {"cells", cells}});
    }
    claims.push_back({{"id", r.id},
                      {"source", r.source},
                      {"claim", r.claim},
                      {"paper", r.paper_figure},
                      {"how", r.how},
                      {"where", r.where},
                      {"verdict", to_string(r.verdict)},
                      {"partial", r.partial},
                      {"ours", r.ours},
                      {"details", r.details},
                      {"missing", r.missing},
                      {"comparisons", comparisons}});
  }
  return json({{"context", context}, {"claims", claims}}).dump(2) + "\n";
}

}  // namespace pqmul::experiments
