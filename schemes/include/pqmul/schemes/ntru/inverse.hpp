#pragma once
// Inversion modulo Phi_n = 1 + x + ... + x^(n-1) in constant time.
//
// S_3 and S_2: Bernstein-Yang "divsteps" on reversed polynomials
// (Fast constant-time gcd computation and modular inversion, TCHES 2019).
// With d = n-1, F = reverse of Phi_n (= Phi_n) and G = x^(d-1) a(1/x), the
// loop keeps x^(k-1) f = v G and x^k g = w G modulo F after k steps. Each step
// multiplies v by x, swaps (f, g) and (v, w) when delta > 0 and g(0) != 0,
// cancels the constant term of g with f and divides g by x. After 2d-1 steps
// f is the constant f(0) exactly when gcd(a, Phi_n) = 1 (every f is a
// multiple of the gcd, which is coprime to x), and then
// a^-1 = f(0)^-1 x^(d-1) v(1/x). The sequence of operations is fixed; swaps
// and multiples are applied through masks.
//
// The polynomials are bit-sliced, 64 coefficients per word: one bit plane
// over GF(2); over GF(3) two planes, "is 1" and "is 2" (= -1).
//
// R_q (q = 2^k): the S_2 inverse lifted by Newton iteration r <- r (2 - a r),
// which doubles the number of correct bits each time, through a multiplier.
#include <array>
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/schemes/ntru/arith.hpp"

namespace pqmul::ntru {

namespace detail {

// N coefficients, bit i of the polynomial is bit i % 64 of word i / 64.
template <std::size_t N>
struct BitPlane {
  static constexpr std::size_t words = (N + 63) / 64;
  std::array<std::uint64_t, words> w{};

  std::uint64_t bit(std::size_t i) const { return (w[i / 64] >> (i % 64)) & 1; }
  void set(std::size_t i, std::uint64_t b) { w[i / 64] |= (b & 1) << (i % 64); }
  // Multiply by x, dropping coefficient N-1 (never set where this is used).
  void shift_up() {
    for (std::size_t i = words - 1; i > 0; --i) w[i] = (w[i] << 1) | (w[i - 1] >> 63);
    w[0] <<= 1;
    if constexpr (N % 64 != 0) w[words - 1] &= (std::uint64_t{1} << (N % 64)) - 1;
  }
  // Divide by x (coefficient 0 is zero where this is used).
  void shift_down() {
    for (std::size_t i = 0; i + 1 < words; ++i) w[i] = (w[i] >> 1) | (w[i + 1] << 63);
    w[words - 1] >>= 1;
  }
  // 1 iff a coefficient other than the constant one is set.
  std::uint64_t above_constant() const {
    std::uint64_t any = w[0] >> 1;
    for (std::size_t i = 1; i < words; ++i) any |= w[i];
    return (any | (0 - any)) >> 63;
  }
};

template <std::size_t N>
void conditional_swap(BitPlane<N>& a, BitPlane<N>& b, std::uint64_t mask) {
  for (std::size_t i = 0; i < BitPlane<N>::words; ++i) {
    const std::uint64_t t = mask & (a.w[i] ^ b.w[i]);
    a.w[i] ^= t;
    b.w[i] ^= t;
  }
}

// Element of Z_3[x] as two planes: p = "coefficient is 1", m = "is 2 (= -1)".
template <std::size_t N>
struct TritPlanes {
  BitPlane<N> p, m;
  std::uint32_t coefficient(std::size_t i) const { return static_cast<std::uint32_t>(p.bit(i) + 2 * m.bit(i)); }
  void shift_up() { p.shift_up(), m.shift_up(); }
  void shift_down() { p.shift_down(), m.shift_down(); }
};

template <std::size_t N>
void conditional_swap(TritPlanes<N>& a, TritPlanes<N>& b, std::uint64_t mask) {
  conditional_swap(a.p, b.p, mask);
  conditional_swap(a.m, b.m, mask);
}

// a += c * b over GF(3), c given as masks (c_is_1, c_is_2), one-hot encoding:
// a sum is 1 for (1,0), (0,1), (2,2) and 2 for (2,0), (0,2), (1,1).
template <std::size_t N>
void add_multiple(TritPlanes<N>& a, const TritPlanes<N>& b, std::uint64_t c_is_1, std::uint64_t c_is_2) {
  for (std::size_t i = 0; i < BitPlane<N>::words; ++i) {
    const std::uint64_t bp = (b.p.w[i] & c_is_1) | (b.m.w[i] & c_is_2);
    const std::uint64_t bm = (b.m.w[i] & c_is_1) | (b.p.w[i] & c_is_2);
    const std::uint64_t ap = a.p.w[i], am = a.m.w[i];
    const std::uint64_t a0 = ~(ap | am), b0 = ~(bp | bm);
    a.p.w[i] = (ap & b0) | (a0 & bp) | (am & bm);
    a.m.w[i] = (am & b0) | (a0 & bm) | (ap & bp);
  }
}

// All-ones mask when delta > 0 and g0 != 0.
// g0_nonzero: bit 0 is 1 iff g(0) != 0 (higher bits are ignored).
inline std::uint64_t divstep_swap_mask(std::int32_t delta, std::uint64_t g0_nonzero) {
  const std::uint64_t positive = static_cast<std::uint32_t>(-delta) >> 31;
  return 0 - (positive & g0_nonzero & 1);
}

inline std::int32_t divstep_delta(std::int32_t delta, std::uint64_t swap) {
  const std::int32_t mask = -static_cast<std::int32_t>(swap & 1);
  return (delta ^ (mask & (delta ^ -delta))) + 1;
}

}  // namespace detail

// out = a^-1 in S_3 (coefficient n-1 of out is 0). Returns false when a is
// not invertible modulo (3, Phi_n); out is then meaningless. Only that
// outcome is revealed.
template <std::size_t N>
bool invert_s3(const Ternary<N>& a, Ternary<N>& out) {
  detail::TritPlanes<N> f, g, v, w;
  for (std::size_t i = 0; i < N; ++i) f.p.set(i, 1);
  const std::uint32_t top = a[N - 1];
  for (std::size_t i = 0; i + 1 < N; ++i) {
    const std::uint32_t t = mod3(a[i] + 2 * top);  // reduced modulo Phi_n
    g.p.set(N - 2 - i, t & 1);
    g.m.set(N - 2 - i, t >> 1);
  }
  w.p.set(0, 1);
  std::int32_t delta = 1;
  for (std::size_t step = 0; step < 2 * (N - 1) - 1; ++step) {
    v.shift_up();
    const std::uint64_t swap = detail::divstep_swap_mask(delta, g.p.w[0] | g.m.w[0]);
    delta = detail::divstep_delta(delta, swap);
    detail::conditional_swap(f, g, swap);
    detail::conditional_swap(v, w, swap);
    // f(0) is 1 or 2, its own inverse: c = -g(0)/f(0) = 2 g(0) f(0).
    const std::uint32_t c = mod3(2 * static_cast<std::uint32_t>(g.coefficient(0) * f.coefficient(0)));
    const std::uint64_t c_is_1 = 0 - std::uint64_t{c & 1}, c_is_2 = 0 - std::uint64_t{c >> 1};
    detail::add_multiple(g, f, c_is_1, c_is_2);
    detail::add_multiple(w, v, c_is_1, c_is_2);
    g.shift_down();
  }
  const std::uint32_t f0 = f.coefficient(0);
  for (std::size_t i = 0; i + 1 < N; ++i) out[i] = static_cast<std::uint8_t>(mod3(f0 * v.coefficient(N - 2 - i)));
  out[N - 1] = 0;
  return (f.p.above_constant() | f.m.above_constant()) == 0;
}

// The same over GF(2); a holds bits (0 or 1).
template <std::size_t N>
bool invert_s2(const std::array<std::uint8_t, N>& a, std::array<std::uint8_t, N>& out) {
  detail::BitPlane<N> f, g, v, w;
  for (std::size_t i = 0; i < N; ++i) f.set(i, 1);
  const std::uint8_t top = a[N - 1] & 1;
  for (std::size_t i = 0; i + 1 < N; ++i) g.set(N - 2 - i, (a[i] & 1) ^ top);
  w.set(0, 1);
  std::int32_t delta = 1;
  for (std::size_t step = 0; step < 2 * (N - 1) - 1; ++step) {
    v.shift_up();
    const std::uint64_t swap = detail::divstep_swap_mask(delta, g.w[0]);
    delta = detail::divstep_delta(delta, swap);
    detail::conditional_swap(f, g, swap);
    detail::conditional_swap(v, w, swap);
    const std::uint64_t c = 0 - (g.w[0] & 1);  // f(0) = 1
    for (std::size_t i = 0; i < detail::BitPlane<N>::words; ++i) {
      g.w[i] ^= c & f.w[i];
      w.w[i] ^= c & v.w[i];
    }
    g.shift_down();
  }
  for (std::size_t i = 0; i + 1 < N; ++i) out[i] = static_cast<std::uint8_t>(v.bit(N - 2 - i));
  out[N - 1] = 0;
  return f.above_constant() == 0;
}

// out = a^-1 modulo (q, Phi_n), as an element of R_q (its value at x = 1 is
// not meaningful). Returns false when a is not invertible modulo (2, Phi_n),
// which for q = 2^k is the same as modulo (q, Phi_n).
template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
bool invert_rq(const M& multiplier, const Rq<P>& a, Rq<P>& out) {
  std::array<std::uint8_t, P::n> bits, inverse_bits;
  for (std::size_t i = 0; i < P::n; ++i) bits[i] = static_cast<std::uint8_t>(a[i] & 1);
  const bool invertible = invert_s2<P::n>(bits, inverse_bits);
  Rq<P> r, minus_a;
  for (std::size_t i = 0; i < P::n; ++i) {
    r[i] = inverse_bits[i];
    minus_a[i] = mod_q<P>(P::q - a[i]);
  }
  // Correct modulo 2^precision; each step doubles the precision.
  for (unsigned precision = 1; precision < P::log_q; precision *= 2) {
    Rq<P> c = pqmul::mul(multiplier, r, minus_a);
    c[0] = mod_q<P>(c[0] + 2u);
    r = pqmul::mul(multiplier, c, r);
  }
  out = r;
  return invertible;
}

}  // namespace pqmul::ntru
