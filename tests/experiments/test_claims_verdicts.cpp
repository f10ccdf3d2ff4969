// Verdicts on synthetic rows: the same experiment confirmed / contradicted /
// inconclusive from intervals whose position is known by construction, an
// analogue's direction, a model's agreement (model rows never mixed with
// measured ones), missing rows named, and several rows on one side refused.
//
// How the intervals are known: a side's repetition medians take two values
// only, each with a probability (computed here from the binomial law) far
// above 2.5% of being a resample's median, so the 95% bootstrap interval of
// a ratio with a constant denominator is exactly [low, high] / denominator.
// Constant repetitions give a zero-width interval at the point.
#include <catch2/catch.hpp>
#include <cmath>

#include "claims_rows.hpp"

namespace pqmul_tests::experiments_test_claims_verdicts {

using namespace pqmul::experiments;
using namespace claims_test;

namespace {

// P(at least k of n draws hit a value of probability p).
double at_least(unsigned k, unsigned n, double p) {
  double sum = 0;
  for (unsigned i = k; i <= n; ++i) sum += std::tgamma(n + 1.0) / (std::tgamma(i + 1.0) * std::tgamma(n - i + 1.0)) *
                                           std::pow(p, i) * std::pow(1 - p, n - i);
  return sum;
}

// cached / eager over isa x compiler, accepted 0.63-0.88 (tolerance 0).
const std::string speed_spec = header("speed", "same") + R"(
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

// Every cached row gets `cached` as repetition medians, every eager row 11 x 1000.
std::vector<Row> speed_rows(const std::vector<double>& cached) {
  std::vector<Row> rows;
  for (const char* isa : {"portable", "avx2"})
    for (const char* cc : {"gcc", "clang"}) {
      rows.push_back(repeated(row("saber", "matrix-vector", "toom4-k2", isa, cc, "eager"), constant(1000)));
      rows.push_back(repeated(row("saber", "matrix-vector", "toom4-k2", isa, cc, "cached"), cached));
    }
  // Rows the claim does not select.
  rows.push_back(repeated(row("saber", "matrix-vector", "ntt", "portable", "gcc", "cached"), constant(1)));
  rows.push_back(repeated(row("saber", "keygen", "toom4-k2", "portable", "gcc", "cached"), constant(1)));
  return rows;
}

}  // namespace

TEST_CASE("claim verdict, same: the interval inside, outside or across the band", "[claims]") {
  const auto spec = parse_claim(speed_spec, "speed.toml");
  SECTION("inside: every resampled ratio lies in 0.69-0.71, within 0.63-0.88") {
    const auto r = evaluate_claim(spec, speed_rows(spread(690, 710)));
    CHECK(r.verdict == Verdict::confirmed);
    CHECK(r.comparability == Comparability::same);
    CHECK(r.direction == Direction::none);
    const auto& cell = r.comparisons.at(0).cells.at(0);
    CHECK(cell.label == "portable gcc");
    CHECK(*cell.ratio == Approx(0.7));
    REQUIRE(cell.interval);
    CHECK(cell.interval->low >= 0.69);
    CHECK(cell.interval->high <= 0.71);
    CHECK(cell.numerator_ids == "saber/toom4-k2/portable matrix-vector cached gcc vec");
    CHECK(cell.denominator_ids == "saber/toom4-k2/portable matrix-vector eager gcc vec");
    CHECK(r.rows.find("MV: portable gcc: saber/toom4-k2/portable matrix-vector cached gcc vec / "
                      "saber/toom4-k2/portable matrix-vector eager gcc vec") == 0);
  }
  SECTION("outside: every resampled ratio lies in 0.94-0.96") {
    CHECK(evaluate_claim(spec, speed_rows(spread(940, 960))).verdict == Verdict::contradicted);
    // Faster than the paper says is outside its figure too.
    CHECK(evaluate_claim(spec, speed_rows(spread(490, 510))).verdict == Verdict::contradicted);
  }
  SECTION("across the edge 0.88: resampled ratios 0.80 or 0.90") {
    // 5 of 11 repetitions at 800: the resampled median is 800 when at least 6 draws are.
    const double p_low = at_least(6, 11, 5.0 / 11), p_high = 1 - p_low;
    REQUIRE(p_low > 0.1);
    REQUIRE(p_high > 0.1);
    const auto r = evaluate_claim(spec, speed_rows(two_valued(800, 5, 900, 6)));
    CHECK(r.verdict == Verdict::inconclusive);
    const auto& cell = r.comparisons.at(0).cells.at(0);
    REQUIRE(cell.interval);
    CHECK(cell.interval->low == Approx(0.8));
    CHECK(cell.interval->high == Approx(0.9));
    CHECK(*cell.placement == Placement::across);
    CHECK(r.ours.find("portable gcc 0.90 [0.80, 0.90]") != std::string::npos);
  }
  SECTION("one cell wholly outside contradicts, whatever the others") {
    auto rows = speed_rows(spread(690, 710));
    rows[1].repetition_medians = constant(990);
    rows[1].median = 990;
    const auto r = evaluate_claim(spec, rows);
    CHECK(r.verdict == Verdict::contradicted);
    CHECK(*r.comparisons[0].cells[0].placement == Placement::outside);
    CHECK(*r.comparisons[0].cells[1].placement == Placement::inside);
  }
  SECTION("the tolerance widens the band") {
    std::string text = speed_spec + "tolerance = 0.1\n";
    const auto wide = parse_claim(text, "speed.toml");
    CHECK(evaluate_claim(wide, speed_rows(spread(940, 960))).verdict == Verdict::confirmed);  // 0.96 <= 0.968
    CHECK(evaluate_claim(wide, speed_rows(spread(980, 990))).verdict == Verdict::contradicted);
    CHECK(evaluate_claim(wide, speed_rows(spread(940, 960))).comparisons[0].accepted == "0.57-0.97");
  }
}

TEST_CASE("claim verdict, same: rows without repetition medians decide nothing", "[claims]") {
  const auto spec = parse_claim(speed_spec, "speed.toml");
  auto rows = speed_rows(constant(700));
  for (auto& r : rows) r.repetition_medians.clear();  // an old CSV: a median only
  const auto r = evaluate_claim(spec, rows);
  CHECK(r.verdict == Verdict::inconclusive);  // the point 0.70 lies inside, but without an interval
  CHECK(r.comparisons[0].without_interval);
  CHECK(*r.comparisons[0].cells[0].ratio == Approx(0.7));
  CHECK_FALSE(r.comparisons[0].cells[0].interval);
  CHECK(r.ours.find("portable gcc 0.70 (no interval)") != std::string::npos);
  CHECK(mentions(r.details, "no interval"));
}

TEST_CASE("claim verdict, analogue: not comparable, with the direction", "[claims]") {
  // The paper: AND-variant / NAND-variant 0.90-0.95 on another CPU, i.e. the AND variant faster.
  const auto spec = parse_claim(header("nand", "analogue") + R"(
[[comparison]]
common = { scheme = "tinyjambu-128", operation = "encrypt", isa = "portable" }
numerator = { multiplier = "memcpy-and-inverted-key" }
denominator = { multiplier = "memcpy-nand" }
each = { compiler = ["gcc", "clang"] }
check = "range"
min = 0.90
max = 0.95
)",
                                "nand.toml");
  const auto rows_with = [](const std::vector<double>& and_variant) {
    std::vector<Row> rows;
    for (const char* cc : {"gcc", "clang"}) {
      rows.push_back(repeated(row("tinyjambu-128", "encrypt", "memcpy-nand", "portable", cc, ""), constant(1000)));
      rows.push_back(repeated(row("tinyjambu-128", "encrypt", "memcpy-and-inverted-key", "portable", cc, ""),
                              and_variant));
    }
    return rows;
  };
  // Far outside the paper's band but the same way: a same-experiment verdict would say contradicted.
  const auto faster = evaluate_claim(spec, rows_with(spread(490, 510)));
  CHECK(faster.verdict == Verdict::not_comparable);
  CHECK(to_string(faster.verdict) == "not comparable");
  CHECK(faster.direction == Direction::agrees);
  CHECK(to_string(faster.direction) == "agrees");
  const auto slower = evaluate_claim(spec, rows_with(spread(1290, 1310)));
  CHECK(slower.verdict == Verdict::not_comparable);
  CHECK(slower.direction == Direction::disagrees);
  // Resampled ratios 0.95 or 1.05: the interval holds 1, the direction is not settled.
  const auto across = evaluate_claim(spec, rows_with(two_valued(950, 5, 1050, 6)));
  CHECK(across.direction == Direction::undecided);
  const auto md = claims_markdown({faster}, "");
  CHECK(md.find("| analogue | not comparable | agrees |") != std::string::npos);
}

TEST_CASE("claim verdict, model: model rows only, never mixed with measured ones", "[claims]") {
  const auto spec = parse_claim(header("neon", "model", "arm") + R"(
[[comparison]]
common = { scheme = "saber", operation = "matrix-vector", strategy = "cached", isa = "neon" }
numerator = { multiplier = "ntt" }
denominator = { multiplier = "toom4-k2" }
check = "range"
min = 0.50
max = 0.50
tolerance = 0.10
)",
                                "neon.toml");
  const auto modelled = [](double ntt) {
    auto num = row("saber", "matrix-vector", "ntt", "neon", "gcc", "cached");
    auto den = row("saber", "matrix-vector", "toom4-k2", "neon", "gcc", "cached");
    num.counter = den.counter = "model:cortex-a72";
    num.emulated = den.emulated = true;  // as pqmul model writes them: the probe ran under qemu
    num.median = ntt;
    den.median = 1000;
    return std::vector<Row>{num, den};
  };
  // Measured NEON rows (emulated, correctness only) and x86 rows: never a model figure.
  std::vector<Row> measured = {row("saber", "matrix-vector", "ntt", "neon", "gcc", "cached"),
                               row("saber", "matrix-vector", "toom4-k2", "neon", "gcc", "cached")};
  measured[0].counter = measured[1].counter = "cntvct";
  measured[0].median = 100;
  measured[1].median = 1000;

  const auto none = evaluate_claim(spec, measured);
  CHECK(none.verdict == Verdict::not_measurable);
  CHECK(to_string(none.verdict) == "not measurable here");
  CHECK(mentions(none.missing, "no model row with"));
  CHECK(mentions(none.details, "AArch64 hardware"));

  auto rows = modelled(520);
  rows.insert(rows.end(), measured.begin(), measured.end());
  const auto agrees = evaluate_claim(spec, rows);
  CHECK(agrees.verdict == Verdict::model_agrees);
  CHECK(*agrees.comparisons[0].cells[0].ratio == Approx(0.52));  // the model's, not the measured 0.10
  CHECK(to_string(agrees.verdict) == "model agrees");
  // And a model row never enters a measured comparison.
  auto speed = speed_rows(spread(690, 710));
  auto model_twin = speed[1];
  model_twin.counter = "model:cortex-a72";
  model_twin.repetition_medians = constant(100);
  speed.push_back(model_twin);
  const auto measured_only = evaluate_claim(parse_claim(speed_spec, "speed.toml"), speed);
  CHECK(*measured_only.comparisons[0].cells[0].ratio == Approx(0.7));
  const auto disagrees = evaluate_claim(spec, modelled(700));
  CHECK(disagrees.verdict == Verdict::model_disagrees);
  CHECK(to_string(disagrees.verdict) == "model disagrees");
}

TEST_CASE("claim verdict: a side matching several rows is an error naming them", "[claims]") {
  const auto spec = parse_claim(speed_spec, "speed.toml");
  auto rows = speed_rows(constant(700));
  auto variant = rows[1];  // the cached portable gcc row again, as an NTT variant would be
  variant.params = "layers=6";
  variant.id = "saber/toom4-k2-layers=6/portable";
  rows.push_back(variant);
  try {
    (void)evaluate_claim(spec, rows);
    FAIL("no error");
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    CHECK_THAT(what, Catch::Contains("claim speed: MV: portable gcc: numerator: 2 rows match"));
    CHECK_THAT(what, Catch::Contains("row 2 (saber/toom4-k2/portable matrix-vector cached gcc vec)"));
    CHECK_THAT(what, Catch::Contains("row 11 (saber/toom4-k2-layers=6/portable matrix-vector cached gcc vec)"));
  }
  // Naming the params picks one.
  std::string named = speed_spec;
  named.replace(named.find("multiplier = \"toom4-k2\""), 23, "multiplier = \"toom4-k2\", params = \"\"");
  CHECK(evaluate_claim(parse_claim(named, "speed.toml"), rows).verdict == Verdict::confirmed);
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
  }
  SECTION("the AVX2 rows missing: verdict on the rest, marked partial") {
    std::vector<Row> rows;
    for (const auto& r : speed_rows(spread(690, 710)))
      if (r.isa != "avx2") rows.push_back(r);
    const auto r = evaluate_claim(spec, rows);
    CHECK(r.verdict == Verdict::confirmed);
    CHECK(r.partial);
    CHECK(r.missing.size() == 4);
    CHECK_FALSE(mentions(r.missing, "portable"));
  }
  SECTION("emulated, unmeasured and failing rows do not count, and say why") {
    auto rows = speed_rows(spread(690, 710));
    for (auto& r : rows) {
      if (r.isa == "avx2" && r.compiler == "gcc") r.emulated = true;
      if (r.isa == "avx2" && r.compiler == "clang" && r.strategy == "cached") r.correct = "fail";
      if (r.isa == "portable" && r.compiler == "clang" && r.strategy == "eager") r.median.reset();
    }
    const auto r = evaluate_claim(spec, rows);
    CHECK(r.partial);
    CHECK(mentions(r.missing, "not usable (emulated)"));
    CHECK(mentions(r.missing, "not usable (failed its correctness check)"));
    CHECK(mentions(r.missing, "not usable (no median)"));
    CHECK(r.verdict == Verdict::confirmed);  // portable gcc, the only cell left
  }
}

TEST_CASE("claim verdict: counts and the best of a family, with intervals", "[claims]") {
  const auto spec = parse_claim(header("count", "same") + R"(
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
  const auto rings = [](const std::vector<std::vector<double>>& ntt, double toom3) {
    std::vector<Row> rows;
    const char* names[] = {"r1", "r2", "r3", "r4"};
    for (std::size_t i = 0; i < 4; ++i) {
      rows.push_back(repeated(row(names[i], "mul", "ntt", "avx2", "gcc", ""), ntt[i]));
      rows.push_back(repeated(row(names[i], "mul", "toom3", "avx2", "gcc", ""), constant(toom3)));
      rows.push_back(repeated(row(names[i], "mul", "toom4", "avx2", "gcc", ""), constant(200)));
    }
    return rows;
  };
  const auto fast = spread(89, 91), slow = spread(129, 131);
  auto r = evaluate_claim(spec, rings({fast, fast, fast, slow}, 100));
  CHECK(r.verdict == Verdict::confirmed);
  CHECK(r.comparisons[0].cells[0].denominator_ids ==
        "r1/toom3/avx2 mul gcc vec (fastest of the family; also r1/toom4/avx2 mul gcc vec)");
  CHECK(r.ours.rfind("3 of 4 below 1.00", 0) == 0);
  // toom3 slower: the best is toom4 at 200, and the NTT is faster on all four.
  CHECK(evaluate_claim(spec, rings({fast, fast, fast, slow}, 300)).verdict == Verdict::contradicted);
  // The fourth ring's ratio 0.95 or 1.05: 3 or 4 below 1, undecided.
  CHECK(evaluate_claim(spec, rings({fast, fast, fast, two_valued(95, 5, 105, 6)}, 100)).verdict ==
        Verdict::inconclusive);
  // A count over part of the rings decides nothing; a family member missing leaves its cell missing.
  auto rows = rings({fast, fast, fast, slow}, 100);
  rows.erase(rows.begin() + 2);  // r1's toom4
  r = evaluate_claim(spec, rows);
  CHECK(r.verdict == Verdict::missing_rows);
  CHECK(mentions(r.missing, "r1: denominator: 1 of the 2 rows of the family"));
}

TEST_CASE("claim verdict, analogue count: the count in or out of the paper's range is the direction", "[claims]") {
  const auto spec = parse_claim(header("count", "analogue") + R"(
[[comparison]]
common = { operation = "mul", isa = "avx2" }
numerator = { multiplier = "ntt" }
denominator = { multiplier = "toom4" }
each = { scheme = ["r1", "r2", "r3", "r4"] }
check = "count"
count_min = 3
count_max = 3
)",
                                "count.toml");
  const auto rings = [](const std::vector<std::vector<double>>& ntt) {
    std::vector<Row> rows;
    const char* names[] = {"r1", "r2", "r3", "r4"};
    for (std::size_t i = 0; i < 4; ++i) {
      rows.push_back(repeated(row(names[i], "mul", "ntt", "avx2", "gcc", ""), ntt[i]));
      rows.push_back(repeated(row(names[i], "mul", "toom4", "avx2", "gcc", ""), constant(100)));
    }
    return rows;
  };
  const auto fast = spread(89, 91), slow = spread(129, 131);
  const auto three = evaluate_claim(spec, rings({fast, fast, fast, slow}));
  CHECK(three.verdict == Verdict::not_comparable);
  CHECK(three.direction == Direction::agrees);
  // None below 1 (a slower NTT everywhere): the count is out of range.
  const auto none = evaluate_claim(spec, rings({slow, slow, slow, slow}));
  CHECK(none.verdict == Verdict::not_comparable);
  CHECK(none.direction == Direction::disagrees);
  // The fourth ring's interval holds 1: 3 or 4 below, not settled.
  CHECK(evaluate_claim(spec, rings({fast, fast, fast, two_valued(95, 5, 105, 6)})).direction == Direction::undecided);
  // A ring missing: no count, so no direction.
  auto rows = rings({fast, fast, fast, slow});
  rows.pop_back();
  CHECK(evaluate_claim(spec, rows).direction == Direction::none);
}

TEST_CASE("claim verdict: a geometric mean's interval resamples every row", "[claims]") {
  const auto spec = parse_claim(header("gm", "same") + R"(
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
  const auto rows_with = [](const std::vector<double>& keygen) {
    std::vector<Row> rows;
    for (const char* op : {"keygen", "encaps", "decaps"}) {
      rows.push_back(repeated(row("saber", op, "toom4-k2", "avx2", "clang", "cached"),
                              std::string(op) == "keygen" ? keygen : constant(110)));
      rows.push_back(repeated(row("saber", op, "toom4-k2", "avx2", "gcc", "cached"), constant(100)));
    }
    return rows;
  };
  // keygen 0.99 alone is below 1; the geometric mean cbrt(0.99 * 1.1 * 1.1) is above.
  const auto ok = evaluate_claim(spec, rows_with(constant(99)));
  CHECK(ok.verdict == Verdict::confirmed);
  CHECK(*ok.comparisons[0].geomean == Approx(std::cbrt(0.99 * 1.1 * 1.1)));
  // keygen resampled at 70 or 80: the geometric mean is cbrt(0.7 * 1.21) < 1 or cbrt(0.8 * 1.21) < 1.
  const auto low = evaluate_claim(spec, rows_with(two_valued(70, 5, 80, 6)));
  REQUIRE(low.comparisons[0].geomean_interval);
  CHECK(low.comparisons[0].geomean_interval->low == Approx(std::cbrt(0.7 * 1.21)));
  CHECK(low.comparisons[0].geomean_interval->high == Approx(std::cbrt(0.8 * 1.21)));
  CHECK(low.verdict == Verdict::contradicted);
  // keygen at 70 or 90: cbrt(0.7 * 1.21) < 1 < cbrt(0.9 * 1.21): across the threshold.
  CHECK(evaluate_claim(spec, rows_with(two_valued(70, 5, 90, 6))).verdict == Verdict::inconclusive);
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
  const auto r = evaluate_claim(spec, {});  // no rows at all: a count needs none
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

TEST_CASE("claim memory side: each strategy's time and memory beside the verdict, never deciding it", "[claims]") {
  const std::string memory = R"(
[memory]
paper = "2.6-5.7 KB less"
printed = "abstract"
note = "an analogue at most"
strategies = ["eager", "lazy", "cached"]
)";
  const auto spec = parse_claim(speed_spec + memory, "speed.toml");
  REQUIRE(spec.memory.has_value());
  auto rows = speed_rows(constant(700));
  for (auto& r : rows) {
    if (r.strategy == "eager") r.stack_bytes = 2584, r.heap_bytes = 168996, r.bytes_held = 8450;
    if (r.strategy == "cached") r.stack_bytes = 1832, r.heap_bytes = 99456, r.bytes_held = 11970;
  }
  rows.back().stack_bytes.reset();  // (a row the claim does not select)
  const auto with_memory = evaluate_claim(spec, rows);
  const auto without = evaluate_claim(parse_claim(speed_spec, "speed.toml"), rows);
  CHECK(with_memory.verdict == without.verdict);
  CHECK(with_memory.ours == without.ours);
  CHECK(without.memory.empty());
  INFO(claims_text({with_memory}));
  REQUIRE(with_memory.memory.size() == 2 + 4);  // paper, note, one line per cell
  CHECK(with_memory.memory[0] == "paper: 2.6-5.7 KB less (abstract)");
  CHECK(mentions(with_memory.memory,
                 "MV, portable gcc: eager time 1000 tsc, stack 2584 B, heap 168996 B, held 8450 B; lazy: no row; "
                 "cached time 700 tsc, stack 1832 B, heap 99456 B, held 11970 B"));
  CHECK_THAT(claims_text({with_memory}), Catch::Contains("  memory   MV, avx2 clang: eager"));
  CHECK_THAT(claims_markdown({with_memory}, ""), Catch::Contains("- memory (shown, not judged): paper:"));
  // Rows written before the memory columns: their figures are "not measured".
  for (auto& r : rows) r.stack_bytes.reset(), r.heap_bytes.reset();
  CHECK(mentions(evaluate_claim(spec, rows).memory, "stack not measured, heap not measured, held 8450 B"));
  // The spec names known strategies and a comparison to take the rows from.
  CHECK_THROWS_WITH(parse_claim(speed_spec + R"(
[memory]
paper = "p"
printed = "q"
strategies = ["greedy"]
)",
                                "bad.toml"),
                    Catch::Contains("unknown strategy 'greedy' in [memory]"));
  CHECK_THROWS_WITH(parse_claim(header("m", "same") + memory, "bad.toml"), Catch::Contains("a claim needs"));
}

}  // namespace pqmul_tests::experiments_test_claims_verdicts
