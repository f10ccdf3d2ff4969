// Known-answer tests: the NIST .rsp entries regenerated with the NIST DRBG
// must equal the official round-3 files (October 2020) and their published
// SHA-256 digests, for every parameter set and every multiplier.
#include <catch2/catch.hpp>

#include <string>

#include "kat_support.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul_tests::ntru_test_kat {

namespace {

const pqmul::KemEntry& entry_for(const std::string& scheme) {
  static const auto entries = pqmul::ntru_kem_entries();
  for (const auto& e : entries)
    if (e.scheme == scheme) return e;
  throw std::runtime_error("no entry " + scheme);
}

// All 100 entries joined as the "all" digest defines them (one blank line
// between entries, none after the last).
std::string all_entries(const pqmul::Kem& kem) {
  std::string text;
  for (std::size_t count = 0; count < 100; ++count) {
    if (count > 0) text += '\n';
    text += ntru_test::kat_entry(kem, count);
  }
  return text;
}

}  // namespace

TEST_CASE("ntru registry entries name the official KAT headers", "[ntru][kat]") {
  const auto entries = pqmul::ntru_kem_entries();
  REQUIRE(entries.size() == 4);
  for (const auto& files : ntru_test::kat_files()) {
    const auto& e = entry_for(files.scheme);
    const std::string text = ntru_test::read_text(ntru_test::vectors(files.file));
    CHECK(e.family == "ntru");
    CHECK(text.substr(0, text.find('\n')) == e.kat_header);
    CHECK(e.strategies == std::vector<pqmul::Strategy>{pqmul::Strategy::eager});
  }
}

TEST_CASE("ntru counts 0 and 1 match the official files for every multiplier", "[ntru][kat]") {
  for (const auto& files : ntru_test::kat_files()) {
    const auto& e = entry_for(files.scheme);
    const std::string text = ntru_test::read_text(ntru_test::vectors(files.file));
    for (const auto& multiplier : e.multipliers) {
      INFO(files.scheme << " / " << multiplier);
      const auto kem = e.make(multiplier, pqmul::Strategy::eager);
      const std::string first = ntru_test::kat_entry(*kem, 0);
      CHECK(first == ntru_test::rsp_entry(text, 0));
      CHECK(ntru_test::sha256_hex(first) == files.single);  // PQClean nistkat-sha256
      CHECK(ntru_test::kat_entry(*kem, 1) == ntru_test::rsp_entry(text, 1));
    }
  }
}

// All 100 vectors only for the set whose complete file is stored; the other
// sets' 100-vector digests are checked by `pqmul check` (the suite also runs
// under sanitizers and emulation, where the DRBG's AES dominates).
TEST_CASE("ntru hps2048509 100 vectors with the default multiplier", "[ntru][kat]") {
  const auto& files = ntru_test::kat_files().front();
  const auto& e = entry_for(files.scheme);
  const auto kem = e.make(e.multipliers.front(), pqmul::Strategy::eager);
  const std::string text = all_entries(*kem);
  CHECK(ntru_test::sha256_hex(text) == files.all);  // liboqs "all"
  // The complete official file: header line, blank line, entries, blank line.
  CHECK(e.kat_header + "\n\n" + text + "\n" == ntru_test::read_text(ntru_test::vectors(files.file)));
}

TEST_CASE("ntru hps2048509 100 vectors with the ntt multiplier", "[ntru][kat]") {
  const auto& files = ntru_test::kat_files().front();
  const auto& e = entry_for(files.scheme);
  const auto kem = e.make("ntt", pqmul::Strategy::eager);
  CHECK(ntru_test::sha256_hex(all_entries(*kem)) == files.all);
}

}  // namespace pqmul_tests::ntru_test_kat
