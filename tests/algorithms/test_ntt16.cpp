// "ntt16" (16-bit primes): its constants against independent modular
// arithmetic, every lane operation over all int16 inputs, the forward
// transform against evaluation at the roots, products and worst-case sums
// against the int64 definition, the forward's reduction schedule against an
// exhaustive search, the SIMD kernels lane for lane against the portable
// steps, the registry's entries and the counts the header states.
#include <catch2/catch.hpp>
#include <array>
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "../common/isa_gate.hpp"
#include "oracle.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"
#include "pqmul/algorithms/ntt/ntt16_kernels.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul_tests::algorithms_test_ntt16 {

namespace {

using namespace pqmul;
using namespace pqmul::ntt16;

std::int64_t power(std::int64_t b, std::int64_t e, std::int64_t m) {
  std::int64_t r = 1;
  b = ((b % m) + m) % m;
  for (; e > 0; e >>= 1, b = b * b % m)
    if (e & 1) r = r * b % m;
  return r;
}
std::int64_t mod(std::int64_t v, std::int64_t m) { return ((v % m) + m) % m; }

Poly<SaberRing> poly_of(const std::vector<std::uint16_t>& v, std::size_t at = 0) {
  Poly<SaberRing> p;
  for (std::size_t i = 0; i < 256; ++i) p[i] = v[at * 256 + i];
  return p;
}
std::vector<std::uint16_t> coefficients(const Poly<SaberRing>& p) { return {p.coeffs.begin(), p.coeffs.end()}; }

// Canonical coefficients of a centred value.
std::uint16_t canonical(std::int32_t v) { return static_cast<std::uint16_t>(mod(v, SaberRing::q)); }

// The polynomial f (its first `length` coefficients, the rest zero) at slot
// s's root psi^(2 BitRev8(s) + 1), mod prime k.
std::int64_t value_at_slot_root(std::size_t k, const std::int16_t* f, int length, unsigned s) {
  const auto& c = kPrime[k];
  unsigned reversed = 0;
  for (unsigned b = 0; b < 8; ++b) reversed |= ((s >> b) & 1u) << (7 - b);
  const std::int64_t x = power(c.psi, 2 * reversed + 1, c.p);
  std::int64_t value = 0;
  for (int i = length - 1; i >= 0; --i) value = (value * x + f[i]) % c.p;
  return value;
}

// The definition of prime k's forward transform: slot s of g holds f's value
// at slot s's root, mod p, within the stated output bound.
bool evaluates_at_roots(std::size_t k, const std::int16_t* f, int length, const std::int16_t* g) {
  const auto& c = kPrime[k];
  bool ok = true;
  for (unsigned s = 0; s < 256; ++s)
    ok = ok && mod(g[s] - value_at_slot_root(k, f, length, s), c.p) == 0 && std::abs(g[s]) <= c.forward_output_bound;
  return ok;
}

}  // namespace

TEST_CASE("ntt16 constants: roots, twiddles, scale and CRT constants by independent arithmetic", "[ntt16]") {
  for (std::size_t k = 0; k < kMaxPrimes; ++k) {
    const auto& c = kPrime[k];
    const std::int64_t p = c.p;
    INFO("p = " << p);
    CHECK(mod(p - 1, 512) == 0);
    CHECK(power(c.psi, 256, p) == p - 1);  // order exactly 512
    CHECK(mod(std::int64_t{c.qinv} * p, 65536) == 1);
    for (unsigned i = 1; i < 256; ++i) {
      unsigned reversed = 0;
      for (unsigned b = 0; b < 8; ++b) reversed |= ((i >> b) & 1u) << (7 - b);
      CHECK(mod(c.zeta[i], p) == power(c.psi, reversed, p) * 65536 % p);
      CHECK(mod(std::int64_t{c.zeta[i]} * c.zeta_inverse[i], p) == 65536 % p * 65536 % p);
      CHECK(2 * std::abs(c.zeta[i]) < p);
    }
    // scale * 2^8 = R^2, last_zeta_scaled = scale * psi^-128.
    CHECK(mod(std::int64_t{c.scale} * 256, p) == power(65536, 2, p));
    CHECK(mod(std::int64_t{c.last_zeta_scaled} * power(c.psi, 128, p), p) == mod(c.scale, p));
    // The split's inverses: the same constants times 2^-1.
    CHECK(mod(2 * std::int64_t{c.halved_scale}, p) == mod(c.scale, p));
    CHECK(mod(2 * std::int64_t{c.halved_last_zeta_scaled}, p) == mod(c.last_zeta_scaled, p));
    CHECK(mod(std::int64_t{c.halved_scale_qinv} - std::int64_t{c.halved_scale} * c.qinv, 65536) == 0);
    CHECK(mod(std::int64_t{c.halved_last_zeta_scaled_qinv} - std::int64_t{c.halved_last_zeta_scaled} * c.qinv, 65536) ==
          0);
  }
  const std::int64_t p0 = kPrimes[0], p1 = kPrimes[1], p2 = kPrimes[2];
  CHECK(mod(std::int64_t{kCrt.p0_inverse} * p0, p1) == 65536 % p1);
  CHECK(mod(std::int64_t{kCrt.p01_inverse} * (p0 * p1 % p2), p2) == 65536 % p2);
  CHECK(mod(kCrt.p0_mod_p2, p2) == p0 * 65536 % p2);
  CHECK(static_cast<std::uint16_t>(kCrt.p01_low) == static_cast<std::uint16_t>(p0 * p1));
}

TEST_CASE("ntt16 lane operations: Barrett and Montgomery over every int16 input", "[ntt16]") {
  for (const auto& c : kPrime) {
    INFO("p = " << c.p);
    std::int32_t worst = 0;
    bool congruent = true;
    for (std::int32_t a = -32768; a <= 32767; ++a) {
      const std::int16_t r = barrett(static_cast<std::int16_t>(a), c.barrett_v, c.p);
      worst = std::max(worst, std::abs(std::int32_t{r}));
      congruent = congruent && mod(a - r, c.p) == 0;
    }
    CHECK(congruent);
    CHECK(worst <= c.accumulator_bound);  // barrett_bound, the tight kind's for any input
    // The loose Barrett: congruent, and within its bound for every |a| up to
    // each int16 magnitude (the bound the schedules assume for that input).
    std::int32_t worst_so_far = 0;
    bool loose_ok = true;
    for (std::int32_t m = 0; m <= 32768; ++m)
      for (const std::int32_t a : {m, -m}) {
        if (a > 32767) continue;
        const std::int16_t r = loose_barrett(static_cast<std::int16_t>(a), c.loose_barrett_w, c.p);
        worst_so_far = std::max(worst_so_far, std::abs(std::int32_t{r}));
        loose_ok = loose_ok && mod(a - r, c.p) == 0 && worst_so_far <= loose_barrett_bound(c.p, c.loose_barrett_w, m);
      }
    CHECK(loose_ok);
    // w is the integer nearest to 2^15 / p.
    CHECK(2 * std::abs(std::int64_t{c.loose_barrett_w} * c.p - 32768) <= c.p);
    // Montgomery products: a c R^-1 mod p within |a c| / 2^16 + p / 2, for
    // every a against the largest and a few other constants.
    const std::int64_t r_inverse = power(65536, c.p - 2, c.p);
    for (const std::int16_t k : {c.zeta[1], c.zeta[200], c.scale, static_cast<std::int16_t>((c.p - 1) / 2)}) {
      const std::int16_t kq = times_qinv(k, c.qinv);
      bool ok = true;
      for (std::int32_t a = -32768; a <= 32767; a += 7) {
        const std::int16_t r = fqmul(static_cast<std::int16_t>(a), k, kq, c.p);
        ok = ok && mod(r - std::int64_t{a} * k % c.p * r_inverse, c.p) == 0 &&
             std::abs(r) <= product_bound(std::abs(a), std::abs(k), c.p);
        const std::int16_t v = fqmul_var(static_cast<std::int16_t>(a), k, c.qinv, c.p);
        ok = ok && v == r;
      }
      CHECK(ok);
    }
  }
}

TEST_CASE("ntt16 forward: position s holds f(psi^(2 BitRev8(s) + 1)) mod p", "[ntt16]") {
  std::mt19937_64 rng(16);
  for (std::size_t k = 0; k < kMaxPrimes; ++k) {
    for (int trial = 0; trial < 3; ++trial) {
      std::int16_t f[256];
      for (auto& x : f) x = static_cast<std::int16_t>(trial == 0 ? -kInputBound : std::int32_t(rng() % 8192) - 4096);
      std::int16_t g[256];
      std::copy(f, f + 256, g);
      forward<ntt_tally::Uncounted>(k, g);
      CHECK(evaluates_at_roots(k, f, 256, g));
    }
  }
}

// The forward's reduction schedule against every one of the 3^8 schedules:
// each layer reduces no lane, the butterflies' tops or every lane; a
// schedule is allowed when no lane bound passes int16 and the output bound
// ends at or below kForwardTarget. The derived one must be allowed, cost the
// fewest Barretts of all allowed (a top reduction is half a layer's), and
// end within the bound the transforms state.
// Inputs over all of int16 for the inverse, whose first reduction must take
// any lane: the two extremes, alternating extremes and random values.
void any_int16(std::int16_t* x, int trial, std::mt19937_64& rng) {
  for (std::size_t i = 0; i < 256; ++i)
    x[i] = static_cast<std::int16_t>(trial == 0   ? 32767
                                     : trial == 1 ? -32768
                                     : trial == 2 ? (i % 2 ? 32767 : -32768)
                                                  : std::int32_t(rng() % 65536) - 32768);
}

TEST_CASE("ntt16 inverse of any int16 input: the polynomial whose values are the input times R, within the bound",
          "[ntt16]") {
  // The inverse undoes a product's R^-1: for slots x it returns y with
  // y(psi^(2 BitRev8(s) + 1)) = x_s R mod p.
  std::mt19937_64 rng(2561);
  for (std::size_t k = 0; k < kMaxPrimes; ++k)
    for (int trial = 0; trial < 4; ++trial) {
      INFO("prime " << k << " trial " << trial);
      const auto& c = kPrime[k];
      std::int16_t x[256], y[256];
      any_int16(x, trial, rng);
      std::copy(x, x + 256, y);
      inverse<ntt_tally::Uncounted>(k, y);
      bool ok = true;
      for (unsigned slot = 0; slot < 256; ++slot)
        ok = ok && mod(value_at_slot_root(k, y, 256, slot) - std::int64_t{x[slot]} * 65536, c.p) == 0;
      for (const std::int16_t v : y) ok = ok && std::abs(v) <= c.inverse_output_bound;
      CHECK(ok);
    }
}

TEST_CASE("ntt16 forward reduction schedules: the fewest Barretts of all 3^8 that keep int16 lanes", "[ntt16]") {
  struct Outcome {
    bool allowed;
    int cost;
    std::int32_t bound;
  };
  const auto run = [](const PrimeConstants& c, std::int32_t input, const std::array<int, kLayers + 1>& choice,
                      BarrettKind kind) {
    const std::int32_t half = (c.p - 1) / 2;
    const auto reduced = [&](std::int32_t b) {
      return kind == BarrettKind::tight ? barrett_bound(c.p) : loose_barrett_bound(c.p, c.loose_barrett_w, b);
    };
    std::int32_t b = input;
    int cost = 0;
    for (unsigned layer = 1; layer <= kLayers; ++layer) {
      const std::int32_t top = choice[layer] == 0 ? b : reduced(b), bottom = choice[layer] == 2 ? reduced(b) : b;
      b = top + product_bound(bottom, half, c.p);
      cost += choice[layer];
      if (b > kLaneMax) return Outcome{false, cost, b};
    }
    return Outcome{b <= kForwardTarget, cost, b};
  };
  const auto as_choice = [](const std::array<ForwardReduction, kLayers + 1>& r) {
    std::array<int, kLayers + 1> choice{};
    for (unsigned layer = 1; layer <= kLayers; ++layer) choice[layer] = static_cast<int>(r[layer]);
    return choice;
  };
  for (std::size_t index = 0; index < 2 * kMaxPrimes; ++index) {
    const PrimeConstants& c = tree_constants(index);
    for (const bool wide : {false, true}) {
      INFO("tree index " << index << (wide ? ", wide input" : ", canonical input"));
      const std::int32_t input = wide ? kWideInputBound : kInputBound;
      // Per kind the fewest reductions; in multiplications, the cheaper kind.
      int fewest[2] = {1000, 1000};
      std::array<int, kLayers + 1> choice{};
      for (const BarrettKind kind : {BarrettKind::tight, BarrettKind::loose})
        for (int code = 0; code < 6561; ++code) {  // 3^8
          for (unsigned layer = 1, rest = static_cast<unsigned>(code); layer <= kLayers; ++layer, rest /= 3)
            choice[layer] = static_cast<int>(rest % 3);
          if (const Outcome o = run(c, input, choice, kind); o.allowed)
            fewest[static_cast<int>(kind)] = std::min(fewest[static_cast<int>(kind)], o.cost);
        }
      const BarrettKind kind = wide ? c.wide_forward_barrett : c.forward_barrett;
      const Outcome derived = run(c, input, as_choice(wide ? c.wide_forward_reduction : c.forward_reduction), kind);
      CHECK(derived.allowed);
      CHECK(derived.cost == fewest[static_cast<int>(kind)]);
      const int cheapest = std::min(fewest[0] * multiplications(BarrettKind::tight),
                                    fewest[1] * multiplications(BarrettKind::loose));
      CHECK(derived.cost * multiplications(kind) == cheapest);
      CHECK(derived.bound <= (wide ? c.wide_forward_output_bound : c.forward_output_bound));
      CHECK(c.wide_forward_output_bound <= c.forward_output_bound);
    }
  }
}

TEST_CASE("ntt16 forward of a lower half: the zero-padded polynomial's values, upper half never read", "[ntt16]") {
  std::mt19937_64 rng(17);
  for (std::size_t k = 0; k < kMaxPrimes; ++k) {
    for (int trial = 0; trial < 3; ++trial) {
      std::int16_t f[128];
      for (auto& x : f) x = static_cast<std::int16_t>(trial == 0 ? -kInputBound : std::int32_t(rng() % 8192) - 4096);
      std::int16_t g[256];
      std::copy(f, f + 128, g);
      std::fill(g + 128, g + 256, std::int16_t{12345});  // (overwritten, not read)
      forward_lower_half<ntt_tally::Uncounted>(k, g);
      CHECK(evaluates_at_roots(k, f, 128, g));
    }
  }
}

TEST_CASE("ntt16 products and the largest sums the configuration allows equal the definition", "[ntt16]") {
  const RingInfo info = ring_info<SaberRing>();
  std::mt19937_64 rng(1616);
  struct Case {
    Config config;
    const char* what;
  };
  for (const Case& c : {Case{{4096, 5, 2}, "two primes, |b| <= 5"}, Case{{4096, 3, 2}, "two primes, |b| <= 3"},
                        Case{{}, "three primes, full range"}}) {
    const Ntt16<SaberRing> m(c.config);
    const std::int32_t bb = static_cast<std::int32_t>(m.config().bound_b);
    INFO(c.what << ": " << m.max_accumulated() << " products");
    CHECK(m.config().primes == (bb == 4096 ? 3u : 2u));
    for (const auto shape : test::all_shapes) {
      // a any canonical; b within its bound (the extremes for all-max / all-min).
      auto a = test::make_input(info, shape, 1, rng);
      std::vector<std::uint16_t> b(256);
      for (std::size_t i = 0; i < 256; ++i)
        b[i] = canonical(shape == test::Shape::all_min   ? -bb
                         : shape == test::Shape::all_max ? (bb == 4096 ? bb - 1 : bb)
                                                         : std::int32_t(rng() % (2 * bb)) - bb);
      CHECK(coefficients(pqmul::mul(m, poly_of(a), poly_of(b))) == test::definition_product(info, a, b));
    }
    // max_accumulated products of the extremes (-q/2 times -bound: every term
    // of every product has the same sign), the largest |c| it promises.
    auto acc = m.make_accumulator();
    m.clear(acc);
    auto x = m.make_operand(), y = m.make_operand();
    Poly<SaberRing> a, b;
    for (std::size_t i = 0; i < 256; ++i) a[i] = canonical(-4096), b[i] = canonical(-bb);
    m.transform(a, x);
    m.transform(b, y);
    for (std::size_t t = 0; t < m.max_accumulated(); ++t) m.multiply_accumulate(acc, x, y);
    Poly<SaberRing> out;
    m.inverse(acc, out);
    const auto one = test::definition_product(info, coefficients(a), coefficients(b));
    bool ok = true;
    for (std::size_t i = 0; i < 256; ++i) ok = ok && out[i] == (one[i] * m.max_accumulated()) % SaberRing::q;
    CHECK(ok);
  }
}

TEST_CASE("ntt16 configurations out of range are refused with the reason", "[ntt16]") {
  CHECK_THROWS_WITH(make_ntt16<SaberRing>(Params::parse("primes=2")), Catch::Contains("use primes=3"));
  CHECK_THROWS_WITH(make_ntt16<SaberRing>(Params::parse("primes=1")), Catch::Contains("between 2 and 3"));
  CHECK_THROWS_WITH(make_ntt16<SaberRing>(Params::parse("bound-b=4097")), Catch::Contains("bound-b"));
  CHECK_THROWS_WITH(make_ntt16<SaberRing>(Params::parse("layers=7")), Catch::Contains("layers"));
  CHECK(make_ntt16<SaberRing>(Params::parse("bound-b=5")).config().primes == 2);
  CHECK(make_ntt16<SaberRing>(Params{}).config().primes == 3);
  // q = 2^10: two primes while 256 * 512 * b is within their exact range
  // (252 with the inverses' output bounds of today), three beyond.
  const std::int64_t largest = kCrt.exact.two / (256 * 512);
  CHECK(largest >= 200);
  CHECK(make_ntt16<SaberPRing>(Params::parse("bound-b=" + std::to_string(largest))).config().primes == 2);
  CHECK(make_ntt16<SaberPRing>(Params::parse("bound-b=" + std::to_string(largest + 1))).config().primes == 3);
}

TEST_CASE("registry: ntt16 on the Saber and NTRU rings, Saber's counted as its header states", "[ntt16][registry]") {
  // Kyber's q = 3329 is not a power of two; NTRU's rings take the pieces (test_ntt16_pieces.cpp).
  for (const auto& ring : registered_rings()) CHECK((find_registry_entry(ring, "ntt16") != nullptr) == (ring != "kyber"));
  // One product with three primes: per prime two forwards (1024 constant
  // products, 2048 additions each), 256 products (the first is stored), an
  // inverse (896 + 256 constant products, 1792 + 256 additions); the CRT 5 + 5
  // per coefficient.
  const auto m = make_multiplier("saber", "ntt16", Params{}, Isa::portable);
  std::string why;
  const auto counted = m->count(Strategy::eager, 0, &why);
  REQUIRE(counted.has_value());
  const OpCounts counts = *counted;
  CHECK(counts.products == 3 * 256);
  CHECK(counts.constant_mults == 3 * (2 * 1024 + 1152) + 5 * 256);
  CHECK(counts.additions == 3 * (2 * 2048 + 2048) + 5 * 256);
}

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

namespace {

template <std::size_t W, class Forward, class Inverse, class Mac, class Crt>
void check_kernels(Forward forward_kernel, Forward lower_half_kernel, Inverse inverse_kernel, Mac mac_kernel,
                   Crt crt_kernel) {
  constexpr auto order = make_simd_order<W>();
  std::mt19937_64 rng(W);
  // The forward of a lower half reads its 128 coefficients only (a is that
  // long) and writes the portable forward_lower_half's values.
  for (std::size_t k = 0; k < kMaxPrimes; ++k)
    for (int trial = 0; trial < 3; ++trial) {
      INFO("lower half, prime " << k << " trial " << trial);
      std::uint16_t a[128];
      for (auto& x : a) x = trial == 0 ? 4096 : trial == 1 ? 4095 : static_cast<std::uint16_t>(rng() % 8192);
      std::int16_t pa[256], sa[256];
      lift_centred(a, pa, 8192, 128);
      forward_lower_half<ntt_tally::Uncounted>(k, pa);
      lower_half_kernel(k, a, std::uint16_t{8192}, sa);
      bool same = true;
      for (std::size_t s = 0; s < 256; ++s) same = same && sa[s] == pa[order.layout[s]];
      CHECK(same);
    }
  for (std::size_t k = 0; k < kMaxPrimes; ++k)
    for (int trial = 0; trial < 6; ++trial) {
      INFO("prime " << k << " trial " << trial);
      std::uint16_t a[256], b[256];
      for (std::size_t i = 0; i < 256; ++i) {
        a[i] = trial == 0 ? 4096 : trial == 1 ? 4095 : static_cast<std::uint16_t>(rng() % 8192);
        b[i] = trial == 0   ? 4096
               : trial == 1 ? static_cast<std::uint16_t>(i % 2 ? 4095 : 4096)
                            : static_cast<std::uint16_t>(rng() % 8192);
      }
      std::int16_t pa[256], pb[256], sa[256], sb[256];
      lift_centred(a, pa, 8192, 256), lift_centred(b, pb, 8192, 256);
      forward<ntt_tally::Uncounted>(k, pa), forward<ntt_tally::Uncounted>(k, pb);
      forward_kernel(k, a, std::uint16_t{8192}, sa), forward_kernel(k, b, std::uint16_t{8192}, sb);
      bool same = true;
      for (std::size_t s = 0; s < 256; ++s) same = same && sa[s] == pa[order.layout[s]] && sb[s] == pb[order.layout[s]];
      CHECK(same);
      // Every step (store, add, reduce then add) over more products than fit.
      std::int16_t pacc[256], sacc[256];
      std::int32_t bound = 0;
      for (int t = 0; t < 7; ++t) {
        const Step step = next_step(bound, k);
        multiply_accumulate<ntt_tally::Uncounted>(k, pacc, pa, pb, step);
        mac_kernel(k, sacc, sa, sb, step);
      }
      for (std::size_t s = 0; s < 256; ++s) same = same && sacc[s] == pacc[order.layout[s]];
      CHECK(same);
      std::int16_t out[256];
      inverse<ntt_tally::Uncounted>(k, pacc);
      inverse_kernel(k, sacc, out);
      CHECK(std::equal(out, out + 256, pacc));
    }
  // The inverse on inputs over all of int16 (its first reduction takes any lane).
  for (std::size_t k = 0; k < kMaxPrimes; ++k)
    for (int trial = 0; trial < 4; ++trial) {
      INFO("inverse of any int16, prime " << k << " trial " << trial);
      std::int16_t slots[256], natural[256], out[256];
      any_int16(slots, trial, rng);
      for (std::size_t s = 0; s < 256; ++s) natural[order.layout[s]] = slots[s];
      inverse<ntt_tally::Uncounted>(k, natural);
      inverse_kernel(k, slots, out);
      CHECK(std::equal(out, out + 256, natural));
    }
  // The forward's centred lift for every power-of-two q it accepts (the
  // kernels read it off a's low log2 q bits): q/2 - 1, q/2, q - 1, 0 and random.
  for (std::uint32_t q = 2; q <= 8192; q *= 2) {
    INFO("q " << q);
    std::uint16_t a[256];
    for (std::size_t i = 0; i < 256; ++i) {
      const std::uint32_t edge[] = {q / 2 - 1, q / 2, q - 1, 0};
      a[i] = static_cast<std::uint16_t>(i < 4 ? edge[i] : rng() % q);
    }
    std::int16_t pa[256], sa[256];
    lift_centred(a, pa, static_cast<std::uint16_t>(q), 256);
    forward<ntt_tally::Uncounted>(0, pa);
    forward_kernel(0, a, static_cast<std::uint16_t>(q), sa);
    bool same = true;
    for (std::size_t s = 0; s < 256; ++s) same = same && sa[s] == pa[order.layout[s]];
    CHECK(same);
  }
  // The CRT on the inverse outputs' extremes and random values, both prime counts.
  std::int16_t r[3 * 256];
  for (std::size_t i = 0; i < 3 * 256; ++i) {
    const std::int32_t bound = kPrime[i / 256].inverse_output_bound;
    r[i] = static_cast<std::int16_t>(i % 3 == 0 ? bound : i % 3 == 1 ? -bound : std::int32_t(rng() % 2001) - 1000);
  }
  for (std::size_t primes : {2, 3}) {
    std::uint16_t portable_out[256], kernel_out[256];
    crt<ntt_tally::Uncounted>(primes, r, r + 256, portable_out, 8191, 256);
    crt_kernel(primes, r, r + 256, kernel_out, std::uint16_t{8191});
    CHECK(std::equal(kernel_out, kernel_out + 256, portable_out));
    // In place: prime 0's row in the output's own storage, as the multiplier keeps it.
    std::copy_n(r, 256, reinterpret_cast<std::int16_t*>(kernel_out));
    crt_kernel(primes, reinterpret_cast<const std::int16_t*>(kernel_out), r + 256, kernel_out, std::uint16_t{8191});
    CHECK(std::equal(kernel_out, kernel_out + 256, portable_out));
  }
}

}  // namespace

TEST_CASE("ntt16 SIMD kernels equal the portable steps lane for lane", "[ntt16][simd]") {
#if defined(PQMUL_X86_SIMD)
  if (pqmul::test::cpu_runs(Isa::avx2))
    check_kernels<avx2::lanes>(avx2::forward, avx2::forward_lower_half, avx2::inverse, avx2::multiply_accumulate,
                               avx2::crt);
  if (pqmul::test::cpu_runs(Isa::avx512))
    check_kernels<avx512::lanes>(avx512::forward, avx512::forward_lower_half, avx512::inverse,
                                 avx512::multiply_accumulate, avx512::crt);
#else
  if (pqmul::test::cpu_runs(Isa::neon))
    check_kernels<neon::lanes>(neon::forward, neon::forward_lower_half, neon::inverse, neon::multiply_accumulate,
                               neon::crt);
#endif
}

TEST_CASE("Ntt16Simd module products equal Ntt16's and the definition", "[ntt16][simd]") {
  const RingInfo info = ring_info<SaberRing>();
  pqmul::test::skip_unless_any_runs(kernel_isas());
  std::mt19937_64 rng(32);
  for (Isa isa : kernel_isas()) {
    if (!isa_available(isa)) continue;
    INFO(isa_name(isa));
    for (const Config config : {Config{4096, 4, 2}, Config{}}) {
      const Ntt16<SaberRing> portable(config);
      const Ntt16Simd<SaberRing> simd(config, isa);
      const auto A = test::make_input(info, test::Shape::random, 9, rng);
      std::vector<std::uint16_t> s(3 * 256);
      for (auto& x : s) x = canonical(std::int32_t(rng() % 9) - 4);
      std::vector<Poly<SaberRing>> pa, ps, want(3), got(3);
      for (std::size_t i = 0; i < 9; ++i) pa.push_back(poly_of(A, i));
      for (std::size_t i = 0; i < 3; ++i) ps.push_back(poly_of(s, i));
      for (auto strategy : all_strategies) {
        matrix_vector(portable, std::span<const Poly<SaberRing>>(pa), std::span<const Poly<SaberRing>>(ps),
                      std::span<Poly<SaberRing>>(want), Transpose::no, strategy);
        matrix_vector(simd, std::span<const Poly<SaberRing>>(pa), std::span<const Poly<SaberRing>>(ps),
                      std::span<Poly<SaberRing>>(got), Transpose::no, strategy);
        CHECK(got == want);
      }
      // Row 0 by the definition.
      std::vector<std::int64_t> sum(256, 0);
      for (std::size_t j = 0; j < 3; ++j) {
        const auto p = test::definition_product(info, coefficients(pa[j]), coefficients(ps[j]));
        for (std::size_t i = 0; i < 256; ++i) sum[i] += p[i];
      }
      bool ok = true;
      for (std::size_t i = 0; i < 256; ++i) ok = ok && want[0][i] == sum[i] % SaberRing::q;
      CHECK(ok);
    }
  }
}

#endif

}  // namespace pqmul_tests::algorithms_test_ntt16
