// Saber over the AVX2 toom4-k2: the regenerated NIST .rsp text must equal the
// official round-3 files and their published SHA-256 digests, for every
// parameter set and strategy; with the portable path forced it is refused.
#include <catch2/catch.hpp>

#include "../../schemes/src/saber/factories.hpp"
#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"

using saber_test::kat_sets;
using saber_test::official;
using saber_test::official_prefix;

#if defined(PQMUL_X86_SIMD)

TEST_CASE("Saber avx2: all 100 KAT vectors of Saber with the cached strategy", "[saber][kat][avx2]") {
  if (!pqmul::isa_available(pqmul::Isa::avx2)) {
    CHECK_THROWS(pqmul::saber::detail::make_toom4k2_avx2_saber("saber", pqmul::Strategy::cached, "toom4-k2"));
    return;
  }
  const auto& set = kat_sets[1];
  const auto [single, all] = saber_test::published_digests(set.hash_row);
  const auto kem = pqmul::saber::detail::make_toom4k2_avx2_saber(set.scheme, pqmul::Strategy::cached, "toom4-k2");
  CHECK(kem->isa() == "avx2");
  CHECK(kem->multiplier() == "toom4-k2");
  const std::string text = saber_test::kat_file(*kem, set.header, 100);
  CHECK(saber_test::all_digest(text) == all);
  CHECK(saber_test::single_digest(text) == single);
  CHECK(text == official(set));
}

TEST_CASE("Saber avx2: every set and strategy reproduces KAT counts 0 and 1", "[saber][kat][avx2]") {
  if (!pqmul::cpu_supports(pqmul::Isa::avx2)) {
    CHECK_FALSE(pqmul::isa_available(pqmul::Isa::avx2));  // refused here, as it must be
    return;
  }
  for (const auto& set : kat_sets) {
    const std::string expected = official_prefix(set, 2);
    const auto [single, all] = saber_test::published_digests(set.hash_row);
    for (auto strategy : pqmul::all_strategies) {
      INFO(set.scheme << " " << to_string(strategy));
      const auto kem = pqmul::saber::detail::make_toom4k2_avx2_saber(set.scheme, strategy, "toom4-k2");
      CHECK(kem->scheme() == set.scheme);
      CHECK(kem->strategy() == strategy);
      CHECK(kem->isa() == "avx2");
      const std::string text = saber_test::kat_file(*kem, set.header, 2);
      CHECK(saber_test::single_digest(text) == single);
      CHECK(text == expected);
    }
  }
}

#endif

TEST_CASE("Saber avx2: refused when the portable path is forced", "[saber][avx2]") {
  const bool before = pqmul::portable_forced();
  pqmul::force_portable(true);
  CHECK_THROWS_AS(pqmul::saber::detail::make_toom4k2_avx2_saber("saber", pqmul::Strategy::cached, "toom4-k2"),
                  std::invalid_argument);
  pqmul::force_portable(before);
}
