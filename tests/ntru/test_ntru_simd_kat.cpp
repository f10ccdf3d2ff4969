// NTRU over the SIMD toom4-k4 (x86-64: isa avx2, and avx512 with the AVX-512
// Keccak; AArch64: neon): KAT entries equal to the official round-3 files and
// their published digests, for every parameter set; refused when the portable
// path is forced.
#include <catch2/catch.hpp>

#include <string>

#include "../../schemes/src/ntru/toom_simd_factory.hpp"
#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::ntru_test_ntru_simd_kat {

namespace {

std::unique_ptr<pqmul::Kem> make_simd(const std::string& scheme, pqmul::Isa isa) {
  using namespace pqmul::ntru;
  if (scheme == "ntruhps2048509") return make_toom4_simd_kem<Hps2048509>(isa);
  if (scheme == "ntruhps2048677") return make_toom4_simd_kem<Hps2048677>(isa);
  if (scheme == "ntruhps4096821") return make_toom4_simd_kem<Hps4096821>(isa);
  return make_toom4_simd_kem<Hrss701>(isa);
}

#if defined(PQMUL_ARM_SIMD)
constexpr pqmul::Isa build_isas[] = {pqmul::Isa::neon};
constexpr pqmul::Isa foreign_isa = pqmul::Isa::avx2;
#else
constexpr pqmul::Isa build_isas[] = {pqmul::Isa::avx2, pqmul::Isa::avx512};
constexpr pqmul::Isa foreign_isa = pqmul::Isa::neon;
#endif

}  // namespace

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

TEST_CASE("ntru simd toom4-k4: counts 0 and 1 of every set, 100 vectors of hps2048509", "[ntru][kat][simd]") {
  pqmul::test::skip_unless_any_runs({pqmul::Isa::avx2, pqmul::Isa::avx512, pqmul::Isa::neon});
  for (const pqmul::Isa isa : build_isas) {
  INFO(pqmul::isa_name(isa));
  if (!pqmul::isa_available(isa)) {
    CHECK_THROWS(make_simd("ntruhps2048509", isa));
    continue;
  }
  for (const auto& files : ntru_test::kat_files()) {
    INFO(files.scheme);
    const auto kem = make_simd(files.scheme, isa);
    CHECK(kem->scheme() == files.scheme);
    CHECK(kem->isa() == pqmul::isa_name(isa));
    CHECK(kem->multiplier() == "toom4-k4");
    const std::string text = ntru_test::read_text(ntru_test::vectors(files.file));
    const std::string first = ntru_test::kat_entry(*kem, 0);
    CHECK(first == ntru_test::rsp_entry(text, 0));
    CHECK(ntru_test::sha256_hex(first) == files.single);
    CHECK(ntru_test::kat_entry(*kem, 1) == ntru_test::rsp_entry(text, 1));
  }
  const auto& files = ntru_test::kat_files().front();
  const auto kem = make_simd(files.scheme, isa);
  std::string all;
  for (std::size_t count = 0; count < 100; ++count) {
    if (count > 0) all += '\n';  // one blank line between entries
    all += ntru_test::kat_entry(*kem, count);
  }
  CHECK(ntru_test::sha256_hex(all) == files.all);
  }
  CHECK_THROWS_AS(make_simd("ntruhps2048509", foreign_isa), std::invalid_argument);
}

#endif

TEST_CASE("ntru simd toom4-k4: refused when the portable path is forced", "[ntru][simd]") {
  const pqmul::test::ForcePortable forced;
  CHECK_THROWS_AS(make_simd("ntruhrss701", pqmul::Isa::avx2), std::invalid_argument);
  CHECK_THROWS_AS(make_simd("ntruhrss701", pqmul::Isa::avx512), std::invalid_argument);
  CHECK_THROWS_AS(make_simd("ntruhrss701", pqmul::Isa::neon), std::invalid_argument);
}

}  // namespace pqmul_tests::ntru_test_ntru_simd_kat
