#pragma once
// Coefficient arithmetic of NTRU outside the products: trits, the maps
// between Z_3 and Z_q, reduction modulo Phi_n = 1 + x + ... + x^(n-1), and
// the message lift. All branch-free in the coefficient values.
#include <array>
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/poly.hpp"
#include "pqmul/schemes/ntru/params.hpp"

namespace pqmul::ntru {

// A polynomial with coefficients in Z_3, stored as 0, 1, 2 (2 stands for -1).
// An element of S_3 = Z_3[x]/(Phi_n) is kept with coefficient n-1 equal to 0.
// Starts zero unless built from `uninitialized` (for a kernel that writes
// every coefficient).
template <std::size_t N>
struct Ternary {
  static constexpr std::size_t size = N;
  std::array<std::uint8_t, N> coeffs;

  constexpr Ternary() : coeffs{} {}
  explicit Ternary(Uninitialized) {}

  constexpr std::uint8_t& operator[](std::size_t i) { return coeffs[i]; }
  constexpr const std::uint8_t& operator[](std::size_t i) const { return coeffs[i]; }
  friend constexpr bool operator==(const Ternary&, const Ternary&) = default;
};

template <ParameterSet P>
using Rq = Poly<typename P::ring>;
template <ParameterSet P>
using S3 = Ternary<P::n>;

// x mod 3 for 0 <= x < 2^16 without a division: (x * 43691) >> 17 equals
// floor(x / 3) on that range, since 43691 = (2^17 + 1) / 3.
constexpr std::uint32_t mod3(std::uint32_t x) { return x - 3 * ((x * 43691u) >> 17); }

template <ParameterSet P>
constexpr std::uint16_t mod_q(std::uint32_t x) {
  return static_cast<std::uint16_t>(x & (P::q - 1));
}

// {0, 1, 2} -> {0, 1, q-1}.
template <ParameterSet P>
constexpr Rq<P> to_rq(const S3<P>& a) {
  Rq<P> r;
  for (std::size_t i = 0; i < P::n; ++i) {
    const std::uint32_t v = a[i];
    r[i] = mod_q<P>(v | ((0u - (v >> 1)) & (P::q - 1)));
  }
  return r;
}

// {0, 1, q-1} -> {0, 1, 2}; other values map to something in {0..3} that the
// callers have already rejected in constant time.
template <ParameterSet P>
constexpr S3<P> trinary_from_rq(const Rq<P>& a) {
  S3<P> r;
  for (std::size_t i = 0; i < P::n; ++i) {
    const std::uint32_t v = a[i] & (P::q - 1);
    r[i] = static_cast<std::uint8_t>(3 & (v ^ (v >> (P::log_q - 1))));
  }
  return r;
}

// Reduce modulo Phi_n in S_3: x^(n-1) = -(1 + ... + x^(n-2)), so subtract
// coefficient n-1 from every coefficient (adding 2 * c is subtracting c mod 3).
template <std::size_t N>
constexpr void reduce_phi(Ternary<N>& a) {
  const std::uint32_t top = a[N - 1];
  for (std::size_t i = 0; i < N; ++i) a[i] = static_cast<std::uint8_t>(mod3(a[i] + 2 * top));
}

// The same in S_q.
template <ParameterSet P>
constexpr void reduce_phi(Rq<P>& a) {
  const std::uint32_t top = a[P::n - 1];
  for (std::size_t i = 0; i < P::n; ++i) a[i] = mod_q<P>(a[i] + P::q - top);
}

// R_q -> S_3: each coefficient is read as its centred representative in
// [-q/2, q/2), reduced mod 3, then the result is reduced modulo Phi_n.
template <ParameterSet P>
constexpr S3<P> rq_to_s3(const Rq<P>& a) {
  constexpr std::uint32_t minus_q_mod3 = (3 - P::q % 3) % 3;
  S3<P> r;
  for (std::size_t i = 0; i < P::n; ++i) {
    const std::uint32_t v = a[i] & (P::q - 1);
    const std::uint32_t negative = v >> (P::log_q - 1);  // v >= q/2
    r[i] = static_cast<std::uint8_t>(mod3(v + negative * minus_q_mod3));
  }
  reduce_phi(r);
  return r;
}

// Lift: S_3 -> R_q, the message's representative added to r*h.
//   HPS:  the coefficients in {-1, 0, 1}.
//   HRSS: (x-1) * b with b = m / (x-1) in S_3, b in {-1, 0, 1} and b_{n-1} = 0,
//         so the lift is a multiple of (x-1) and vanishes at x = 1.
// For HRSS: (x-1) b = m - c * Phi_n for the constant c = m(1)/n (mod 3) that
// makes the right side vanish at 1; then b_i = (i+1) c - (m_0 + ... + m_i).
template <ParameterSet P>
constexpr Rq<P> lift(const S3<P>& m) {
  if constexpr (P::variant == Variant::hps) {
    return to_rq<P>(m);
  } else {
    constexpr std::uint32_t n_inverse_mod3 = P::n % 3 == 1 ? 1 : 2;
    static_assert(P::n % 3 != 0);
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < P::n; ++i) sum += m[i];
    const std::uint32_t c = mod3(mod3(sum) * n_inverse_mod3);
    S3<P> b;
    std::uint32_t prefix = 0, multiple = 0;
    for (std::size_t i = 0; i < P::n; ++i) {
      prefix = mod3(prefix + m[i]);
      multiple = mod3(multiple + c);
      b[i] = static_cast<std::uint8_t>(mod3(multiple + 3 - prefix));
    }
    const Rq<P> bq = to_rq<P>(b);
    Rq<P> r;
    r[0] = mod_q<P>(P::q - bq[0] + bq[P::n - 1]);
    for (std::size_t i = 1; i < P::n; ++i) r[i] = mod_q<P>(bq[i - 1] + P::q - bq[i]);
    return r;
  }
}

// g of the key: HPS 3*g, HRSS 3*(x-1)*g, with g ternary.
template <ParameterSet P>
constexpr Rq<P> key_g(const S3<P>& g) {
  const Rq<P> gq = to_rq<P>(g);
  Rq<P> r;
  if constexpr (P::variant == Variant::hps) {
    for (std::size_t i = 0; i < P::n; ++i) r[i] = mod_q<P>(3u * gq[i]);
  } else {
    r[0] = mod_q<P>(3u * (gq[P::n - 1] + P::q - gq[0]));
    for (std::size_t i = 1; i < P::n; ++i) r[i] = mod_q<P>(3u * (gq[i - 1] + P::q - gq[i]));
  }
  return r;
}

template <ParameterSet P>
constexpr Rq<P> sub_rq(const Rq<P>& a, const Rq<P>& b) {
  Rq<P> r;
  for (std::size_t i = 0; i < P::n; ++i) r[i] = mod_q<P>(a[i] + P::q - b[i]);
  return r;
}

template <ParameterSet P>
constexpr Rq<P> add_rq(const Rq<P>& a, const Rq<P>& b) {
  Rq<P> r;
  for (std::size_t i = 0; i < P::n; ++i) r[i] = mod_q<P>(a[i] + b[i]);
  return r;
}

}  // namespace pqmul::ntru
