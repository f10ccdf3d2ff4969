// NIST KAT files regenerated with every multiplier against the published
// digests (tests/vectors/kem/KAT_HASHES.txt) and the stored .rsp files.
//
// Cost split (the suite also runs under ASan and qemu): every set runs the
// 100 vectors with `ntt`; every other registered multiplier runs the 100
// vectors on one set (assigned in turn), and counts 0 and 1 on every set.
#include <catch2/catch.hpp>

#include "kyber_test_util.hpp"
#include "pqmul/schemes/nist_kat.hpp"

namespace pqmul_tests::kyber_test_kyber_kat {

using namespace pqmul;

namespace {

const std::map<std::string, PublishedKatHashes>& published() {
  static const auto rows = read_kat_hashes(test::vector_file("kem/KAT_HASHES.txt"));
  return rows;
}

// The stored .rsp of a set: full for kyber768 and ml-kem-768, first two counts otherwise.
std::string stored_rsp(const std::string& scheme) {
  const auto rsp = [](const char* file) { return test::read_text(test::vector_file("kem/", file)); };
  if (scheme == "kyber512") return rsp("kyber-r3/kyber512_r3_PQCkemKAT_1632.first2.rsp");
  if (scheme == "kyber768") return rsp("kyber-r3/kyber768_r3_PQCkemKAT_2400.rsp");
  if (scheme == "kyber1024") return rsp("kyber-r3/kyber1024_r3_PQCkemKAT_3168.first2.rsp");
  if (scheme == "ml-kem-512") return rsp("ml-kem/mlkem512_fips203_PQCkemKAT_1632.first2.rsp");
  if (scheme == "ml-kem-768") return rsp("ml-kem/mlkem768_fips203_PQCkemKAT_2400.rsp");
  return rsp("ml-kem/mlkem1024_fips203_PQCkemKAT_3168.first2.rsp");
}

// Non-NTT multipliers running the full 100 vectors on `scheme`.
std::vector<std::string> full_run_multipliers(const std::string& scheme) {
  const auto sets = kyber::kyber_scheme_names();
  const auto index = static_cast<std::size_t>(std::find(sets.begin(), sets.end(), scheme) - sets.begin());
  std::vector<std::string> others;
  for (const auto& m : kyber::kyber_multiplier_names())
    if (m != "ntt") others.push_back(m);
  std::vector<std::string> mine;
  for (std::size_t j = 0; j < others.size(); ++j)
    if (j % sets.size() == index) mine.push_back(others[j]);
  return mine;
}

const KemEntry& entry(const std::string& scheme) {
  static const auto entries = kyber_kem_entries();
  for (const auto& e : entries)
    if (e.scheme == scheme) return e;
  throw std::invalid_argument("no entry for " + scheme);
}

void check_full_kat(const std::string& scheme, const std::string& multiplier) {
  INFO(scheme << " with " << multiplier);
  const auto kem = entry(scheme).make(multiplier, Strategy::cached);
  const std::string entries = nist_kat_entries(*kem, 0, 100);
  const auto& row = published().at(scheme);
  CHECK(kat_digest_single(entries) == row.single);
  CHECK(kat_digest_all(entries) == row.all);
  if (scheme == "kyber768" || scheme == "ml-kem-768") {
    // The whole file, header line included.
    CHECK((entry(scheme).kat_header + "\n\n" + entries) == stored_rsp(scheme));
  }
}

void check_scheme(const std::string& scheme) {
  REQUIRE(entry(scheme).multipliers.front() == "ntt");
  check_full_kat(scheme, "ntt");
  for (const auto& m : full_run_multipliers(scheme)) check_full_kat(scheme, m);
  // Counts 0 and 1 with every multiplier, byte for byte against the stored file.
  const std::string stored = stored_rsp(scheme);
  for (const auto& m : entry(scheme).multipliers) {
    INFO(scheme << " counts 0-1 with " << m);
    const auto kem = entry(scheme).make(m, Strategy::cached);
    const std::string ours = nist_kat_file(*kem, entry(scheme).kat_header, 2);
    REQUIRE(stored.size() >= ours.size());
    CHECK(stored.substr(0, ours.size()) == ours);
  }
}

}  // namespace

TEST_CASE("KAT kyber512", "[kyber][kat]") { check_scheme("kyber512"); }
TEST_CASE("KAT kyber768", "[kyber][kat]") { check_scheme("kyber768"); }
TEST_CASE("KAT kyber1024", "[kyber][kat]") { check_scheme("kyber1024"); }
TEST_CASE("KAT ml-kem-512", "[kyber][kat]") { check_scheme("ml-kem-512"); }
TEST_CASE("KAT ml-kem-768", "[kyber][kat]") { check_scheme("ml-kem-768"); }
TEST_CASE("KAT ml-kem-1024", "[kyber][kat]") { check_scheme("ml-kem-1024"); }

TEST_CASE("every strategy gives the same KAT bytes", "[kyber][kat][strategy]") {
  for (const std::string scheme : {"kyber768", "ml-kem-1024"})
    for (const std::string m : {"ntt", "karatsuba"}) {
      std::string reference;
      for (auto s : entry(scheme).strategies) {
        INFO(scheme << " " << m << " " << to_string(s));
        const auto kem = entry(scheme).make(m, s);
        CHECK(kem->strategy() == s);
        const std::string text = nist_kat_entries(*kem, 0, 2);
        if (reference.empty()) reference = text;
        CHECK(text == reference);
      }
      CHECK(reference == stored_rsp(scheme).substr(entry(scheme).kat_header.size() + 2, reference.size()));
    }
}

}  // namespace pqmul_tests::kyber_test_kyber_kat
