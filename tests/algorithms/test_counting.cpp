// Operation counts come from running the algorithms over a counting
// arithmetic; the expected figures are derived by hand in the comments.
#include <catch2/catch.hpp>

#include "pqmul/algorithms/registry.hpp"

namespace pqmul_tests::algorithms_test_counting {

using namespace pqmul;

namespace {
OpCounts count(const char* ring, const char* name, const char* params = "", Strategy s = Strategy::eager,
               std::size_t rank = 0) {
  auto m = make_multiplier(ring, name, Params::parse(params), pqmul::Isa::portable);
  std::string why;
  auto c = m->count(s, rank, &why);
  REQUIRE(c.has_value());
  return *c;
}
}  // namespace

TEST_CASE("schoolbook and Karatsuba products of two variables", "[count]") {
  // Schoolbook on n = 256: every a_i b_j once, 256^2.
  CHECK(count("saber", "schoolbook").products == 65536);
  // Karatsuba depth 4 on 256: 3^4 leaves of 16 coefficients, 81 * 16^2.
  CHECK(count("saber", "karatsuba").products == 81 * 256);
  // Toom-4 (7 points) then two Karatsuba levels (3 each): 63 leaves of 16.
  CHECK(count("saber", "toom4-k2").products == 63 * 256);
  // Toom-3 on 256 with leaves <= 32: 3 * 2^2 = 12 splits -> pad to 264,
  // leaves of 22; 5 * 3 * 3 = 45 leaves: 45 * 22^2.
  CHECK(count("kyber", "toom3").products == 45 * 22 * 22);
  // NTRU hps2048677, toom4-k2: 677 padded to 688 = 16 * 43, 63 * 43^2.
  CHECK(count("ntru-hps2048677", "toom4-k2").products == 63 * 43 * 43);
  // toom4-k4, the plan of NTRU's SIMD kernels: 677 padded to 704 = 64 * 11,
  // 7 * 3^4 = 567 leaves of 11.
  CHECK(count("ntru-hps2048677", "toom4-k4").products == 567 * 11 * 11);
  CHECK(count("ntru-hps4096821", "toom4-k4").products == 567 * 13 * 13);
}

TEST_CASE("Karatsuba needs no multiplication by constants; Toom-4 does", "[count]") {
  CHECK(count("saber", "karatsuba").constant_mults == 0);
  CHECK(count("saber", "schoolbook").constant_mults == 0);
  CHECK(count("saber", "toom4-k2").constant_mults > 0);
  // Schoolbook additions: 65536 accumulations plus the fold of 255 high
  // coefficients into the low half.
  CHECK(count("saber", "schoolbook").additions == 65536 + 255);
}

TEST_CASE("matrix-vector counts follow the strategy", "[count]") {
  const auto one = count("saber", "toom4-k2");
  const auto eager = count("saber", "toom4-k2", "", Strategy::eager, 3);
  const auto cached = count("saber", "toom4-k2", "", Strategy::cached, 3);
  // Every strategy performs the same l^2 = 9 pointwise products.
  CHECK(eager.products == 9 * one.products);
  CHECK(cached.products == 9 * one.products);
  // Caching saves 6 of 18 evaluations and 6 of 9 interpolations.
  CHECK(cached.constant_mults < eager.constant_mults);
  CHECK(cached.additions < eager.additions);
}

TEST_CASE("the Kronecker oracle has no coefficient arithmetic to count", "[count]") {
  auto m = make_multiplier("saber", "kronecker");
  std::string why;
  CHECK_FALSE(m->count(Strategy::eager, 0, &why).has_value());
  CHECK_THAT(why, Catch::Contains("big-integer"));
}

}  // namespace pqmul_tests::algorithms_test_counting
