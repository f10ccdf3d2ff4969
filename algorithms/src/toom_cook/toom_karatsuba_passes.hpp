#pragma once
// A Karatsuba level of the Toom-Cook engine in one pass each way. The general
// passes apply one weight of one row at a time, so a Karatsuba level reads
// its inputs and rewrites its outputs once per term (four passes to evaluate,
// five to interpolate); here every value is loaded once and every output
// stored once, with the same additions. Included by toom_cook_impl.hpp, whose
// passes share opaque_pointers.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pqmul::toom_detail {

// Hides from gcc that a block's pointers advance by a fixed stride, so
// that it cannot vectorise across blocks. clang vectorises within blocks on
// its own, and the same barrier made its evaluations ten times slower.
template <class Out, class In>
inline void opaque_pointers([[maybe_unused]] Out& out, [[maybe_unused]] In& in) {
#if defined(__GNUC__) && !defined(__clang__)
  asm("" : "+r"(out), "+r"(in));
#endif
}

// gcc's code only: clang vectorises the general passes within the blocks on
// its own, and made the fused evaluation two to three times slower (Saber's
// toom4-k2 transform 550 -> 950 ticks, NTRU hps2048509's toom4-k4 1,600 ->
// 4,500; clang 14), so a clang build keeps the general passes.
#if defined(__GNUC__) && !defined(__clang__)
inline constexpr bool fused_karatsuba = true;
#else
inline constexpr bool fused_karatsuba = false;
#endif

// Whether a level's rows are Karatsuba's over the points 0, 1, inf (the order
// of karatsuba_points()): evaluation a0, a0 + a1, a1; interpolation P0,
// P1 - P0 - Pinf, Pinf, no division.
template <class Scheme>
bool is_karatsuba(const Scheme& s) {
  using Row = std::vector<std::int64_t>;
  if (!fused_karatsuba || s.k != 2 || s.evaluation != std::vector<Row>{{1, 0}, {1, 1}, {0, 1}}) return false;
  const std::vector<Row> rows{{1, 0, 0}, {-1, 1, -1}, {0, 0, 1}};
  for (std::size_t m = 0; m < rows.size(); ++m)
    if (s.interpolation[m].numerators != rows[m] || s.interpolation[m].odd != 1 || s.interpolation[m].shift != 0)
      return false;
  return true;
}

// Each of blocks.count pieces of 2 * len values (in_stride apart) gives its
// three points, len values each, at out + b * out_stride + i * point_stride.
template <std::size_t Len, class A, class B>
inline void karatsuba_evaluation_of(typename A::value* out, const typename A::value* in, const B& blocks,
                                    std::size_t point_stride) {
  using V = typename A::value;
  const std::size_t len = Len != 0 ? Len : blocks.len;
  for (std::size_t b = 0; b < blocks.count; ++b) {
    V* __restrict o = out + b * blocks.out_stride;
    const V* __restrict s = in + b * blocks.in_stride;
    if constexpr (Len != 0) opaque_pointers(o, s);  // (as over_blocks_of's evaluation passes)
    for (std::size_t t = 0; t < len; ++t) {
      const V low = s[t], high = s[len + t];
      o[t] = low;
      o[point_stride + t] = A::add(low, high);
      o[2 * point_stride + t] = high;
    }
  }
}

// Each of blocks.count groups of three products (P0, P1, Pinf, 2 * len values
// each, `held` apart, the groups in_stride apart) gives its parent's product
// of 4 * len values at out + b * out_stride: P0 at 0, Pinf at 2 len, and
// P1 - P0 - Pinf added at len.
template <std::size_t Len, class A, class B>
inline void karatsuba_interpolation_of(typename A::value* out, const typename A::value* in, const B& blocks,
                                       std::size_t held) {
  using V = typename A::value;
  const std::size_t len = Len != 0 ? Len : blocks.len;
  for (std::size_t b = 0; b < blocks.count; ++b) {
    V* __restrict o = out + b * blocks.out_stride;
    const V* __restrict p0 = in + b * blocks.in_stride;
    const V* __restrict p1 = p0 + held;
    const V* __restrict pinf = p1 + held;
    for (std::size_t t = 0; t < len; ++t) {
      const V low0 = p0[t], high0 = p0[len + t], lowinf = pinf[t], highinf = pinf[len + t];
      o[t] = low0;
      o[len + t] = A::sub(A::sub(A::add(high0, p1[t]), low0), lowinf);
      o[2 * len + t] = A::sub(A::sub(A::add(lowinf, p1[len + t]), high0), highinf);
      o[3 * len + t] = highinf;
    }
  }
}

}  // namespace pqmul::toom_detail
