// The shipped data are found inside the source tree (or an install prefix),
// and a missing one is reported with the places looked in.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "pqmul/experiments/data_paths.hpp"

namespace pqmul_tests::experiments_test_data_paths {

using namespace pqmul::experiments;
namespace fs = std::filesystem;

namespace {
bool inside(const fs::path& path, const fs::path& root) {
  const auto p = fs::weakly_canonical(path).string(), r = fs::weakly_canonical(root).string() + "/";
  return p.rfind(r, 0) == 0;
}
}  // namespace

TEST_CASE("the official vectors and the claim specs are found in the source tree") {
  const auto vectors = vectors_location();
  REQUIRE(vectors.found);
  CHECK(inside(vectors.path, PQMUL_SOURCE_DIR));
  CHECK(fs::is_regular_file(vectors.path / "kem" / "KAT_HASHES.txt"));
  CHECK(fs::is_regular_file(vectors.path / "tinyjambu" / "LWC_AEAD_KAT_128_96.txt"));
  const auto claims = claims_location();
  REQUIRE(claims.found);
  CHECK(inside(claims.path, PQMUL_SOURCE_DIR));
  CHECK(kat_hashes_path() == (vectors.path / "kem" / "KAT_HASHES.txt").string());
}

TEST_CASE("an explicit digest file is taken as given") {
  CHECK(kat_hashes_path("/some/where/else.txt") == "/some/where/else.txt");
}

TEST_CASE("data that exist nowhere are reported with every place looked in") {
  const auto none = locate_data("no-such-data", "no/such/data");
  CHECK_FALSE(none.found);
  CHECK(none.looked_in.find("share/pqmul/no-such-data") != std::string::npos);
  CHECK(none.looked_in.find(std::string(PQMUL_SOURCE_DIR) + "/no/such/data") != std::string::npos);
}

}  // namespace pqmul_tests::experiments_test_data_paths
