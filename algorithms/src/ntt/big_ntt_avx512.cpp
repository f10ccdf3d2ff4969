// AVX-512 kernels of the big-prime NTT (big_ntt_kernels.hpp): 16 residues of
// one prime per register, Montgomery products on the even and odd 32-bit
// lanes with _mm512_mul_epu32, every value kept in [0, p). The same
// algorithms as the AVX2 kernels; the lower layers shuffle with two-source
// permutes, the tails use masked loads and stores.
// gcc 12 reports the _mm512_undefined_epi32() placeholder inside its own
// intrinsics (shifts, mul_epu32) as (maybe-)uninitialized (gcc bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/ntt/big_ntt_kernels.hpp"

namespace pqmul::big_ntt_kernels::avx512 {
namespace {

using V = __m512i;
constexpr std::size_t W = 16;
constexpr unsigned log_W = 4;

V load(const std::uint32_t* p) { return _mm512_loadu_si512(p); }
void store(std::uint32_t* p, V v) { _mm512_storeu_si512(p, v); }
V bcast(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }

// x in [0, 2p) -> [0, p): x - p wraps above x exactly when x < p.
V reduce_once(V x, V p) { return _mm512_min_epu32(x, _mm512_sub_epi32(x, p)); }
V add(V a, V b, V p) { return reduce_once(_mm512_add_epi32(a, b), p); }
V sub(V a, V b, V p) {
  const V d = _mm512_sub_epi32(a, b);
  return _mm512_min_epu32(d, _mm512_add_epi32(d, p));
}

// The high words of the even lanes' (te) and odd lanes' (to) sums t + m p,
// each below 2^33 p: a result below 2p, made canonical.
V montgomery_high(V te, V to, V p) {
  return reduce_once(_mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(te, 32), to), p);
}

// a * w mod p for a < 2^32 and a constant w < p by Shoup's method: with
// ws = floor(w 2^32 / p), the quotient estimate e = floor(a ws / 2^32) leaves
// a w - e p in [0, 2p), computed in 32-bit words. The tables hold, for a
// constant c in Montgomery form, w = c 2^-32 mod p: the product is then the
// Montgomery product a c 2^-32. wse / wso: ws of the even lanes and of the odd
// lanes moved to the even places.
V mul_const(V a, V w, V wse, V wso, V p) {
  const V te = _mm512_mul_epu32(a, wse);
  const V to = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), wso);
  const V estimate = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(te, 32), to);
  return reduce_once(_mm512_sub_epi32(_mm512_mullo_epi32(a, w), _mm512_mullo_epi32(estimate, p)), p);
}
// The same constant in every lane.
V mul_bcast(V a, V w, V ws, V p) { return mul_const(a, w, ws, ws, p); }
// A vector of constants (w, ws as loaded).
V mul_lanes(V a, V w, V ws, V p) { return mul_const(a, w, ws, _mm512_shuffle_epi32(ws, _MM_PERM_DDBB), p); }
// a * b * 2^-32 mod p for a, b in [0, p).
V mul(V a, V b, V p, V mq) {
  V te = _mm512_mul_epu32(a, b);
  V to = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), _mm512_shuffle_epi32(b, _MM_PERM_DDBB));
  const V me = _mm512_mul_epu32(te, mq);
  const V mo = _mm512_mul_epu32(to, mq);
  te = _mm512_add_epi64(te, _mm512_mul_epu32(me, p));
  to = _mm512_add_epi64(to, _mm512_mul_epu32(mo, p));
  return montgomery_high(te, to, p);
}

// The lower layers (len = 8, 4, 2, 1 at [log2 len]) work on 32 coefficients,
// A = f[0..15] and B = f[16..31]. Lane l of X holds the l-th low input
// (ascending: (l / len) 2 len + l mod len), Y its partner len above; merge
// puts them back.
struct ShuffleIndices {
  std::int32_t low[4][16], high[4][16], to_a[4][16], to_b[4][16];
};
constexpr ShuffleIndices make_shuffle_indices() {
  ShuffleIndices t{};
  for (int log_len = 0; log_len < 4; ++log_len) {
    const int len = 1 << log_len;
    for (int l = 0; l < 16; ++l) {
      t.low[log_len][l] = l / len * 2 * len + l % len;
      t.high[log_len][l] = t.low[log_len][l] + len;
    }
    for (int j = 0; j < 32; ++j) {
      const int low = (j & len) == 0 ? j : j - len;
      const int lane = low / (2 * len) * len + low % len + ((j & len) == 0 ? 0 : 16);
      (j < 16 ? t.to_a[log_len][j] : t.to_b[log_len][j - 16]) = lane;
    }
  }
  return t;
}
constexpr ShuffleIndices shuffle_indices = make_shuffle_indices();

V index_vector(const std::int32_t* v) { return _mm512_loadu_si512(v); }

// Not std::min: this object must emit no template instance that the linker
// could also hand to portable callers.
std::size_t smaller(std::size_t a, std::size_t b) { return a < b ? a : b; }

unsigned log2_of(std::size_t x) {
  unsigned r = 0;
  while ((std::size_t{1} << r) < x) ++r;
  return r;
}

void split(unsigned log_len, V a, V b, V& x, V& y) {
  x = _mm512_permutex2var_epi32(a, index_vector(shuffle_indices.low[log_len]), b);
  y = _mm512_permutex2var_epi32(a, index_vector(shuffle_indices.high[log_len]), b);
}
void merge(unsigned log_len, V x, V y, V& a, V& b) {
  a = _mm512_permutex2var_epi32(x, index_vector(shuffle_indices.to_a[log_len]), y);
  b = _mm512_permutex2var_epi32(x, index_vector(shuffle_indices.to_b[log_len]), y);
}

// In-register base products (d = 2 .. 16 at [log2 d]): lane l of block l / d
// takes x_i, y_{(l - i) mod d}, and gamma y where l mod d < i.
struct BaseIndices {
  std::int32_t broadcast[5][16][16];
  std::int32_t rotate[5][16][16];
  std::uint16_t wrapped[5][16];
};
constexpr BaseIndices make_base_indices() {
  BaseIndices t{};
  for (unsigned log_d = 1; log_d <= 4; ++log_d) {
    const int d = 1 << log_d;
    for (int i = 0; i < d; ++i) {
      std::uint16_t wrapped = 0;
      for (int l = 0; l < 16; ++l) {
        const int block = l / d * d, k = l % d;
        t.broadcast[log_d][i][l] = block + i;
        t.rotate[log_d][i][l] = block + ((k - i) & (d - 1));
        if (k < i) wrapped = static_cast<std::uint16_t>(wrapped | (1u << l));
      }
      t.wrapped[log_d][i] = wrapped;
    }
  }
  return t;
}
constexpr BaseIndices base_indices = make_base_indices();

V broadcast_lane(V x, unsigned log_d, std::size_t i) {
  return _mm512_permutexvar_epi32(index_vector(base_indices.broadcast[log_d][i]), x);
}
V rotated_term(V y, V gy, unsigned log_d, std::size_t i) {
  const V r = index_vector(base_indices.rotate[log_d][i]);
  return _mm512_mask_blend_epi32(base_indices.wrapped[log_d][i], _mm512_permutexvar_epi32(r, y),
                                 _mm512_permutexvar_epi32(r, gy));
}

}  // namespace

#include "big_ntt_simd_layers.inl"

void lift_centred(std::uint32_t* f, const std::uint16_t* a, std::size_t n, std::size_t length, std::uint32_t q,
                  std::uint32_t p) {
  const V half = bcast((q - 1) / 2), shift = bcast(p - q);
  for (std::size_t i = 0; i < length; i += W) {
    const std::size_t left = i < n ? n - i : 0;
    const __mmask16 in = left >= W ? static_cast<__mmask16>(0xFFFF) : static_cast<__mmask16>((1u << left) - 1);
    const V x = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(in, a + i));
    store(f + i, _mm512_mask_add_epi32(x, _mm512_cmpgt_epu32_mask(x, half), x, shift));
  }
}

void crt_to_q(const CrtKernelConstants& c, std::uint16_t* out, const std::uint32_t* r1, const std::uint32_t* r2,
              std::size_t n, std::size_t fold) {
  const V p1 = bcast(c.p1), p2 = bcast(c.p2), mask = bcast(c.q_mask);
  const V m32 = bcast(c.modulus_low), m64 = _mm512_set1_epi64(c.modulus_low);
  const V half = _mm512_set1_epi64(static_cast<long long>(c.half));
  const V k = bcast(c.p1_inverse_mod_p2), kq = bcast(c.p1_inverse_mod_p2_shoup);
  const bool two = c.p2 != 0;
  const auto mask_of = [](std::size_t i, std::size_t end) {
    const std::size_t left = i < end ? end - i : 0;
    return left >= W ? static_cast<__mmask16>(0xFFFF) : static_cast<__mmask16>((1u << left) - 1);
  };
  // Folding stops below n - 1, as in the portable code.
  const std::size_t folded = fold != 0 ? n - 1 : 0;
  const auto residues = [&](const std::uint32_t* r, std::size_t i, V p) {
    V x = _mm512_maskz_loadu_epi32(mask_of(i, n), r + i);
    if (fold != 0) x = add(x, _mm512_maskz_loadu_epi32(mask_of(i, folded), r + i + fold), p);
    return x;
  };
  for (std::size_t i = 0; i < n; i += W) {
    const V x1 = residues(r1, i, p1);
    V low;
    if (!two) {
      low = _mm512_mask_sub_epi32(x1, _mm512_cmpgt_epu32_mask(x1, bcast(static_cast<std::uint32_t>(c.half))), x1, m32);
    } else {
      const V x2 = residues(r2, i, p2);
      const V u = mul_bcast(sub(x2, reduce_once(x1, p2), p2), k, kq, p2);
      V xe = _mm512_add_epi64(_mm512_mul_epu32(u, p1), _mm512_maskz_mov_epi32(0x5555, x1));
      V xo = _mm512_add_epi64(_mm512_mul_epu32(_mm512_srli_epi64(u, 32), p1), _mm512_srli_epi64(x1, 32));
      xe = _mm512_mask_sub_epi64(xe, _mm512_cmpgt_epu64_mask(xe, half), xe, m64);
      xo = _mm512_mask_sub_epi64(xo, _mm512_cmpgt_epu64_mask(xo, half), xo, m64);
      low = _mm512_mask_blend_epi32(0xAAAA, xe, _mm512_slli_epi64(xo, 32));
    }
    _mm256_mask_storeu_epi16(out + i, mask_of(i, n), _mm512_cvtepi32_epi16(_mm512_and_si512(low, mask)));
  }
}

}  // namespace pqmul::big_ntt_kernels::avx512
