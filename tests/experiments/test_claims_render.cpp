// The claims table in Markdown, LaTeX (booktabs) and JSON: per claim the
// paper's figure and where it is printed, ours with its interval, the rows
// behind it, the verdict and the direction; table cells escaped.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "claims_rows.hpp"

namespace pqmul_tests::experiments_test_claims_render {

using namespace pqmul::experiments;
using namespace claims_test;

namespace {

// A claim whose texts hold the characters each format must escape.
ClaimResult awkward_claim() {
  const auto spec = parse_claim(R"(
id = "odd-one"
source = "A & B"
claim = "x | y faster by 5% & more_or_less {~^#$}"
paper = "0.7 | 0.8"
printed = "Table 3 & p. 12 | appendix_b"
how = "h"
where = "x86"
comparability = "analogue"
)" + std::string(cached_keygen_comparison),
                                "odd-one.toml");
  // Spec ids are plain; the renderers escape an id all the same.
  auto result = evaluate_claim(spec, {repeated(row("saber", "keygen", "toom4-k2", "avx2", "gcc", "cached"), spread(690, 710)),
                               repeated(row("saber", "keygen", "toom4-k2", "avx2", "gcc", "eager"), constant(1000))});
  result.id = "odd_one";
  return result;
}

}  // namespace

TEST_CASE("claims table: Markdown cells escape '|' and carry every column", "[claims]") {
  const auto md = claims_markdown({awkward_claim()}, "Results r.");
  CHECK(md.find("| id | claim | paper | printed | ours [95% interval] | rows | comparability | verdict | direction |\n"
                "|---|---|---|---|---|---|---|---|---|\n") != std::string::npos);
  // Every row of the table has as many unescaped bars as the header.
  const auto line_start = md.find("| odd_one |");
  REQUIRE(line_start != std::string::npos);
  const std::string line = md.substr(line_start, md.find('\n', line_start) - line_start);
  std::size_t bars = 0;
  for (std::size_t i = 0; i < line.size(); ++i) bars += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
  CHECK(bars == 10);
  CHECK(line.find("x \\| y faster") != std::string::npos);
  CHECK(line.find("| Table 3 & p. 12 \\| appendix_b |") != std::string::npos);
  CHECK(line.find("| L: 0.70 [0.69, 0.71] |") != std::string::npos);
  CHECK(line.find("| L: saber/toom4-k2/avx2 keygen cached gcc vec / saber/toom4-k2/avx2 keygen eager gcc vec |") !=
        std::string::npos);
  CHECK(line.find("| analogue | not comparable | agrees |") != std::string::npos);
}

TEST_CASE("claims table: LaTeX escapes every special in every cell", "[claims]") {
  const auto tex = claims_latex({awkward_claim()}, "ctx");
  CHECK(tex.find("\\toprule\n") != std::string::npos);
  CHECK(tex.find("\\bottomrule\n\\end{tabular}\n") != std::string::npos);
  CHECK(tex.find("odd\\_one & x \\textbar{} y faster by 5\\% \\& more\\_or\\_less "
                 "\\{\\textasciitilde{}\\textasciicircum{}\\#\\$\\} & 0.7 \\textbar{} 0.8 (Table 3 \\& p. 12 \\textbar{} appendix\\_b) & "
                 "L: 0.70 [0.69, 0.71] & {\\footnotesize L: saber/toom4-k2/avx2 keygen cached gcc vec / "
                 "saber/toom4-k2/avx2 keygen eager gcc vec} & not comparable & agrees \\\\") != std::string::npos);
  // Outside the escaped cells, '&' only separates the seven columns.
  const auto row_start = tex.find("odd\\_one");
  const std::string row = tex.substr(row_start, tex.find('\n', row_start) - row_start);
  std::size_t separators = 0;
  for (std::size_t i = 0; i < row.size(); ++i) separators += row[i] == '&' && row[i - 1] != '\\';
  CHECK(separators == 6);
}

TEST_CASE("claims table: LaTeX escapes specials and the claims' signs", "[claims]") {
  CHECK(latex_escape("50% & a_b #1 {x} ~^\\") ==
        "50\\% \\& a\\_b \\#1 \\{x\\} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}");
  CHECK(latex_escape("2l\u00b2 \u2192 0.63\u20130.88, 2.0\u00d7, \u224816 \u00b5s") ==
        "2l$^2$ $\\to$ 0.63--0.88, 2.0$\\times$, $\\approx$16 $\\mu$s");
  CHECK(latex_escape("< 1") == "$<$ 1");
  CHECK(latex_escape("a | b") == "a \\textbar{} b");
}

TEST_CASE("claims table: JSON holds intervals, rows, comparability and direction", "[claims]") {
  const auto json = nlohmann::json::parse(claims_json({awkward_claim()}, "ctx"));
  const auto& claim = json.at("claims").at(0);
  CHECK(claim.at("printed") == "Table 3 & p. 12 | appendix_b");
  CHECK(claim.at("comparability") == "analogue");
  CHECK(claim.at("verdict") == "not comparable");
  CHECK(claim.at("direction") == "agrees");
  CHECK(claim.at("rows").get<std::string>().find("keygen cached gcc vec") != std::string::npos);
  const auto& cell = claim.at("comparisons").at(0).at("cells").at(0);
  REQUIRE(cell.at("interval").is_array());
  CHECK(cell.at("interval").at(0).get<double>() >= 0.69);
  CHECK(cell.at("interval").at(1).get<double>() <= 0.71);
  CHECK(cell.at("numerator_ids") == "saber/toom4-k2/avx2 keygen cached gcc vec");
}

TEST_CASE("claims table: the terminal summary counts every verdict word", "[claims]") {
  const auto spec = parse_claim(header("t", "same") + cached_keygen_comparison, "t.toml");
  const auto text = claims_text({awkward_claim(), evaluate_claim(spec, {})});
  CHECK(text.find("odd_one [x86, analogue]: not comparable, direction agrees\n") != std::string::npos);
  CHECK(text.find("  paper    0.7 | 0.8 (Table 3 & p. 12 | appendix_b)\n") != std::string::npos);
  CHECK(text.find("2 claims: 1 missing rows, 1 not comparable\n") != std::string::npos);
}

}  // namespace pqmul_tests::experiments_test_claims_render
