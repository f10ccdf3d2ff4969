// Saber over the AVX2 toom4-k2: the regenerated NIST .rsp text must equal the
// official round-3 files and their published SHA-256 digests, for every
// parameter set and strategy; with the portable path forced it is refused.
#include <catch2/catch.hpp>

#include "../../schemes/src/saber/factories.hpp"
#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"

namespace {

struct KatSet {
  const char* scheme;
  const char* hash_row;  // row of KAT_HASHES.txt
  const char* header;
  const char* file;      // under kem/saber-r3/
};
const KatSet kat_sets[] = {
    {"lightsaber", "LightSaber", "# LightSaber", "lightsaber_r3_PQCkemKAT_1568.first2.rsp"},
    {"saber", "Saber", "# Saber", "saber_r3_PQCkemKAT_2304.rsp"},
    {"firesaber", "FireSaber", "# FireSaber", "firesaber_r3_PQCkemKAT_3040.first2.rsp"},
};

std::string official(const KatSet& set) {
  return pqmul::test::read_text(pqmul::test::vectors_dir() + "/kem/saber-r3/" + set.file);
}

[[maybe_unused]] std::string official_prefix(const KatSet& set, std::size_t count) {
  const std::string text = official(set);
  std::size_t end = 0;
  for (std::size_t i = 0; i < count; ++i) {
    end = text.find("\n\n", text.find("ss = ", end));
    REQUIRE(end != std::string::npos);
    end += 2;
  }
  return text.substr(0, end);
}

}  // namespace

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
