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
// R_q (q = 2^k): the S_2 inverse lifted by Newton iteration r <- r (2 - a r),
// which doubles the number of correct bits each time, through a multiplier.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/schemes/ntru/arith.hpp"

namespace pqmul::ntru {

namespace detail {

// All-ones mask when delta > 0 and g0 != 0.
inline std::uint8_t divstep_swap_mask(std::int32_t delta, std::uint32_t g0) {
  const std::uint32_t positive = static_cast<std::uint32_t>(-delta) >> 31;
  const std::uint32_t nonzero = (0u - g0) >> 31;
  return static_cast<std::uint8_t>(0u - (positive & nonzero));
}

inline std::int32_t divstep_delta(std::int32_t delta, std::uint8_t swap) {
  const std::int32_t mask = -static_cast<std::int32_t>(swap & 1);
  return (delta ^ (mask & (delta ^ -delta))) + 1;
}

// x mod 3 for x <= 8: subtracting 3 wraps below zero exactly when x < 3, and
// the unsigned minimum then keeps x (compiles to vector byte minima).
inline std::uint8_t small_mod3(std::uint8_t x) {
  x = std::min<std::uint8_t>(x, static_cast<std::uint8_t>(x - 3));
  return std::min<std::uint8_t>(x, static_cast<std::uint8_t>(x - 3));
}

template <std::size_t N>
void conditional_swap(std::array<std::uint8_t, N>& a, std::array<std::uint8_t, N>& b, std::uint8_t mask) {
  for (std::size_t i = 0; i < N; ++i) {
    const std::uint8_t t = static_cast<std::uint8_t>(mask & (a[i] ^ b[i]));
    a[i] ^= t;
    b[i] ^= t;
  }
}

template <std::size_t N>
void multiply_by_x(std::array<std::uint8_t, N>& v) {
  for (std::size_t i = N - 1; i > 0; --i) v[i] = v[i - 1];
  v[0] = 0;
}

template <std::size_t N>
std::uint8_t is_constant(const std::array<std::uint8_t, N>& f) {
  std::uint32_t any = 0;
  for (std::size_t i = 1; i < N; ++i) any |= f[i];
  return static_cast<std::uint8_t>(1 ^ ((0u - any) >> 31));
}

}  // namespace detail

// out = a^-1 in S_3 (coefficient n-1 of out is 0). Returns false when a is
// not invertible modulo (3, Phi_n); out is then meaningless. Only that
// outcome is revealed.
template <std::size_t N>
bool invert_s3(const Ternary<N>& a, Ternary<N>& out) {
  std::array<std::uint8_t, N> f, g{}, v{}, w{};
  f.fill(1);
  const std::uint32_t top = a[N - 1];
  for (std::size_t i = 0; i + 1 < N; ++i) g[N - 2 - i] = static_cast<std::uint8_t>(mod3(a[i] + 2 * top));
  w[0] = 1;
  std::int32_t delta = 1;
  for (std::size_t step = 0; step < 2 * (N - 1) - 1; ++step) {
    detail::multiply_by_x(v);
    const std::uint8_t swap = detail::divstep_swap_mask(delta, g[0]);
    delta = detail::divstep_delta(delta, swap);
    detail::conditional_swap(f, g, swap);
    detail::conditional_swap(v, w, swap);
    // f(0) is 1 or 2, its own inverse: c = -g(0)/f(0) = 2 g(0) f(0).
    const auto c = static_cast<std::uint8_t>(mod3(2u * g[0] * f[0]));
    for (std::size_t i = 0; i < N; ++i) w[i] = detail::small_mod3(static_cast<std::uint8_t>(w[i] + c * v[i]));
    for (std::size_t i = 0; i + 1 < N; ++i)
      g[i] = detail::small_mod3(static_cast<std::uint8_t>(g[i + 1] + c * f[i + 1]));
    g[N - 1] = 0;
  }
  for (std::size_t i = 0; i + 1 < N; ++i) out[i] = static_cast<std::uint8_t>(mod3(f[0] * v[N - 2 - i]));
  out[N - 1] = 0;
  return detail::is_constant(f) == 1;
}

// The same over GF(2); a holds bits (0 or 1).
template <std::size_t N>
bool invert_s2(const std::array<std::uint8_t, N>& a, std::array<std::uint8_t, N>& out) {
  std::array<std::uint8_t, N> f, g{}, v{}, w{};
  f.fill(1);
  const std::uint8_t top = a[N - 1] & 1;
  for (std::size_t i = 0; i + 1 < N; ++i) g[N - 2 - i] = static_cast<std::uint8_t>((a[i] & 1) ^ top);
  w[0] = 1;
  std::int32_t delta = 1;
  for (std::size_t step = 0; step < 2 * (N - 1) - 1; ++step) {
    detail::multiply_by_x(v);
    const std::uint8_t swap = detail::divstep_swap_mask(delta, g[0]);
    delta = detail::divstep_delta(delta, swap);
    detail::conditional_swap(f, g, swap);
    detail::conditional_swap(v, w, swap);
    const std::uint8_t c = static_cast<std::uint8_t>(0u - g[0]);  // f(0) = 1
    for (std::size_t i = 0; i < N; ++i) w[i] ^= static_cast<std::uint8_t>(c & v[i]);
    for (std::size_t i = 0; i + 1 < N; ++i) g[i] = static_cast<std::uint8_t>(g[i + 1] ^ (c & f[i + 1]));
    g[N - 1] = 0;
  }
  for (std::size_t i = 0; i + 1 < N; ++i) out[i] = v[N - 2 - i];
  out[N - 1] = 0;
  return detail::is_constant(f) == 1;
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
