// Figure data and scripts on synthetic rows: grouped bars with p10-p90 error
// bars, scaling against the ring degree, the counter stamp, and the .dat /
// .gp files written beside the figure. (Drawing the image itself is checked
// end to end by the report script test, on the host.)
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "pqmul/experiments/plot.hpp"

using namespace pqmul::experiments;
namespace fs = std::filesystem;

namespace {

Row row(const std::string& scheme, const std::string& op, const std::string& multiplier, const std::string& isa,
        double median) {
  Row r;
  r.scheme = scheme;
  r.parameter_set = scheme;
  r.operation = op;
  r.multiplier = multiplier;
  r.isa = isa;
  r.compiler = "gcc";
  r.id = scheme + "/" + multiplier + "/" + isa;
  r.counter = "tsc";
  r.counter_overhead = 24;
  r.cpu = "Test CPU";
  r.date = "2024-05-01T10:00:00Z";
  r.median = median;
  r.p10 = median - 1;
  r.p90 = median + 2;
  r.samples = 10;
  r.correct = "pass";
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
  rows.push_back(row("ntru-hps2048677", "mul", "schoolbook", "portable", 40000));
  rows.push_back(row("kyber", "mul", "schoolbook", "portable", 5000));
  rows.push_back(row("saber", "mul", "toom4-k2", "portable", 2000));
  rows.push_back(row("saber", "keygen", "toom4-k2", "portable", 1e6));  // a KEM row: not on a ring axis
  return rows;
}

}  // namespace

TEST_CASE("plot: grouped bars cluster by what varies, one bar per series value", "[plot]") {
  PlotOptions o;
  o.series_by = "multiplier";
  const BarData d = bar_data(kem_rows(), o);
  CHECK(d.series == std::vector<std::string>{"toom4-k2", "ntt"});
  // isa and operation vary, so both name the clusters.
  CHECK(d.clusters == std::vector<std::string>{"portable keygen", "portable encaps", "portable decaps", "avx2 keygen"});
  REQUIRE(d.bars.size() == 4);
  CHECK(*d.bars[0][1].median == Approx(200));
  CHECK(*d.bars[0][1].p90 == Approx(202));
  CHECK(*d.bars[3][0].median == Approx(100));
  CHECK_FALSE(d.bars[3][1].median);  // no AVX2 NTT row

  o.series_by = "isa";
  o.operations = {"keygen"};
  o.filter = parse_selector({"multiplier=toom4-k2"});
  const BarData by_isa = bar_data(kem_rows(), o);
  CHECK(by_isa.series == std::vector<std::string>{"portable", "avx2"});
  CHECK(by_isa.clusters == std::vector<std::string>{"keygen"});

  o.filter = parse_selector({"scheme=none"});
  CHECK_THROWS_WITH(bar_data(kem_rows(), o), Catch::Contains("no timed rows"));
}

TEST_CASE("plot: scaling puts ring multiplications on the ring degree", "[plot]") {
  PlotOptions o;
  o.kind = "scaling";
  const auto series = scaling_data(ring_rows(), o);
  REQUIRE(series.size() == 2);
  CHECK(series[0].name == "schoolbook portable");
  REQUIRE(series[0].points.size() == 3);
  CHECK(series[0].points[0].first == 256);  // kyber and saber, both n = 256
  CHECK(series[0].points[1].first == 256);
  CHECK(series[0].points[2].first == 677);
  CHECK(series[0].rings == std::vector<std::string>{"kyber", "saber", "ntru-hps2048677"});
  CHECK(*series[0].points[2].second.median == Approx(40000));
  CHECK(series[1].name == "toom4-k2 portable");
  CHECK(series[1].points.size() == 1);
}

TEST_CASE("plot: every figure is stamped with its counter, overhead, CPU and date", "[plot]") {
  CHECK(figure_stamp(kem_rows()) == "counter tsc (overhead 24 ticks), Test CPU, 2024-05-01");
  CHECK(figure_stamp({}) == "counter: none recorded");
}

TEST_CASE("plot: the .dat and .gp files are written beside the figure", "[plot]") {
  const auto dir = fs::temp_directory_path() / "pqmul-plot-test";
  fs::remove_all(dir);
  PlotOptions o;
  o.output = (dir / "figs" / "bars.png").string();
  const PlotFiles f = write_plot_files(kem_rows(), o);
  CHECK(f.data == (dir / "figs" / "bars.dat").string());
  CHECK(f.script == (dir / "figs" / "bars.gp").string());
  const std::string dat = read_text(f.data), gp = read_text(f.script);
  CHECK(dat.find("\"portable keygen\" 300 299 302 200 199 202\n") != std::string::npos);
  CHECK(dat.find("\"avx2 keygen\" 100 99 102 ? ? ?\n") != std::string::npos);
  CHECK(gp.find("set terminal pngcairo") != std::string::npos);
  CHECK(gp.find("set output '" + f.image + "'") != std::string::npos);
  CHECK(gp.find("set style histogram errorbars") != std::string::npos);
  CHECK(gp.find("plot '" + f.data + "' using 2:3:4:xtic(1) title 'toom4-k2', \\\n     '' using 5:6:7 title 'ntt'") !=
        std::string::npos);
  CHECK(gp.find("counter tsc (overhead 24 ticks)") != std::string::npos);
  CHECK(gp.find("set logscale y") == std::string::npos);  // 100..300: linear

  o.kind = "scaling";
  o.output = (dir / "scaling.svg").string();
  const PlotFiles s = write_plot_files(ring_rows(), o);
  const std::string sdat = read_text(s.data), sgp = read_text(s.script);
  CHECK(sdat.find("# schoolbook portable: points\n# n median p10 p90 ring\n256 5000 4999 5002 kyber\n"
                  "256 6000 5999 6002 saber\n677 40000 39999 40002 ntru-hps2048677\n") != std::string::npos);
  // The line runs through the median at each n.
  CHECK(sdat.find("# schoolbook portable: median at each n\n256 5500\n677 40000\n") != std::string::npos);
  CHECK(sdat.find("\n\n\n# toom4-k2 portable: points\n# n median p10 p90 ring\n256 2000 1999 2002 saber\n") !=
        std::string::npos);
  CHECK(sgp.find("set terminal svg") != std::string::npos);
  CHECK(sgp.find("set logscale xy") != std::string::npos);
  CHECK(sgp.find("set xtics (256, 677)") != std::string::npos);
  CHECK(sgp.find("index 2 using 1:2:3:4 with yerrorbars pt 7 ps 0.9 lc 2 notitle") != std::string::npos);
  CHECK(sgp.find("'' index 3 using 1:2 with lines lw 2 lc 2 title 'toom4-k2 portable'") != std::string::npos);

  o.output = (dir / "figure.jpg").string();
  CHECK_THROWS_WITH(write_plot_files(ring_rows(), o), Catch::Contains(".svg, .pdf or .png"));
  o.kind = "pie";
  o.output = (dir / "figure.pdf").string();
  CHECK_THROWS_WITH(write_plot_files(ring_rows(), o), Catch::Contains("unknown plot kind"));
  fs::remove_all(dir);
}
