// Paper-shaped tables on synthetic rows: lines per implementation, columns
// per operation, sections, ratio lines, and the three output formats.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "pqmul/experiments/table.hpp"

using namespace pqmul::experiments;

namespace {

Row row(const std::string& scheme, const std::string& op, const std::string& multiplier, const std::string& isa,
        const std::string& strategy, double median) {
  Row r;
  r.scheme = scheme;
  r.parameter_set = scheme;
  r.operation = op;
  r.multiplier = multiplier;
  r.isa = isa;
  r.strategy = strategy;
  r.compiler = "gcc";
  r.id = scheme + "/" + multiplier + "/" + isa;
  r.counter = "tsc";
  r.median = median;
  r.samples = 10;
  r.correct = "pass";
  return r;
}

std::vector<Row> kem_rows() {
  std::vector<Row> rows;
  const char* ops[] = {"keygen", "encaps", "decaps"};
  for (int i = 0; i < 3; ++i) {
    const double base = 1000.0 * (i + 1);
    rows.push_back(row("saber", ops[i], "toom4-k2", "portable", "cached", base * 40));
    rows.push_back(row("saber", ops[i], "toom4-k2", "avx2", "cached", base * 10));
    rows.push_back(row("saber", ops[i], "toom4-k2", "avx2", "eager", base * 20));
    rows.push_back(row("kyber768", ops[i], "ntt", "portable", "", base * 3));
  }
  rows.push_back(row("saber", "matrix-vector", "toom4-k2", "avx2", "cached", 5));  // not a KEM column
  auto emulated = row("kyber768", "keygen", "ntt", "neon", "", 0);
  emulated.median.reset();
  emulated.emulated = true;
  rows.push_back(emulated);
  return rows;
}

}  // namespace

TEST_CASE("table: implementations x KEM operations, grouped by scheme, with ratio lines", "[table]") {
  const Table t = build_table(kem_rows(), TableOptions{});
  CHECK(t.columns == std::vector<std::string>{"keygen", "encaps", "decaps"});
  REQUIRE(t.sections.size() == 2);
  CHECK(t.sections[0].title == "saber");
  CHECK(t.sections[1].title == "kyber768");
  const auto& saber = t.sections[0].lines;
  // Three implementations (strategy shown, since it varies), then portable/avx2 and cached/eager.
  REQUIRE(saber.size() == 5);
  CHECK(saber[0].label == "saber/toom4-k2/portable cached");
  CHECK(saber[2].label == "saber/toom4-k2/avx2 eager");
  CHECK(*saber[2].cells[1] == Approx(40000));
  CHECK(saber[3].ratio);
  CHECK(saber[3].label == "saber/toom4-k2 cached: portable/avx2");
  CHECK(*saber[3].cells[0] == Approx(4.0));
  CHECK(saber[4].label == "saber/toom4-k2/avx2: cached/eager");
  CHECK(*saber[4].cells[2] == Approx(0.5));
  CHECK(t.sections[1].lines.size() == 1);  // no pairs for Kyber: no ratio lines
  CHECK(t.notes == std::vector<std::string>{"1 selected row(s) without a median left out"});
}

TEST_CASE("table: Markdown", "[table]") {
  const auto md = render_markdown(build_table(kem_rows(), TableOptions{}));
  CHECK(md.find("### saber\n\n| implementation | keygen | encaps | decaps |\n|---|---:|---:|---:|\n") !=
        std::string::npos);
  CHECK(md.find("| saber/toom4-k2/portable cached | 40,000 | 80,000 | 120,000 |\n") != std::string::npos);
  CHECK(md.find("| *saber/toom4-k2 cached: portable/avx2* | 4.00 | 4.00 | 4.00 |\n") != std::string::npos);
  CHECK(md.find("| kyber768/ntt/portable | 3,000 | 6,000 | 9,000 |\n") != std::string::npos);
}

TEST_CASE("table: LaTeX with booktabs", "[table]") {
  const auto tex = render_latex(build_table(kem_rows(), TableOptions{}));
  CHECK(tex.find("\\begin{tabular}{@{}lrrr@{}}\n\\toprule\nImplementation & keygen & encaps & decaps \\\\\n") !=
        std::string::npos);
  CHECK(tex.find("\\midrule\n\\multicolumn{4}{@{}l}{\\textbf{saber}} \\\\\n") != std::string::npos);
  CHECK(tex.find("saber/toom4-k2/portable cached & 40,000 & 80,000 & 120,000 \\\\\n") != std::string::npos);
  CHECK(tex.find("\\cmidrule(l){2-4}\n\\emph{saber/toom4-k2 cached: portable/avx2} & 4.00 & 4.00 & 4.00 \\\\\n") !=
        std::string::npos);
  CHECK(tex.find("\\bottomrule\n\\end{tabular}\n") != std::string::npos);
  CHECK(tex.find("_") == std::string::npos);  // nothing unescaped
}

TEST_CASE("table: CSV", "[table]") {
  const auto csv = render_csv(build_table(kem_rows(), TableOptions{}));
  CHECK(csv.rfind("section,implementation,kind,keygen,encaps,decaps\n", 0) == 0);
  CHECK(csv.find("saber,saber/toom4-k2/avx2 cached,median,10000,20000,30000\n") != std::string::npos);
  CHECK(csv.find("saber,saber/toom4-k2/avx2: cached/eager,ratio,0.5,0.5,0.5\n") != std::string::npos);
}

TEST_CASE("table: options choose columns, grouping, ratios and rows", "[table]") {
  TableOptions o;
  o.group_by = "none";
  o.ratios = {"none"};
  o.filter = parse_selector({"scheme=saber", "isa=avx2"});
  o.operations = {"decaps", "matrix-vector"};
  Table t = build_table(kem_rows(), o);
  CHECK(t.columns == std::vector<std::string>{"decaps", "matrix-vector"});
  REQUIRE(t.sections.size() == 1);
  CHECK(t.sections[0].title.empty());
  REQUIRE(t.sections[0].lines.size() == 2);
  CHECK(*t.sections[0].lines[0].cells[1] == Approx(5));
  CHECK_FALSE(t.sections[0].lines[1].cells[1]);  // eager has no matrix-vector row
  CHECK(render_markdown(t).find("| saber/toom4-k2/avx2 eager | 60,000 | - |") != std::string::npos);

  o = TableOptions{};
  o.group_by = "isa";
  o.ratios = {"strategy:eager/cached", "compiler:clang/gcc"};
  t = build_table(kem_rows(), o);
  CHECK(t.sections[0].title == "portable");
  const auto md = render_markdown(t);
  CHECK(md.find("| *saber/toom4-k2/avx2: eager/cached* | 2.00 | 2.00 | 2.00 |") != std::string::npos);
  CHECK(md.find("Note: section avx2: no pairs for ratio compiler:clang/gcc") != std::string::npos);

  CHECK_THROWS_WITH(parse_ratio("isa=portable/avx2"), Catch::Contains("FIELD:NUMERATOR/DENOMINATOR"));
  CHECK_THROWS_WITH(parse_ratio("colour:red/blue"), Catch::Contains("ratio field 'colour'"));
  o = TableOptions{};
  o.group_by = "colour";
  CHECK_THROWS(build_table(kem_rows(), o));
}

TEST_CASE("table: results are read from a directory's CSV, or its JSON", "[table]") {
  namespace fs = std::filesystem;
  const auto dir = fs::temp_directory_path() / "pqmul-table-test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "results.json") << to_json(kem_rows());
  CHECK(read_results(dir.string()).size() == kem_rows().size());
  write_csv((dir / "results.csv").string(), kem_rows());
  const auto rows = read_results(dir.string());
  REQUIRE(rows.size() == kem_rows().size());
  CHECK(rows[1].id == "saber/toom4-k2/avx2");
  CHECK_THROWS_WITH(read_results((dir / "nothing").string()), Catch::Contains("no such results"));
  fs::remove_all(dir);
  fs::create_directories(dir);
  CHECK_THROWS_WITH(read_results(dir.string()), Catch::Contains("neither results.csv nor results.json"));
  fs::remove_all(dir);
}
