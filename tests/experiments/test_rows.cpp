// Result rows: CSV and JSON round trips, and malformed input refused with a
// message naming the place.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "pqmul/experiments/row.hpp"

namespace pqmul_tests::experiments_test_rows {

using namespace pqmul::experiments;

namespace {

Row full_row() {
  Row r;
  r.id = "saber/toom-k-points=0,1,-1,-2,inf/portable";  // commas force quoting
  r.scheme = "saber";
  r.parameter_set = "saber";
  r.operation = "matrix-vector";
  r.multiplier = "toom-k";
  r.params = "points=0,1,-1,-2,inf";
  r.strategy = "cached";
  r.rank = 3;
  r.isa = "portable";
  r.compiler = "gcc";
  r.compiler_version = "12.2.0";
  r.flags = "-O3 -DNDEBUG -DNAME=\"quoted, with comma\"";
  r.vectorize = false;
  r.counter = "tsc";
  r.counter_overhead = 52;
  r.median = 12345.5;
  r.p10 = 0.1;  // not exactly representable: must still read back identical
  r.p90 = 1e17;
  r.samples = 1000;
  r.instructions = 18446744073709551615ULL;
  r.instructions_note = "line one\nline two";
  r.bytes_held = 3070;
  r.correct = "pass";
  r.emulated = false;
  r.commit = "0123456789ab-dirty";
  r.cpu = "AMD EPYC";
  r.date = "2024-05-01T12:00:00Z";
  r.variable_time = true;
  r.stack_bytes = 5312;
  r.heap_bytes = 7488;
  r.heap_allocations = 12;
  r.code_bytes = 20496;
  r.memory_note = "code bytes: none, for a reason, with a comma";
  return r;
}

Row sparse_row() {
  Row r;
  r.id = "saber/schoolbook/neon";
  r.scheme = "saber";
  r.operation = "mul";
  r.emulated = true;
  return r;  // every optional empty
}

void require_same(const Row& a, const Row& b) {
  REQUIRE(to_csv_line(a) == to_csv_line(b));
  CHECK(a.id == b.id);
  CHECK(a.flags == b.flags);
  CHECK(a.instructions_note == b.instructions_note);
  CHECK(a.median == b.median);
  CHECK(a.p10 == b.p10);
  CHECK(a.p90 == b.p90);
  CHECK(a.rank == b.rank);
  CHECK(a.instructions == b.instructions);
  CHECK(a.bytes_held == b.bytes_held);
  CHECK(a.counter_overhead == b.counter_overhead);
  CHECK(a.vectorize == b.vectorize);
  CHECK(a.emulated == b.emulated);
  CHECK(a.samples == b.samples);
  CHECK(a.variable_time == b.variable_time);
  CHECK(a.stack_bytes == b.stack_bytes);
  CHECK(a.heap_bytes == b.heap_bytes);
  CHECK(a.heap_allocations == b.heap_allocations);
  CHECK(a.code_bytes == b.code_bytes);
  CHECK(a.memory_note == b.memory_note);
}

// The CSV of `rows` as a file written before `first_missing` and the columns
// after it existed.
std::string csv_without_columns_from(const std::vector<Row>& rows, const std::string& first_missing) {
  const auto names = row_columns();
  const std::size_t keep = std::find(names.begin(), names.end(), first_missing) - names.begin();
  REQUIRE(keep < names.size());
  std::string out;
  for (std::size_t k = 0; k < keep; ++k) out += (k ? "," : "") + names[k];
  out += "\n";
  for (const auto& r : rows) {
    // The kept columns' cells: a line of the full schema cut after `keep` cells.
    const std::string line = to_csv_line(r);
    std::size_t at = 0, cells = 0;
    bool quoted = false;
    for (; at < line.size(); ++at) {
      if (line[at] == '"') quoted = !quoted;
      if (line[at] == ',' && !quoted && ++cells == keep) break;
    }
    out += line.substr(0, at) + "\n";
  }
  return out;
}

std::string header() { return to_csv_header() + "\n"; }

std::string error_of_csv(const std::string& text) {
  try {
    (void)read_csv_text(text, "rows.csv");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

std::string error_of_json(const std::string& text) {
  try {
    (void)from_json(text);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("CSV round trip keeps every field, quoting and empty optionals", "[rows]") {
  const std::vector<Row> rows = {full_row(), sparse_row()};
  const std::string text = to_csv(rows);
  // The quoted cells are RFC 4180: doubled quotes inside quotes.
  CHECK(text.find("\"-O3 -DNDEBUG -DNAME=\"\"quoted, with comma\"\"\"") != std::string::npos);
  const auto back = read_csv_text(text, "memory");
  REQUIRE(back.size() == 2);
  require_same(back[0], rows[0]);
  require_same(back[1], rows[1]);
  CHECK_FALSE(back[1].median.has_value());
  CHECK_FALSE(back[1].rank.has_value());
  CHECK(back[1].emulated);

  // Through a file as well, with CRLF line ends accepted.
  const auto path = std::filesystem::temp_directory_path() / "pqmul_test_rows.csv";
  write_csv(path.string(), rows);
  require_same(read_csv(path.string())[0], rows[0]);
  std::string crlf;
  for (char ch : header() + to_csv_line(sparse_row()) + "\n") crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  REQUIRE(read_csv_text(crlf, "crlf").size() == 1);
  std::filesystem::remove(path);
}

TEST_CASE("JSON round trip keeps every field with null for missing optionals", "[rows]") {
  const std::vector<Row> rows = {full_row(), sparse_row()};
  const std::string text = to_json(rows);
  CHECK(text.find("\"median\": null") != std::string::npos);
  const auto back = from_json(text);
  REQUIRE(back.size() == 2);
  require_same(back[0], rows[0]);
  require_same(back[1], rows[1]);
  // pqmul bench --format json: the rows beside the machine description.
  const auto wrapped = from_json("{\"machine\": {\"vendor\": \"x\"}, \"rows\": " + text + "}");
  REQUIRE(wrapped.size() == 2);
  require_same(wrapped[0], rows[0]);
}

TEST_CASE("files written before the memory columns (and before variable_time) still read", "[rows]") {
  const std::vector<Row> rows = {full_row(), sparse_row()};
  for (const std::string first_missing : {"stack_bytes", "variable_time"}) {
    INFO(first_missing);
    const auto back = read_csv_text(csv_without_columns_from(rows, first_missing), "old.csv");
    REQUIRE(back.size() == 2);
    CHECK(back[0].bytes_held == rows[0].bytes_held);
    CHECK(back[0].date == rows[0].date);
    CHECK(back[0].variable_time == (first_missing == "stack_bytes"));
    CHECK_FALSE(back[0].stack_bytes.has_value());
    CHECK_FALSE(back[0].heap_bytes.has_value());
    CHECK_FALSE(back[0].heap_allocations.has_value());
    CHECK_FALSE(back[0].code_bytes.has_value());
    CHECK(back[0].memory_note.empty());
  }
  // JSON objects without the memory keys read with the figures empty.
  auto json = nlohmann::json::parse(to_json({full_row()}));
  for (const char* key : {"stack_bytes", "heap_bytes", "heap_allocations", "code_bytes", "memory_note"})
    REQUIRE(json[0].erase(key) == 1);
  const auto back = from_json(json.dump());
  REQUIRE(back.size() == 1);
  CHECK_FALSE(back[0].stack_bytes.has_value());
  CHECK_FALSE(back[0].code_bytes.has_value());
  CHECK(back[0].bytes_held == full_row().bytes_held);
}

TEST_CASE("malformed CSV is refused with the line and column", "[rows]") {
  CHECK_THAT(error_of_csv(""), Catch::Contains("empty file"));
  std::string bad_header = header();
  bad_header.replace(0, 2, "ID");
  CHECK_THAT(error_of_csv(bad_header), Catch::Contains("header column 1 is 'ID', expected 'id'"));
  CHECK_THAT(error_of_csv(header() + "a,b,c\n"), Catch::Contains("rows.csv:2: 3 cells"));

  std::string line = to_csv_line(sparse_row());
  std::string bad_number = line;
  // median is column 16 (after counter_overhead): replace the 15th comma's empty cell.
  std::size_t pos = 0;
  for (int k = 0; k < 15; ++k) pos = bad_number.find(',', pos) + 1;
  bad_number.insert(pos, "12x");
  CHECK_THAT(error_of_csv(header() + bad_number + "\n"),
             Catch::Contains("rows.csv:2: column median: '12x' is not a finite number"));

  std::string bad_bool = to_csv_line(sparse_row());
  const auto t = bad_bool.find(",true,");
  REQUIRE(t != std::string::npos);
  bad_bool.replace(t, 6, ",yes,");
  CHECK_THAT(error_of_csv(header() + bad_bool + "\n"), Catch::Contains("is not true or false"));

  CHECK_THAT(error_of_csv(header() + "\"unterminated,\n"), Catch::Contains("rows.csv:2: unterminated quoted cell"));
  CHECK_THAT(error_of_csv(header() + "ab\"c\n"), Catch::Contains("quote inside an unquoted cell"));
  CHECK_THAT(error_of_csv(header() + "\"a\"b\n"), Catch::Contains("after a quoted cell"));
  CHECK_THROWS_WITH(read_csv("/nonexistent/rows.csv"), Catch::Contains("cannot read result file"));
}

TEST_CASE("malformed JSON is refused with the row and column", "[rows]") {
  CHECK_THAT(error_of_json("{"), Catch::Contains("malformed"));
  CHECK_THAT(error_of_json("{}"), Catch::Contains("must be an array"));
  CHECK_THAT(error_of_json("[1]"), Catch::Contains("row 0 is not an object"));
  const std::string good = to_json({sparse_row()});
  std::string missing = good;
  missing.replace(missing.find("\"id\": \"saber/schoolbook/neon\","), 30, "");
  CHECK_THAT(error_of_json(missing), Catch::Contains("row 0 column id: missing"));
  std::string wrong_type = good;
  wrong_type.replace(wrong_type.find("\"samples\": 0"), 12, "\"samples\": \"many\"");
  CHECK_THAT(error_of_json(wrong_type), Catch::Contains("column samples: expected a non-negative integer"));
  std::string null_text = good;
  null_text.replace(null_text.find("\"scheme\": \"saber\""), 17, "\"scheme\": null");
  CHECK_THAT(error_of_json(null_text), Catch::Contains("null is allowed only for optional columns"));
  std::string extra = good;
  extra.replace(extra.find("\"id\""), 4, "\"typo\": 1, \"id\"");
  CHECK_THAT(error_of_json(extra), Catch::Contains("unknown column 'typo'"));
}

TEST_CASE("README documents every result column", "[rows]") {
  std::ifstream in(PQMUL_SOURCE_DIR "/README.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string readme = text.str();
  const auto section = readme.find("## Result rows");
  REQUIRE(section != std::string::npos);
  const std::string body = readme.substr(section);
  for (const auto& column : row_columns()) {
    INFO(column);
    CHECK(body.find("`" + column + "`") != std::string::npos);
  }
}

}  // namespace pqmul_tests::experiments_test_rows
