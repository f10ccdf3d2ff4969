#pragma once
// A polynomial in the normal (coefficient) domain. Transformed operands are
// other types, owned by each multiplier, so that mixing domains fails to compile.
#include <array>
#include <cassert>
#include <cstdint>

#include "pqmul/algorithms/ring.hpp"

namespace pqmul {

// The tag of a polynomial every coefficient of which is written before it
// is read: its zeroing is skipped (zeroing temporaries is a measurable share
// of a KEM's time).
struct Uninitialized {
  explicit Uninitialized() = default;
};
inline constexpr Uninitialized uninitialized{};

// Coefficients are canonical: 0 <= c < q. Multipliers accept and return
// canonical polynomials (checked in debug builds by is_canonical). A Poly
// starts zero unless built from `uninitialized`.
template <RingDescription R>
struct Poly {
  using ring = R;
  static constexpr std::size_t size = R::n;
  std::array<std::uint16_t, R::n> coeffs;

  constexpr Poly() : coeffs{} {}
  constexpr explicit Poly(Uninitialized) {}

  constexpr std::uint16_t& operator[](std::size_t i) { return coeffs[i]; }
  constexpr const std::uint16_t& operator[](std::size_t i) const { return coeffs[i]; }
  friend constexpr bool operator==(const Poly&, const Poly&) = default;
};

template <RingDescription R>
constexpr bool is_canonical(const Poly<R>& p) {
  for (auto c : p.coeffs)
    if (c >= R::q) return false;
  return true;
}

// r = a + b mod q, branch-free (coefficients may be secret); r may be a or b.
// For the rings' q (at most 2^14) a + b - q lies in (-q, q): 16-bit lanes
// with one masked addition of q, taken from the sign, so that baseline SSE2
// vectorises it (the eager strategy's running sums pay for this loop).
template <RingDescription R>
constexpr void add_into(const Poly<R>& a, const Poly<R>& b, Poly<R>& r) {
  static_assert(R::q <= (1u << 14), "a + b - q must fit in 16 signed bits");
  for (std::size_t i = 0; i < R::n; ++i) {
    const auto t = static_cast<std::int16_t>(a[i] + b[i] - static_cast<int>(R::q));
    r[i] = static_cast<std::uint16_t>(t + (static_cast<std::int16_t>(R::q) & (t >> 15)));
  }
}

template <RingDescription R>
constexpr Poly<R> add(const Poly<R>& a, const Poly<R>& b) {
  Poly<R> r(uninitialized);
  add_into(a, b, r);
  return r;
}

}  // namespace pqmul
