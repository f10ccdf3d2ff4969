#pragma once
// A Toom-4 level over the points 0, 1, -1, 1/2, -1/2, 2, inf (toom4_points():
// Saber's reference plan and the plan of pqmul's SIMD kernels) in one pass
// each way. The general passes apply one weight of one row at a time: the
// interpolation's seven dense rows are some forty passes over the products,
// each loading and storing its output again, which in code that is not
// vectorised cost more than the leaf products. Here each value is loaded once
// and each output stored once (added once where two blocks overlap), and the
// interpolation is the sequence of Toom-4's published implementations, whose
// steps share their partial sums, rather than the rows' dense weighted sums:
// the same products, mod 2^w as exact as the rows (three bits lost), written
// with the arithmetic's operations so that the counting twin and the prime
// field (Kyber's ring) run it too. Included by toom_cook_impl.hpp, after
// toom_karatsuba_passes.hpp (opaque_pointers).
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pqmul/algorithms/toom_derivation.hpp"

namespace pqmul::toom_detail {

// Whether a level is Toom-4 over toom4_points() in that order, its evaluation
// homogeneous (the points 1/2 and -1/2 scaled by 8, their products by 64).
template <class Scheme>
bool is_classic_toom4(const Scheme& s) {
  using Row = std::vector<std::int64_t>;
  return s.k == 4 && s.points == toom4_points() &&
         s.evaluation == std::vector<Row>{{1, 0, 0, 0}, {1, 1, 1, 1},   {1, -1, 1, -1}, {8, 4, 2, 1},
                                          {8, -4, 2, -1}, {1, 2, 4, 8}, {0, 0, 0, 1}};
}

// One piece's seven points, len values each, from its four pieces a[j].
// Every stream a pointer of its own: written as offsets from one output
// pointer, the seven stores needed more run-time alias checks than gcc 12
// makes, and the loop stayed scalar.
template <std::size_t Len, class A>
inline void toom4_evaluate_piece(const typename A::value* __restrict a0s, const typename A::value* __restrict a1s,
                                 const typename A::value* __restrict a2s, const typename A::value* __restrict a3s,
                                 typename A::value* __restrict at0, typename A::value* __restrict at1,
                                 typename A::value* __restrict at_minus1, typename A::value* __restrict at_half,
                                 typename A::value* __restrict at_minus_half, typename A::value* __restrict at2,
                                 typename A::value* __restrict at_inf, std::size_t len) {
  using V = typename A::value;
  constexpr auto two = A::make_constant(2), four = A::make_constant(4);
  if constexpr (Len != 0) len = Len;
  for (std::size_t t = 0; t < len; ++t) {
    const V a0 = a0s[t], a1 = a1s[t], a2 = a2s[t], a3 = a3s[t];
    const V even = A::add(a0, a2), odd = A::add(a1, a3);
    const V half_even = A::mul_const(A::add(A::mul_const(a0, four), a2), two);  // 8 a0 + 2 a2
    const V half_odd = A::add(A::mul_const(a1, four), a3);                      // 4 a1 + a3
    at0[t] = a0;
    at1[t] = A::add(even, odd);
    at_minus1[t] = A::sub(even, odd);
    at_half[t] = A::add(half_even, half_odd);
    at_minus_half[t] = A::sub(half_even, half_odd);
    at2[t] = A::add(a0, A::mul_const(A::add(a1, A::mul_const(A::add(a2, A::mul_const(a3, two)), two)), two));
    at_inf[t] = a3;
  }
}

// Each of blocks.count pieces of 4 * len values (in_stride apart) gives its
// seven points, len values each, at out + b * out_stride + i * point_stride,
// in the order of toom4_points().
template <std::size_t Len, class A, class B>
inline void toom4_evaluation_of(typename A::value* out, const typename A::value* in, const B& blocks,
                                std::size_t point_stride) {
  using V = typename A::value;
  const std::size_t len = Len != 0 ? Len : blocks.len, ps = point_stride;
  for (std::size_t b = 0; b < blocks.count; ++b) {
    V* o = out + b * blocks.out_stride;
    const V* s = in + b * blocks.in_stride;
    if constexpr (Len != 0) opaque_pointers(o, s);  // (as over_blocks_of's evaluation passes)
    toom4_evaluate_piece<Len, A>(s, s + len, s + 2 * len, s + 3 * len, o, o + ps, o + 2 * ps, o + 3 * ps, o + 4 * ps,
                                 o + 5 * ps, o + 6 * ps, len);
  }
}

// The seven coefficients (of x^0 .. x^6 in the pieces' variable) at one
// position of the points' products p[i * held], in toom4_points() order.
template <class A>
inline std::array<typename A::value, 7> toom4_coefficients(const typename A::value* p, std::size_t held) {
  using V = typename A::value;
  constexpr auto c2 = A::make_constant(2), c8 = A::make_constant(8), c16 = A::make_constant(16);
  constexpr auto c30 = A::make_constant(30), c45 = A::make_constant(45), c64 = A::make_constant(64);
  constexpr auto by2 = A::make_divisor(1, 1), by18 = A::make_divisor(9, 1), by24 = A::make_divisor(3, 3),
                 by60 = A::make_divisor(15, 2);
  const V at0 = p[0], at1 = p[held], at_minus1 = p[2 * held], at_half = p[3 * held], at_minus_half = p[4 * held],
          at2 = p[5 * held], at_inf = p[6 * held];
  V r1 = A::add(at2, at_half);
  V r5 = A::sub(at_minus_half, at_half);
  V r3 = A::divide(A::sub(at_minus1, at1), by2);
  V r4 = A::sub(A::sub(at_half, at_inf), A::mul_const(at0, c64));
  r4 = A::add(A::mul_const(r4, c2), r5);
  V r2 = A::add(at1, r3);
  r1 = A::sub(A::sub(r1, A::mul_const(r2, c64)), r2);
  r2 = A::sub(A::sub(r2, at0), at_inf);
  r1 = A::add(r1, A::mul_const(r2, c45));
  r4 = A::divide(A::sub(r4, A::mul_const(r2, c8)), by24);
  r5 = A::add(r5, r1);
  r1 = A::divide(A::add(r1, A::mul_const(r3, c16)), by18);
  r3 = A::sub(V{}, A::add(r3, r1));
  r5 = A::divide(A::sub(A::mul_const(r1, c30), r5), by60);
  r2 = A::sub(r2, r4);
  r1 = A::sub(r1, r5);
  return {at0, r5, r4, r3, r2, r1, at_inf};
}

// Half of one parent's interpolation: positions [first, first + len) of the
// seven products (p, `held` apart) give coefficient m's values at
// o[m * len + position]. Parameters of their own, so that gcc knows the
// products and the parent apart without run-time checks.
template <std::size_t Len, class A, bool SecondHalf>
inline void toom4_interpolate_half(typename A::value* __restrict o, const typename A::value* __restrict p,
                                   std::size_t len, std::size_t held) {
  if constexpr (Len != 0) len = Len;
  const std::size_t first = SecondHalf ? len : 0;
  for (std::size_t t = first; t < first + len; ++t) {
    const auto c = toom4_coefficients<A>(p + t, held);
    if constexpr (SecondHalf) {
      for (std::size_t m = 0; m < 6; ++m) o[m * len + t] = A::add(o[m * len + t], c[m]);
      o[6 * len + t] = c[6];
    } else {
      for (std::size_t m = 0; m < 7; ++m) o[m * len + t] = c[m];
    }
  }
}

// Each of blocks.count groups of seven products (2 * len values each, `held`
// apart, the groups in_stride apart) gives its parent's product of 8 * len
// values at out + b * out_stride, coefficient m's 2 * len values at m * len.
// The first halves go first and are stored, tiling the parent's first 7 * len
// values; the second halves are added onto the next coefficient's first half
// (the last one's stored), so the parent needs no clearing pass.
template <std::size_t Len, class A, class B>
inline void toom4_interpolation_of(typename A::value* out, const typename A::value* in, const B& blocks,
                                   std::size_t held) {
  const std::size_t len = Len != 0 ? Len : blocks.len;
  for (std::size_t b = 0; b < blocks.count; ++b) {
    toom4_interpolate_half<Len, A, false>(out + b * blocks.out_stride, in + b * blocks.in_stride, len, held);
    toom4_interpolate_half<Len, A, true>(out + b * blocks.out_stride, in + b * blocks.in_stride, len, held);
  }
}

}  // namespace pqmul::toom_detail
