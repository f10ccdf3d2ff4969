// Inputs the fuzz targets found (tests/fuzz/regressions/<target>/, which the
// fuzzers also replay), each refused through the same entry point with the
// error it documents.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/sweep_spec.hpp"

namespace pqmul_tests::experiments_test_fuzz_regressions {

using namespace pqmul::experiments;

namespace {

std::string regression(const std::string& target, const std::string& name) {
  const auto path = std::filesystem::path(PQMUL_SOURCE_DIR) / "tests/fuzz/regressions" / target / name;
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

// toml11 3.7 read past its buffer reporting a 'literal string' that is not
// UTF-8 (AddressSanitizer: heap-buffer-overflow in location::reset).
TEST_CASE("TOML that is not UTF-8 is refused before toml11 parses it", "[fuzz-regression]") {
  const std::string text = regression("claim_spec", "toml-literal-string-not-utf8");
  CHECK_THROWS_AS(parse_claim(text, "claim.toml"), std::invalid_argument);
  CHECK_THROWS_WITH(parse_claim(text, "claim.toml"), "claim.toml: not UTF-8 text (byte 2 of the file)");
  CHECK_THROWS_AS(parse_sweep_spec(regression("sweep_spec", "toml-literal-string-not-utf8"), "sweep.toml"), SpecError);
}

// A counted claim ran a rank x rank matrix-vector product for every rank it
// named: rank 400 took seconds, rank 2000 gigabytes.
TEST_CASE("counted claims name ranks up to 16", "[fuzz-regression]") {
  CHECK_THROWS_WITH(parse_claim(regression("claim_spec", "counts-rank-400.toml"), "claim.toml"),
                    Catch::Contains("[counts] ranks must lie in 1..16, not 400"));
}

// Text that is not UTF-8 read from a CSV file made the JSON writer (results.json,
// claims.json) throw nlohmann's type_error; "nan" and "inf" became JSON nulls
// that the JSON reader refuses or reads as missing.
TEST_CASE("results CSV: text that is not UTF-8 and numbers that are not finite are refused", "[fuzz-regression]") {
  CHECK_THROWS_WITH(read_csv_text(regression("results_csv", "text-not-utf8.csv"), "r.csv"),
                    "r.csv:2: column cpu: the text is not UTF-8");
  CHECK_THROWS_WITH(read_csv_text(regression("results_csv", "median-nan.csv"), "r.csv"),
                    "r.csv:2: column median: 'nan' is not a finite number");
  CHECK_THROWS_WITH(read_csv_text(regression("results_csv", "repetition-median-inf.csv"), "r.csv"),
                    "r.csv:2: column repetition_medians: 'inf' is not a finite number");
  CHECK_THROWS_AS(read_csv_text(regression("results_csv", "median-nan.csv"), "r.csv"), std::runtime_error);
}

}  // namespace pqmul_tests::experiments_test_fuzz_regressions
