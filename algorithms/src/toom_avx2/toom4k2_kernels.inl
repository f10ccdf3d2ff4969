// Kernels of Toom-4 + Karatsuba with the leaf products batched in 16-bit lanes
// (declarations and the layout: toom_avx2_kernels.hpp), in 256-bit registers.
// Included by toom4k2_avx2.cpp and toom4k2_avx512.cpp, which name the
// namespace (PQMUL_TOOM_KERNELS) and get their compiler flags from the file
// name: the same code, with AVX-512VL 32 registers instead of 16. Every block
// of 16 coefficients is one register, so the evaluation and recombination are
// whole-register additions and shifts; after the transposition every row is
// one register too, and the same Karatsuba code runs on rows.
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pqmul/algorithms/toom_avx2_kernels.hpp"

namespace pqmul::PQMUL_TOOM_KERNELS {
namespace {

using V = __m256i;

// Local copies of the shape helpers: this file is compiled with SIMD flags and
// must not emit copies of inline functions that portable code also uses.
constexpr bool exact_leaves_of(std::size_t m) { return m >= 5 && m <= 13; }
constexpr std::size_t leaf_blocks_of(std::size_t m) { return exact_leaves_of(m) ? (m + 3) / 4 : 1; }
constexpr std::size_t block_leaves_of(std::size_t m) {
  if (m == 1) return 1;
  if (m == 3) return 6;
  const std::size_t h = (m + 1) / 2;
  return 2 * block_leaves_of(h) + block_leaves_of(m - h);
}
constexpr std::size_t max_m = toom_avx2::max_blocks / 4;
// Leaves a point for pieces of m blocks, tabulated: the recursion costs about
// as much as a call of a small kernel.
constexpr auto point_leaves = [] {
  std::array<std::size_t, max_m + 1> table{};
  for (std::size_t m = 1; m <= max_m; ++m) table[m] = exact_leaves_of(m) ? 9 : block_leaves_of(m);
  return table;
}();
constexpr std::size_t leaves_of(std::size_t m) { return point_leaves[m]; }
std::size_t groups_of_leaves(std::size_t leaves) { return (leaves + 15) / 16; }

// The largest of f(m) over the piece sizes m = 1 .. max_m.
template <class F>
constexpr std::size_t largest_over_m(F f) {
  std::size_t largest = 0;
  for (std::size_t m = 1; m <= max_m; ++m) largest = f(m) > largest ? f(m) : largest;
  return largest;
}
constexpr std::size_t max_s = largest_over_m(leaf_blocks_of);
constexpr std::size_t max_block_leaves = largest_over_m(block_leaves_of);
// Leaf-major blocks of all leaves of one operand (groups of 16 leaves).
constexpr std::size_t max_leaf_blocks =
    largest_over_m([](std::size_t m) { return (7 * leaves_of(m) + 15) / 16 * 16 * leaf_blocks_of(m); });

inline V load(const void* p) { return _mm256_loadu_si256(static_cast<const V*>(p)); }
inline void store(void* p, V v) { _mm256_storeu_si256(static_cast<V*>(p), v); }
inline V add(V a, V b) { return _mm256_add_epi16(a, b); }
inline V sub(V a, V b) { return _mm256_sub_epi16(a, b); }
inline V mul(V a, V b) { return _mm256_mullo_epi16(a, b); }
inline V shl(V a, int s) { return _mm256_slli_epi16(a, s); }
inline V set(std::int16_t c) { return _mm256_set1_epi16(c); }

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

// Calls f.template operator()<M>() for the run-time m in [1, max_m].
template <class F>
inline auto with_m(std::size_t m, F&& f) {
  switch (m) {
    case 1: return f.template operator()<1>();
    case 2: return f.template operator()<2>();
    case 3: return f.template operator()<3>();
    case 4: return f.template operator()<4>();
    case 5: return f.template operator()<5>();
    case 6: return f.template operator()<6>();
    case 7: return f.template operator()<7>();
    case 8: return f.template operator()<8>();
    case 9: return f.template operator()<9>();
    case 10: return f.template operator()<10>();
    case 11: return f.template operator()<11>();
    case 12: return f.template operator()<12>();
    case 13: return f.template operator()<13>();
    case 14: return f.template operator()<14>();
    case 15: return f.template operator()<15>();
    default: return f.template operator()<16>();
  }
}

// Calls f.template operator()<S>() for the run-time leaf size s in [1, max_s].
template <class F>
inline auto with_s(std::size_t s, F&& f) {
  static_assert(max_s <= 4);
  switch (s) {
    case 1: return f.template operator()<1>();
    case 2: return f.template operator()<2>();
    case 3: return f.template operator()<3>();
    default: return f.template operator()<4>();
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
inline void transpose8_halves(const V* r, V* out, std::size_t stride) {
  V a[4], b[4], c[8];
  for (int i = 0; i < 4; ++i) {
    a[i] = _mm256_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
    b[i] = _mm256_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
  }
  c[0] = _mm256_unpacklo_epi32(a[0], a[1]);
  c[1] = _mm256_unpackhi_epi32(a[0], a[1]);
  c[2] = _mm256_unpacklo_epi32(a[2], a[3]);
  c[3] = _mm256_unpackhi_epi32(a[2], a[3]);
  c[4] = _mm256_unpacklo_epi32(b[0], b[1]);
  c[5] = _mm256_unpackhi_epi32(b[0], b[1]);
  c[6] = _mm256_unpacklo_epi32(b[2], b[3]);
  c[7] = _mm256_unpackhi_epi32(b[2], b[3]);
  store(out + 0 * stride, _mm256_unpacklo_epi64(c[0], c[2]));
  store(out + 1 * stride, _mm256_unpackhi_epi64(c[0], c[2]));
  store(out + 2 * stride, _mm256_unpacklo_epi64(c[1], c[3]));
  store(out + 3 * stride, _mm256_unpackhi_epi64(c[1], c[3]));
  store(out + 4 * stride, _mm256_unpacklo_epi64(c[4], c[6]));
  store(out + 5 * stride, _mm256_unpackhi_epi64(c[4], c[6]));
  store(out + 6 * stride, _mm256_unpacklo_epi64(c[5], c[7]));
  store(out + 7 * stride, _mm256_unpackhi_epi64(c[5], c[7]));
}

// out[j * stride] = column j of the 16x16 matrix whose rows are
// in[r * in_stride], r < 16. The halves of rows r and r + 8 are paired while
// loading (an insert from memory is cheaper than a cross-lane permutation), so
// the in-lane 8x8 transpositions give the columns directly.
inline void transpose16(const V* in, V* out, std::size_t stride, std::size_t in_stride = 1) {
  const auto* half = reinterpret_cast<const __m128i*>(in);
  V low[8], high[8];
  for (std::size_t r = 0; r < 8; ++r) {
    const __m128i* row = half + 2 * r * in_stride;
    const __m128i* row8 = half + 2 * (r + 8) * in_stride;
    low[r] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(row)), _mm_loadu_si128(row8), 1);
    high[r] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(row + 1)), _mm_loadu_si128(row8 + 1), 1);
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

// --- 16 schoolbook products side by side ------------------------------------

// acc[k] += sum_{i+j=k} a[i] * b[j] for k < 31 (row 31 untouched), lane by
// lane; with Fresh, acc[k] = that sum instead (rows 0..30 written, none read).
// Fully unrolled: half of a stays in registers while b streams from memory as
// the multiplications' second operand.
template <bool Fresh = false>
inline void schoolbook_group(V* __restrict acc, const V* __restrict a, const V* __restrict b) {
#pragma GCC unroll 2
  for (int half = 0; half < 16; half += 8) {
    V ai[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) ai[i] = _mm256_loadu_si256(a + half + i);
#pragma GCC unroll 23
    for (int k = 0; k < 23; ++k) {  // k = i + j over this half's i in [0, 8)
      // Fresh: the first half starts every row at zero; the second half reads
      // the rows 8..22 the first half wrote and starts the rows above at zero.
      V c = Fresh && (half == 0 || k >= 15) ? _mm256_setzero_si256() : _mm256_loadu_si256(acc + half + k);
#pragma GCC unroll 8
      for (int i = 0; i < 8; ++i) {
        const int j = k - i;
        if (j >= 0 && j < 16) c = add(c, mul(ai[i], _mm256_loadu_si256(b + j)));
      }
      _mm256_storeu_si256(acc + half + k, c);
    }
  }
}

// --- recombination ----------------------------------------------------------

// Consumes the leaf products of an M-unit Karatsuba evaluation (2 units each,
// in evaluation order) and writes the 2M-unit product to out; returns the
// first product not consumed.
template <std::size_t M>
inline const V* karatsuba_interp_fixed(const V* p, V* out) {
  if constexpr (M == 1) {
    out[0] = p[0];
    out[1] = p[1];
    return p + 2;
  } else if constexpr (M == 2) {
    // Straight from the leaf products low, mid, high (2 blocks each).
    const V l0 = p[0], l1 = p[1], m0 = p[2], m1 = p[3], h0 = p[4], h1 = p[5];
    out[0] = l0;
    out[1] = add(l1, sub(m0, add(l0, h0)));
    out[2] = add(h0, sub(m1, add(l1, h1)));
    out[3] = h1;
    return p + 6;
  } else if constexpr (M == 3) {
    // Products (2 blocks each) of a0, a1, a2, a0+a1, a0+a2, a1+a2:
    // out = P0 + x (P01 - P0 - P1) + x^2 (P02 - P0 - P2 + P1) + x^3 (P12 - P1 - P2) + x^4 P2.
    const V* p0 = p;
    const V *p1 = p + 2, *p2 = p + 4, *p01 = p + 6, *p02 = p + 8, *p12 = p + 10;
    V d01[2], d02[2], d12[2];
    for (int t = 0; t < 2; ++t) {
      d01[t] = sub(p01[t], add(p0[t], p1[t]));
      d02[t] = add(sub(p02[t], add(p0[t], p2[t])), p1[t]);
      d12[t] = sub(p12[t], add(p1[t], p2[t]));
    }
    out[0] = p0[0];
    out[1] = add(p0[1], d01[0]);
    out[2] = add(d01[1], d02[0]);
    out[3] = add(d02[1], d12[0]);
    out[4] = add(d12[1], p2[0]);
    out[5] = p2[1];
    return p + 12;
  } else {
    constexpr std::size_t h = (M + 1) / 2, r = M - h;
    // The low and high products go straight to their places in out (they do
    // not overlap); only the middle one needs room of its own.
    V mid[2 * h];
    p = karatsuba_interp_fixed<h>(p, out);
    p = karatsuba_interp_fixed<h>(p, mid);
    p = karatsuba_interp_fixed<r>(p, out + 2 * h);
    // out += x^h (mid - low - high), in place. With low = L0 + y L1 and high =
    // H0 + y H1 (y = x^h; H1 has 2r - h blocks), block i < h of the two middle
    // segments reads L0[i], L1[i], H0[i], H1[i] before they are overwritten.
#pragma GCC unroll 64
    for (std::size_t i = 0; i < h; ++i) {
      const V l0 = out[i], l1 = out[h + i], h0 = out[2 * h + i];
      const V h1 = 3 * h + i < 2 * M ? out[3 * h + i] : _mm256_setzero_si256();
      out[h + i] = add(l1, sub(mid[i], add(l0, h0)));
      out[2 * h + i] = add(h0, sub(mid[h + i], add(l1, h1)));
    }
    return p;
  }
}

const V* karatsuba_interp_blocks(const V* p, std::size_t m, V* out) {
  return with_m(m, [&]<std::size_t M>() { return karatsuba_interp_fixed<M>(p, out); });
}

// --- products of exact leaves: Karatsuba on the rows ---------------------------

// out[0 .. 2B) = a * b for polynomials of B rows (row 2B - 1 zero), lane by
// lane: a in registers, b streamed from memory as the multiplications' operand.
template <std::size_t B>
inline void row_schoolbook(const V* __restrict a, const V* __restrict b, V* __restrict out) {
  static_assert(B <= 13, "a must stay in registers");
  V ai[B];
#pragma GCC unroll 16
  for (std::size_t i = 0; i < B; ++i) ai[i] = a[i];
#pragma GCC unroll 32
  for (std::size_t k = 0; k + 1 < 2 * B; ++k) {
    const std::size_t low = k < B ? 0 : k - B + 1, high = k < B ? k : B - 1;
    V c = mul(ai[low], b[k - low]);
#pragma GCC unroll 16
    for (std::size_t i = low + 1; i <= high; ++i) c = add(c, mul(ai[i], b[k - i]));
    out[k] = c;
  }
  out[2 * B - 1] = _mm256_setzero_si256();
}

// out[0 .. 8B) = the lane-wise product of x and y (4B rows each): two levels
// of Karatsuba on the rows, nine B x B base products. The sums and the nine
// products go through buffers (only the base product's operand has to stay in
// registers; slices of x and y are read in place), and the output is formed
// in one pass from the products: stores, one a cycle, are what this costs.
//
// Products, 2B rows each, as blocks qLK (product L, block K of B rows): for
// each level-1 part (low, middle, high) its level-2 parts (low, middle, high).
// A low part lands at block offset 0 with + and 1 with -, a middle one at 1
// with +, a high one at 1 with - and 2 with +; level 1 the same with offsets
// doubled. Summing these gives output block j below.
template <std::size_t B>
void row_product(const V* x, const V* y, V* out) {
  constexpr std::size_t H = 2 * B;
  V sx[H], sy[H], lx[3 * B], ly[3 * B], p[9 * 2 * B];
#pragma GCC unroll 32
  for (std::size_t i = 0; i < H; ++i) {
    sx[i] = add(x[i], x[H + i]);
    sy[i] = add(y[i], y[H + i]);
  }
#pragma GCC unroll 16
  for (std::size_t i = 0; i < B; ++i) {
    lx[i] = add(x[i], x[B + i]);
    lx[B + i] = add(sx[i], sx[B + i]);
    lx[2 * B + i] = add(x[H + i], x[H + B + i]);
    ly[i] = add(y[i], y[B + i]);
    ly[B + i] = add(sy[i], sy[B + i]);
    ly[2 * B + i] = add(y[H + i], y[H + B + i]);
  }
  const V* const xs[9] = {x, lx, x + B, sx, lx + B, sx + B, x + H, lx + 2 * B, x + H + B};
  const V* const ys[9] = {y, ly, y + B, sy, ly + B, sy + B, y + H, ly + 2 * B, y + H + B};
#pragma GCC unroll 1
  for (std::size_t l = 0; l < 9; ++l) row_schoolbook<B>(xs[l], ys[l], p + 2 * B * l);
#pragma GCC unroll 4
  for (std::size_t i = 0; i < B; ++i) {
    // qLK = block K of product L, row i.
    const V q00 = p[0 * B + i], q01 = p[1 * B + i], q10 = p[2 * B + i], q11 = p[3 * B + i];
    const V q20 = p[4 * B + i], q21 = p[5 * B + i], q30 = p[6 * B + i], q31 = p[7 * B + i];
    const V q40 = p[8 * B + i], q41 = p[9 * B + i], q50 = p[10 * B + i], q51 = p[11 * B + i];
    const V q60 = p[12 * B + i], q61 = p[13 * B + i], q70 = p[14 * B + i], q71 = p[15 * B + i];
    const V q80 = p[16 * B + i], q81 = p[17 * B + i];
    out[0 * B + i] = q00;
    out[1 * B + i] = sub(add(q01, q10), add(q00, q20));
    out[2 * B + i] = sub(add(add(q11, q20), q30), add(add(q00, q01), add(q21, q60)));
    out[3 * B + i] = sub(add(add(add(q00, q20), add(q21, q31)), add(add(q40, q60), q80)),
                         add(add(add(q01, q10), add(q30, q50)), add(q61, q70)));
    out[4 * B + i] = sub(add(add(add(q01, q21), add(q41, q50)), add(add(q60, q61), q81)),
                         add(add(add(q11, q20), add(q31, q51)), add(q71, q80)));
    out[5 * B + i] = sub(add(add(q51, q61), q70), add(add(q21, q60), add(q80, q81)));
    out[6 * B + i] = sub(add(q71, q80), add(q61, q81));
    out[7 * B + i] = q81;
  }
}


// w: 7 pieces of 2m blocks (the pointwise products at inf, 2, 1, -1, 1/2, -1/2,
// 0, the 1/2 ones scaled by 64); out: 8m blocks. Divisions by 2, 8, 4 are
// exact shifts in the integers and lose one bit each mod 2^16.
void toom4_interp_blocks(const V* w, std::size_t m, V* out) {
  const std::size_t len = 2 * m;
  const V inv3 = set(static_cast<std::int16_t>(43691)), inv9 = set(static_cast<std::int16_t>(36409)),
          inv15 = set(static_cast<std::int16_t>(61167)), c45 = set(45), c30 = set(30);
  const V zero = _mm256_setzero_si256();
  for (std::size_t i = 0; i < 8 * m; ++i) out[i] = zero;
  for (std::size_t i = 0; i < len; ++i) {
    V r0 = w[0 * len + i], r1 = w[1 * len + i], r2 = w[2 * len + i], r3 = w[3 * len + i];
    V r4 = w[4 * len + i], r5 = w[5 * len + i], r6 = w[6 * len + i];
    r1 = add(r1, r4);
    r5 = sub(r5, r4);
    r3 = _mm256_srli_epi16(sub(r3, r2), 1);
    r4 = sub(r4, r0);
    r4 = sub(r4, shl(r6, 6));
    r4 = add(shl(r4, 1), r5);
    r2 = add(r2, r3);
    r1 = sub(sub(r1, shl(r2, 6)), r2);
    r2 = sub(r2, r6);
    r2 = sub(r2, r0);
    r1 = add(r1, mul(c45, r2));
    r4 = _mm256_srli_epi16(mul(sub(r4, shl(r2, 3)), inv3), 3);
    r5 = add(r5, r1);
    r1 = _mm256_srli_epi16(mul(add(r1, shl(r3, 4)), inv9), 1);
    r3 = sub(zero, add(r3, r1));
    r5 = _mm256_srli_epi16(mul(sub(mul(c30, r1), r5), inv15), 2);
    r2 = sub(r2, r4);
    r1 = sub(r1, r5);
    out[i] = add(out[i], r6);
    out[m + i] = add(out[m + i], r5);
    out[2 * m + i] = add(out[2 * m + i], r4);
    out[3 * m + i] = add(out[3 * m + i], r3);
    out[4 * m + i] = add(out[4 * m + i], r2);
    out[5 * m + i] = add(out[5 * m + i], r1);
    out[6 * m + i] = add(out[6 * m + i], r0);
  }
}

// out[j] = c[j] -+ c[j + n] for j < n, masked to mod q (c holds 2*blocks*16 values).
void fold_reduce(const std::int16_t* c, std::size_t n, bool negacyclic, std::uint16_t q, std::uint16_t* out) {
  const V mask = set(static_cast<std::int16_t>(q - 1));
  std::size_t j = 0;
  for (; j + 16 <= n; j += 16) {
    const V lo = load(c + j), hi = load(c + j + n);
    store(out + j, _mm256_and_si256(negacyclic ? sub(lo, hi) : add(lo, hi), mask));
  }
  for (; j < n; ++j) {
    const unsigned v = negacyclic ? unsigned(std::uint16_t(c[j])) - std::uint16_t(c[j + n])
                                  : unsigned(std::uint16_t(c[j])) + std::uint16_t(c[j + n]);
    out[j] = static_cast<std::uint16_t>(v & (q - 1u));
  }
}

// --- exact leaves -------------------------------------------------------------
//
// Pieces of m = 5 .. 13 blocks split into leaves of exactly 4m coefficients,
// the 16 quarters of the Toom-4 quarters, not into whole blocks: for
// ntruhps2048677 leaves of 44 coefficients instead of 48, products of 11 rows
// instead of 12. A leaf spans s = ceil(m/4) columns of 16 coefficients (the
// lanes past 4m zero), and every step runs column by column: column c of the
// 16 sub-pieces is a polynomial of 16 units, which Toom-4 over units and two
// Karatsuba levels on to single units evaluate in registers (63 leaves, one
// column each). A leaf product comes back as two segments of 4m coefficients,
// s columns each, and the recombination runs on the columns of the segments.

// Calls f.template operator()<M>() for the run-time m in [5, 13].
template <class F>
inline auto with_exact_m(std::size_t m, F&& f) {
  switch (m) {
    case 5: return f.template operator()<5>();
    case 6: return f.template operator()<6>();
    case 7: return f.template operator()<7>();
    case 8: return f.template operator()<8>();
    case 9: return f.template operator()<9>();
    case 10: return f.template operator()<10>();
    case 11: return f.template operator()<11>();
    case 12: return f.template operator()<12>();
    default: return f.template operator()<13>();
  }
}

constexpr std::size_t exact_leaf_count = 63;  // 7 points x 9 Karatsuba leaves
constexpr std::size_t exact_groups = 4;
// Segment columns of all leaf products: 2 per leaf, exact_groups * 16 leaves.
constexpr std::size_t exact_column_units = 2 * 16 * exact_groups;

// groups (the operand: 4 groups of 16s rows) = the exact leaves of the n
// coefficients at a (n <= 64M), transposed column by column as they come.
template <std::size_t M>
void evaluate_exact(const std::int16_t* a, std::size_t n, V* groups) {
  constexpr std::size_t length = 4 * M, S = leaf_blocks_of(M);
  // Sub-piece j is read in place, or from a zero-padded copy where its
  // columns reach past n.
  alignas(32) std::int16_t tails[16][16 * S];
  const std::int16_t* piece[16];
  for (std::size_t j = 0, copies = 0; j < 16; ++j) {
    const std::size_t start = length * j;
    if (start + 16 * S <= n) {
      piece[j] = a + start;
      continue;
    }
    std::int16_t* tail = tails[copies++];
    const std::size_t have = start < n ? std::min(length, n - start) : 0;
    if (have != 0) std::memcpy(tail, a + start, have * sizeof(std::int16_t));
    std::memset(tail + have, 0, (16 * S - have) * sizeof(std::int16_t));
    piece[j] = tail;
  }
  const V lane = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  for (std::size_t c = 0; c < S; ++c) {
    // The last column reads into the next sub-piece: masked off.
    const V keep = _mm256_cmpgt_epi16(set(static_cast<std::int16_t>(length - 16 * c)), lane);
    V column[16];
#pragma GCC unroll 16
    for (std::size_t j = 0; j < 16; ++j) column[j] = _mm256_and_si256(load(piece[j] + 16 * c), keep);
    V pieces[7 * 4], evaluated[16 * exact_groups];
    toom4_eval_units([&column](std::size_t j) { return column[j]; }, 4, pieces);
    V* end = evaluated;
#pragma GCC unroll 7
    for (std::size_t k = 0; k < 7; ++k) end = karatsuba_eval_fixed<4>(pieces + 4 * k, end);
    evaluated[exact_leaf_count] = _mm256_setzero_si256();
    for (std::size_t g = 0; g < exact_groups; ++g) transpose16(evaluated + 16 * g, groups + (g * S + c) * 16, 1);
  }
}

// out[0 .. 32s) = the lane-wise products of one group (4M rows each); the
// rows past the 8M product rows zero.
template <std::size_t M>
inline void exact_group_product(const V* x, const V* y, V* out) {
  constexpr std::size_t S = leaf_blocks_of(M);
  row_product<M>(x, y, out);
#pragma GCC unroll 16
  for (std::size_t i = 8 * M; i < 32 * S; ++i) out[i] = _mm256_setzero_si256();
}

// Group g's product rows -> products[c * exact_column_units + 2 leaf + segment]
// = column c of that segment of the leaf's product.
template <std::size_t M>
inline void untranspose_group_exact(const V* rows, std::size_t g, V* products) {
  constexpr std::size_t length = 4 * M, S = leaf_blocks_of(M);
  for (std::size_t segment = 0; segment < 2; ++segment)
    for (std::size_t c = 0; c < S; ++c)
      transpose16(rows + length * segment + 16 * c, products + exact_column_units * c + 32 * g + segment, 2);
}

// The segment columns of the leaf products -> out (as interpolate_products).
template <std::size_t M>
void interpolate_exact(const V* products, std::size_t n, bool negacyclic, std::uint16_t q, std::uint16_t* out) {
  constexpr std::size_t length = 4 * M, S = leaf_blocks_of(M);
  V result[S][32];
  for (std::size_t c = 0; c < S; ++c) {
    V pieces[7 * 8];
    for (std::size_t k = 0; k < 7; ++k)
      karatsuba_interp_fixed<4>(products + exact_column_units * c + 18 * k, pieces + 8 * k);
    toom4_interp_blocks(pieces, 4, result[c]);
  }
  // Segment by segment: a last column's lanes past 4m spill into the next
  // segment, whose first column then overwrites them.
  alignas(32) std::int16_t product[128 * M + 16];
  for (std::size_t u = 0; u < 32; ++u)
    for (std::size_t c = 0; c < S; ++c) store(product + length * u + 16 * c, result[c][u]);
  fold_reduce(product, n, negacyclic, q, out);
}

}  // namespace

// --- exported pieces ----------------------------------------------------------

void toom4_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* w) {
  V pieces[7 * max_m];
  toom4_eval_blocks(a, m, pieces);
  for (std::size_t i = 0; i < 7 * m; ++i) store(w + 16 * i, pieces[i]);
}

void karatsuba_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* leaves) {
  V in[max_m], out[max_block_leaves];
  for (std::size_t i = 0; i < m; ++i) in[i] = load(a + 16 * i);
  const V* end = karatsuba_eval_blocks(in, m, out);
  for (std::size_t i = 0; out + i < end; ++i) store(leaves + 16 * i, out[i]);
}

void transpose_leaves(const std::int16_t* leaves, std::size_t count, std::size_t s, std::int16_t* groups) {
  // Only the first 16 s * groups_of_leaves(count) entries are written, and
  // only they are read; gcc (-O1) cannot see that through the call.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
  V in[max_leaf_blocks], out[max_leaf_blocks];
  const std::size_t blocks = 16 * s * groups_of_leaves(count);
  for (std::size_t i = 0; i < blocks; ++i) in[i] = i < s * count ? load(leaves + 16 * i) : _mm256_setzero_si256();
  transpose_leaf_blocks(in, count, s, out);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  for (std::size_t i = 0; i < blocks; ++i) store(groups + 16 * i, out[i]);
}

void untranspose_products(const std::int16_t* acc, std::size_t count, std::int16_t* products) {
  V in[2 * max_leaf_blocks], out[2 * max_leaf_blocks];
  for (std::size_t i = 0; i < 32 * groups_of_leaves(count); ++i) in[i] = load(acc + 16 * i);
  untranspose_product_blocks(in, count, out);
  for (std::size_t i = 0; i < 2 * count; ++i) store(products + 16 * i, out[i]);
}

void multiply_accumulate_groups(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t groups,
                                std::size_t m) {
  V* a = reinterpret_cast<V*>(acc);
  const V* xv = reinterpret_cast<const V*>(x);
  const V* yv = reinterpret_cast<const V*>(y);
  if (!exact_leaves_of(m)) {  // (the schoolbook accumulates in place)
    for (std::size_t g = 0; g < groups; ++g) schoolbook_group(a + 32 * g, xv + 16 * g, yv + 16 * g);
    return;
  }
  with_exact_m(m, [&]<std::size_t M>() {
    constexpr std::size_t S = leaf_blocks_of(M);
    for (std::size_t g = 0; g < groups; ++g) {
      V product[32 * S];
      exact_group_product<M>(xv + 16 * S * g, yv + 16 * S * g, product);
      for (std::size_t i = 0; i < 32 * S; ++i) a[32 * S * g + i] = add(a[32 * S * g + i], product[i]);
    }
  });
}

void karatsuba_interpolate(const std::int16_t* products, std::size_t m, std::int16_t* out) {
  V in[2 * max_block_leaves], result[2 * max_m];
  for (std::size_t i = 0; i < 2 * block_leaves_of(m); ++i) in[i] = load(products + 16 * i);
  karatsuba_interp_blocks(in, m, result);
  for (std::size_t i = 0; i < 2 * m; ++i) store(out + 16 * i, result[i]);
}

void toom4_interpolate(const std::int16_t* w, std::size_t m, std::int16_t* out) {
  V in[14 * max_m], result[8 * max_m];
  for (std::size_t i = 0; i < 14 * m; ++i) in[i] = load(w + 16 * i);
  toom4_interp_blocks(in, m, result);
  for (std::size_t i = 0; i < 8 * m; ++i) store(out + 16 * i, result[i]);
}

// --- the multiplier's steps ---------------------------------------------------

void evaluate(const std::uint16_t* a, std::size_t n, std::size_t blocks, std::int16_t* operand) {
  const std::size_t m = blocks / 4;
  const std::int16_t* input = reinterpret_cast<const std::int16_t*>(a);
  if (exact_leaves_of(m)) {
    with_exact_m(m, [&]<std::size_t M>() { evaluate_exact<M>(input, n, reinterpret_cast<V*>(operand)); });
    return;
  }
  std::int16_t padded[64 * max_m];  // zeros up to whole blocks
  if (n != 16 * blocks) {
    std::memcpy(padded, a, n * sizeof(std::int16_t));
    std::memset(padded + n, 0, (16 * blocks - n) * sizeof(std::int16_t));
    input = padded;
  }
  V pieces[7 * max_m], leaves[max_leaf_blocks];
  toom4_eval_blocks(input, m, pieces);
  V* end = leaves;
  for (std::size_t k = 0; k < 7; ++k) end = karatsuba_eval_blocks(pieces + k * m, m, end);
  const auto count = static_cast<std::size_t>(end - leaves);
  for (std::size_t i = count; i < 16 * groups_of_leaves(count); ++i) leaves[i] = _mm256_setzero_si256();
  transpose_leaf_blocks(leaves, count, 1, reinterpret_cast<V*>(operand));
}

void multiply_accumulate(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t blocks) {
  const std::size_t m = blocks / 4;
  multiply_accumulate_groups(acc, x, y, groups_of_leaves(7 * leaves_of(m)), m);
}

namespace {

// The leaf products of single-block leaves (leaf-major, 2 blocks each) -> out.
void interpolate_products(const V* products, std::size_t m, std::size_t n, bool negacyclic, std::uint16_t q,
                          std::uint16_t* out) {
  const std::size_t per_point = leaves_of(m);
  V pieces[14 * max_m], product[8 * max_m];
  for (std::size_t k = 0; k < 7; ++k) karatsuba_interp_blocks(products + 2 * k * per_point, m, pieces + 2 * k * m);
  toom4_interp_blocks(pieces, m, product);
  fold_reduce(reinterpret_cast<const std::int16_t*>(product), n, negacyclic, q, out);
}

}  // namespace

void multiply_interpolate(const std::int16_t* x, const std::int16_t* y, std::size_t blocks, std::size_t n,
                          bool negacyclic, std::uint16_t q, std::uint16_t* out) {
  const std::size_t m = blocks / 4;
  const V* xv = reinterpret_cast<const V*>(x);
  const V* yv = reinterpret_cast<const V*>(y);
  // Each group's leaf products go from a small buffer that stays in L1
  // straight into their order for the recombination: no accumulator to
  // clear, store and reload.
  if (exact_leaves_of(m)) {
    with_exact_m(m, [&]<std::size_t M>() {
      constexpr std::size_t S = leaf_blocks_of(M);
      V products[S * exact_column_units];
      for (std::size_t g = 0; g < exact_groups; ++g) {
        V rows[32 * S];
        exact_group_product<M>(xv + 16 * S * g, yv + 16 * S * g, rows);
        untranspose_group_exact<M>(rows, g, products);
      }
      interpolate_exact<M>(products, n, negacyclic, q, out);
    });
    return;
  }
  V products[2 * max_leaf_blocks];
  for (std::size_t g = 0; g < groups_of_leaves(7 * leaves_of(m)); ++g) {
    V rows[32];
    schoolbook_group<true>(rows, xv + 16 * g, yv + 16 * g);
    rows[31] = _mm256_setzero_si256();
    untranspose_group(rows, products + 32 * g);
  }
  interpolate_products(products, m, n, negacyclic, q, out);
}

void interpolate(const std::int16_t* acc, std::size_t blocks, std::size_t n, bool negacyclic, std::uint16_t q,
                 std::uint16_t* out) {
  const std::size_t m = blocks / 4;
  const V* rows = reinterpret_cast<const V*>(acc);
  if (exact_leaves_of(m)) {
    with_exact_m(m, [&]<std::size_t M>() {
      constexpr std::size_t S = leaf_blocks_of(M);
      V products[S * exact_column_units];
      for (std::size_t g = 0; g < exact_groups; ++g) untranspose_group_exact<M>(rows + 32 * S * g, g, products);
      interpolate_exact<M>(products, n, negacyclic, q, out);
    });
    return;
  }
  V products[2 * max_leaf_blocks];
  untranspose_product_blocks(rows, 7 * leaves_of(m), products);
  interpolate_products(products, m, n, negacyclic, q, out);
}

const toom_avx2::Steps steps{&evaluate, &multiply_accumulate, &interpolate, &multiply_interpolate};

}  // namespace pqmul::PQMUL_TOOM_KERNELS
