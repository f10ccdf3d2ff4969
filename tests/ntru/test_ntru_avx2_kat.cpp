// NTRU over the AVX2 toom4-k2: KAT entries equal to the official round-3
// files and their published digests, for every parameter set; refused when
// the portable path is forced.
#include <catch2/catch.hpp>

#include <string>

#include "../../schemes/src/ntru/toom_avx2_factory.hpp"
#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"

namespace {

std::unique_ptr<pqmul::Kem> make_avx2(const std::string& scheme) {
  using namespace pqmul::ntru;
  if (scheme == "ntruhps2048509") return make_toom4k2_avx2_kem<Hps2048509>();
  if (scheme == "ntruhps2048677") return make_toom4k2_avx2_kem<Hps2048677>();
  if (scheme == "ntruhps4096821") return make_toom4k2_avx2_kem<Hps4096821>();
  return make_toom4k2_avx2_kem<Hrss701>();
}

}  // namespace

#if defined(PQMUL_X86_SIMD)

TEST_CASE("ntru avx2: counts 0 and 1 of every set, 100 vectors of hps2048509", "[ntru][kat][avx2]") {
  if (!pqmul::isa_available(pqmul::Isa::avx2)) {
    CHECK_THROWS(make_avx2("ntruhps2048509"));
    return;
  }
  for (const auto& files : ntru_test::kat_files()) {
    INFO(files.scheme);
    const auto kem = make_avx2(files.scheme);
    CHECK(kem->scheme() == files.scheme);
    CHECK(kem->isa() == "avx2");
    CHECK(kem->multiplier() == "toom4-k2");
    const std::string text = ntru_test::read_text(ntru_test::vectors(files.file));
    const std::string first = ntru_test::kat_entry(*kem, 0);
    CHECK(first == ntru_test::rsp_entry(text, 0));
    CHECK(ntru_test::sha256_hex(first) == files.single);
    CHECK(ntru_test::kat_entry(*kem, 1) == ntru_test::rsp_entry(text, 1));
  }
  const auto& files = ntru_test::kat_files().front();
  const auto kem = make_avx2(files.scheme);
  std::string all;
  for (std::size_t count = 0; count < 100; ++count) {
    if (count > 0) all += '\n';  // one blank line between entries
    all += ntru_test::kat_entry(*kem, count);
  }
  CHECK(ntru_test::sha256_hex(all) == files.all);
}

#endif

TEST_CASE("ntru avx2: refused when the portable path is forced", "[ntru][avx2]") {
  const bool before = pqmul::portable_forced();
  pqmul::force_portable(true);
  CHECK_THROWS_AS(make_avx2("ntruhrss701"), std::invalid_argument);
  pqmul::force_portable(before);
}
