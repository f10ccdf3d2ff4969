// Saber over the big-prime NTT on each SIMD ISA of the build (the registry's
// ntt/avx2 and ntt/avx512, or ntt/neon): the regenerated NIST .rsp text
// equals the official round-3 files and their published digests for every
// set, ntt variant and strategy;
// refused where the ISA cannot run or the portable path is forced.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/saber/saber.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::saber_test_saber_ntt_simd {

using saber_test::entry_of;
using saber_test::kat_sets;
using saber_test::official;
using saber_test::official_prefix;

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

namespace {

std::vector<std::string> ntt_multipliers() {
  std::vector<std::string> out;
  for (const auto& m : pqmul::ring_multiplier_variants(pqmul::SaberRing::name))
    if (m.substr(0, m.find(':')) == "ntt") out.push_back(m);
  return out;
}

}  // namespace

TEST_CASE("Saber ntt on the SIMD ISAs: every set, ntt variant and strategy reproduces KAT counts 0 and 1",
          "[saber][kat][simd]") {
  pqmul::test::skip_unless_any_runs(pqmul::big_ntt_simd_detail::kernel_isas());
  REQUIRE(ntt_multipliers().size() >= 2);
  for (pqmul::Isa isa : pqmul::big_ntt_simd_detail::kernel_isas()) {
    for (const auto& set : kat_sets) {
      const auto& entry = entry_of(set.scheme);
      const std::string expected = official_prefix(set, 2);
      const auto [single, all] = saber_test::published_digests(set.hash_row);
      for (const auto& multiplier : ntt_multipliers()) {
        const auto isas = entry.isas(multiplier);
        CHECK(std::find(isas.begin(), isas.end(), isa) != isas.end());
        for (auto strategy : pqmul::all_strategies) {
          INFO(set.scheme << " " << multiplier << " " << to_string(strategy) << " " << pqmul::isa_name(isa));
          if (!pqmul::isa_available(isa)) {
            CHECK_THROWS_AS(entry.make_for(multiplier, strategy, isa), std::invalid_argument);
            continue;
          }
          const auto kem = entry.make_for(multiplier, strategy, isa);
          CHECK(kem->isa() == pqmul::isa_name(isa));
          CHECK(kem->multiplier() == multiplier);
          CHECK(kem->strategy() == strategy);
          const std::string text = saber_test::kat_file(*kem, set.header, 2);
          CHECK(saber_test::single_digest(text) == single);
          CHECK(text == expected);
        }
      }
    }
  }
}

TEST_CASE("Saber ntt on the SIMD ISAs: all 100 KAT vectors of Saber", "[saber][kat][simd]") {
  pqmul::test::skip_unless_any_runs(pqmul::big_ntt_simd_detail::kernel_isas());
  const auto& set = kat_sets[1];
  const auto& entry = entry_of(set.scheme);
  const auto [single, all] = saber_test::published_digests(set.hash_row);
  const std::string expected = official(set);
  for (pqmul::Isa isa : pqmul::big_ntt_simd_detail::kernel_isas()) {
    INFO(pqmul::isa_name(isa));
    if (!pqmul::isa_available(isa)) {
      CHECK_THROWS(entry.make_for("ntt", pqmul::Strategy::cached, isa));
      continue;
    }
    const auto kem = entry.make_for("ntt", pqmul::Strategy::cached, isa);
    const std::string text = saber_test::kat_file(*kem, set.header, 100);
    CHECK(saber_test::all_digest(text) == all);
    CHECK(saber_test::single_digest(text) == single);
    CHECK(text == expected);
  }
}

#endif

TEST_CASE("Saber ntt on the SIMD ISAs: refused when the portable path is forced", "[saber][simd]") {
  const pqmul::test::ForcePortable forced;
  const auto& entry = entry_of("saber");
  for (pqmul::Isa isa : pqmul::big_ntt_simd_detail::kernel_isas())
    CHECK_THROWS_AS(entry.make_for("ntt", pqmul::Strategy::cached, isa), std::invalid_argument);
  // The portable path still gives the official bytes.
  const auto kem = entry.make_for("ntt", pqmul::Strategy::cached, pqmul::Isa::portable);
  CHECK(kem->isa() == "portable");
  CHECK(saber_test::kat_file(*kem, kat_sets[1].header, 1) == official_prefix(kat_sets[1], 1));
}

}  // namespace pqmul_tests::saber_test_saber_ntt_simd
