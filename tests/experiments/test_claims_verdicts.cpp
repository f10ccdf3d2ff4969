// Verdicts on synthetic rows: confirmed, contradicted, missing rows named,
// arm claims not measurable here, unusable rows refused, and the counted
// claim checked against the module code's own step counts.
#include <catch2/catch.hpp>

#include "pqmul/experiments/claims.hpp"

using namespace pqmul::experiments;

namespace {

Row row(const std::string& scheme, const std::string& op, const std::string& multiplier, const std::string& isa,
        const std::string& compiler, const std::string& strategy, double median) {
  Row r;
  r.scheme = scheme;
  r.parameter_set = scheme;
  r.operation = op;
  r.multiplier = multiplier;
  r.isa = isa;
  r.compiler = compiler;
  r.strategy = strategy;
  r.id = scheme + "/" + multiplier + "/" + isa;
  r.counter = "tsc";
  r.median = median;
  r.p10 = median * 0.9;
  r.p90 = median * 1.1;
  r.samples = 100;
  r.correct = "pass";
  return r;
}

// cached / eager over isa x compiler, accepted 0.63-0.88 (tolerance 0).
const char* speed_spec = R"(
id = "speed"
source = "s"
claim = "c"
paper = "0.63-0.88"
how = "h"
where = "x86"
[[comparison]]
label = "MV"
common = { scheme = "saber", operation = "matrix-vector", multiplier = "toom4-k2" }
numerator = { strategy = "cached" }
denominator = { strategy = "eager" }
each = { isa = ["portable", "avx2"], compiler = ["gcc", "clang"] }
check = "range"
min = 0.63
max = 0.88
)";

std::vector<Row> speed_rows(double cached) {
  std::vector<Row> rows;
  for (const char* isa : {"portable", "avx2"})
    for (const char* cc : {"gcc", "clang"}) {
      rows.push_back(row("saber", "matrix-vector", "toom4-k2", isa, cc, "eager", 1000));
      rows.push_back(row("saber", "matrix-vector", "toom4-k2", isa, cc, "cached", cached));
    }
  // Rows the claim does not select.
  rows.push_back(row("saber", "matrix-vector", "ntt", "portable", "gcc", "cached", 1));
  rows.push_back(row("saber", "keygen", "toom4-k2", "portable", "gcc", "cached", 1));
  return rows;
}

bool mentions(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

}  // namespace

TEST_CASE("claim verdict: ratios inside the range confirm, outside contradict", "[claims]") {
  const auto spec = parse_claim(speed_spec, "speed.toml");
  const auto ok = evaluate_claim(spec, speed_rows(700));
  CHECK(ok.verdict == Verdict::confirmed);
  CHECK_FALSE(ok.partial);
  CHECK(ok.missing.empty());
  REQUIRE(ok.comparisons.size() == 1);
  REQUIRE(ok.comparisons[0].cells.size() == 4);
  CHECK(ok.comparisons[0].cells[0].label == "portable gcc");
  CHECK(*ok.comparisons[0].cells[0].ratio == Approx(0.7));
  CHECK(ok.ours == "MV: portable gcc 0.70, portable clang 0.70, avx2 gcc 0.70, avx2 clang 0.70");

  CHECK(evaluate_claim(spec, speed_rows(950)).verdict == Verdict::contradicted);
  // Faster than the paper says is also outside its figure.
  CHECK(evaluate_claim(spec, speed_rows(500)).verdict == Verdict::contradicted);
  // One cell out of range is enough to contradict.
  auto rows = speed_rows(700);
  rows[1].median = 990;
  const auto one = evaluate_claim(spec, rows);
  CHECK(one.verdict == Verdict::contradicted);
  CHECK_FALSE(*one.comparisons[0].cells[0].pass);
  CHECK(*one.comparisons[0].cells[1].pass);
}

TEST_CASE("claim verdict: the tolerance widens the accepted range", "[claims]") {
  std::string text = speed_spec;
  text += "tolerance = 0.1\n";
  const auto spec = parse_claim(text, "speed.toml");
  CHECK(evaluate_claim(spec, speed_rows(950)).verdict == Verdict::confirmed);  // 0.95 <= 0.88 * 1.1
  CHECK(evaluate_claim(spec, speed_rows(980)).verdict == Verdict::contradicted);
  CHECK(evaluate_claim(spec, speed_rows(950)).comparisons[0].accepted == "0.57-0.97");
}

TEST_CASE("claim verdict: missing rows are named, never skipped", "[claims]") {
  const auto spec = parse_claim(speed_spec, "speed.toml");
  SECTION("no rows at all") {
    const auto r = evaluate_claim(spec, {});
    CHECK(r.verdict == Verdict::missing_rows);
    CHECK_FALSE(r.partial);
    CHECK(r.missing.size() == 8);  // numerator and denominator of four cells
    CHECK(mentions(r.missing, "MV: avx2 clang: numerator: no row with scheme=saber operation=matrix-vector "
                              "multiplier=toom4-k2 strategy=cached isa=avx2 compiler=clang"));
    CHECK(r.ours.find("missing") != std::string::npos);
  }
  SECTION("the AVX2 rows missing: verdict on the rest, marked partial") {
    std::vector<Row> rows;
    for (const auto& r : speed_rows(700))
      if (r.isa != "avx2") rows.push_back(r);
    const auto r = evaluate_claim(spec, rows);
    CHECK(r.verdict == Verdict::confirmed);
    CHECK(r.partial);
    CHECK(r.missing.size() == 4);
    CHECK(mentions(r.missing, "avx2 gcc: denominator: no row with scheme=saber operation=matrix-vector "
                              "multiplier=toom4-k2 strategy=eager isa=avx2 compiler=gcc"));
    CHECK_FALSE(mentions(r.missing, "portable"));
  }
  SECTION("emulated, unmeasured and failing rows do not count, and say why") {
    auto rows = speed_rows(700);
    for (auto& r : rows) {
      if (r.isa == "avx2" && r.compiler == "gcc") r.emulated = true;
      if (r.isa == "avx2" && r.compiler == "clang" && r.strategy == "cached") r.correct = "fail";
      if (r.isa == "portable" && r.compiler == "clang" && r.strategy == "eager") r.median.reset();
    }
    const auto r = evaluate_claim(spec, rows);
    CHECK(r.partial);
    CHECK(mentions(r.missing, "avx2 gcc: numerator: 1 row(s) with"));
    CHECK(mentions(r.missing, "none usable (emulated)"));
    CHECK(mentions(r.missing, "none usable (failed its correctness check)"));
    CHECK(mentions(r.missing, "none usable (no median)"));
    CHECK(r.verdict == Verdict::confirmed);  // portable gcc, the only cell left
  }
}

TEST_CASE("claim verdict: arm claims are not measurable here, whatever the rows", "[claims]") {
  std::string text = speed_spec;
  text.replace(text.find("where = \"x86\""), 13, "where = \"arm\"");
  const auto spec = parse_claim(text, "arm.toml");
  auto rows = speed_rows(700);
  auto neon = row("saber", "matrix-vector", "ntt", "neon", "gcc", "cached", 0);
  neon.median.reset();
  neon.emulated = true;
  rows.push_back(neon);
  const auto r = evaluate_claim(spec, rows);
  CHECK(r.verdict == Verdict::not_measurable);
  CHECK(to_string(r.verdict) == "not measurable here");
  CHECK(mentions(r.details, "AArch64 hardware"));
  CHECK(mentions(r.details, "NEON rows in these results: 1, correct: 1"));
}

TEST_CASE("claim verdict: count, geometric mean and best-of checks", "[claims]") {
  SECTION("count: NTT faster for 3 of 4 rings, against the fastest Toom-Cook") {
    const auto spec = parse_claim(R"(
id = "count"
source = "s"
claim = "c"
paper = "3 of 4"
how = "h"
where = "x86"
[[comparison]]
common = { operation = "mul", isa = "avx2" }
numerator = { multiplier = "ntt" }
denominator = { multiplier = ["toom3", "toom4"] }
denominator_pick = "min"
each = { scheme = ["r1", "r2", "r3", "r4"] }
check = "count"
count_min = 3
count_max = 3
)",
                                  "count.toml");
    std::vector<Row> rows;
    const double ntt[] = {90, 90, 90, 130};
    const char* rings[] = {"r1", "r2", "r3", "r4"};
    for (int i = 0; i < 4; ++i) {
      rows.push_back(row(rings[i], "mul", "ntt", "avx2", "gcc", "", ntt[i]));
      rows.push_back(row(rings[i], "mul", "toom3", "avx2", "gcc", "", 100));
      rows.push_back(row(rings[i], "mul", "toom4", "avx2", "gcc", "", 200));
    }
    auto r = evaluate_claim(spec, rows);
    CHECK(r.verdict == Verdict::confirmed);
    CHECK(r.comparisons[0].cells[0].denominator_ids == "r1/toom3/avx2");
    CHECK(r.ours.rfind("3 of 4 below 1.00", 0) == 0);
    // With toom3 slower, the best Toom-Cook is toom4 at 150: now 4 of 4.
    for (auto& x : rows) {
      if (x.multiplier == "toom3") x.median = 300;
      if (x.multiplier == "toom4") x.median = 150;
    }
    CHECK(evaluate_claim(spec, rows).verdict == Verdict::contradicted);
    // A count over part of the rings decides nothing.
    rows.erase(rows.begin());
    r = evaluate_claim(spec, rows);
    CHECK(r.verdict == Verdict::missing_rows);
    CHECK(mentions(r.missing, "r1: numerator: no row with scheme=r1 operation=mul multiplier=ntt isa=avx2"));
  }
  SECTION("geometric mean: clang / gcc above 1 overall although one operation is below") {
    const auto spec = parse_claim(R"(
id = "gm"
source = "s"
claim = "c"
paper = "1.02"
how = "h"
where = "x86"
[[comparison]]
common = { scheme = "saber", isa = "avx2" }
numerator = { compiler = "clang" }
denominator = { compiler = "gcc" }
each = { operation = ["keygen", "encaps", "decaps"] }
check = "above"
threshold = 1.0
geomean = true
)",
                                  "gm.toml");
    std::vector<Row> rows;
    const double clang[] = {99, 110, 110};
    const char* ops[] = {"keygen", "encaps", "decaps"};
    for (int i = 0; i < 3; ++i) {
      rows.push_back(row("saber", ops[i], "toom4-k2", "avx2", "clang", "cached", clang[i]));
      rows.push_back(row("saber", ops[i], "toom4-k2", "avx2", "gcc", "cached", 100));
    }
    auto r = evaluate_claim(spec, rows);
    CHECK(r.verdict == Verdict::confirmed);
    CHECK(*r.comparisons[0].geomean == Approx(std::cbrt(0.99 * 1.1 * 1.1)));
    rows[2].median = 80;
    rows[4].median = 80;
    CHECK(evaluate_claim(spec, rows).verdict == Verdict::contradicted);
  }
  SECTION("several rows for one side: the median of their medians") {
    const auto spec = parse_claim(speed_spec, "speed.toml");
    auto rows = speed_rows(700);
    auto again = rows[1];  // a second cached row of portable gcc
    again.median = 900;
    rows.push_back(again);
    const auto r = evaluate_claim(spec, rows);
    CHECK(*r.comparisons[0].cells[0].numerator == Approx(800));
    CHECK(r.comparisons[0].cells[0].numerator_ids == "saber/toom4-k2/portable (2 rows)");
  }
}

TEST_CASE("claim verdict: the counted claim matches the module code's step counts", "[claims]") {
  // Independent of the implementation: the paper's formulas 2l^2 -> l^2+l and l^2 -> l.
  for (std::size_t l : {2u, 3u, 4u}) {
    INFO("rank " << l);
    CHECK(measure_step_counts("saber", "toom4-k2", l, "eager") == StepCounts{2 * l * l, l * l});
    CHECK(measure_step_counts("saber", "toom4-k2", l, "lazy") == StepCounts{2 * l * l, l});
    CHECK(measure_step_counts("saber", "toom4-k2", l, "cached") == StepCounts{l * l + l, l});
  }
  const auto spec = read_claim(PQMUL_SOURCE_DIR "/experiments/claims/tmto-evals.toml");
  const auto r = evaluate_claim(spec, {});
  CHECK(r.verdict == Verdict::confirmed);
  CHECK_FALSE(r.partial);
  CHECK(r.ours.find("l=3: 18->12 evaluations, 9->3 interpolations") != std::string::npos);

  auto wrong = spec;
  wrong.counts->expected[3]["cached"] = {18, 3};
  const auto w = evaluate_claim(wrong, {});
  CHECK(w.verdict == Verdict::contradicted);
  CHECK(mentions(w.details, "saber/toom4-k2 rank 3 cached: 12 transforms, 3 inverses (expected 18, 3)"));

  auto unknown = spec;
  unknown.counts->multipliers = {"no-such-multiplier"};
  const auto u = evaluate_claim(unknown, {});
  CHECK(u.verdict == Verdict::missing_rows);
  CHECK(mentions(u.missing, "counts saber/no-such-multiplier rank 2 eager"));
}

TEST_CASE("claims table: Markdown, LaTeX booktabs and JSON", "[claims]") {
  const auto spec = parse_claim(speed_spec, "speed.toml");
  std::vector<ClaimResult> results = {evaluate_claim(spec, speed_rows(700)), evaluate_claim(spec, {})};
  results[1].id = "speed_2";
  const auto md = claims_markdown(results, "Results r (1 rows).");
  CHECK(md.find("| id | claim | paper | ours | verdict | where |\n|---|---|---|---|---|---|\n") != std::string::npos);
  CHECK(md.find("| speed | c | 0.63-0.88 | MV: portable gcc 0.70, portable clang 0.70, avx2 gcc 0.70, avx2 clang 0.70 "
                "| confirmed | x86 |") != std::string::npos);
  CHECK(md.find("| missing rows | x86 |") != std::string::npos);
  CHECK(md.find("- missing: MV: portable gcc: numerator: no row with") != std::string::npos);

  const auto tex = claims_latex(results, "ctx");
  CHECK(tex.find("\\toprule\nClaim & Statement & Paper & Ours & Verdict \\\\\n\\midrule\n") != std::string::npos);
  CHECK(tex.find("speed\\_2 & c & 0.63-0.88") != std::string::npos);
  CHECK(tex.find("\\bottomrule\n\\end{tabular}\n") != std::string::npos);

  const auto json = claims_json(results, "ctx");
  CHECK(json.find("\"verdict\": \"confirmed\"") != std::string::npos);
  CHECK(json.find("\"verdict\": \"missing rows\"") != std::string::npos);

  const auto text = claims_text(results);
  CHECK(text.find("2 claims: 1 confirmed, 0 contradicted, 0 not measurable here, 1 with missing rows") !=
        std::string::npos);
}

TEST_CASE("claims table: LaTeX escapes specials and the claims' signs", "[claims]") {
  CHECK(latex_escape("50% & a_b #1 {x} ~^\\") ==
        "50\\% \\& a\\_b \\#1 \\{x\\} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}");
  CHECK(latex_escape("2l\u00b2 \u2192 0.63\u20130.88, 2.0\u00d7, \u224816 \u00b5s") ==
        "2l$^2$ $\\to$ 0.63--0.88, 2.0$\\times$, $\\approx$16 $\\mu$s");
  CHECK(latex_escape("< 1") == "$<$ 1");
}
