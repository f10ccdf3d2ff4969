// Figure data and scripts on synthetic rows: grouped bars with interval error
// bars, scaling lines per ring family, claims, the counter stamp, the axis
// choice, the .dat / .gp files named per figure, and gnuplot text quoting.
// (Drawing the images and checking them for clipping: test_plot_render.cpp.)
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "pqmul/experiments/plot.hpp"
#include "report_rows.hpp"

namespace pqmul_tests::experiments_test_plot {

using namespace pqmul::experiments;
namespace fs = std::filesystem;

namespace {

Row row(const std::string& scheme, const std::string& op, const std::string& multiplier, const std::string& isa,
        double median) {
  Row r = testing::timed_row(scheme, op, multiplier, isa, median);
  r.counter_overhead = 24;
  r.cpu = "Test CPU";
  r.date = "2024-05-01T10:00:00Z";
  r.ci_low = median - 1;
  r.ci_high = median + 2;
  return r;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<Row> kem_rows() {
  std::vector<Row> rows;
  for (const char* op : {"keygen", "encaps", "decaps"}) {
    rows.push_back(row("saber", op, "toom4-k2", "portable", 300));
    rows.push_back(row("saber", op, "ntt", "portable", 200));
  }
  rows.push_back(row("saber", "keygen", "toom4-k2", "avx2", 100));
  return rows;
}

std::vector<Row> ring_rows() {
  std::vector<Row> rows;
  rows.push_back(row("saber", "mul", "schoolbook", "portable", 6000));
  rows.push_back(row("kyber", "mul", "schoolbook", "portable", 5000));
  rows.push_back(row("ntru-hps2048677", "mul", "schoolbook", "portable", 40000));
  rows.push_back(row("ntru-hps2048509", "mul", "schoolbook", "portable", 25000));
  rows.push_back(row("saber", "mul", "toom4-k2", "portable", 2000));
  rows.push_back(row("saber", "keygen", "toom4-k2", "portable", 1e6));  // a KEM row: not on a ring axis
  return rows;
}

}  // namespace

TEST_CASE("plot: grouped bars cluster by what varies, one bar per series value", "[plot]") {
  PlotOptions o;
  o.series_by = "multiplier";
  const BarData d = bar_data(kem_rows(), o);
  CHECK(d.series == std::vector<std::string>{"Toom-4+K2", "NTT"});
  // The ISA varies, so it names the clusters with the operation.
  CHECK(d.clusters == std::vector<std::string>{"Portable, KeyGen", "Portable, Encaps", "Portable, Decaps", "AVX2, KeyGen"});
  CHECK(d.unit == "ticks");
  REQUIRE(d.bars.size() == 4);
  CHECK(*d.bars[0][1].median == Approx(200));
  CHECK(*d.bars[0][1].low == Approx(199));
  CHECK(*d.bars[0][1].high == Approx(202));
  CHECK(*d.bars[3][0].median == Approx(100));
  CHECK_FALSE(d.bars[3][1].median);  // no AVX2 NTT row

  o.series_by = "isa";
  o.operations = {"keygen"};
  o.filter = parse_selector({"multiplier=toom4-k2"});
  const BarData by_isa = bar_data(kem_rows(), o);
  CHECK(by_isa.series == std::vector<std::string>{"Portable", "AVX2"});
  CHECK(by_isa.clusters == std::vector<std::string>{"KeyGen"});

  o.filter = parse_selector({"scheme=none"});
  CHECK_THROWS_WITH(bar_data(kem_rows(), o), Catch::Contains("no timed rows"));
}

TEST_CASE("plot: a bar is one row, never a median of rows", "[plot]") {
  auto rows = kem_rows();
  rows.push_back(rows[0]);
  rows.back().date = "2024-06-01T00:00:00Z";
  rows.back().median = 900;
  CHECK_THROWS_WITH(bar_data(rows, PlotOptions{}), Catch::Contains("would pool 2 rows") && Catch::Contains("date"));
  rows.back().compiler = "clang";  // now the compiler tells the bars apart
  const BarData d = bar_data(rows, PlotOptions{});
  CHECK(d.clusters.front() == "Portable, GCC, KeyGen");
  CHECK(std::find(d.clusters.begin(), d.clusters.end(), "Portable, Clang, KeyGen") != d.clusters.end());
}

TEST_CASE("plot: bars by vectorisation pair the builds, whose flags differ with it", "[plot]") {
  std::vector<Row> rows;
  for (bool vectorize : {true, false})
    for (const char* op : {"keygen", "encaps"}) {
      Row r = row("saber", op, "toom4-k2", "portable", vectorize ? 100 : 180);
      r.vectorize = vectorize;
      r.flags = vectorize ? "-O3" : "-O3 -fno-tree-vectorize";
      rows.push_back(r);
    }
  PlotOptions o;
  o.series_by = "vectorize";
  const BarData d = bar_data(rows, o);
  CHECK(d.series.size() == 2);
  CHECK(d.clusters == std::vector<std::string>{"KeyGen", "Encaps"});  // the flags follow the series: not a label
  REQUIRE(d.bars.size() == 2);
  CHECK(*d.bars[0][0].median == Approx(100));
  CHECK(*d.bars[0][1].median == Approx(180));
  // Flags that differ within one build setting are part of the identity again.
  rows[0].flags = "-O2";
  CHECK(bar_data(rows, o).clusters.size() > 2);
}

TEST_CASE("plot: scaling draws one line per implementation and ring family", "[plot]") {
  PlotOptions o;
  o.kind = "scaling";
  const auto series = scaling_data(ring_rows(), o);
  std::vector<std::string> names;
  for (const auto& s : series) names.push_back(s.name);
  // Kyber and Saber share n = 256 but are different rings: separate lines, never joined.
  CHECK(names == std::vector<std::string>{"Schoolbook, Saber", "Schoolbook, Kyber", "Schoolbook, NTRU", "Toom-4+K2, Saber"});
  for (const auto& s : series) {
    std::set<double> ns;
    for (const auto& p : s.points) ns.insert(p.first);
    CHECK(ns.size() == s.points.size());  // one point per n: nothing pooled
  }
  const auto& ntru = series[2];
  REQUIRE(ntru.points.size() == 2);
  CHECK(ntru.points[0].first == 509);
  CHECK(ntru.points[1].first == 677);
  CHECK(ntru.rings == std::vector<std::string>{"ntru-hps2048509", "ntru-hps2048677"});
  CHECK(*ntru.points[1].second.median == Approx(40000));
}

TEST_CASE("plot: claims show the paper's band and our ratio", "[plot]") {
  const std::string json = R"({"context": "", "claims": [
    {"id": "a", "comparisons": [{"label": "Saber", "accepted": "0.60-0.92", "cells": [
       {"label": "gcc keygen", "ratio": 0.7}, {"label": "clang keygen", "ratio": null}]}]},
    {"id": "b", "comparisons": [{"label": "", "paper_min": 2, "paper_max": 3, "cells": [
       {"label": "", "value": 2.5, "ci_low": 2.4, "ci_high": 2.7}]}]}]})";
  const auto points = claim_points(json, {});
  REQUIRE(points.size() == 3);
  CHECK(points[0].label == "a Saber: gcc keygen");
  CHECK(*points[0].paper_min == Approx(0.60));
  CHECK(*points[0].paper_max == Approx(0.92));
  CHECK(*points[0].value == Approx(0.7));
  CHECK_FALSE(points[1].value);  // not measured: the band alone
  CHECK(points[2].label == "b");
  CHECK(*points[2].ci_high == Approx(2.7));
  CHECK(claim_points(json, parse_selector({"id=b"})).size() == 1);
  CHECK_THROWS_WITH(claim_points("[]", {}), Catch::Contains("'claims' array"));
}

TEST_CASE("plot: every figure is stamped with its counter, overhead, CPU and date", "[plot]") {
  CHECK(figure_stamp(kem_rows()) == "counter tsc (overhead 24 ticks), Test CPU, 2024-05-01");
  CHECK(figure_stamp({}) == "counter: none recorded");
}

TEST_CASE("plot: a logarithmic axis past 20x, with 1-2-5 labels", "[plot]") {
  CHECK_FALSE(wants_log_axis(1000, 20000));
  CHECK(wants_log_axis(1000, 20001));
  CHECK_FALSE(wants_log_axis(0, 1000));
  const auto ticks = log_ticks(1000, 720000);
  CHECK(ticks.size() >= 8);
  CHECK(ticks.front() <= 1000);
  CHECK(ticks.back() >= 720000 / 1.4);
  for (double t : ticks) {
    const double mantissa = t / std::pow(10, std::floor(std::log10(t) + 1e-9));
    CHECK((std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 5) < 1e-9));
  }
  // In a script: 100 against 720,000 turns logarithmic, 100..300 stays linear.
  const auto dir = fs::temp_directory_path() / "pqmul-plot-test-axis";
  PlotOptions o;
  o.output = (dir / "linear.png").string();
  CHECK(read_text(write_plot_files(kem_rows(), o).script).find("set logscale y") == std::string::npos);
  auto rows = kem_rows();
  rows[0].median = 720000;
  o.output = (dir / "log.png").string();
  const auto gp = read_text(write_plot_files(rows, o).script);
  CHECK(gp.find("set logscale y") != std::string::npos);
  CHECK(gp.find("'200' 200, '500' 500, '1k' 1000, '2k' 2000") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("plot: the .dat and .gp files are named after the figure, so formats coexist", "[plot]") {
  const auto dir = fs::temp_directory_path() / "pqmul-plot-test";
  fs::remove_all(dir);
  PlotOptions o;
  o.output = (dir / "figs" / "bars.png").string();
  const PlotFiles png = write_plot_files(kem_rows(), o);
  o.output = (dir / "figs" / "bars.svg").string();
  const PlotFiles svg = write_plot_files(kem_rows(), o);
  CHECK(png.data == (dir / "figs" / "bars.png.dat").string());
  CHECK(png.script == (dir / "figs" / "bars.png.gp").string());
  CHECK(svg.script == (dir / "figs" / "bars.svg.gp").string());
  const std::string gp = read_text(png.script), sgp = read_text(svg.script), dat = read_text(png.data);
  CHECK(gp.find("set terminal pngcairo") != std::string::npos);
  CHECK(sgp.find("set terminal svg") != std::string::npos);
  CHECK(gp.find("output_file = '" + png.image + "'\nset output output_file\n") != std::string::npos);
  CHECK(sgp.find("output_file = '" + svg.image + "'\nset output output_file\n") != std::string::npos);
  CHECK(gp.find("data_file = '" + png.data + "'\n") != std::string::npos);
  CHECK(gp.find("plot data_file using 2:3:4 lc rgb '#0072B2' title 'Toom-4+K2'") != std::string::npos);
  CHECK(dat.find("0 300 299 302 200 199 202  # Portable, KeyGen\n") != std::string::npos);
  CHECK(dat.find("3 100 99 102 ? ? ?  # AVX2, KeyGen\n") != std::string::npos);
  CHECK(gp.find("counter tsc (overhead 24 ticks)") != std::string::npos);

  o.kind = "scaling";
  o.output = (dir / "scaling.pdf").string();
  const std::string pdf = read_text(write_plot_files(ring_rows(), o).script);
  CHECK(pdf.find("set terminal pdfcairo") != std::string::npos);
  CHECK(pdf.find("set logscale x") != std::string::npos);
  CHECK(pdf.find("set xtics (256, 509, 677)") != std::string::npos);

  o.output = (dir / "figure.jpg").string();
  CHECK_THROWS_WITH(write_plot_files(ring_rows(), o), Catch::Contains(".svg, .pdf or .png"));
  o.kind = "pie";
  o.output = (dir / "figure.pdf").string();
  CHECK_THROWS_WITH(write_plot_files(ring_rows(), o), Catch::Contains("unknown plot kind"));
  fs::remove_all(dir);
}

TEST_CASE("plot: text with control characters never reaches gnuplot", "[plot]") {
  CHECK(gnuplot_quote("it's") == "'it''s'");
  CHECK(gnuplot_quote("`touch x` \\ \"y\"") == "'`touch x` \\ \"y\"'");
  CHECK_THROWS_WITH(gnuplot_quote("a\nb"), Catch::Contains("control character (0x0a)"));
  const auto dir = fs::temp_directory_path() / "pqmul-plot-test-injection";
  fs::remove_all(dir);
  const auto marker = dir / "PWNED";
  for (const auto& attack : {"\n! touch " + marker.string(), "\nsystem \"touch " + marker.string() + "\""}) {
    PlotOptions o;
    o.output = (dir / "bars.png").string();
    auto rows = kem_rows();
    rows[0].multiplier = "toom4-k2" + attack;  // a label from a results file
    CHECK_THROWS_WITH(write_plot_files(rows, o), Catch::Contains("control character"));
    o.title = "title" + attack;
    CHECK_THROWS_WITH(write_plot_files(kem_rows(), o), Catch::Contains("control character"));
    o.title.clear();
    o.names = with_label_terms({}, {"ntt=NTT" + attack});
    CHECK_THROWS_WITH(write_plot_files(kem_rows(), o), Catch::Contains("control character"));
    o.names = {};
    o.output = (dir / ("bars" + attack + ".png")).string();
    CHECK_THROWS(write_plot_files(kem_rows(), o));
  }
  CHECK_FALSE(fs::exists(dir / "bars.png.gp"));  // refused before anything is written
  CHECK_FALSE(fs::exists(marker));
  fs::remove_all(dir);
}

}  // namespace pqmul_tests::experiments_test_plot
