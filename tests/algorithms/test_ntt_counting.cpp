// Operation counts of the NTT multipliers, tallied by running their counting
// twins (the same butterflies and base multiplications instantiated over
// ntt_tally::Counted). Every expected figure is derived by hand in the
// comments from the convention of ntt_tally.hpp: Montgomery products by a
// twiddle / gamma / scale / CRT constant are constant_mults, products of two
// data values are products, additions and subtractions (also into an
// accumulator lane) are additions, reductions are not counted.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul_tests::algorithms_test_ntt_counting {

using namespace pqmul;
using Tally = ntt_tally::Counted;

namespace {

bool same(const OpCounts& a, const OpCounts& b) {
  return a.products == b.products && a.constant_mults == b.constant_mults && a.additions == b.additions;
}
std::string show(const OpCounts& c) {
  std::string s(1, '{');
  s += std::to_string(c.products);
  s += ", ";
  s += std::to_string(c.constant_mults);
  s += ", ";
  s += std::to_string(c.additions);
  s += '}';
  return s;
}
#define CHECK_COUNTS(got, products_, constants_, additions_)                  \
  do {                                                                        \
    const OpCounts got_ = (got);                                              \
    INFO("got " << show(got_));                                               \
    CHECK(same(got_, OpCounts{(products_), (constants_), (additions_)}));     \
  } while (false)

OpCounts count(const char* ring, const char* params = "", Strategy s = Strategy::eager, std::size_t rank = 0) {
  auto m = make_multiplier(ring, "ntt", Params::parse(params), pqmul::Isa::portable);
  std::string why;
  auto c = m->count(s, rank, &why);
  INFO(why);
  REQUIRE(c.has_value());
  return *c;
}

template <RingDescription R>
Poly<R> random_poly(std::mt19937& rng) {
  Poly<R> p;
  for (std::size_t i = 0; i < R::n; ++i) p[i] = static_cast<std::uint16_t>(rng() % R::q);
  return p;
}

}  // namespace

TEST_CASE("Kyber NTT steps: counts of the butterflies and base multiplications", "[ntt][count]") {
  std::mt19937 rng(5);
  kyber_ntt::Coeffs f{};
  for (auto& c : f) c = static_cast<std::int16_t>(rng() % 3329) - 1664;
  Tally::read_and_reset();

  // Forward: 7 layers x 128 Cooley-Tukey butterflies; each multiplies by its
  // twiddle once and forms f + t and f - t: 896 constants, 1792 additions.
  kyber_ntt::Coeffs g = f;
  kyber_ntt::forward<Tally>(g);
  CHECK_COUNTS(Tally::read_and_reset(), 0, 896, 1792);
  // The uncounted instantiation computes the very same values and tallies nothing.
  kyber_ntt::Coeffs h = f;
  kyber_ntt::forward(h);
  CHECK(h == g);
  CHECK_COUNTS(Tally::read_and_reset(), 0, 0, 0);

  // Inverse: 7 x 128 Gentleman-Sande butterflies (twiddle times the
  // difference, plus the sum: 896 constants, 1792 additions), then the 1/128
  // scaling is its own pass of 256 constant products: 1152 constants. The
  // lazy Barrett reductions of the sums are not counted.
  kyber_ntt::reduce(g);
  kyber_ntt::inverse<Tally>(g);
  CHECK_COUNTS(Tally::read_and_reset(), 0, 1152, 1792);
  kyber_ntt::inverse_from_montgomery<Tally>(g);  // the R is folded into the scale
  CHECK_COUNTS(Tally::read_and_reset(), 0, 1152, 1792);

  // Base multiplication with accumulation, 128 pairs (a0 + a1 X)(b0 + b1 X)
  // mod X^2 - gamma: a0 b0, fqmul(a1, b1), a0 b1, a1 b0 are 4 products; the
  // fqmul result times gamma 1 constant; 2 sums inside the pair and 2
  // additions into the lanes: 512 products, 128 constants, 512 additions.
  std::array<std::int32_t, 256> acc{};
  kyber_ntt::reduce(f);
  kyber_ntt::base_multiply_accumulate<Tally>(acc, f, f);
  CHECK_COUNTS(Tally::read_and_reset(), 512, 128, 512);
  // The standalone MultiplyNTTs: the same 4 products and 1 gamma product per
  // pair, no lanes (2 additions), and two Montgomery corrections by R^2 per
  // pair: 512 products, 3 * 128 = 384 constants, 256 additions.
  kyber_ntt::Coeffs r;
  kyber_ntt::base_multiply<Tally>(r, f, f);
  CHECK_COUNTS(Tally::read_and_reset(), 512, 384, 256);
}

TEST_CASE("the counting twins compute what the plain multipliers compute", "[ntt][count]") {
  std::mt19937 rng(6);
  {
    const KyberNttMultiplier plain;
    const CountingKyberNttMultiplier twin;
    const auto a = random_poly<KyberRing>(rng), b = random_poly<KyberRing>(rng);
    CHECK(mul(twin, a, b) == mul(plain, a, b));
  }
  {
    const BigNtt<SaberRing> plain(BigNttConfig{2, 6, 0, 0});
    const BigNtt<SaberRing, Tally> twin(plain.config());
    const auto a = random_poly<SaberRing>(rng), b = random_poly<SaberRing>(rng);
    CHECK(mul(twin, a, b) == mul(plain, a, b));
  }
  {
    const BigNtt<NtruHps2048509Ring> plain;
    const BigNtt<NtruHps2048509Ring, Tally> twin(plain.config());
    const auto a = random_poly<NtruHps2048509Ring>(rng), b = random_poly<NtruHps2048509Ring>(rng);
    CHECK(mul(twin, a, b) == mul(plain, a, b));
  }
  Tally::read_and_reset();
}

TEST_CASE("Kyber ntt through the registry: one product and rank-3 strategies", "[ntt][count]") {
  // Steps (previous test): transform T = {0, 896, 1792} (the Barrett
  // centring after it is not counted), product P = {512, 128, 512}, inverse
  // I = {0, 1152, 1792} (accumulator reduction and canonical output are
  // reductions).
  // One product, 2T + P + I: 512 products, 2*896 + 128 + 1152 = 3072
  // constants, 2*1792 + 512 + 1792 = 5888 additions.
  CHECK_COUNTS(count("kyber"), 512, 3072, 5888);

  // Rank 3, always 9 base multiplications: 9 * 512 = 4608 products.
  // eager: 18 T + 9 P + 9 I, plus 2 polynomial sums per row, 6 * 256 = 1536:
  //   constants 18*896 + 9*128 + 9*1152 = 16128 + 1152 + 10368 = 27648,
  //   additions 18*1792 + 9*512 + 9*1792 + 1536 = 32256 + 4608 + 16128 + 1536 = 54528.
  CHECK_COUNTS(count("kyber", "", Strategy::eager, 3), 4608, 27648, 54528);
  // lazy: 18 T + 9 P + 3 I:
  //   constants 16128 + 1152 + 3456 = 20736, additions 32256 + 4608 + 5376 = 42240.
  CHECK_COUNTS(count("kyber", "", Strategy::lazy, 3), 4608, 20736, 42240);
  // cached: the vector's 3 transforms are reused, 12 T + 9 P + 3 I:
  //   constants 10752 + 1152 + 3456 = 15360, additions 21504 + 4608 + 5376 = 31488.
  CHECK_COUNTS(count("kyber", "", Strategy::cached, 3), 4608, 15360, 31488);
}

TEST_CASE("BigNtt transforms: two primes double the counts", "[ntt][count]") {
  std::mt19937 rng(7);
  // Both operands within the configured bound of 5 (centred), as a Saber
  // secret is: debug builds assert the bound on every transform.
  std::uniform_int_distribution<int> small(-5, 5);
  Poly<SaberRing> a;
  for (auto& c : a.coeffs) c = static_cast<std::uint16_t>((small(rng) + 8192) % 8192);
  // Saber secret bound 5 keeps one prime valid, so the prime count is the
  // only difference. Complete NTT of length 256: 8 layers x 128 butterflies
  // = 1024 twiddle products and 2048 additions per prime.
  const BigNtt<SaberRing, Tally> one(BigNttConfig{1, 0, 0, 5}), two(BigNttConfig{2, 0, 0, 5});
  auto x1 = one.make_operand();
  auto x2 = two.make_operand();
  Tally::read_and_reset();
  one.transform(a, x1);
  CHECK_COUNTS(Tally::read_and_reset(), 0, 1024, 2048);
  two.transform(a, x2);
  CHECK_COUNTS(Tally::read_and_reset(), 0, 2048, 4096);

  // Pointwise product (degree-0 base rings): 256 products and 256 lane
  // additions per prime.
  auto acc = two.make_accumulator();
  two.clear(acc);
  two.multiply_accumulate(acc, x2, x2);
  CHECK_COUNTS(Tally::read_and_reset(), 512, 0, 512);
  // Inverse per prime: 1024 twiddle products and 2048 additions, then 256
  // scale products; the CRT adds 3 constants and 3 additions per output
  // coefficient: 2*1280 + 768 = 3328 constants, 2*2048 + 768 = 4864 additions.
  Poly<SaberRing> out;
  two.inverse(acc, out);
  CHECK_COUNTS(Tally::read_and_reset(), 0, 3328, 4864);
}

TEST_CASE("BigNtt through the registry: complete, incomplete, cyclic", "[ntt][count]") {
  // saber, default: full-range operands need 2 primes. Per prime T = {0, 1024,
  // 2048}, P = {256, 0, 256}, I = {0, 1280, 2048}; CRT {0, 768, 768}.
  // One product: 512 products, 2*(2*1024 + 1280) + 768 = 7424 constants,
  // 2*(2*2048 + 256 + 2048) + 768 = 13568 additions.
  const auto complete = count("saber");
  CHECK_COUNTS(complete, 512, 7424, 13568);

  // layers=6: 64 base rings x^4 - gamma. Per prime T = {0, 6*128, 6*256} =
  // {0, 768, 1536}; each base product is a 4x4 schoolbook with the wrapped
  // part times gamma: 16 products, 3 gamma products, 16 additions (9 sums,
  // 3 gamma terms, 4 lanes), so P = {1024, 192, 1024}; I = {0, 768 + 256,
  // 1536}. One product: 2048 products, 2*(2*768 + 192 + 1024) + 768 = 6272
  // constants, 2*(2*1536 + 1024 + 1536) + 768 = 12032 additions.
  const auto incomplete = count("saber", "layers=6");
  CHECK_COUNTS(incomplete, 2048, 6272, 12032);
  // Fewer layers: fewer twiddle products, more products of two variables.
  CHECK(incomplete.constant_mults < complete.constant_mults);
  CHECK(incomplete.products > complete.products);

  // ntru-hps2048509 (cyclic, n = 509) with one prime: the linear product in
  // a negacyclic NTT of length 1024, 10 layers. T = {0, 10*512, 10*1024} =
  // {0, 5120, 10240}, P = {1024, 0, 1024}, I = {0, 5120 + 1024, 10240} plus
  // the fold of coefficients 509..1016 onto 0..507: 508 additions; one prime
  // has no CRT. 1024 products, 2*5120 + 6144 = 16384 constants,
  // 2*10240 + 1024 + 10240 + 508 = 32252 additions.
  CHECK_COUNTS(count("ntru-hps2048509", "primes=1"), 1024, 16384, 32252);

  // saber rank 3, 2 primes: T2 = {0, 2048, 4096}, P2 = {512, 0, 512},
  // I2 = {0, 3328, 4864} (CRT included).
  // cached, 12 T2 + 9 P2 + 3 I2: 4608 products, 24576 + 9984 = 34560
  // constants, 49152 + 4608 + 14592 = 68352 additions.
  CHECK_COUNTS(count("saber", "", Strategy::cached, 3), 4608, 34560, 68352);
  // eager, 18 T2 + 9 P2 + 9 I2 + 6 * 256 polynomial-sum additions:
  // 36864 + 29952 = 66816 constants, 73728 + 4608 + 43776 + 1536 = 123648.
  CHECK_COUNTS(count("saber", "", Strategy::eager, 3), 4608, 66816, 123648);
}

TEST_CASE("every ntt entry and variant counts, and strategies relate as the module code says",
          "[ntt][count][registry]") {
  for (const auto& e : multiplier_registry()) {
    if (e.multiplier != "ntt") continue;
    for (const auto& v : e.variants) {
      auto m = e.make(Params::parse(v));
      INFO(m->id());
      const std::size_t n = m->ring().n;
      std::string why;
      const auto one = m->count(Strategy::eager, 0, &why);
      INFO(why);
      REQUIRE(one.has_value());
      CHECK(one->products > 0);
      CHECK(one->constant_mults > 0);
      // Rank 2 eager is 4 whole products plus 2 polynomial sums (one per row).
      const auto eager = m->count(Strategy::eager, 2, &why);
      REQUIRE(eager.has_value());
      CHECK_COUNTS(*eager, 4 * one->products, 4 * one->constant_mults, 4 * one->additions + 2 * n);
      if (m->max_accumulated() < 2) continue;  // lazy and cached refuse rank 2
      // Same 4 base multiplications in every strategy; caching saves 2 of the 8
      // transforms, lazy and cached save 2 of the 4 inverses.
      const auto lazy = m->count(Strategy::lazy, 2, &why);
      const auto cached = m->count(Strategy::cached, 2, &why);
      REQUIRE(lazy.has_value());
      REQUIRE(cached.has_value());
      CHECK(lazy->products == eager->products);
      CHECK(cached->products == eager->products);
      CHECK(lazy->constant_mults < eager->constant_mults);
      CHECK(cached->constant_mults < lazy->constant_mults);
      CHECK(cached->additions < lazy->additions);
    }
  }
}

}  // namespace pqmul_tests::algorithms_test_ntt_counting
