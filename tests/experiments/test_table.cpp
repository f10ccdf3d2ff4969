// Paper-shaped tables on synthetic rows: readable labels, sections, ratio
// lines with bootstrap intervals, units, the transposed and paper-vs-ours
// layouts, escaping, and the refusal to pool rows.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "pqmul/experiments/table.hpp"
#include "report_rows.hpp"

namespace pqmul_tests::experiments_test_table {

using namespace pqmul::experiments;
namespace fs = std::filesystem;

namespace {

Row row(const std::string& scheme, const std::string& op, const std::string& multiplier, const std::string& isa,
        const std::string& strategy, double median) {
  Row r = testing::timed_row(scheme, op, multiplier, isa, median);
  r.strategy = strategy;
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
    rows.push_back(row("ml-kem-768", ops[i], "ntt", "portable", "", base * 3));
  }
  rows.push_back(row("saber", "matrix-vector", "toom4-k2", "avx2", "cached", 5));  // not a KEM column
  auto emulated = row("ml-kem-768", "keygen", "ntt", "neon", "", 0);
  emulated.median.reset();
  emulated.emulated = true;
  rows.push_back(emulated);
  return rows;
}

const TableLine& line_named(const Table& t, const std::string& label) {
  for (const auto& s : t.sections)
    for (const auto& l : s.lines)
      if (l.label == label) return l;
  FAIL("no line " << label);
  throw std::logic_error("unreachable");
}

double sorted_median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

fs::path write_file(const std::string& name, const std::string& text) {
  const auto p = fs::temp_directory_path() / ("pqmul-table-test-" + name);
  std::ofstream(p) << text;
  return p;
}

}  // namespace

TEST_CASE("labels: catalogue names as papers print them, overridable", "[table][labels]") {
  Row r = row("saber", "keygen", "toom4-k2", "avx2", "", 1);
  CHECK(row_label(r, {"scheme", "multiplier", "params", "isa"}, {}) == "Saber, Toom-4+K2, AVX2");
  r = row("ml-kem-768", "keygen", "ntt", "avx512", "", 1);
  CHECK(row_label(r, {"scheme", "multiplier", "isa"}, {}) == "ML-KEM-768, NTT, AVX-512");
  r = row("saber", "mul", "karatsuba", "portable", "", 1);
  r.params = "depth=2";
  r.rank = 3;
  r.vectorize = false;
  CHECK(row_label(r, {"multiplier", "params", "rank", "vectorize"}, {}) == "Karatsuba depth=2, \u2113=3, no auto-vec");
  CHECK(display_name("scheme", "unknown-scheme", {}) == "unknown-scheme");

  // A spec overrides built-in names; a field-qualified name wins over a bare one.
  const auto toml = write_file("labels.toml", "[labels]\n\"toom4-k2\" = \"T4\"\n\"isa:portable\" = \"Ref\"\nportable = \"C\"\n");
  const LabelNames names = read_label_spec(toml.string());
  CHECK(display_name("multiplier", "toom4-k2", names) == "T4");
  CHECK(display_name("isa", "portable", names) == "Ref");
  CHECK(display_name("compiler", "portable", names) == "C");
  const auto csv = write_file("labels.csv", "# value,text\nntt,Number-theoretic transform\n");
  CHECK(display_name("multiplier", "ntt", read_label_spec(csv.string())) == "Number-theoretic transform");
  CHECK(display_name("isa", "avx2", with_label_terms({}, {"avx2=SIMD"})) == "SIMD");
  CHECK_THROWS_WITH(with_label_terms({}, {"avx2"}), Catch::Contains("VALUE=TEXT"));
  const auto bad = write_file("bad.toml", "[names]\nx = \"y\"\n");
  CHECK_THROWS_WITH(read_label_spec(bad.string()), Catch::Contains("unknown key 'names'"));
  fs::remove(toml);
  fs::remove(csv);
  fs::remove(bad);
}

TEST_CASE("table: implementations x KEM operations, grouped by scheme, with ratio lines", "[table]") {
  const Table t = build_table(kem_rows(), TableOptions{});
  CHECK(t.columns == std::vector<std::string>{"KeyGen", "Encaps", "Decaps"});
  CHECK(t.unit == "ticks");
  REQUIRE(t.sections.size() == 2);
  CHECK(t.sections[0].title == "Saber");
  CHECK(t.sections[1].title == "ML-KEM-768");
  const auto& saber = t.sections[0].lines;
  // The scheme names the section; multiplier, ISA and strategy vary, so they name the lines.
  REQUIRE(saber.size() == 5);
  CHECK(saber[0].label == "Toom-4+K2, Portable, cached");
  CHECK(saber[2].label == "Toom-4+K2, AVX2, eager");
  CHECK(*saber[2].cells[1].value == Approx(40000));
  CHECK(saber[3].kind == CellKind::ratio);
  CHECK(saber[3].label == "Toom-4+K2, cached: Portable/AVX2");
  CHECK(*saber[3].cells[0].value == Approx(4.0));
  CHECK(saber[4].label == "Toom-4+K2, AVX2: cached/eager");
  CHECK(*saber[4].cells[2].value == Approx(0.5));
  CHECK(t.sections[1].lines.size() == 1);  // no pairs for ML-KEM: no ratio lines
  CHECK(t.notes == std::vector<std::string>{"1 selected row(s) without a median left out"});
}

TEST_CASE("table: lines in the order asked for", "[table]") {
  TableOptions o;
  o.line_order = {"Toom-4+K2, AVX2, eager", "Toom-4+K2, Portable, cached"};
  const Table t = build_table(kem_rows(), o);
  CHECK(t.sections[0].lines[0].label == "Toom-4+K2, AVX2, eager");
  CHECK(t.sections[0].lines[1].label == "Toom-4+K2, Portable, cached");
  CHECK(t.sections[0].lines[2].label == "Toom-4+K2, AVX2, cached");
  o.line_order = {"Toom-5"};
  CHECK_THROWS_WITH(build_table(kem_rows(), o), Catch::Contains("no line is labelled 'Toom-5'"));
}

TEST_CASE("table: the median's interval and ratio intervals from the repetitions", "[table]") {
  auto rows = kem_rows();
  const std::vector<double> portable = {40100, 39800, 40500, 40000, 39900, 40300, 40200, 39700};
  const std::vector<double> avx2 = {10050, 9950, 10100, 10000, 9980, 10020, 10070, 9900};
  for (auto& r : rows)
    if (r.scheme == "saber" && r.operation == "keygen" && r.strategy == "cached") {
      r.repetition_medians = r.isa == "portable" ? portable : avx2;
      r.repetitions = 8;
    }
  rows[0].median = 12345;
  rows[0].ci_low = 12345 - 148;
  rows[0].ci_high = 12345 + 148;
  const Table t = build_table(rows, TableOptions{});
  const Cell& figure = line_named(t, "Toom-4+K2, Portable, cached").cells[0];
  REQUIRE(figure.interval);
  CHECK(figure.interval->low == Approx(12197));
  const Cell& ratio = line_named(t, "Toom-4+K2, cached: Portable/AVX2").cells[0];
  // median(a) / median(b) of the repetition medians, its interval within the extremes' ratios.
  CHECK(*ratio.value == Approx(sorted_median(portable) / sorted_median(avx2)));
  REQUIRE(ratio.interval);
  CHECK(ratio.interval->low <= *ratio.value);
  CHECK(ratio.interval->high >= *ratio.value);
  CHECK(ratio.interval->low >= 39700.0 / 10100.0);
  CHECK(ratio.interval->high <= 40500.0 / 9900.0);
  // Printed as the papers do: 12,345 ± 1.2% (148 / 12345 = 1.199%).
  const auto md = render_markdown(t);
  CHECK(md.find("| Toom-4+K2, Portable, cached | 12,345 \u00b1 1.2% | 80,000 | 120,000 |") != std::string::npos);
  const auto tex = render_latex(t);
  CHECK(tex.find("12345 & 1.2 & 80000 & 120000") != std::string::npos);
  CHECK(tex.find("{$\\pm$\\%}") != std::string::npos);
  const auto csv = render_csv(t);
  CHECK(csv.find("\"Toom-4+K2, Portable, cached\",median,ticks,12345,12197,12493,80000,,") != std::string::npos);
}

TEST_CASE("table: units follow the counter", "[table]") {
  auto rows = kem_rows();
  TableOptions o;
  o.filter = parse_selector({"scheme=ml-kem-768"});
  for (auto& r : rows) r.counter_hz = 2.5e9;
  Table t = build_table(rows, o);
  CHECK(t.unit == "us");
  CHECK(*t.sections[0].lines[0].cells[0].value == Approx(3000 / 2.5e9 * 1e6));  // 1.2 µs
  CHECK(render_markdown(t).find("| Implementation | KeyGen (\u00b5s) |") != std::string::npos);
  o.unit = "ticks";
  CHECK(build_table(rows, o).unit == "ticks");
  o.unit = "cycles";
  CHECK_THROWS_WITH(build_table(rows, o), Catch::Contains("does not count core cycles"));
  for (auto& r : rows) {
    r.counter_hz.reset();
    r.counter = "perf-cycles";
  }
  o.unit = "auto";
  CHECK(build_table(rows, o).unit == "cycles");
  rows[0].counter = "tsc";
  o.filter = {};
  CHECK_THROWS_WITH(build_table(rows, o), Catch::Contains("different counters (perf-cycles, tsc)"));
  o.unit = "us";
  CHECK_THROWS_WITH(build_table(rows, o), Catch::Contains("counter_hz"));
}

TEST_CASE("table: modelled rows are cycles of the named core model, said so", "[table]") {
  auto rows = kem_rows();
  for (auto& r : rows) {
    r.counter = "model:apple-m1";
    r.emulated = true;
  }
  TableOptions o;
  o.filter = parse_selector({"scheme=ml-kem-768"});
  const Table t = build_table(rows, o);
  CHECK(t.unit == "model:apple-m1 cycles");
  const auto md = render_markdown(t);
  CHECK(md.find("| Implementation | KeyGen (model:apple-m1 cycles) |") != std::string::npos);
  CHECK(md.find("modelled, not measured") != std::string::npos);
  o.unit = "ticks";
  CHECK_THROWS_WITH(build_table(rows, o), Catch::Contains("modelled cycles only"));
  o.unit = "cycles";
  CHECK(build_table(rows, o).unit == "model:apple-m1 cycles");
  // Two cores' models never share a table.
  rows[0].counter = "model:cortex-a72";
  o.filter = {};
  CHECK_THROWS_WITH(build_table(rows, o), Catch::Contains("different counters"));
}

TEST_CASE("table: memory columns in whole bytes, whatever the counters, rows without them left out", "[table]") {
  std::vector<Row> rows = {row("saber", "keygen", "toom4-k2", "portable", "eager", 1000),
                           row("saber", "keygen", "toom4-k2", "portable", "cached", 800),
                           row("saber", "keygen", "ntt", "portable", "cached", 700)};
  rows[0].stack_bytes = 17208;
  rows[1].stack_bytes = 16456;
  TableOptions o;
  o.value = "stack_bytes";
  o.ratios = {"strategy:cached/eager"};
  const Table t = build_table(rows, o);
  CHECK(t.unit == "bytes");
  const std::string text = render_markdown(t);
  INFO(text);
  CHECK_THAT(text, Catch::Contains("| KeyGen (bytes) |") && Catch::Contains("| 17,208 |") &&
                       Catch::Contains("| 16,456 |") && Catch::Contains("1 selected row(s) without a stack_bytes"));
  CHECK_THAT(text, Catch::Contains("| 0.96 |"));  // cached / eager
  rows[1].counter = "perf-cycles";                // bytes compare across counters, where ticks do not
  CHECK(build_table(rows, o).unit == "bytes");
  o.unit = "us";
  CHECK_THROWS_WITH(build_table(rows, o), Catch::Contains("no unit to choose"));
  o.unit = "auto";
  o.value = "heap_allocations";
  rows[2].heap_allocations = 0;
  CHECK(build_table(rows, o).unit == "allocations");
  CHECK_THAT(render_markdown(build_table(rows, o)), Catch::Contains("| 0 |"));
  o.value = "stack";
  CHECK_THROWS_WITH(build_table(rows, o), Catch::Contains("valid: median, p10, p90, instructions, stack_bytes"));
}

TEST_CASE("table: transposed, operations x implementations", "[table]") {
  TableOptions o;
  o.layout = "transposed";
  o.ratios = {"none"};
  auto rows = kem_rows();
  rows.erase(std::remove_if(rows.begin(), rows.end(), [](const Row& r) { return r.strategy == "eager"; }), rows.end());
  const Table t = build_table(rows, o);
  // Without sections the scheme is part of each label (the strategy varies: KEMs of Saber cache).
  CHECK(t.columns == std::vector<std::string>{"Saber, Toom-4+K2, Portable, cached", "Saber, Toom-4+K2, AVX2, cached",
                                              "ML-KEM-768, NTT, Portable"});
  REQUIRE(t.sections.size() == 1);
  REQUIRE(t.sections[0].lines.size() == 3);
  CHECK(t.sections[0].lines[1].label == "Encaps");
  // Cell (operation i, implementation j) holds that row's median.
  for (const auto& r : rows) {
    if (!r.median || r.operation == "matrix-vector") continue;
    const std::size_t i = r.operation == "keygen" ? 0 : r.operation == "encaps" ? 1 : 2;
    const std::size_t j = r.scheme == "ml-kem-768" ? 2 : r.isa == "avx2" ? 1 : 0;
    CHECK(*t.sections[0].lines[i].cells[j].value == Approx(*r.median));
  }
  CHECK(render_markdown(t).find("| Operation | Saber, Toom-4+K2, Portable, cached (ticks) |") != std::string::npos);
}

TEST_CASE("table: the paper's figures beside ours, with the relative difference", "[table]") {
  const auto paper = write_file("paper.toml", "[\"AVX2, cached\"]\nkeygen = 9000\nDecaps = 31000\n");
  TableOptions o;
  o.ratios = {"none"};
  o.filter = parse_selector({"scheme=saber"});
  o.paper = read_paper_figures(paper.string());
  const Table t = build_table(kem_rows(), o);
  const auto& lines = t.sections[0].lines;
  // Only Saber's Toom-4+K2 is selected: the ISA and the strategy name the lines.
  REQUIRE(lines.size() == 5);
  CHECK(lines[1].label == "AVX2, cached");
  CHECK(lines[2].label == "AVX2, cached (paper)");
  CHECK(*lines[2].cells[0].value == 9000);
  CHECK_FALSE(lines[2].cells[1].value);
  CHECK(lines[3].kind == CellKind::difference);
  // ours 10,000 vs 9,000; ours 30,000 vs 31,000.
  CHECK(*lines[3].cells[0].value == Approx(10000.0 / 9000.0 - 1));
  CHECK(*lines[3].cells[2].value == Approx(30000.0 / 31000.0 - 1));
  const auto md = render_markdown(t);
  CHECK(md.find("| *AVX2, cached (difference)* | +11.1% | - | -3.2% |") != std::string::npos);

  const auto csv = write_file("paper.csv", "label,column,value\n\"AVX2, cached\",encaps,25000\n");
  o.paper = read_paper_figures(csv.string());
  CHECK(*build_table(kem_rows(), o).sections[0].lines[3].cells[1].value == Approx(20000.0 / 25000.0 - 1));
  const auto unknown = write_file("unknown.toml", "[\"Toom-5\"]\nkeygen = 1\n");
  o.paper = read_paper_figures(unknown.string());
  CHECK_THROWS_WITH(build_table(kem_rows(), o), Catch::Contains("'Toom-5' match no line"));
  for (const auto& p : {paper, csv, unknown}) fs::remove(p);
}

TEST_CASE("table: ratios pair builds whose versions and flags follow from the compared field", "[table]") {
  std::vector<Row> rows;
  for (const char* compiler : {"gcc", "clang"})
    for (bool vectorize : {false, true}) {
      Row r = row("saber", "keygen", "toom4-k2", "portable", "cached", std::string(compiler) == "gcc" ? 100 : 150);
      if (!vectorize) r.median = *r.median * 2;
      r.compiler = compiler;
      r.compiler_version = std::string(compiler) + " 1.0";
      r.vectorize = vectorize;
      r.flags = std::string("-O3") + (vectorize ? "" : " -fno-tree-vectorize") + " -" + compiler;
      rows.push_back(r);
    }
  TableOptions o;
  o.group_by = "none";
  o.ratios = {"vectorize:false/true", "compiler:clang/gcc"};
  const Table t = build_table(rows, o);
  std::vector<std::string> ratio_lines;
  for (const auto& l : t.sections[0].lines)
    if (l.kind == CellKind::ratio) ratio_lines.push_back(l.label);
  CHECK(ratio_lines.size() == 4);  // two vectorisation ratios, two compiler ratios
  CHECK(t.notes.empty());
}

TEST_CASE("table: paper figures per section, for lines of the same name in every section", "[table]") {
  // Two parameter sets with the same line names, each KEM's rank its own.
  std::vector<Row> rows;
  for (const char* scheme : {"saber", "firesaber"})
    for (const char* isa : {"portable", "neon"}) {
      Row r = row(scheme, "keygen", "toom4-k2", isa, "cached", std::string(scheme) == "saber" ? 100 : 200);
      r.rank = std::string(scheme) == "saber" ? 3 : 4;
      rows.push_back(r);
    }
  const auto paper = write_file("sections.toml",
                                "[Saber.Portable]\nkeygen = 50\n[FireSaber.Portable]\nkeygen = 400\n"
                                "[Neon]\nkeygen = 100\n");
  TableOptions o;
  o.ratios = {"none"};
  o.paper = read_paper_figures(paper.string());
  const Table t = build_table(rows, o);
  REQUIRE(t.sections.size() == 2);
  CHECK(t.sections[0].title == "Saber");
  // The rank follows from the scheme: it does not name the lines.
  CHECK(t.sections[0].lines[0].label == "Portable");
  CHECK(*t.sections[0].lines[1].cells[0].value == 50);   // Saber's own figure
  CHECK(*t.sections[1].lines[1].cells[0].value == 400);  // FireSaber's
  CHECK(*t.sections[1].lines[2].cells[0].value == Approx(200.0 / 400.0 - 1));
  // The unsectioned figure serves every section.
  CHECK(t.sections[0].lines[3].label == "Neon");
  CHECK(*t.sections[0].lines[4].cells[0].value == 100);
  CHECK(*t.sections[1].lines[4].cells[0].value == 100);
  const auto stray = write_file("stray.toml", "[LightSaber.Portable]\nkeygen = 1\n");
  o.paper = read_paper_figures(stray.string());
  CHECK_THROWS_WITH(build_table(rows, o), Catch::Contains("in section 'LightSaber' match no line"));
  const auto mixed = write_file("mixed.toml", "[Saber]\nkeygen = 1\nPortable = { keygen = 2 }\n");
  CHECK_THROWS_WITH(read_paper_figures(mixed.string()), Catch::Contains("must be a number"));
  // A paper that prints speed-ups only: its figure under our ratio line.
  const auto speedups = write_file("speedups.toml", "[\"Portable/Neon\"]\nkeygen = 2\n");
  o.ratios = {"isa:portable/neon"};
  o.paper = read_paper_figures(speedups.string());
  const Table r = build_table(rows, o);
  REQUIRE(r.sections[0].lines.size() == 5);
  CHECK(r.sections[0].lines[2].kind == CellKind::ratio);
  CHECK(r.sections[0].lines[3].label == "Portable/Neon (paper)");
  CHECK(*r.sections[0].lines[3].cells[0].value == 2);
  CHECK(*r.sections[0].lines[4].cells[0].value == Approx(1.0 / 2 - 1));  // ours 1.00 against 2
  for (const auto& p : {paper, stray, mixed, speedups}) fs::remove(p);
}

TEST_CASE("table: cells never pool rows", "[table]") {
  auto rows = kem_rows();
  Row again = rows[0];  // the same implementation measured twice
  again.median = 41000;
  again.date = "2024-06-01T00:00:00Z";
  rows.push_back(again);
  CHECK_THROWS_WITH(build_table(rows, TableOptions{}),
                    Catch::Contains("would pool 2 rows") && Catch::Contains("saber/toom4-k2/portable @2024-06-01") &&
                        Catch::Contains("differing in date"));
  // A differing identity field becomes part of the labels instead.
  rows.back().date.clear();
  rows.back().cpu = "Other CPU";
  const Table t = build_table(rows, TableOptions{});
  CHECK(line_named(t, "Toom-4+K2, Portable, cached, Other CPU").cells[0].value == 41000);
  // Display names that make two implementations look alike are refused too.
  TableOptions o;
  o.names = with_label_terms({}, {"avx2=Portable"});
  CHECK_THROWS_WITH(build_table(kem_rows(), o), Catch::Contains("would pool 2 rows"));
}

TEST_CASE("table: every cell escaped in Markdown and LaTeX", "[table]") {
  TableOptions o;
  o.ratios = {"none"};
  o.filter = parse_selector({"scheme=ml-kem-768"});
  o.names = with_label_terms({}, {"ntt=A|B & C_D 50% $x #1 {y} ~z ^w \\v <p> q"});
  const Table t = build_table(kem_rows(), o);
  const auto md = render_markdown(t);
  CHECK(md.find("| A\\|B & C_D 50% $x #1 {y} ~z ^w \\v <p> q, Portable |") != std::string::npos);
  const auto tex = render_latex(t);
  CHECK(tex.find("A\\textbar{}B \\& C\\_D 50\\% \\$x \\#1 \\{y\\} \\textasciitilde{}z \\textasciicircum{}w "
                 "\\textbackslash{}v $<$p$>$ q, Portable & 3000") != std::string::npos);
  CHECK(tex.find("S[table-format=4.0,group-minimum-digits=4]") != std::string::npos);
  CHECK(markdown_escape("a|b_c*d") == "a\\|b_c*d");
  CHECK(latex_cell("\u2113=3 | x") == "$\\ell$=3 \\textbar{} x");
}

TEST_CASE("table: LaTeX is booktabs with siunitx columns, CSV has one line per table line", "[table]") {
  const auto tex = render_latex(build_table(kem_rows(), TableOptions{}));
  CHECK(tex.find("\\begin{tabular}{@{}lS[table-format=5.2,group-minimum-digits=4]S[table-format=5.2,group-minimum-digits=4]"
                 "S[table-format=6.2,group-minimum-digits=4]@{}}") != std::string::npos);
  CHECK(tex.find("\\toprule\nImplementation & {KeyGen (ticks)} & {Encaps (ticks)} & {Decaps (ticks)} \\\\\n") !=
        std::string::npos);
  CHECK(tex.find("\\multicolumn{4}{@{}l}{\\textbf{Saber}} \\\\\n") != std::string::npos);
  CHECK(tex.find("Toom-4+K2, Portable, cached & 40000 & 80000 & 120000 \\\\\n") != std::string::npos);
  CHECK(tex.find("\\emph{Toom-4+K2, cached: Portable/AVX2} & 4.00 & 4.00 & 4.00 \\\\\n") != std::string::npos);
  CHECK(tex.find("\\bottomrule\n\\end{tabular}\n") != std::string::npos);
  const auto csv = render_csv(build_table(kem_rows(), TableOptions{}));
  CHECK(csv.find("section,Implementation,kind,unit,KeyGen,KeyGen ci_low,KeyGen ci_high,") == 0);
  CHECK(csv.find("Saber,\"Toom-4+K2, AVX2: cached/eager\",ratio,ticks,0.5,") != std::string::npos);
}

TEST_CASE("table: bad options are refused", "[table]") {
  TableOptions o;
  o.group_by = "colour";
  CHECK_THROWS_WITH(build_table(kem_rows(), o), Catch::Contains("unknown row field 'colour'"));
  o = {};
  o.value = "mean";
  CHECK_THROWS_WITH(build_table(kem_rows(), o), Catch::Contains("unknown value 'mean'"));
  o = {};
  o.layout = "sideways";
  CHECK_THROWS_WITH(build_table(kem_rows(), o), Catch::Contains("unknown layout"));
  CHECK_THROWS_WITH(parse_ratio("isa-portable"), Catch::Contains("FIELD:NUMERATOR/DENOMINATOR"));
  CHECK_THROWS_WITH(parse_ratio("colour:a/b"), Catch::Contains("ratio field 'colour'"));
}

TEST_CASE("table: results from a directory, CSV or JSON", "[table]") {
  const auto dir = fs::temp_directory_path() / "pqmul-table-test-results";
  fs::remove_all(dir);
  fs::create_directories(dir);
  CHECK_THROWS_WITH(read_results(dir.string()), Catch::Contains("neither results.csv nor results.json"));
  write_csv((dir / "results.csv").string(), kem_rows());
  CHECK(read_results(dir.string()).size() == kem_rows().size());
  std::ofstream(dir / "rows.json") << to_json(kem_rows());
  CHECK(read_results((dir / "rows.json").string()).size() == kem_rows().size());
  CHECK_THROWS_WITH(read_results((dir / "missing.csv").string()), Catch::Contains("no such results file"));
  fs::remove_all(dir);
}

}  // namespace pqmul_tests::experiments_test_table
