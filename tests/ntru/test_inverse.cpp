// Inversion in S_3, S_2 and R_q (modulo Phi_n): f * f^-1 = 1 on random
// inputs, and inputs that are zero modulo Phi_n (the only non-invertible
// elements, since Phi_n is irreducible mod 2 and mod 3 for these n) reported.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/schemes/ntru/inverse.hpp"
#include "pqmul/schemes/ntru/sample.hpp"
#include "pqmul/schemes/ntru/scheme.hpp"
#include "test_support.hpp"

namespace pqmul_tests::ntru_test_inverse {

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

namespace {

// Degree of gcd(a, Phi_N) over GF(p) by Euclid's algorithm (an oracle
// independent of the divsteps); a has N coefficients.
template <std::size_t N>
int gcd_degree_with_phi(const std::array<std::uint8_t, N>& a, unsigned p) {
  auto trim = [p](std::vector<unsigned> x) {
    while (!x.empty() && x.back() % p == 0) x.pop_back();
    return x;
  };
  auto inverse = [p](unsigned c) {
    for (unsigned i = 1; i < p; ++i)
      if (c * i % p == 1) return i;
    return 0u;
  };
  std::vector<unsigned> x = trim(std::vector<unsigned>(N, 1)), y = trim({a.begin(), a.end()});
  while (!y.empty()) {
    while (x.size() >= y.size()) {  // x -= c x^s y
      const unsigned c = x.back() * inverse(y.back()) % p;
      const std::size_t s = x.size() - y.size();
      for (std::size_t i = 0; i < y.size(); ++i) x[s + i] = (x[s + i] + p * p - c * y[i]) % p;
      x = trim(x);
    }
    std::swap(x, y);
  }
  return static_cast<int>(x.size()) - 1;
}

// invert_s3 / invert_s2 for a length N where Phi_N is reducible (so that
// gcds of every degree occur): invertible exactly when the gcd is 1, and
// then a * a^-1 = 1 modulo Phi_N.
template <std::size_t N>
void check_reducible_s3(std::mt19937_64& rng) {
  int shared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Ternary<N> a;
    for (std::size_t i = 0; i < N; ++i)  // dense and sparse inputs
      a[i] = static_cast<std::uint8_t>(trial % 2 ? rng() % 3 : (rng() % 4 == 0) * (1 + rng() % 2));
    Ternary<N> inverse;
    const bool invertible = invert_s3<N>(a, inverse);
    const int degree = gcd_degree_with_phi<N>(a.coeffs, 3);
    INFO("N " << N << " trial " << trial << " gcd degree " << degree);
    CHECK(invertible == (degree == 0));
#if defined(PQMUL_X86_SIMD)
    Ternary<N> simd;
    if (pqmul::isa_available(pqmul::Isa::avx2)) CHECK(invert_s3<N, Kernels::avx2>(a, simd) == invertible);
#endif
#if defined(PQMUL_ARM_SIMD)
    Ternary<N> simd;
    if (pqmul::isa_available(pqmul::Isa::neon)) CHECK(invert_s3<N, Kernels::neon>(a, simd) == invertible);
#endif
    shared += degree > 0;
    if (!invertible) continue;
    std::array<unsigned, 2 * N> product{};
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t j = 0; j < N; ++j) product[i + j] += a[i] * inverse[j];
    std::array<unsigned, N> cyclic{};  // mod x^N - 1, then mod Phi_N: subtract the top coefficient
    for (std::size_t i = 0; i < 2 * N; ++i) cyclic[i % N] += product[i];
    for (std::size_t i = 0; i < N; ++i) CHECK((cyclic[i] + 3 * N * N - cyclic[N - 1]) % 3 == (i == 0 ? 1u : 0u));
  }
  CHECK(shared > 10);
}

template <std::size_t N>
void check_reducible_s2(std::mt19937_64& rng, int least_shared) {
  int shared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::array<std::uint8_t, N> a{}, inverse{};
    for (std::size_t i = 0; i < N; ++i) a[i] = static_cast<std::uint8_t>(trial % 2 ? rng() % 2 : rng() % 5 == 0);
    const bool invertible = invert_s2<N>(a, inverse);
    const int degree = gcd_degree_with_phi<N>(a, 2);
    INFO("N " << N << " trial " << trial << " gcd degree " << degree);
    CHECK(invertible == (degree == 0));
#if defined(PQMUL_X86_SIMD)
    std::array<std::uint8_t, N> simd{};
    if (pqmul::isa_available(pqmul::Isa::avx2)) CHECK(invert_s2<N, Kernels::avx2>(a, simd) == invertible);
#endif
#if defined(PQMUL_ARM_SIMD)
    std::array<std::uint8_t, N> simd{};
    if (pqmul::isa_available(pqmul::Isa::neon)) CHECK(invert_s2<N, Kernels::neon>(a, simd) == invertible);
#endif
    shared += degree > 0;
  }
  CHECK(shared >= least_shared);
}

}  // namespace

TEST_CASE("ntru inversion: invertibility read from delta agrees with Euclid where Phi_N is reducible",
          "[ntru][inverse]") {
  std::mt19937_64 rng(9);
  check_reducible_s3<13>(rng);  // Phi_13 = four cubics over GF(3)
  check_reducible_s3<11>(rng);  // two quintics
  check_reducible_s2<7>(rng, 10);  // Phi_7 = two cubics over GF(2)
  check_reducible_s2<17>(rng, 1);  // two octics: a shared factor about once in 128
}

}  // namespace pqmul_tests::ntru_test_inverse
