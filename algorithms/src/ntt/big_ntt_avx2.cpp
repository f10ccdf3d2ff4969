// AVX2 kernels of the big-prime NTT (big_ntt_kernels.hpp): 8 residues of one
// prime per register, Montgomery products on the even and odd 32-bit lanes
// with _mm256_mul_epu32, every value kept in [0, p).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/ntt/big_ntt_kernels.hpp"

namespace pqmul::big_ntt_kernels::avx2 {
namespace {

using V = __m256i;
constexpr std::size_t W = 8;
constexpr unsigned log_W = 3;

V load(const std::uint32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const V*>(p)); }
void store(std::uint32_t* p, V v) { _mm256_storeu_si256(reinterpret_cast<V*>(p), v); }
V bcast(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }

// x in [0, 2p) -> [0, p): x - p wraps above x exactly when x < p.
V reduce_once(V x, V p) { return _mm256_min_epu32(x, _mm256_sub_epi32(x, p)); }
V add(V a, V b, V p) { return reduce_once(_mm256_add_epi32(a, b), p); }
// a - b, or a - b + p when that wrapped (then a - b + p < p < a - b).
V sub(V a, V b, V p) {
  const V d = _mm256_sub_epi32(a, b);
  return _mm256_min_epu32(d, _mm256_add_epi32(d, p));
}

// (t + m p) / 2^32 of the even lanes' 64-bit sums te and the odd lanes' to:
// the high words, gathered into one register. Each sum is below 2^33 p, so
// the result is below 2p; reduce_once makes it canonical.
V montgomery_high(V te, V to, V p) {
  return reduce_once(_mm256_blend_epi32(_mm256_srli_epi64(te, 32), to, 0xAA), p);
}

// a * w mod p for a < 2^32 and a constant w < p by Shoup's method: with
// ws = floor(w 2^32 / p), the quotient estimate e = floor(a ws / 2^32) leaves
// a w - e p in [0, 2p), computed in 32-bit words. The tables hold, for a
// constant c in Montgomery form, w = c 2^-32 mod p: the product is then the
// Montgomery product a c 2^-32. wse / wso: ws of the even lanes and of the odd
// lanes moved to the even places.
V mul_const(V a, V w, V wse, V wso, V p) {
  const V te = _mm256_mul_epu32(a, wse);
  const V to = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), wso);
  const V estimate = _mm256_blend_epi32(_mm256_srli_epi64(te, 32), to, 0xAA);
  return reduce_once(_mm256_sub_epi32(_mm256_mullo_epi32(a, w), _mm256_mullo_epi32(estimate, p)), p);
}
// The same constant in every lane.
V mul_bcast(V a, V w, V ws, V p) { return mul_const(a, w, ws, ws, p); }
// A vector of constants (w, ws as loaded).
V mul_lanes(V a, V w, V ws, V p) { return mul_const(a, w, ws, _mm256_shuffle_epi32(ws, 0xF5), p); }
// a * b * 2^-32 mod p for a, b in [0, p): the quotient comes from the
// product's low word.
V mul(V a, V b, V p, V mq) {
  V te = _mm256_mul_epu32(a, b);
  V to = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_shuffle_epi32(b, 0xF5));
  const V me = _mm256_mul_epu32(te, mq);
  const V mo = _mm256_mul_epu32(to, mq);
  te = _mm256_add_epi64(te, _mm256_mul_epu32(me, p));
  to = _mm256_add_epi64(to, _mm256_mul_epu32(mo, p));
  return montgomery_high(te, to, p);
}

// The lower layers work on 16 coefficients, A = f[0..7] and B = f[8..15],
// split into the low inputs X and the high inputs Y of layer len = 2^log_len
// (4, 2, 1):
//   len 4: X = f[0..3, 8..11]                Y = X + 4
//   len 2: X = f[0, 1, 8, 9, 4, 5, 12, 13]    Y = X + 2
//   len 1: X = f[0, 8, 2, 10, 4, 12, 6, 14]   Y = X + 1
// (make_kernel_tables lays the twiddles out by the same map.)
void split(unsigned log_len, V a, V b, V& x, V& y) {
  if (log_len == 2) {
    x = _mm256_permute2x128_si256(a, b, 0x20);
    y = _mm256_permute2x128_si256(a, b, 0x31);
  } else if (log_len == 1) {
    x = _mm256_unpacklo_epi64(a, b);
    y = _mm256_unpackhi_epi64(a, b);
  } else {
    x = _mm256_blend_epi32(a, _mm256_slli_epi64(b, 32), 0xAA);
    y = _mm256_blend_epi32(_mm256_srli_epi64(a, 32), b, 0xAA);
  }
}
// The inverse of split.
void merge(unsigned log_len, V x, V y, V& a, V& b) {
  if (log_len == 2) {
    a = _mm256_permute2x128_si256(x, y, 0x20);
    b = _mm256_permute2x128_si256(x, y, 0x31);
  } else if (log_len == 1) {
    a = _mm256_unpacklo_epi64(x, y);
    b = _mm256_unpackhi_epi64(x, y);
  } else {
    a = _mm256_blend_epi32(x, _mm256_slli_epi64(y, 32), 0xAA);
    b = _mm256_blend_epi32(_mm256_srli_epi64(x, 32), y, 0xAA);
  }
}

// Index vectors of the in-register base products (d = 2, 4, 8 at [log2 d]):
// lane l of block (l / d) takes x_i (broadcast), y_{(l - i) mod d} (rotation),
// and the gamma multiple of y where l mod d < i (the wrapped terms).
struct BaseIndices {
  std::int32_t broadcast[4][8][8];
  std::int32_t rotate[4][8][8];
  std::int32_t wrapped[4][8][8];
};
constexpr BaseIndices make_base_indices() {
  BaseIndices t{};
  for (unsigned log_d = 1; log_d <= 3; ++log_d) {
    const int d = 1 << log_d;
    for (int i = 0; i < d; ++i)
      for (int l = 0; l < 8; ++l) {
        const int block = l / d * d, k = l % d;
        t.broadcast[log_d][i][l] = block + i;
        t.rotate[log_d][i][l] = block + ((k - i) & (d - 1));
        t.wrapped[log_d][i][l] = k < i ? -1 : 0;
      }
  }
  return t;
}
constexpr BaseIndices base_indices = make_base_indices();

V index_vector(const std::int32_t* v) { return _mm256_loadu_si256(reinterpret_cast<const V*>(v)); }

// Not std::min: this object must emit no template instance that the linker
// could also hand to portable callers.
std::size_t smaller(std::size_t a, std::size_t b) { return a < b ? a : b; }

unsigned log2_of(std::size_t x) {
  unsigned r = 0;
  while ((std::size_t{1} << r) < x) ++r;
  return r;
}

V broadcast_lane(V x, unsigned log_d, std::size_t i) {
  return _mm256_permutevar8x32_epi32(x, index_vector(base_indices.broadcast[log_d][i]));
}
V rotated_term(V y, V gy, unsigned log_d, std::size_t i) {
  const V r = index_vector(base_indices.rotate[log_d][i]);
  return _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(y, r), _mm256_permutevar8x32_epi32(gy, r),
                            index_vector(base_indices.wrapped[log_d][i]));
}

}  // namespace

#include "big_ntt_simd_layers.inl"

void lift_centred(std::uint32_t* f, const std::uint16_t* a, std::size_t n, std::size_t length, std::uint32_t q,
                  std::uint32_t p) {
  // Centred c = a - q for a > (q-1)/2; c mod p = a + (p - q).
  const V half = bcast((q - 1) / 2), shift = bcast(p - q);
  std::size_t i = 0;
  for (; i + W <= n; i += W) {
    const V x = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i)));
    store(f + i, _mm256_add_epi32(x, _mm256_and_si256(_mm256_cmpgt_epi32(x, half), shift)));
  }
  for (; i < n; ++i) f[i] = a[i] + ((p - q) & (0u - static_cast<std::uint32_t>(a[i] > (q - 1) / 2)));
  for (; i < length; ++i) f[i] = 0;
}

void crt_to_q(const CrtKernelConstants& c, std::uint16_t* out, const std::uint32_t* r1, const std::uint32_t* r2,
              std::size_t n, std::size_t fold) {
  const V p1 = bcast(c.p1), p2 = bcast(c.p2), mask = bcast(c.q_mask), m = bcast(c.modulus_low);
  const V half = _mm256_set1_epi64x(static_cast<long long>(c.half));
  const V k = bcast(c.p1_inverse_mod_p2), kq = bcast(c.p1_inverse_mod_p2_shoup);
  const bool two = c.p2 != 0;
  // The folded residues of 8 coefficients.
  const auto residues = [&](const std::uint32_t* r, std::size_t i, std::size_t above, V p) {
    V x = load(r + i);
    if (above != 0) x = add(x, load(r + i + above), p);
    return x;
  };
  // x mod q for 8 lanes, x the centred lift of (x1, x2).
  const auto lane_values = [&](V x1, V x2) {
    if (!two) {
      // One prime: x1 - p1 when x1 > (p1 - 1) / 2.
      const V negative = _mm256_cmpgt_epi32(x1, _mm256_set1_epi32(static_cast<int>(c.half)));
      return _mm256_and_si256(_mm256_sub_epi32(x1, _mm256_and_si256(negative, m)), mask);
    }
    // u = (r2 - r1 mod p2) p1^-1 mod p2; x = r1 + p1 u < p1 p2 < 2^62.
    const V u = mul_bcast(sub(x2, reduce_once(x1, p2), p2), k, kq, p2);
    const V xe = _mm256_add_epi64(_mm256_mul_epu32(u, p1), _mm256_blend_epi32(x1, _mm256_setzero_si256(), 0xAA));
    const V xo = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(u, 32), p1), _mm256_srli_epi64(x1, 32));
    // Negative lifts lose p1 p2: only its low word matters mod q.
    const V ne = _mm256_and_si256(_mm256_cmpgt_epi64(xe, half), m);
    const V no = _mm256_and_si256(_mm256_cmpgt_epi64(xo, half), m);
    const V low =
        _mm256_blend_epi32(_mm256_sub_epi32(xe, ne), _mm256_slli_epi64(_mm256_sub_epi32(xo, no), 32), 0xAA);
    return _mm256_and_si256(low, mask);
  };
  const auto sixteen = [&](const std::uint32_t* a1, const std::uint32_t* a2, std::size_t i, std::size_t above) {
    const V lo = lane_values(residues(a1, i, above, p1), two ? residues(a2, i, above, p2) : p1);
    const V hi = lane_values(residues(a1, i + W, above, p1), two ? residues(a2, i + W, above, p2) : p1);
    return _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xD8);
  };
  crt_blocks(out, r1, r2, two, n, fold,
             [&](std::uint16_t* dst, const std::uint32_t* a1, const std::uint32_t* a2, std::size_t i,
                 std::size_t above) { _mm256_storeu_si256(reinterpret_cast<V*>(dst), sixteen(a1, a2, i, above)); });
}

}  // namespace pqmul::big_ntt_kernels::avx2
