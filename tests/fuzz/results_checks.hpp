#pragma once
// What pqmul does with the rows of a results file once they are read, for the
// results targets (CSV and JSON): write them back in both formats and read
// them again unchanged, tabulate them (`pqmul table`), and judge one of the
// shipped claims with them (`pqmul reproduce`).
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "pqmul/experiments/claims.hpp"
#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/table.hpp"

namespace pqmul::fuzz {

inline const std::vector<experiments::ClaimSpec>& shipped_claims() {
  static const std::vector<experiments::ClaimSpec> claims =
      experiments::read_claims(std::string(PQMUL_SOURCE_DIR) + "/experiments/claims");
  return claims;
}

// Rows the writers wrote must read back as the same rows: compared by their
// text, which holds every field (a reader refusing a writer's text is a finding too).
inline void require_round_trips(const std::vector<experiments::Row>& rows) {
  using namespace experiments;
  std::string csv, json;
  require(completes<>([&] { csv = to_csv(rows); }), "rows read cannot be written as CSV");
  std::vector<Row> again;
  require(completes<>([&] { again = read_csv_text(csv, "written CSV"); }), "the CSV writer's text is refused");
  require(to_csv(again) == csv, "rows read back from CSV differ from the rows written");

  require(completes<>([&] { json = to_json(rows); }), "rows read cannot be written as JSON");
  require(completes<>([&] { again = from_json(json); }), "the JSON writer's text is refused");
  require(to_json(again) == json, "rows read back from JSON differ from the rows written");
}

// `pick` chooses the claim, so the corpus reaches each of them.
inline void check_rows(const std::vector<experiments::Row>& rows, std::size_t pick) {
  using namespace experiments;
  require_round_trips(rows);

  Table table;
  if (completes<std::invalid_argument>([&] { table = build_table(rows, TableOptions{}); })) {
    require(completes<>([&] {
              (void)render_markdown(table);
              (void)render_latex(table);
              (void)render_csv(table);
            }),
            "a table built from the rows cannot be rendered");
  }

  const auto& claims = shipped_claims();
  ClaimResult result;
  if (completes<std::invalid_argument>([&] { result = evaluate_claim(claims[pick % claims.size()], rows); })) {
    require(completes<>([&] {
              (void)claims_text({result});
              (void)claims_markdown({result}, "fuzz");
              (void)claims_latex({result}, "fuzz");
              (void)claims_json({result}, "fuzz");
            }),
            "a claim judged on the rows cannot be rendered");
  }
}

}  // namespace pqmul::fuzz
