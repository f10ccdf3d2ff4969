// Known-answer tests: the NIST .rsp text regenerated with the KAT DRBG must
// equal the official round-3 files and their published SHA-256 digests, for
// every parameter set, multiplier and strategy.
#include <catch2/catch.hpp>

#include "kat_support.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul_tests::saber_test_kat {

using saber_test::kat_sets;
using saber_test::official;
using saber_test::official_prefix;

TEST_CASE("stored Saber KAT files carry the published digests", "[saber][kat]") {
  for (const auto& set : kat_sets) {
    INFO(set.scheme);
    const auto [single, all] = saber_test::published_digests(set.hash_row);
    CHECK(saber_test::single_digest(official(set)) == single);
  }
  const auto [single, all] = saber_test::published_digests("Saber");
  CHECK(saber_test::all_digest(official(kat_sets[1])) == all);
}

TEST_CASE("Saber: all 100 KAT vectors with the reference shape and the NTT", "[saber][kat]") {
  const auto& set = kat_sets[1];
  const std::string expected = official(set);
  const auto [single, all] = saber_test::published_digests(set.hash_row);
  for (const auto& [multiplier, strategy] :
       {std::pair{"toom4-k2", pqmul::Strategy::cached}, std::pair{"ntt", pqmul::Strategy::lazy}}) {
    INFO(multiplier << " " << to_string(strategy));
    const auto kem = pqmul::saber::make_saber(set.scheme, multiplier, strategy);
    const std::string text = saber_test::kat_file(*kem, set.header, 100);
    CHECK(saber_test::all_digest(text) == all);
    CHECK(saber_test::single_digest(text) == single);
    CHECK(text == expected);
  }
}

TEST_CASE("every Saber set x multiplier x strategy reproduces KAT counts 0 and 1", "[saber][kat]") {
  for (const auto& set : kat_sets) {
    const std::string expected = official_prefix(set, 2);
    const auto [single, all] = saber_test::published_digests(set.hash_row);
    // Every variant the registry lists for the ring (incomplete and two-prime NTTs, each point set).
    for (const auto& multiplier : pqmul::ring_multiplier_variants(pqmul::SaberRing::name)) {
      for (auto strategy : pqmul::all_strategies) {
        INFO(set.scheme << " " << multiplier << " " << to_string(strategy));
        const auto kem = pqmul::saber::make_saber(set.scheme, multiplier, strategy);
        CHECK(kem->scheme() == set.scheme);
        CHECK(kem->strategy() == strategy);
        const std::string text = saber_test::kat_file(*kem, set.header, 2);
        CHECK(saber_test::single_digest(text) == single);
        CHECK(text == expected);
      }
    }
  }
}

}  // namespace pqmul_tests::saber_test_kat
