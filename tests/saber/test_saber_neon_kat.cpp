// Saber over the NEON Toom-Cook kernels (AArch64 builds, under qemu-aarch64
// in ./workbench test): the regenerated NIST .rsp text equals the official
// round-3 files and their published digests, every parameter set and
// strategy, for toom4-k2 (all 100 vectors), toom4-k3 and toom4-k4 (counts 0
// and 1: the same kernel source runs all 100 in the x86 builds); with the
// portable path forced the NEON version is refused.
#include <catch2/catch.hpp>

#include "../../schemes/src/saber/factories.hpp"
#include "../common/isa_gate.hpp"
#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"

namespace pqmul_tests::saber_test_saber_neon_kat {

using saber_test::kat_sets;
using saber_test::official;
using saber_test::official_prefix;

#if defined(PQMUL_ARM_SIMD)

TEST_CASE("Saber neon: all 100 KAT vectors of Saber, and counts 0 and 1 of every set and strategy",
          "[saber][kat][neon]") {
  if (!pqmul::test::runs_here(pqmul::Isa::neon)) return;
  const auto& set = kat_sets[1];
  const auto [single, all] = saber_test::published_digests(set.hash_row);
  const auto kem =
      pqmul::saber::detail::make_toom4_simd_saber(set.scheme, pqmul::Strategy::cached, "toom4-k2", pqmul::Isa::neon);
  CHECK(kem->isa() == "neon");
  CHECK(kem->multiplier() == "toom4-k2");
  const std::string text = saber_test::kat_file(*kem, set.header, 100);
  CHECK(saber_test::all_digest(text) == all);
  CHECK(saber_test::single_digest(text) == single);
  CHECK(text == official(set));
  for (const auto& each : kat_sets) {
    const std::string expected = official_prefix(each, 2);
    for (auto strategy : pqmul::all_strategies)
      for (const char* plan : {"toom4-k2", "toom4-k3", "toom4-k4"}) {
        INFO(each.scheme << " " << to_string(strategy) << " " << plan);
        const auto k = pqmul::saber::detail::make_toom4_simd_saber(each.scheme, strategy, plan, pqmul::Isa::neon);
        CHECK(k->strategy() == strategy);
        CHECK(k->multiplier() == plan);
        CHECK(saber_test::kat_file(*k, each.header, 2) == expected);
      }
  }
}

TEST_CASE("Saber neon: refused when the portable path is forced, and on x86 ISAs", "[saber][neon]") {
  {
    const pqmul::test::ForcePortable forced;
    CHECK_THROWS_AS(
        pqmul::saber::detail::make_toom4_simd_saber("saber", pqmul::Strategy::cached, "toom4-k2", pqmul::Isa::neon),
        std::invalid_argument);
  }
  CHECK_THROWS_AS(
      pqmul::saber::detail::make_toom4_simd_saber("saber", pqmul::Strategy::cached, "toom4-k2", pqmul::Isa::avx2),
      std::invalid_argument);
}

#else

TEST_CASE("Saber neon: not built on this architecture", "[saber][neon]") {
  CHECK_FALSE(pqmul::isa_available(pqmul::Isa::neon));
}

#endif

}  // namespace pqmul_tests::saber_test_saber_neon_kat
