// Part of the toom4-k2 kernels (toom4k2_kernels.inl): the way out, Karatsuba
// recombination, Toom-4 interpolation and the reduction into the ring.

#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/toom_simd_kernels.hpp"

namespace pqmul::PQMUL_TOOM_KERNELS {
namespace {

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
      const V h1 = 3 * h + i < 2 * M ? out[3 * h + i] : zero();
      out[h + i] = add(l1, sub(mid[i], add(l0, h0)));
      out[2 * h + i] = add(h0, sub(mid[h + i], add(l1, h1)));
    }
    return p;
  }
}

const V* karatsuba_interp_blocks(const V* p, std::size_t m, V* out) {
  return with_m(m, [&]<std::size_t M>() { return karatsuba_interp_fixed<M>(p, out); });
}


// The interpolation's five multipliers, one block each.
struct InterpolationConstants {
  std::int16_t inv3[16], inv9[16], inv15[16], c45[16], c30[16];
};
alignas(32) inline constexpr InterpolationConstants interpolation_constants = [] {
  InterpolationConstants t{};
  for (int l = 0; l < 16; ++l) {
    t.inv3[l] = static_cast<std::int16_t>(43691);
    t.inv9[l] = static_cast<std::int16_t>(36409);
    t.inv15[l] = static_cast<std::int16_t>(61167);
    t.c45[l] = 45;
    t.c30[l] = 30;
  }
  return t;
}();

// w: 7 pieces of 2M blocks (the pointwise products at inf, 2, 1, -1, 1/2, -1/2,
// 0, the 1/2 ones scaled by 64); out: 8M blocks. Divisions by 2, 8, 4 are
// exact shifts in the integers and lose one bit each mod 2^16. A call of its
// own: inlined with the Karatsuba recombination before it, gcc's code for
// Saber's product ran ~10% slower.
template <std::size_t M>
[[gnu::noinline]] void toom4_interp_fixed(const V* w, V* out) {
  constexpr std::size_t len = 2 * M;
  const InterpolationConstants* k = &interpolation_constants;
#if defined(__AVX2__)
  // On x86 the constants are read through a pointer gcc cannot follow, so
  // the products by 45 and 30 stay two multiplications: seeing the values,
  // gcc rewrote them as shifts and additions (about 60 more instructions
  // for M = 4) on the vector units the rest of the interpolation keeps busy.
  __asm__("" : "+r"(k));
#endif
  const V inv3 = load(k->inv3), inv9 = load(k->inv9), inv15 = load(k->inv15), c45 = load(k->c45), c30 = load(k->c30);
  const V none = zero();
#pragma GCC unroll 32
  for (std::size_t i = 0; i < len; ++i) {
    V r0 = w[0 * len + i], r1 = w[1 * len + i], r2 = w[2 * len + i], r3 = w[3 * len + i];
    V r4 = w[4 * len + i], r5 = w[5 * len + i], r6 = w[6 * len + i];
    r1 = add(r1, r4);
    r5 = sub(r5, r4);
    r3 = shr(sub(r3, r2), 1);
    r4 = sub(r4, r0);
    r4 = sub(r4, shl(r6, 6));
    r4 = add(shl(r4, 1), r5);
    r2 = add(r2, r3);
    r1 = sub(sub(r1, shl(r2, 6)), r2);
    r2 = sub(r2, r6);
    r2 = sub(r2, r0);
    r1 = add(r1, mul(c45, r2));
    r4 = shr(mul(sub(r4, shl(r2, 3)), inv3), 3);
    r5 = add(r5, r1);
    r1 = shr(mul(add(r1, shl(r3, 4)), inv9), 1);
    r3 = sub(none, add(r3, r1));
    r5 = shr(mul(sub(mul(c30, r1), r5), inv15), 2);
    r2 = sub(r2, r4);
    r1 = sub(r1, r5);
    // Coefficient x^(tM) of the piece, t = 0 (r6) .. 6 (r0), lands in block
    // tM + i. A block's first term comes at i < M and is stored; its second
    // at i + M (t < 6), added: no clearing pass, no reading of blocks unset.
    const V piece[7] = {r6, r5, r4, r3, r2, r1, r0};
#pragma GCC unroll 7
    for (std::size_t t = 0; t < 7; ++t) {
      V& o = out[t * M + i];
      o = i >= M && t < 6 ? add(o, piece[t]) : piece[t];
    }
  }
}

// The leaf products of the 7 points' pieces of M blocks, split into
// single-block leaves (leaf-major, 2 blocks each) -> the product's 8M blocks.
template <std::size_t M>
inline void recombine_points(const V* products, V* product) {
  constexpr std::size_t per_point = block_leaves_of(M);
  V pieces[14 * M];
#pragma GCC unroll 7
  for (std::size_t k = 0; k < 7; ++k) karatsuba_interp_fixed<M>(products + 2 * k * per_point, pieces + 2 * k * M);
  toom4_interp_fixed<M>(pieces, product);
}

void toom4_interp_blocks(const V* w, std::size_t m, V* out) {
  with_m(m, [&]<std::size_t M>() { toom4_interp_fixed<M>(w, out); });
}

// out[j] = c[j] -+ c[j + n] for j < n, masked to mod q (c holds 2*blocks*16 values).
void fold_reduce(const std::int16_t* c, std::size_t n, bool negacyclic, std::uint16_t q, std::uint16_t* out) {
  const V mask = set(static_cast<std::int16_t>(q - 1));
  std::size_t j = 0;
  for (; j + 16 <= n; j += 16) {
    const V lo = load(c + j), hi = load(c + j + n);
    store(out + j, band(negacyclic ? sub(lo, hi) : add(lo, hi), mask));
  }
  for (; j < n; ++j) {
    const unsigned v = negacyclic ? unsigned(std::uint16_t(c[j])) - std::uint16_t(c[j + n])
                                  : unsigned(std::uint16_t(c[j])) + std::uint16_t(c[j + n]);
    out[j] = static_cast<std::uint16_t>(v & (q - 1u));
  }
}

}  // namespace
}  // namespace pqmul::PQMUL_TOOM_KERNELS
