// The six Kyber / ML-KEM sets with every SIMD version of the NTT multiplier
// the registry lists for this build (x86-64: AVX2 with the 4-way Keccak,
// AVX-512 with the 8-way one; AArch64: NEON with the scalar Keccak): the
// regenerated NIST KAT files against the published digests
// (tests/vectors/kem/KAT_HASHES.txt), and every strategy against the portable
// KEM's bytes.
#include <catch2/catch.hpp>
#include <vector>

#include "kyber_test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/nist_kat.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::kyber_test_kyber_simd_kat {

using namespace pqmul;

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

namespace {

const KemEntry& entry(const std::string& scheme) {
  static const auto entries = kyber_kem_entries();
  for (const auto& e : entries)
    if (e.scheme == scheme) return e;
  throw std::invalid_argument("no entry for " + scheme);
}

template <class P>
void check_simd_kat() {
  const std::string scheme(P::name);
  const std::vector<Isa> isas = entry(scheme).simd_isas("ntt");
  REQUIRE_FALSE(isas.empty());
  for (Isa isa : isas)
    if (!pqmul::test::cpu_runs(isa)) CHECK_FALSE(isa_available(isa));
  static const auto published = read_kat_hashes(test::vector_file("kem/KAT_HASHES.txt"));
  const std::string portable = nist_kat_entries(*entry(scheme).make("ntt", Strategy::cached), 0, 2);
  for (Isa isa : isas) {
    INFO(scheme << " with ntt/" << isa_name(isa));
    if (!isa_available(isa)) {
      // The registry refuses what cannot run here, saying why.
      CHECK_THROWS_WITH(entry(scheme).make_for("ntt", Strategy::cached, isa), Catch::Contains("cannot run"));
      continue;
    }
    const auto kem = entry(scheme).make_for("ntt", Strategy::cached, isa);
    CHECK(kem->isa() == isa_name(isa));
    CHECK(kem->multiplier() == "ntt");
    CHECK(kem->scheme() == scheme);
    const std::string entries = nist_kat_entries(*kem, 0, 100);
    const auto& row = published.at(scheme);
    CHECK(kat_digest_single(entries) == row.single);
    CHECK(kat_digest_all(entries) == row.all);
    // Every strategy gives the portable KEM's bytes.
    CHECK(entries.substr(0, portable.size()) == portable);
    for (auto s : entry(scheme).strategies) {
      INFO(to_string(s));
      CHECK(nist_kat_entries(*entry(scheme).make_for("ntt", s, isa), 0, 2) == portable);
    }
  }
}

}  // namespace

TEST_CASE("SIMD KAT kyber512", "[kyber][kat][simd]") { check_simd_kat<kyber::Kyber512>(); }
TEST_CASE("SIMD KAT kyber768", "[kyber][kat][simd]") { check_simd_kat<kyber::Kyber768>(); }
TEST_CASE("SIMD KAT kyber1024", "[kyber][kat][simd]") { check_simd_kat<kyber::Kyber1024>(); }
TEST_CASE("SIMD KAT ml-kem-512", "[kyber][kat][simd]") { check_simd_kat<kyber::MlKem512>(); }
TEST_CASE("SIMD KAT ml-kem-768", "[kyber][kat][simd]") { check_simd_kat<kyber::MlKem768>(); }
TEST_CASE("SIMD KAT ml-kem-1024", "[kyber][kat][simd]") { check_simd_kat<kyber::MlKem1024>(); }

#endif

}  // namespace pqmul_tests::kyber_test_kyber_simd_kat
