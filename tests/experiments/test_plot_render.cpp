// Figures drawn by gnuplot and read back pixel by pixel: with long labels of
// every kind, nothing may touch the image's border (a clipped label leaves
// ink in the outermost columns or rows). Also: quotes and backquotes in
// labels are drawn as text, never run. Needs gnuplot on PATH and libpng.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "pqmul/experiments/plot.hpp"
#include "report_rows.hpp"

#if defined(PQMUL_HAVE_LIBPNG)
#include <png.h>
#endif

namespace pqmul_tests::experiments_test_plot_render {

using namespace pqmul::experiments;
namespace fs = std::filesystem;

namespace {

bool have_gnuplot() { return std::system("gnuplot --version >/dev/null 2>&1") == 0; }

void draw(const PlotFiles& files) {
  fs::remove(files.image);
  REQUIRE(std::system(("gnuplot '" + files.script + "' 2>/dev/null").c_str()) == 0);
  REQUIRE(fs::exists(files.image));
}

Row row(const std::string& scheme, const std::string& op, const std::string& multiplier, const std::string& isa,
        double median) {
  Row r = testing::timed_row(scheme, op, multiplier, isa, median);
  r.cpu = "AMD EPYC 9R14 96-Core Processor with a long model name for the stamp";
  r.date = "2026-12-01T10:00:00Z";
  r.ci_low = median * 0.97;
  r.ci_high = median * 1.04;
  return r;
}

// Long display names for every value the figures show.
[[maybe_unused]] LabelNames long_names() {
  return with_label_terms({}, {"saber=Saber with a deliberately long parameter-set name",
                               "ml-kem-768=ML-KEM-768 (FIPS 203) with another very long name",
                               "toom4-k2=Toom-4 with two Karatsuba levels and schoolbook leaves",
                               "ntt=Number-theoretic transform, incomplete, five layers",
                               "avx2=AVX2 (256-bit vectors, hand-written kernels)",
                               "portable=Portable C++ reference, auto-vectorised by the compiler"});
}

std::vector<Row> kem_rows() {
  std::vector<Row> rows;
  double m = 1000;
  for (const char* scheme : {"saber", "ml-kem-768"})
    for (const char* op : {"keygen", "encaps", "decaps"})
      for (const char* isa : {"portable", "avx2"}) {
        rows.push_back(row(scheme, op, "toom4-k2", isa, m));
        rows.push_back(row(scheme, op, "ntt", isa, m * 3));
        m *= 1.9;  // spans well past 20x: a logarithmic axis
      }
  return rows;
}

[[maybe_unused]] std::vector<Row> ring_rows() {
  std::vector<Row> rows;
  double m = 4000;
  for (const char* ring : {"kyber", "saber", "saber-p", "ntru-hps2048509", "ntru-hps2048677", "ntru-hrss701"})
    for (const char* multiplier : {"schoolbook", "toom4-k2"}) rows.push_back(row(ring, "mul", multiplier, "portable", m *= 1.3));
  return rows;
}

#if defined(PQMUL_HAVE_LIBPNG)
struct Pixels {
  unsigned width = 0, height = 0;
  std::vector<png_byte> rgb;
  bool ink(unsigned x, unsigned y) const {
    const png_byte* p = &rgb[3 * (static_cast<std::size_t>(y) * width + x)];
    return p[0] < 200 || p[1] < 200 || p[2] < 200;  // anything but the white background
  }
};

Pixels read_png(const std::string& path) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  REQUIRE(png_image_begin_read_from_file(&image, path.c_str()) != 0);
  image.format = PNG_FORMAT_RGB;
  Pixels p{image.width, image.height, std::vector<png_byte>(PNG_IMAGE_SIZE(image))};
  REQUIRE(png_image_finish_read(&image, nullptr, p.rgb.data(), 0, nullptr) != 0);
  return p;
}

// Ink within `band` pixels of an edge: "left", "right", "top", "bottom" or "".
std::string touched_edge(const Pixels& p, unsigned band = 2) {
  for (unsigned y = 0; y < p.height; ++y)
    for (unsigned x = 0; x < band; ++x) {
      if (p.ink(x, y)) return "left";
      if (p.ink(p.width - 1 - x, y)) return "right";
    }
  for (unsigned x = 0; x < p.width; ++x)
    for (unsigned y = 0; y < band; ++y) {
      if (p.ink(x, y)) return "top";
      if (p.ink(x, p.height - 1 - y)) return "bottom";
    }
  return "";
}

std::size_t ink_count(const Pixels& p) {
  std::size_t n = 0;
  for (unsigned y = 0; y < p.height; ++y)
    for (unsigned x = 0; x < p.width; ++x) n += p.ink(x, y);
  return n;
}
#endif

}  // namespace

TEST_CASE("plot render: long labels are never cut at the image's edges", "[plot][render]") {
#if !defined(PQMUL_HAVE_LIBPNG)
  WARN("libpng not found at configure time: figures not checked for clipping");
#else
  if (!have_gnuplot()) {
    WARN("gnuplot not on PATH: figures not drawn");
    return;
  }
  const auto dir = fs::temp_directory_path() / "pqmul-plot-render-test";
  fs::remove_all(dir);
  const std::string claims = R"({"claims": [
    {"id": "toom-vs-ntt-saber-avx2-with-a-long-identifier", "comparisons": [{"label": "Saber, all three operations",
     "accepted": "0.60-0.92", "cells": [{"label": "gcc keygen on the AVX2 tree", "ratio": 0.7, "ci_low": 0.68,
     "ci_high": 0.73}, {"label": "clang decaps", "ratio": 1.4}]}]},
    {"id": "tmto", "comparisons": [{"label": "", "paper_min": 30, "paper_max": 40, "cells": [{"label": "", "value": 36}]}]}]})";
  struct Case {
    std::string name, kind, series_by;
    std::vector<Row> rows;
  };
  const std::vector<Case> cases = {{"bars-by-multiplier", "bars", "multiplier", kem_rows()},
                                   {"bars-by-isa", "bars", "isa", kem_rows()},
                                   {"scaling", "scaling", "multiplier", ring_rows()},
                                   {"claims", "claim", "multiplier", {}}};
  for (const auto& c : cases) {
    for (bool long_labels : {false, true}) {
      PlotOptions o;
      o.kind = c.kind;
      o.series_by = c.series_by;
      if (long_labels) o.names = long_names();
      o.output = (dir / (c.name + (long_labels ? "-long" : "") + ".png")).string();
      INFO(o.output);
      const PlotFiles files = write_plot_files(c.rows, o, claims);
      draw(files);
      const Pixels p = read_png(files.image);
      CHECK(touched_edge(p).empty());
      CHECK(ink_count(p) > p.width * p.height / 200);  // something was drawn
    }
  }
  fs::remove_all(dir);
#endif
}

TEST_CASE("plot render: quotes and backquotes in labels are drawn, never run", "[plot][render]") {
  if (!have_gnuplot()) {
    WARN("gnuplot not on PATH: figures not drawn");
    return;
  }
  const auto dir = fs::temp_directory_path() / "pqmul-plot-render-quotes";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto marker = dir / "PWNED";
  PlotOptions o;
  o.output = (dir / "bars.png").string();
  o.title = "title `touch " + marker.string() + "`";
  o.names = with_label_terms({}, {"ntt=NTT'; system 'touch " + marker.string() + "'; '",
                                  "toom4-k2=T4 \" . system(\"touch " + marker.string() + "\") . \"",
                                  "saber=Saber @x $0 \\"});
  draw(write_plot_files(kem_rows(), o));
  CHECK_FALSE(fs::exists(marker));
  fs::remove_all(dir);
}

TEST_CASE("plot render: PDF figures embed their fonts", "[plot][render]") {
  if (!have_gnuplot()) {
    WARN("gnuplot not on PATH: figures not drawn");
    return;
  }
  const auto dir = fs::temp_directory_path() / "pqmul-plot-render-pdf";
  fs::remove_all(dir);
  PlotOptions o;
  o.output = (dir / "bars.pdf").string();
  const PlotFiles files = write_plot_files(kem_rows(), o);
  draw(files);
  std::ifstream in(files.image, std::ios::binary);
  const std::string pdf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(pdf.rfind("%PDF", 0) == 0);
  // A font program in the file (cairo embeds subsets as FontFile2 / FontFile3 streams).
  CHECK(pdf.find("/FontFile") != std::string::npos);
  fs::remove_all(dir);
}

}  // namespace pqmul_tests::experiments_test_plot_render
