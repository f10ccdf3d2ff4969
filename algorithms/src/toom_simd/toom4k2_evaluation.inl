// Part of the toom4-k2 kernels (toom4k2_kernels.inl): the way into the lanes,
// Toom-4 and Karatsuba evaluation on blocks, and the transpositions between
// leaves and groups of 16 leaves.

#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/toom_simd_kernels.hpp"

namespace pqmul::PQMUL_TOOM_KERNELS {
namespace {

// --- evaluation -------------------------------------------------------------

// w[k*m + i] = piece k of the Toom-4 evaluation, unit i, where unit(j) is
// unit j of the 4m units of the polynomial (a block, or one column of an
// exact leaf).
template <class Unit>
inline void toom4_eval_units(Unit unit, std::size_t m, V* w) {
  for (std::size_t i = 0; i < m; ++i) {
    const V r0 = unit(i), r1 = unit(m + i), r2 = unit(2 * m + i), r3 = unit(3 * m + i);
    const V even = add(r0, r2), odd = add(r1, r3);
    const V even8 = shl(add(shl(r0, 2), r2), 1);  // 8 r0 + 2 r2
    const V odd4 = add(shl(r1, 2), r3);           // 4 r1 + r3
    w[0 * m + i] = r3;                                                 // inf
    w[1 * m + i] = add(add(r0, shl(r1, 1)), add(shl(r2, 2), shl(r3, 3)));  // 2
    w[2 * m + i] = add(even, odd);                                     // 1
    w[3 * m + i] = sub(even, odd);                                     // -1
    w[4 * m + i] = add(even8, odd4);                                   // 8 * (1/2)
    w[5 * m + i] = sub(even8, odd4);                                   // 8 * (-1/2)
    w[6 * m + i] = r0;                                                 // 0
  }
}

// The same on blocks (a: 64m values, any alignment).
void toom4_eval_blocks(const std::int16_t* a, std::size_t m, V* w) {
  toom4_eval_units([a](std::size_t j) { return load(a + 16 * j); }, m, w);
}

// Appends the Karatsuba leaves of a (M units: blocks, or columns of exact
// leaves) at out, one unit each; returns the end. The recursion is on template
// arguments so that each shape unrolls completely.
template <std::size_t M>
inline V* karatsuba_eval_fixed(const V* a, V* out) {
  if constexpr (M == 1) {
    out[0] = a[0];
    return out + 1;
  } else if constexpr (M == 3) {
    // Three-way Karatsuba: 6 products instead of 7 for a 2 + 1 split.
    out[0] = a[0];
    out[1] = a[1];
    out[2] = a[2];
    out[3] = add(a[0], a[1]);
    out[4] = add(a[0], a[2]);
    out[5] = add(a[1], a[2]);
    return out + 6;
  } else {
    constexpr std::size_t h = (M + 1) / 2, r = M - h;
    V sum[h];
#pragma GCC unroll 64
    for (std::size_t i = 0; i < h; ++i) sum[i] = i < r ? add(a[i], a[h + i]) : a[i];
    out = karatsuba_eval_fixed<h>(a, out);
    out = karatsuba_eval_fixed<h>(sum, out);
    return karatsuba_eval_fixed<r>(a + h, out);
  }
}

V* karatsuba_eval_blocks(const V* a, std::size_t m, V* out) {
  return with_m(m, [&]<std::size_t M>() { return karatsuba_eval_fixed<M>(a, out); });
}

// --- transposition ----------------------------------------------------------

// Transposes the two 8x8 blocks that eight rows hold in their 128-bit halves:
// out[j * stride] holds column j (low half) and column j+8 (high half) of rows 0..7.
// (Stored one by one as they are formed: gathered in an array first, the
// AVX-512 build copied them out in 512-bit moves that stalled on the 256-bit
// stores before them.)
[[gnu::always_inline]] inline void transpose8_halves(const V* r, V* out, std::size_t stride) {
  V a[4], b[4], c[8];
  for (int i = 0; i < 4; ++i) {
    a[i] = unpack_lo16(r[2 * i], r[2 * i + 1]);
    b[i] = unpack_hi16(r[2 * i], r[2 * i + 1]);
  }
  c[0] = unpack_lo32(a[0], a[1]);
  c[1] = unpack_hi32(a[0], a[1]);
  c[2] = unpack_lo32(a[2], a[3]);
  c[3] = unpack_hi32(a[2], a[3]);
  c[4] = unpack_lo32(b[0], b[1]);
  c[5] = unpack_hi32(b[0], b[1]);
  c[6] = unpack_lo32(b[2], b[3]);
  c[7] = unpack_hi32(b[2], b[3]);
  store(out + 0 * stride, unpack_lo64(c[0], c[2]));
  store(out + 1 * stride, unpack_hi64(c[0], c[2]));
  store(out + 2 * stride, unpack_lo64(c[1], c[3]));
  store(out + 3 * stride, unpack_hi64(c[1], c[3]));
  store(out + 4 * stride, unpack_lo64(c[4], c[6]));
  store(out + 5 * stride, unpack_hi64(c[4], c[6]));
  store(out + 6 * stride, unpack_lo64(c[5], c[7]));
  store(out + 7 * stride, unpack_hi64(c[5], c[7]));
}

// out[j * stride] = column j of the 16x16 matrix whose rows are
// in[r * in_stride], r < 16. The halves of rows r and r + 8 are paired while
// loading (an insert from memory is cheaper than a cross-lane permutation), so
// the in-lane 8x8 transpositions give the columns directly.
[[gnu::always_inline]] inline void transpose16(const V* in, V* out, std::size_t stride, std::size_t in_stride = 1) {
  const auto* values = reinterpret_cast<const std::int16_t*>(in);
  V low[8], high[8];
  for (std::size_t r = 0; r < 8; ++r) {
    const std::int16_t* row = values + 16 * r * in_stride;
    const std::int16_t* row8 = values + 16 * (r + 8) * in_stride;
    low[r] = join_halves(row, row8);
    high[r] = join_halves(row + 8, row8 + 8);
  }
  transpose8_halves(low, out, stride);
  transpose8_halves(high, out + 8 * stride, stride);
}

// leaves: groups_of_leaves(count) * 16 leaves of s blocks, those past count
// zero -> groups of 16s rows.
void transpose_leaf_blocks(const V* leaves, std::size_t count, std::size_t s, V* groups) {
  const std::size_t g_count = groups_of_leaves(count);
  with_s(s, [&]<std::size_t S>() {
    for (std::size_t g = 0; g < g_count; ++g)
      for (std::size_t t = 0; t < S; ++t) transpose16(leaves + g * 16 * S + t, groups + (g * S + t) * 16, 1, S);
  });
}

// The 32 rows of one group's products -> the leaf products of its 16 leaves
// of one block, 2 blocks each.
inline void untranspose_group(const V* rows, V* products) {
  for (std::size_t t = 0; t < 2; ++t) transpose16(rows + 16 * t, products + t, 2);
}

// Accumulator groups (32 rows) -> leaf products of 2 blocks each, for all
// groups_of_leaves(count) * 16 leaves.
void untranspose_product_blocks(const V* acc, std::size_t count, V* products) {
  for (std::size_t g = 0; g < groups_of_leaves(count); ++g) untranspose_group(acc + g * 32, products + g * 32);
}

}  // namespace
}  // namespace pqmul::PQMUL_TOOM_KERNELS
