// Inversion in S_3, S_2 and R_q (modulo Phi_n): f * f^-1 = 1 on random
// inputs, and inputs that are zero modulo Phi_n (the only non-invertible
// elements, since Phi_n is irreducible mod 2 and mod 3 for these n) reported.
#include <catch2/catch.hpp>

#include <random>

#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/schemes/ntru/inverse.hpp"
#include "pqmul/schemes/ntru/sample.hpp"
#include "pqmul/schemes/ntru/scheme.hpp"
#include "test_support.hpp"

using namespace pqmul::ntru;

TEMPLATE_TEST_CASE("ntru inversion in S_3", "[ntru][inverse]", Hps2048509, Hps2048677, Hps4096821, Hrss701) {
  using P = TestType;
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 3; ++trial) {
    // Reduced and unreduced inputs (coefficient n-1 nonzero).
    const S3<P> f = ntru_test::random_s3<P>(rng, trial == 0);
    S3<P> inverse;
    REQUIRE(invert_s3<P::n>(f, inverse));
    CHECK(inverse[P::n - 1] == 0);
    CHECK(ntru_test::s3_product_by_definition<P>(f, inverse) == ntru_test::s3_one<P>());
  }
  std::array<std::uint8_t, P::iid_bytes> bytes{};
  ntru_test::random_bytes(bytes, rng);
  const auto f = sample_iid<P>(bytes);
  S3<P> inverse;
  REQUIRE(invert_s3<P::n>(f, inverse));
  CHECK(ntru_test::s3_product_by_definition<P>(f, inverse) == ntru_test::s3_one<P>());

  S3<P> zero, phi, minus_phi, inverse_of_bad;
  phi.coeffs.fill(1);
  minus_phi.coeffs.fill(2);
  CHECK_FALSE(invert_s3<P::n>(zero, inverse_of_bad));
  CHECK_FALSE(invert_s3<P::n>(phi, inverse_of_bad));
  CHECK_FALSE(invert_s3<P::n>(minus_phi, inverse_of_bad));
  S3<P> one = ntru_test::s3_one<P>();
  REQUIRE(invert_s3<P::n>(one, inverse));
  CHECK(inverse == one);
}

TEMPLATE_TEST_CASE("ntru inversion in S_2 and R_q", "[ntru][inverse]", Hps2048509, Hps2048677, Hps4096821, Hrss701) {
  using P = TestType;
  using R = typename P::ring;
  std::mt19937_64 rng(8);
  const auto m = pqmul::make_toom_cook<R>("karatsuba");
  const Ntru<P, pqmul::ToomCook<R>> scheme(m);
  for (int trial = 0; trial < 2; ++trial) {
    Rq<P> a = ntru_test::random_rq<P>(rng), inverse;
    REQUIRE(invert_rq<P>(m, a, inverse));
    CHECK(scheme.mul_sq(a, inverse) == ntru_test::rq_one<P>());
  }
  // An input like the key's 3gf: zero at x = 1, so invertible modulo Phi_n only.
  std::array<std::uint8_t, P::fixed_type_bytes> bytes{};
  ntru_test::random_bytes(bytes, rng);
  Rq<P> gf = scheme.mul_rq(key_g<P>(ntru_test::random_s3<P>(rng)), to_rq<P>(ntru_test::random_s3<P>(rng))), inverse;
  REQUIRE(invert_rq<P>(m, gf, inverse));
  CHECK(scheme.mul_sq(gf, inverse) == ntru_test::rq_one<P>());

  // Zero modulo (2, Phi_n): even coefficients, or Phi_n plus even ones.
  Rq<P> even = ntru_test::random_rq<P>(rng), phi_plus_even;
  for (std::size_t i = 0; i < P::n; ++i) {
    even[i] = static_cast<std::uint16_t>(even[i] & ~1u);
    phi_plus_even[i] = static_cast<std::uint16_t>(even[i] | 1u);
  }
  CHECK_FALSE(invert_rq<P>(m, even, inverse));
  CHECK_FALSE(invert_rq<P>(m, phi_plus_even, inverse));

  std::array<std::uint8_t, P::n> bits{}, inverse_bits{};
  bits[1] = 1;  // x: its inverse is x^(n-1) = 1 + x + ... + x^(n-2) mod Phi_n
  REQUIRE(invert_s2<P::n>(bits, inverse_bits));
  for (std::size_t i = 0; i + 1 < P::n; ++i) CHECK(inverse_bits[i] == 1);
  CHECK(inverse_bits[P::n - 1] == 0);
}
