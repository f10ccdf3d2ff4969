// Specs and results nested or sized past input_limits.hpp are refused with a
// message before the parsers recurse; rows written before the variable_time
// column existed still read.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <string>

#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/sweep_spec.hpp"

namespace pqmul_tests::experiments_test_input_limits {

using namespace pqmul::experiments;

namespace {

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

}  // namespace

TEST_CASE("sweep specs: arrays nested past the limit refused, brackets in strings and comments not counted",
          "[limits]") {
  CHECK_THROWS_WITH(parse_sweep_spec("name = " + nested(20000) + "\n", "deep.toml"),
                    Catch::Contains("deep.toml: arrays and tables nest 20000 deep"));
  CHECK_THROWS_WITH(parse_sweep_spec("x = " + nested(max_nesting_depth + 1) + "\n", "s.toml"),
                    Catch::Contains("more than the 32 allowed"));
  const std::string brackets(1000, '[');
  const std::string spec = "name = \"" + brackets + "\"\ndescription = '''" + brackets + "'''\n# " + brackets +
                           "\n[kem]\nschemes = [\"saber\"]\n";
  // Refused for what it measures, if at all, not for its nesting.
  try {
    (void)parse_sweep_spec(spec, "ok.toml");
  } catch (const std::exception& e) {
    CHECK_THAT(e.what(), !Catch::Contains("nest"));
  }
}

TEST_CASE("result JSON nested past the limit refused", "[limits]") {
  CHECK_THROWS_WITH(from_json(nested(20000)), Catch::Contains("nest more than the 32 levels"));
  CHECK_THROWS_WITH(from_json("{\"rows\": " + nested(40) + "}"), Catch::Contains("nest more than"));
}

TEST_CASE("rows written before the variable_time column still read, as false", "[limits][rows]") {
  Row r;
  r.id = "kyber/kronecker/portable";
  r.multiplier = "kronecker";
  r.variable_time = true;
  const std::string csv = to_csv({r});
  const auto header_end = csv.find('\n');
  const auto cut = csv.find(",variable_time,");
  REQUIRE(cut < header_end);
  const auto back = read_csv_text(csv, "new.csv");
  REQUIRE(back.size() == 1);
  CHECK(back[0].variable_time);
  // The same row as an older file: variable_time and the later columns cut
  // from the header and the line (this row's cells hold no comma).
  const auto dropped = std::count(csv.begin() + static_cast<std::ptrdiff_t>(cut),
                                  csv.begin() + static_cast<std::ptrdiff_t>(header_end), ',');
  std::string old = csv.substr(0, cut) + "\n";
  std::string line = csv.substr(header_end + 1);
  for (std::ptrdiff_t k = 0; k < dropped; ++k) line = line.substr(0, line.rfind(','));
  old += line + "\n";
  const auto older = read_csv_text(old, "old.csv");
  REQUIRE(older.size() == 1);
  CHECK_FALSE(older[0].variable_time);
  CHECK(older[0].id == r.id);
  std::string json = to_json({r});
  const auto at = json.find(",\n    \"variable_time\"");
  REQUIRE(at != std::string::npos);
  json.erase(at, json.find("\n  }", at) - at);  // variable_time and the columns after it
  CHECK_FALSE(from_json(json).at(0).variable_time);
}

}  // namespace pqmul_tests::experiments_test_input_limits
