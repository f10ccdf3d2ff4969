// The claim specs: one for every claim of the shared claims table, each
// parsing, agreeing with the table's wording, and malformed specs refused.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <algorithm>

#include "pqmul/experiments/claims.hpp"

namespace pqmul_tests::experiments_test_claims_specs {

using namespace pqmul::experiments;

namespace {

const std::string claims_dir = PQMUL_SOURCE_DIR "/experiments/claims";
const std::string claims_table = PQMUL_SOURCE_DIR "/experiments/claims/claims.md";

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string trim(std::string s) {
  s.erase(0, s.find_first_not_of(' '));
  s.erase(s.find_last_not_of(' ') + 1);
  return s;
}

// Rows of the claims table: id -> its cells (id, source, claim, paper, how, where).
std::map<std::string, std::vector<std::string>> table_rows(const std::string& markdown) {
  std::map<std::string, std::vector<std::string>> rows;
  std::istringstream in(markdown);
  std::string line;
  bool body = false;
  while (std::getline(in, line)) {
    if (line.rfind("|---", 0) == 0) {
      body = true;
      continue;
    }
    if (!body || line.rfind("|", 0) != 0) continue;
    std::vector<std::string> cells;
    std::size_t start = 1;
    for (std::size_t bar; (bar = line.find('|', start)) != std::string::npos; start = bar + 1)
      cells.push_back(trim(line.substr(start, bar - start)));
    rows[cells.at(0)] = cells;
  }
  return rows;
}

std::string error_of(const std::string& text) {
  try {
    (void)parse_claim(text, "bad.toml");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

const char* header = R"(
id = "t"
source = "s"
claim = "c"
paper = "p"
printed = "Table 2"
how = "h"
where = "x86"
comparability = "same"
)";

}  // namespace

TEST_CASE("claims: every claim of claims.md has a spec that parses", "[claims]") {
  REQUIRE(std::filesystem::exists(claims_table));
  const std::string markdown = read_text(claims_table);
  const auto ids = claim_ids_of_markdown(markdown);
  REQUIRE(ids.size() >= 16);
  const auto specs = read_claims(claims_dir);
  for (const auto& id : ids) {
    INFO("claim " << id);
    const auto it = std::find_if(specs.begin(), specs.end(), [&](const ClaimSpec& s) { return s.id == id; });
    CHECK(it != specs.end());
    CHECK(std::filesystem::exists(claims_dir + "/" + id + ".toml"));
  }
  // And no spec for a claim the table does not hold.
  for (const auto& s : specs) {
    INFO("spec " << s.id);
    CHECK(std::find(ids.begin(), ids.end(), s.id) != ids.end());
  }
}

TEST_CASE("claims: specs state the table's claim, figure, method and place", "[claims]") {
  const auto rows = table_rows(read_text(claims_table));
  for (const auto& spec : read_claims(claims_dir)) {
    INFO("claim " << spec.id);
    const auto& cells = rows.at(spec.id);
    REQUIRE(cells.size() == 7);
    CHECK(spec.claim == cells[2]);
    CHECK(spec.paper_figure == cells[3]);
    CHECK(spec.how == cells[4]);
    // "x86", "x86 analogue", "x86 (ratio), arm (cycles)" are measured here; "arm" is not.
    CHECK(spec.where == cells[5].substr(0, 3));
    CHECK((spec.where == "arm" || !spec.comparisons.empty() || spec.counts));
    // "same (a count)", "analogue (Cortex-M4)", "model (A72) / analogue": the first word is the claim's.
    const std::string column = cells[6];
    CHECK(to_string(spec.comparability) == column.substr(0, column.find_first_of(" (")));
    const auto has = [&](Comparability c) {
      return std::any_of(spec.comparisons.begin(), spec.comparisons.end(),
                         [&](const Comparison& x) { return x.comparability == c; });
    };
    // A claim the table calls a model of another core never has a `same` comparison,
    // and one it also calls an analogue has an analogue comparison.
    if (spec.comparability != Comparability::same) CHECK_FALSE(has(Comparability::same));
    if (column.find("analogue") != std::string::npos) CHECK(has(Comparability::analogue));
    CHECK_FALSE(spec.printed.empty());
  }
}

TEST_CASE("claims: claims measured on other CPUs, ISAs or code are never judged as the same experiment", "[claims]") {
  // The in-order half of clang-gcc-inorder has no x86 counterpart (this CPU is out of order).
  const std::vector<std::string> elsewhere = {"kyber-neon-m1",  "simd-saber",       "simd-speedup-sbseg",
                                              "ntt-saber-m4",   "tinyjambu-nand",   "fips203-backends",
                                              "clang-gcc-inorder"};
  for (const auto& spec : read_claims(claims_dir)) {
    if (std::find(elsewhere.begin(), elsewhere.end(), spec.id) == elsewhere.end()) continue;
    INFO("claim " << spec.id);
    CHECK(spec.comparability != Comparability::same);
    for (const auto& c : spec.comparisons) {
      INFO("comparison " << c.label);
      CHECK(c.comparability != Comparability::same);
      // A model comparison reads model rows of the core it names.
      if (c.comparability == Comparability::model) CHECK_THAT(c.common.describe(), Catch::Contains("counter=model:"));
    }
  }
  const auto inorder = read_claim(claims_dir + "/clang-gcc-inorder.toml");
  for (const auto& c : inorder.comparisons)
    if (c.label.find("in-order") == 0) CHECK(c.comparability == Comparability::model);
}

TEST_CASE("claims: the ids of a claims table are read from its first column", "[claims]") {
  const std::string md = "intro\n\n| id | source |\n|---|---|\n| a-b | x |\n| c | y |\n\ntext\n| not | table |\n";
  CHECK(claim_ids_of_markdown(md) == std::vector<std::string>{"a-b", "c"});
}

TEST_CASE("claims: a comparison spec is read field by field", "[claims]") {
  const auto spec = parse_claim(std::string(header) + R"(
note = "n"
[[comparison]]
label = "L"
paper = "0.5"
common = { scheme = "saber", rank = 3, vectorize = true }
numerator = { strategy = "cached" }
denominator = { strategy = ["eager", "lazy"] }
denominator_pick = "min"
each = { compiler = ["gcc", "clang"], operation = "keygen" }
check = "range"
min = 0.6
max = 0.9
tolerance = 0.1
)",
                                "t.toml");
  CHECK(spec.id == "t");
  CHECK(spec.note == "n");
  REQUIRE(spec.comparisons.size() == 1);
  const auto& c = spec.comparisons[0];
  CHECK(c.common.describe() == "scheme=saber rank=3 vectorize=true");
  CHECK(c.denominator.describe() == "strategy=eager|lazy");
  CHECK(c.denominator_pick == "min");
  CHECK(c.numerator_pick == "one");
  // `each` fields come in row order (operation before compiler), whatever the spec's order.
  REQUIRE(c.each.size() == 2);
  CHECK(c.each[0].first == "operation");
  CHECK(c.each[1].second == std::vector<std::string>{"gcc", "clang"});
  CHECK(c.check == Check::range);
  CHECK(c.min == Approx(0.6));
  CHECK(c.tolerance == Approx(0.1));
}

TEST_CASE("claims: every spec states where its figure is printed and what it compares", "[claims]") {
  std::string no_printed = header;
  no_printed.erase(no_printed.find("printed"), no_printed.find("how") - no_printed.find("printed"));
  const std::string tail = "[[comparison]]\nnumerator = { isa = \"a\" }\ncheck = \"below\"\nthreshold = 1\n";
  CHECK_THAT(error_of(no_printed + tail), Catch::Contains("missing key 'printed'"));
  std::string no_comparability = header;
  no_comparability.erase(no_comparability.find("comparability"));
  CHECK_THAT(error_of(no_comparability + tail), Catch::Contains("missing key 'comparability'"));
  std::string odd = header;
  odd.replace(odd.find("\"same\""), 6, "\"alike\"");
  CHECK_THAT(error_of(odd + tail), Catch::Contains("unknown comparability 'alike'"));
  CHECK_THAT(error_of(std::string(header) + tail + "comparability = \"kind of\"\n"),
             Catch::Contains("unknown comparability 'kind of'"));
  const auto mixed = parse_claim(std::string(header) + tail + "comparability = \"analogue\"\n" + tail, "m.toml");
  REQUIRE(mixed.comparisons.size() == 2);
  CHECK(mixed.comparability == Comparability::same);
  CHECK(mixed.comparisons[0].comparability == Comparability::analogue);
  CHECK(mixed.comparisons[1].comparability == Comparability::same);  // the claim's
  CHECK(mixed.printed == "Table 2");
  // Pooling is not a pick: a side is one row, or the best of a named family.
  CHECK_THAT(error_of(std::string(header) + tail + "numerator_pick = \"median\"\n"), Catch::Contains("\"one\" or \"min\""));
}

TEST_CASE("claims: malformed specs are refused with the file and the key", "[claims]") {
  CHECK_THAT(error_of("id = \"x\"\n"), Catch::Contains("bad.toml") && Catch::Contains("source"));
  CHECK_THAT(error_of(std::string(header) + "colour = 1\n"), Catch::Contains("unknown key 'colour'"));
  CHECK_THAT(error_of(std::string(header)), Catch::Contains("needs [[comparison]]"));
  const std::string c = std::string(header) + "[[comparison]]\nnumerator = { isa = \"a\" }\n";
  CHECK_THAT(error_of(c + "check = \"range\"\n"), Catch::Contains("min and max"));
  CHECK_THAT(error_of(c + "check = \"roughly\"\n"), Catch::Contains("unknown check"));
  CHECK_THAT(error_of(c + "check = \"below\"\n"), Catch::Contains("threshold"));
  CHECK_THAT(error_of(c + "check = \"count\"\ncount_min = 1\n"), Catch::Contains("count_max"));
  CHECK_THAT(error_of(c + "check = \"range\"\nmin = \"x\"\nmax = 1\n"), Catch::Contains("'min' must be a number"));
  CHECK_THAT(error_of(std::string(header) + "[[comparison]]\nnumerator = { colour = \"a\" }\ncheck = \"below\"\nthreshold = 1\n"),
             Catch::Contains("unknown key 'colour' in numerator"));
  // Ids: lower-case letters, digits and '-', not starting with '-'.
  const std::string valid_tail = "[[comparison]]\nnumerator = { isa = \"a\" }\ncheck = \"below\"\nthreshold = 1\n";
  for (const char* bad_id : {"\"\"", "\"Upper\"", "\"-dash\"", "\"under_score\"", "\"sp ace\""}) {
    std::string spec = std::string(header) + valid_tail;
    spec.replace(spec.find("\"t\""), 3, bad_id);
    CHECK_THAT(error_of(spec), Catch::Contains("id must be lower-case"));
  }
  {
    std::string spec = std::string(header) + valid_tail;
    spec.replace(spec.find("\"t\""), 3, "\"ntt-saber-m4\"");
    CHECK_THAT(error_of(spec), !Catch::Contains("id must be"));
  }
  std::string arm = header;
  arm.replace(arm.find("x86"), 3, "mips");
  CHECK_THAT(error_of(arm + "[[comparison]]\nnumerator = { isa = \"a\" }\ncheck = \"below\"\nthreshold = 1\n"),
             Catch::Contains("'where'"));
  CHECK_THAT(error_of(std::string(header) + "[counts]\nring = \"saber\"\nmultipliers = \"ntt\"\nranks = [2]\n"
                                            "baseline = \"eager\"\nimproved = \"cached\"\n"),
             Catch::Contains("[[counts.expect]]"));
  CHECK_THAT(error_of(std::string(header) + "[counts]\nring = \"saber\"\nmultipliers = \"ntt\"\nranks = [2]\n"
                                            "baseline = \"eager\"\nimproved = \"cached\"\n[[counts.expect]]\nrank = 2\n"
                                            "eager = { transforms = 8, inverses = 4 }\n"),
             Catch::Contains("rank 2 has no expected counts"));
}

TEST_CASE("claims: a spec whose id differs from its file name is refused", "[claims]") {
  const auto dir = std::filesystem::temp_directory_path() / "pqmul-claims-id-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "other.toml") << header << "[[comparison]]\nnumerator = { isa = \"a\" }\ncheck = \"below\"\nthreshold = 1\n";
  CHECK_THROWS_WITH(read_claims(dir.string()), Catch::Contains("differs from the file name"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("claims: command-line selections", "[claims]") {
  const auto s = parse_selector({"isa=avx2|avx512", "scheme=saber"});
  CHECK(s.describe() == "scheme=saber isa=avx2|avx512");
  CHECK_THROWS_WITH(parse_selector({"isa"}), Catch::Contains("FIELD=VALUE"));
  CHECK_THROWS_WITH(parse_selector({"colour=red"}), Catch::Contains("unknown row field 'colour'"));
}

}  // namespace pqmul_tests::experiments_test_claims_specs
