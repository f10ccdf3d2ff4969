#pragma once
// The number-theoretic transform of Kyber / ML-KEM over Z_3329 (FIPS 203,
// section 4.3) and the multiplier built on it.
//
// Domain conventions used throughout this header:
//  * "NTT domain" values are exactly FIPS 203's: NTT(f) in the order of
//    Algorithm 9, i.e. (f^_{2i}, f^_{2i+1}) = f mod (X^2 - gamma_i) with
//    gamma_i = 17^(2 BitRev7(i) + 1), i = 0..127.
//  * Coefficients are int16 representatives; a function states the range it
//    accepts and the range it returns (|x| < B means -B < x < B). Values are
//    congruent mod q to the mathematical result with NO hidden Montgomery
//    factor, unless the function's comment says otherwise.
//  * Nothing here divides coefficient data (`/` or `%`): reductions are
//    Montgomery (R = 2^16) or Barrett, without branches (KyberSlash).
//  * The transforms and base multiplications take a Tally policy
//    (ntt_tally.hpp, which also states what is counted): the default
//    Uncounted is the plain code, Counted tallies its operations for
//    `pqmul count`. Both are instantiated in kyber_ntt.cpp.
// Preconditions on ranges are checked with assert() in debug builds.
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>

#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/ntt/ntt_tally.hpp"
#include "pqmul/algorithms/ring.hpp"

namespace pqmul::kyber_ntt {

inline constexpr std::int32_t q = static_cast<std::int32_t>(KyberRing::q);
inline constexpr std::size_t n = KyberRing::n;
using Coeffs = std::array<std::int16_t, 256>;

namespace detail {
constexpr std::int64_t pow_mod(std::int64_t base, std::uint64_t exponent, std::int64_t m) {
  std::int64_t result = 1;
  base %= m;
  for (; exponent != 0; exponent >>= 1) {
    if (exponent & 1) result = result * base % m;
    base = base * base % m;
  }
  return result;
}
// The representative of v mod q in [-(q-1)/2, (q-1)/2].
constexpr std::int16_t centred(std::int64_t v) {
  v %= q;
  if (v < 0) v += q;
  return static_cast<std::int16_t>(v > q / 2 ? v - q : v);
}
// q^-1 mod 2^16 by Newton iteration (each step doubles the correct bits).
constexpr std::int16_t inverse_mod_2_16(std::uint32_t odd) {
  std::uint32_t x = 1;
  for (int i = 0; i < 4; ++i) x = (x * (2u - odd * x)) & 0xffffu;
  return static_cast<std::int16_t>(x);
}
}  // namespace detail

// Montgomery radix R = 2^16 and the constants derived from q (all computed).
inline constexpr std::int16_t q_inverse = detail::inverse_mod_2_16(static_cast<std::uint32_t>(q));
static_assert(static_cast<std::int16_t>(q_inverse * q) == 1);
inline constexpr std::int16_t r_mod_q = detail::centred(std::int64_t{1} << 16);          // R
inline constexpr std::int16_t r2_mod_q = detail::centred(detail::pow_mod(1 << 16, 2, q));  // R^2
// Barrett constant: round(2^26 / q).
inline constexpr std::int32_t barrett_v = ((1 << 26) + q / 2) / q;
// Largest |a| that barrett_reduce accepts; the test checks every such input.
inline constexpr std::int32_t barrett_input_bound = 3 << 14;  // 49152

// The Montgomery quotient t = a q^-1 mod 2^16, sign-extended: the int16
// whose product with q has a's low 16 bits. Two spellings of the same value
// (the test checks every low half). Written with int16 operands, gcc builds
// it for x86-64 as a 16-bit imul, whose result merges into its register's
// previous value: without auto-vectorisation every scalar loop of independent
// reductions then runs as one chain through that register (a rank-3 row of
// base multiplications took 1.9 times the ticks of the 32-bit spelling).
// Auto-vectorised, the 16-bit spelling is the one that becomes 16-bit lane
// products (the 32-bit one took 1.35 times its ticks there), so the build
// decides: cmake/warnings.cmake defines PQMUL_NO_AUTOVECTORIZE. clang and
// other targets have no such chain and keep the 16-bit spelling.
constexpr std::int32_t montgomery_quotient_16bit(std::int32_t a) {
  return static_cast<std::int16_t>(static_cast<std::int16_t>(a) * q_inverse);
}
constexpr std::int32_t montgomery_quotient_32bit(std::int32_t a) {
  const auto low = static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(std::int32_t{q_inverse});
  return static_cast<std::int32_t>(low << 16) >> 16;
}
constexpr std::int32_t montgomery_quotient(std::int32_t a) {
#if defined(PQMUL_NO_AUTOVECTORIZE) && defined(__x86_64__) && !defined(__clang__)
  return montgomery_quotient_32bit(a);
#else
  return montgomery_quotient_16bit(a);
#endif
}

// r = a * R^-1 mod q.   |a| < 2^15 q  ->  |r| < q.
constexpr std::int16_t montgomery_reduce(std::int32_t a) {
  assert(a > -(q << 15) && a < (q << 15));
  return static_cast<std::int16_t>((a - montgomery_quotient(a) * q) >> 16);
}

// r = a * R^-1 mod q for ANY int32 a.   |r| <= 2^15 + (q+1)/2 (so int32 out).
// a - t*q is divisible by 2^16, so its quotient is the difference of the two
// floors: no 64-bit intermediate is needed.
constexpr std::int32_t montgomery_reduce_wide(std::int32_t a) {
  return (a >> 16) - ((montgomery_quotient(a) * q) >> 16);
}

// r = a mod q.   |a| < 49152  ->  r in [-(q-1)/2, (q-1)/2].
constexpr std::int16_t barrett_reduce(std::int32_t a) {
  assert(a > -barrett_input_bound && a < barrett_input_bound);
  const std::int32_t t = (barrett_v * a + (1 << 25)) >> 26;
  return static_cast<std::int16_t>(a - t * q);
}

// a * b * R^-1 mod q.   |a * b| < 2^15 q  ->  |r| < q.
constexpr std::int16_t fqmul(std::int16_t a, std::int16_t b) {
  return montgomery_reduce(static_cast<std::int32_t>(a) * b);
}

// The operations the transforms and base multiplications are written with,
// noting each one with Tally; the values are exactly those of the plain
// expressions (int16 operands promote to int32 as they would).
template <class Tally>
struct Arithmetic {
  // a * c * R^-1 for a constant c in Montgomery form (twiddle, gamma, scale).
  static std::int16_t mul_const_montgomery(std::int16_t a, std::int16_t c) {
    Tally::constant_mult();
    return fqmul(a, c);
  }
  // a * b * R^-1 of two variables.
  static std::int16_t mul_montgomery(std::int16_t a, std::int16_t b) {
    Tally::product();
    return fqmul(a, b);
  }
  // Exact products (the caller guarantees they fit in int32).
  static std::int32_t mul(std::int32_t a, std::int32_t b) {
    Tally::product();
    return a * b;
  }
  static std::int32_t mul_const(std::int32_t a, std::int32_t c) {
    Tally::constant_mult();
    return a * c;
  }
  static std::int32_t add(std::int32_t a, std::int32_t b) {
    Tally::addition();
    return a + b;
  }
  static std::int32_t sub(std::int32_t a, std::int32_t b) {
    Tally::addition();
    return a - b;
  }
  // Accumulator lanes add modulo 2^32: a caller exceeding max_accumulated
  // gets wrong values, not undefined behaviour.
  static std::int32_t add_wrapping(std::int32_t a, std::int32_t b) {
    Tally::addition();
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
  }
};

// The canonical representative in [0, q) of any int16.
constexpr std::uint16_t to_canonical(std::int16_t a) {
  std::int16_t r = barrett_reduce(a);
  r = static_cast<std::int16_t>(r + (q & (r >> 15)));
  return static_cast<std::uint16_t>(r);
}

// Twiddle tables, generated from 17 and q at compile time. Values are centred
// and in Montgomery form (times R), so fqmul by them multiplies by the plain
// constant.
struct Tables {
  std::array<std::int16_t, 128> zetas{};   // 17^BitRev7(k) * R, k = 0..127
  std::array<std::int16_t, 128> gammas{};  // 17^(2 BitRev7(i) + 1) * R, i = 0..127
};
constexpr unsigned bit_reverse_7(unsigned k) {
  unsigned r = 0;
  for (int b = 0; b < 7; ++b) r |= ((k >> b) & 1u) << (6 - b);
  return r;
}
constexpr Tables make_tables() {
  Tables t;
  for (unsigned k = 0; k < 128; ++k) {
    t.zetas[k] = detail::centred(detail::pow_mod(17, bit_reverse_7(k), q) * (1 << 16));
    t.gammas[k] = detail::centred(detail::pow_mod(17, 2 * bit_reverse_7(k) + 1, q) * (1 << 16));
  }
  return t;
}
inline constexpr Tables tables = make_tables();

// Forward NTT in place (FIPS 203 Algorithm 9), Cooley-Tukey, no reduction
// between layers.   |in| < q  ->  |out| < 8q, out = NTT(in) mod q.
// Counted: 7 layers x 128 butterflies, each one twiddle product and two
// additions.
template <class Tally = ntt_tally::Uncounted>
void forward(Coeffs& f);

// Inverse NTT in place (FIPS 203 Algorithm 10) including the factor 1/128.
//   |in| < 4q  ->  |out| < q, out = NTT^-1(in) mod q.
// Counted: 7 x 128 Gentleman-Sande butterflies (one twiddle product, two
// additions each), then the scaling: one constant product per coefficient.
template <class Tally = ntt_tally::Uncounted>
void inverse(Coeffs& f);

// As inverse(), but the input carries a factor R^-1 (as montgomery_reduce
// leaves it) which is removed: out = NTT^-1(in * R) mod q. Same bounds; the
// factor is folded into the scaling constant, so the counts are inverse()'s.
template <class Tally = ntt_tally::Uncounted>
void inverse_from_montgomery(Coeffs& f);

// FIPS 203 MultiplyNTTs (Algorithms 11/12): r = a o b, the products of the
// 128 degree-1 pairs modulo X^2 - gamma_i.   |a|, |b| < q  ->  |r| < q.
// Counted per pair: 4 products, 3 constant products (gamma and the two
// Montgomery corrections by R^2), 2 additions.
template <class Tally = ntt_tally::Uncounted>
void base_multiply(Coeffs& r, const Coeffs& a, const Coeffs& b);

// acc += a o b, unreduced, in 32-bit lanes (NTT order, no Montgomery factor).
//   |a|, |b| <= (q-1)/2  ->  each lane grows by at most product_lane_bound.
// Counted per pair: 4 products, 1 constant product (gamma), 2 additions
// inside the pair and 2 into the lanes.
template <class Tally = ntt_tally::Uncounted>
void base_multiply_accumulate(std::array<std::int32_t, 256>& acc, const Coeffs& a, const Coeffs& b);

// Largest growth of one accumulator lane per product of centred operands:
// |a0 b0 + fqmul(a1, b1) * gamma|, with |fqmul| <= (h^2 + 2^15 q) / 2^16.
inline constexpr std::int64_t product_lane_bound = [] {
  constexpr std::int64_t h = (q - 1) / 2;
  constexpr std::int64_t fq = (h * h + (std::int64_t{q} << 15)) / (1 << 16) + 1;
  return h * h + fq * h > 2 * h * h ? h * h + fq * h : 2 * h * h;
}();

// Reduces accumulator lanes (any int32) to int16: r in [-(q-1)/2, (q-1)/2],
// r = lane * R^-1 mod q (the Montgomery factor is left for the caller to fold).
void reduce_accumulator(Coeffs& r, const std::array<std::int32_t, 256>& acc);

// Centred representatives in place.   any int16  ->  [-(q-1)/2, (q-1)/2].
void reduce(Coeffs& f);

}  // namespace pqmul::kyber_ntt

namespace pqmul {

// Kyber's own NTT as a pqmul::Multiplier on the kyber ring (KyberNttMultiplier
// below; BasicKyberNttMultiplier<ntt_tally::Counted> is its counting twin).
//
// operand:     FIPS 203 NTT-domain coefficients, centred: every value lies in
//              [-(q-1)/2, (q-1)/2] and equals FIPS 203's NTT value mod q (no
//              Montgomery factor).
// accumulator: 32-bit lanes holding sum of a o b exactly as integers (NTT
//              order, no Montgomery factor); max_accumulated() products fit.
//
// Besides the Multiplier interface, static functions let a scheme that keeps
// keys and the matrix in the NTT domain (ML-KEM) work there directly:
//   from_ntt(c)              operand from FIPS 203 NTT-domain coefficients,
//                            any representatives (e.g. SampleNTT output or
//                            ByteDecode_12 of a key);
//   ntt_coefficients(x)      the operand's FIPS 203 values in [0, q), ready
//                            for ByteEncode_12;
//   add_ntt(acc, x)          acc += x (counts as one accumulated product);
//   to_ntt(acc, x)           the accumulator's sum as an NTT-domain operand,
//                            e.g. t^ = A^ o s^ + e^ without leaving the domain.
// All values mod q are exactly FIPS 203's.
template <class Tally>
struct KyberNttAccumulatorTag;
template <class Tally>
class BasicKyberNttMultiplier
    : public UnfilledStorage<Transformed<BasicKyberNttMultiplier<Tally>, std::array<std::int16_t, 256>>,
                             Transformed<KyberNttAccumulatorTag<Tally>, std::array<std::int32_t, 256>>> {
 public:
  using ring = KyberRing;
  using operand = Transformed<BasicKyberNttMultiplier, std::array<std::int16_t, 256>>;
  using accumulator = Transformed<KyberNttAccumulatorTag<Tally>, std::array<std::int32_t, 256>>;

  std::string name() const { return "ntt"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  // How many products (or add_ntt terms) a lane holds without int32 overflow.
  static constexpr std::size_t max_products = static_cast<std::size_t>(INT32_MAX / kyber_ntt::product_lane_bound);
  std::size_t max_accumulated() const { return max_products; }

  // x = NTT(a), centred.
  void transform(const Poly<KyberRing>& a, operand& x) const;
  void clear(accumulator& acc) const { acc.data.fill(0); }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
    kyber_ntt::base_multiply_accumulate<Tally>(acc.data, x.data, y.data);
  }
  // out = NTT^-1(acc) in canonical coefficients.
  void inverse(const accumulator& acc, Poly<KyberRing>& out) const;

  static operand from_ntt(const std::array<std::uint16_t, 256>& fips_ntt);
  static operand from_ntt(const std::array<std::int16_t, 256>& fips_ntt);
  // x from canonical NTT-domain coefficients in [0, q) (sampled, or decoded
  // and checked): one centring compare-and-subtract, which baseline SSE2
  // vectorises, instead of from_ntt's reductions.
  static void from_canonical_ntt(const std::array<std::uint16_t, 256>& c, operand& x) {
    constexpr auto half = static_cast<std::int16_t>((kyber_ntt::q - 1) / 2);
    constexpr auto modulus = static_cast<std::int16_t>(kyber_ntt::q);
    for (std::size_t i = 0; i < 256; ++i) {
      const auto v = static_cast<std::int16_t>(c[i]);
      x.data[i] = static_cast<std::int16_t>(v - (modulus & -static_cast<std::int16_t>(v > half)));
    }
  }
  static std::array<std::uint16_t, 256> ntt_coefficients(const operand& x);
  static void add_ntt(accumulator& acc, const operand& x);
  static void to_ntt(const accumulator& acc, operand& x);
};

using KyberNttMultiplier = BasicKyberNttMultiplier<ntt_tally::Uncounted>;
using CountingKyberNttMultiplier = BasicKyberNttMultiplier<ntt_tally::Counted>;
// Both are explicitly instantiated in kyber_ntt.cpp.
extern template class BasicKyberNttMultiplier<ntt_tally::Uncounted>;
extern template class BasicKyberNttMultiplier<ntt_tally::Counted>;

static_assert(Multiplier<KyberNttMultiplier>);
static_assert(Multiplier<CountingKyberNttMultiplier>);

}  // namespace pqmul
