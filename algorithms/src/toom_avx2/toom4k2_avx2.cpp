// AVX2 kernels of Toom-4 + Karatsuba with batched 16x16 schoolbook leaves in
// 16-bit lanes (declarations and the layout: toom_avx2_kernels.hpp). Every
// block of 16 coefficients is one 256-bit register, so the evaluation and
// recombination are whole-register additions and shifts.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pqmul/algorithms/toom_avx2_kernels.hpp"

namespace pqmul::toom_avx2 {
namespace {

using V = __m256i;

// Local copies of the shape helpers: this file is compiled with AVX2 flags and
// must not emit copies of inline functions that portable code also uses.
std::size_t leaves_of(std::size_t m) {
  if (m <= 1) return 1;
  if (m == 3) return 6;
  const std::size_t h = (m + 1) / 2;
  return 2 * leaves_of(h) + leaves_of(m - h);
}
std::size_t groups_of_leaves(std::size_t leaves) { return (leaves + 15) / 16; }

constexpr std::size_t max_m = max_blocks / 4;
constexpr std::size_t max_leaves = 7 * 81;  // leaves_of(16) = 81
constexpr std::size_t max_groups = (max_leaves + 15) / 16;

inline V load(const void* p) { return _mm256_loadu_si256(static_cast<const V*>(p)); }
inline void store(void* p, V v) { _mm256_storeu_si256(static_cast<V*>(p), v); }
inline V add(V a, V b) { return _mm256_add_epi16(a, b); }
inline V sub(V a, V b) { return _mm256_sub_epi16(a, b); }
inline V mul(V a, V b) { return _mm256_mullo_epi16(a, b); }
inline V shl(V a, int s) { return _mm256_slli_epi16(a, s); }
inline V set(std::int16_t c) { return _mm256_set1_epi16(c); }

// --- evaluation -------------------------------------------------------------

// w[k*m + i] = piece k of the Toom-4 evaluation, block i (a: 64m values, any alignment).
void toom4_eval_blocks(const std::int16_t* a, std::size_t m, V* w) {
  for (std::size_t i = 0; i < m; ++i) {
    const V r0 = load(a + 16 * i), r1 = load(a + 16 * (m + i)), r2 = load(a + 16 * (2 * m + i)),
            r3 = load(a + 16 * (3 * m + i));
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

// Appends the Karatsuba leaves of a (M blocks) at out; returns the end. The
// recursion is on a template argument so that each shape unrolls completely.
template <std::size_t M>
inline V* karatsuba_eval_fixed(const V* a, V* out) {
  if constexpr (M == 1) {
    *out = *a;
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

V* karatsuba_eval_blocks(const V* a, std::size_t m, V* out) {
  return with_m(m, [&]<std::size_t M>() { return karatsuba_eval_fixed<M>(a, out); });
}

// --- transposition ----------------------------------------------------------

// Transposes the two 8x8 blocks that eight rows hold in their 128-bit halves:
// out[j] holds column j (low half) and column j+8 (high half) of rows 0..7.
inline void transpose8_halves(const V* r, V* out) {
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
  out[0] = _mm256_unpacklo_epi64(c[0], c[2]);
  out[1] = _mm256_unpackhi_epi64(c[0], c[2]);
  out[2] = _mm256_unpacklo_epi64(c[1], c[3]);
  out[3] = _mm256_unpackhi_epi64(c[1], c[3]);
  out[4] = _mm256_unpacklo_epi64(c[4], c[6]);
  out[5] = _mm256_unpackhi_epi64(c[4], c[6]);
  out[6] = _mm256_unpacklo_epi64(c[5], c[7]);
  out[7] = _mm256_unpackhi_epi64(c[5], c[7]);
}

// out[j * stride] = column j of the 16x16 matrix whose rows are in[0..15].
// The halves of rows r and r + 8 are paired while loading (an insert from
// memory is cheaper than a cross-lane permutation), so the in-lane 8x8
// transpositions give the columns directly.
inline void transpose16(const V* in, V* out, std::size_t stride) {
  const auto* half = reinterpret_cast<const __m128i*>(in);  // row r: half[2r], half[2r + 1]
  V low[8], high[8], cols[8];
  for (int r = 0; r < 8; ++r) {
    low[r] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(half + 2 * r)),
                                     _mm_loadu_si128(half + 2 * (r + 8)), 1);
    high[r] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(half + 2 * r + 1)),
                                      _mm_loadu_si128(half + 2 * (r + 8) + 1), 1);
  }
  transpose8_halves(low, cols);
  for (int j = 0; j < 8; ++j) out[j * stride] = cols[j];
  transpose8_halves(high, cols);
  for (int j = 0; j < 8; ++j) out[(j + 8) * stride] = cols[j];
}

// leaves: groups_of_leaves(count) * 16 blocks, those past count zero.
void transpose_leaf_blocks(const V* leaves, std::size_t count, V* groups) {
  const std::size_t g_count = groups_of_leaves(count);
  for (std::size_t g = 0; g < g_count; ++g) transpose16(leaves + g * 16, groups + g * 16, 1);
}

// Accumulator groups (32 rows) -> leaf products of two blocks each, for all
// groups_of_leaves(count) * 16 leaves.
void untranspose_product_blocks(const V* acc, std::size_t count, V* products) {
  const std::size_t g_count = groups_of_leaves(count);
  for (std::size_t g = 0; g < g_count; ++g) {
    transpose16(acc + g * 32, products + g * 32, 2);
    transpose16(acc + g * 32 + 16, products + g * 32 + 1, 2);
  }
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

// Consumes the leaf products of an M-block Karatsuba evaluation (2 blocks each,
// in evaluation order) and writes the 2M-block product to out; returns the
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

}  // namespace

// --- exported pieces ----------------------------------------------------------

void toom4_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* w) {
  V pieces[7 * max_m];
  toom4_eval_blocks(a, m, pieces);
  for (std::size_t i = 0; i < 7 * m; ++i) store(w + 16 * i, pieces[i]);
}

void karatsuba_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* leaves) {
  V in[max_m], out[81];
  for (std::size_t i = 0; i < m; ++i) in[i] = load(a + 16 * i);
  const V* end = karatsuba_eval_blocks(in, m, out);
  for (std::size_t i = 0; out + i < end; ++i) store(leaves + 16 * i, out[i]);
}

void transpose_leaves(const std::int16_t* leaves, std::size_t count, std::int16_t* groups) {
  // Only the first 16 * groups_of_leaves(count) entries are written, and only
  // they are read; gcc (-O1) cannot see that through the call.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
  V in[16 * max_groups], out[16 * max_groups];
  for (std::size_t i = 0; i < 16 * groups_of_leaves(count); ++i)
    in[i] = i < count ? load(leaves + 16 * i) : _mm256_setzero_si256();
  transpose_leaf_blocks(in, count, out);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  for (std::size_t i = 0; i < 16 * groups_of_leaves(count); ++i) store(groups + 16 * i, out[i]);
}

void untranspose_products(const std::int16_t* acc, std::size_t count, std::int16_t* products) {
  V in[32 * max_groups], out[32 * max_groups];
  for (std::size_t i = 0; i < 32 * groups_of_leaves(count); ++i) in[i] = load(acc + 16 * i);
  untranspose_product_blocks(in, count, out);
  for (std::size_t i = 0; i < 2 * count; ++i) store(products + 16 * i, out[i]);
}

void karatsuba_interpolate(const std::int16_t* products, std::size_t m, std::int16_t* out) {
  V in[2 * 81], result[2 * max_m];
  const std::size_t count = leaves_of(m);
  for (std::size_t i = 0; i < 2 * count; ++i) in[i] = load(products + 16 * i);
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
  V pieces[7 * max_m], leaves[16 * max_groups];
  if (n == 16 * blocks) {  // no padding needed (Saber)
    toom4_eval_blocks(reinterpret_cast<const std::int16_t*>(a), m, pieces);
  } else {
    std::int16_t padded[16 * max_blocks];
    std::memcpy(padded, a, n * sizeof(std::int16_t));
    std::memset(padded + n, 0, (16 * blocks - n) * sizeof(std::int16_t));
    toom4_eval_blocks(padded, m, pieces);
  }
  V* end = leaves;
  for (std::size_t k = 0; k < 7; ++k) end = karatsuba_eval_blocks(pieces + k * m, m, end);
  const std::size_t count = static_cast<std::size_t>(end - leaves);
  for (std::size_t i = count; i < 16 * groups_of_leaves(count); ++i) leaves[i] = _mm256_setzero_si256();
  transpose_leaf_blocks(leaves, count, reinterpret_cast<V*>(operand));
}

void multiply_accumulate(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t groups) {
  for (std::size_t g = 0; g < groups; ++g)
    schoolbook_group(reinterpret_cast<V*>(acc) + 32 * g, reinterpret_cast<const V*>(x) + 16 * g,
                     reinterpret_cast<const V*>(y) + 16 * g);
}

void multiply_interpolate(const std::int16_t* x, const std::int16_t* y, std::size_t blocks, std::size_t n,
                          bool negacyclic, std::uint16_t q, std::uint16_t* out) {
  const std::size_t m = blocks / 4, per_point = leaves_of(m), count = 7 * per_point;
  V products[32 * max_groups], pieces[14 * max_m], product[8 * max_m];
  // Each group's 16 leaf products go from a small buffer that stays in L1
  // straight into leaf-major order: no accumulator to clear, store and reload.
  for (std::size_t g = 0; g < groups_of_leaves(count); ++g) {
    V group[32];
    schoolbook_group<true>(group, reinterpret_cast<const V*>(x) + 16 * g, reinterpret_cast<const V*>(y) + 16 * g);
    group[31] = _mm256_setzero_si256();
    transpose16(group, products + g * 32, 2);
    transpose16(group + 16, products + g * 32 + 1, 2);
  }
  for (std::size_t k = 0; k < 7; ++k)
    karatsuba_interp_blocks(products + 2 * k * per_point, m, pieces + 2 * k * m);
  toom4_interp_blocks(pieces, m, product);
  fold_reduce(reinterpret_cast<const std::int16_t*>(product), n, negacyclic, q, out);
}

void interpolate(const std::int16_t* acc, std::size_t blocks, std::size_t n, bool negacyclic, std::uint16_t q,
                 std::uint16_t* out) {
  const std::size_t m = blocks / 4, per_point = leaves_of(m), count = 7 * per_point;
  V products[32 * max_groups], pieces[14 * max_m], product[8 * max_m];
  untranspose_product_blocks(reinterpret_cast<const V*>(acc), count, products);
  for (std::size_t k = 0; k < 7; ++k)
    karatsuba_interp_blocks(products + 2 * k * per_point, m, pieces + 2 * k * m);
  toom4_interp_blocks(pieces, m, product);
  fold_reduce(reinterpret_cast<const std::int16_t*>(product), n, negacyclic, q, out);
}

}  // namespace pqmul::toom_avx2
