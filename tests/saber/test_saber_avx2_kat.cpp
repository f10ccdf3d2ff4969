// Saber over the AVX2 Toom-Cook kernels, every plan (toom4-k2, toom4-k3, toom4-k4): the
// regenerated NIST .rsp text must equal the official round-3 files and their
// published SHA-256 digests, for every parameter set and strategy, with
// scalar (avx2) and AVX-512 (avx512) hashing; with the portable path forced
// both are refused, and a plan the kernels do not compute is refused.
#include <catch2/catch.hpp>

#include "../../schemes/src/saber/factories.hpp"
#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::saber_test_saber_avx2_kat {

using saber_test::kat_sets;
using saber_test::official;
using saber_test::official_prefix;

// The plans of the Toom-Cook kernels on Saber's ring.
constexpr const char* toom_plans[] = {"toom4-k2", "toom4-k3", "toom4-k4"};

#if defined(PQMUL_X86_SIMD)

TEST_CASE("Saber avx2: all 100 KAT vectors of Saber with the cached strategy", "[saber][kat][avx2]") {
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) {
    CHECK_THROWS(pqmul::saber::detail::make_toom4_simd_saber("saber", pqmul::Strategy::cached, "toom4-k2"));
    return;
  }
  const auto& set = kat_sets[1];
  const auto [single, all] = saber_test::published_digests(set.hash_row);
  for (const char* plan : toom_plans) {
    INFO(plan);
    const auto kem = pqmul::saber::detail::make_toom4_simd_saber(set.scheme, pqmul::Strategy::cached, plan);
    CHECK(kem->isa() == "avx2");
    CHECK(kem->multiplier() == plan);
    const std::string text = saber_test::kat_file(*kem, set.header, 100);
    CHECK(saber_test::all_digest(text) == all);
    CHECK(saber_test::single_digest(text) == single);
    CHECK(text == official(set));
  }
  // Plans the kernels do not compute (catalogue plans of the portable code).
  for (const char* plan : {"toom3", "toom4"})
    CHECK_THROWS_AS(pqmul::saber::detail::make_toom4_simd_saber("saber", pqmul::Strategy::cached, plan),
                    std::invalid_argument);
}

TEST_CASE("Saber avx2: every set and strategy reproduces KAT counts 0 and 1", "[saber][kat][avx2]") {
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) {
    // No AVX2 here, or the portable path is forced: the instance is refused.
    CHECK_THROWS_AS(pqmul::saber::detail::make_toom4_simd_saber("saber", pqmul::Strategy::cached, "toom4-k2"),
                    std::invalid_argument);
    return;
  }
  for (const auto& set : kat_sets) {
    const std::string expected = official_prefix(set, 2);
    const auto [single, all] = saber_test::published_digests(set.hash_row);
    for (auto strategy : pqmul::all_strategies)
      for (const char* plan : toom_plans) {
        INFO(set.scheme << " " << to_string(strategy) << " " << plan);
        const auto kem = pqmul::saber::detail::make_toom4_simd_saber(set.scheme, strategy, plan);
        CHECK(kem->scheme() == set.scheme);
        CHECK(kem->strategy() == strategy);
        CHECK(kem->isa() == "avx2");
        const std::string text = saber_test::kat_file(*kem, set.header, 2);
        CHECK(saber_test::single_digest(text) == single);
        CHECK(text == expected);
      }
  }
}

TEST_CASE("Saber avx512: all 100 KAT vectors of Saber, and counts 0 and 1 of every set and strategy",
          "[saber][kat][avx512]") {
  if (!pqmul::test::runs_here(pqmul::Isa::avx512)) {
    CHECK_THROWS(pqmul::saber::detail::make_toom4_simd_saber("saber", pqmul::Strategy::cached, "toom4-k2",
                                                              pqmul::Isa::avx512));
    return;
  }
  const auto& set = kat_sets[1];
  const auto [single, all] = saber_test::published_digests(set.hash_row);
  for (const char* plan : toom_plans) {
    INFO(plan);
    const auto kem =
        pqmul::saber::detail::make_toom4_simd_saber(set.scheme, pqmul::Strategy::cached, plan, pqmul::Isa::avx512);
    CHECK(kem->isa() == "avx512");
    const std::string text = saber_test::kat_file(*kem, set.header, 100);
    CHECK(saber_test::all_digest(text) == all);
    CHECK(text == official(set));
  }
  for (const auto& each : kat_sets) {
    const std::string expected = official_prefix(each, 2);
    for (auto strategy : pqmul::all_strategies)
      for (const char* plan : toom_plans) {
        INFO(each.scheme << " " << to_string(strategy) << " " << plan);
        const auto k = pqmul::saber::detail::make_toom4_simd_saber(each.scheme, strategy, plan, pqmul::Isa::avx512);
        CHECK(saber_test::kat_file(*k, each.header, 2) == expected);
      }
  }
}

#endif

TEST_CASE("Saber avx2: refused when the portable path is forced", "[saber][avx2]") {
  const pqmul::test::ForcePortable forced;
  CHECK_THROWS_AS(pqmul::saber::detail::make_toom4_simd_saber("saber", pqmul::Strategy::cached, "toom4-k2"),
                  std::invalid_argument);
  CHECK_THROWS_AS(pqmul::saber::detail::make_toom4_simd_saber("saber", pqmul::Strategy::cached, "toom4-k2",
                                                                pqmul::Isa::avx512),
                  std::invalid_argument);
}

}  // namespace pqmul_tests::saber_test_saber_avx2_kat
