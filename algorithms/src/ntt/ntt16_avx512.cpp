// AVX-512 kernels of "ntt16": 32 int16 lanes per register (AVX-512BW), the
// pair exchanges of ntt16_primes.hpp's SimdOrder by 256-bit shuffles (16
// lanes), two-source 64-bit permutes (8), 64-bit unpacks (4), and masked
// blends of shifted 32-bit (2) and 16-bit units (1).
// gcc 12 reports the _mm512_undefined_epi32() placeholder inside its own
// shift intrinsics as (maybe-)uninitialized (gcc bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"
#include "pqmul/algorithms/ntt/ntt16_kernels.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/algorithms/ntt/ntt16_primes.hpp"

namespace pqmul::ntt16::avx512 {
namespace {

using V = __m512i;
constexpr std::size_t W = lanes;
constexpr bool kLaneTwiddlesAsLoads = true;

[[gnu::always_inline]] inline V load(const std::int16_t* p) { return _mm512_loadu_si512(p); }
[[gnu::always_inline]] inline void store(std::int16_t* p, V v) { _mm512_storeu_si512(p, v); }
[[gnu::always_inline]] inline V set1(std::int16_t c) { return _mm512_set1_epi16(c); }
[[gnu::always_inline]] inline V add(V a, V b) { return _mm512_add_epi16(a, b); }
[[gnu::always_inline]] inline V sub(V a, V b) { return _mm512_sub_epi16(a, b); }
[[gnu::always_inline]] inline V mullo(V a, V b) { return _mm512_mullo_epi16(a, b); }
[[gnu::always_inline]] inline V and_bits(V a, V b) { return _mm512_and_si512(a, b); }
[[gnu::always_inline]] inline V signed_low_bits(V a, int bits) {
  const __m128i s = _mm_cvtsi32_si128(16 - bits);
  return _mm512_sra_epi16(_mm512_sll_epi16(a, s), s);
}
[[gnu::always_inline]] inline V high_difference(V a, V c, V t, V p) {
  return sub(_mm512_mulhi_epi16(a, c), _mm512_mulhi_epi16(t, p));
}
// vpmulhrsw by 2^5 is the rounding shift by 10.
[[gnu::always_inline]] inline V barrett_quotient(V a, V v) {
  return _mm512_mulhrs_epi16(_mm512_mulhi_epi16(a, v), set1(1 << 5));
}
[[gnu::always_inline]] inline V rounded_high(V a, V w) { return _mm512_mulhrs_epi16(a, w); }
// As in the AVX2 file: products and reductions stay single values.
[[gnu::always_inline]] inline V opaque(V v) {
  __asm__("" : "+v"(v));
  return v;
}

template <std::size_t len>
[[gnu::always_inline]] inline void exchange(V& x, V& y) {
  V lo, hi;
  if constexpr (len == 16) {
    lo = _mm512_shuffle_i64x2(x, y, _MM_SHUFFLE(1, 0, 1, 0));
    hi = _mm512_shuffle_i64x2(x, y, _MM_SHUFFLE(3, 2, 3, 2));
  } else if constexpr (len == 8) {
    lo = _mm512_permutex2var_epi64(x, _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13), y);
    hi = _mm512_permutex2var_epi64(x, _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15), y);
  } else if constexpr (len == 4) {
    lo = _mm512_unpacklo_epi64(x, y);
    hi = _mm512_unpackhi_epi64(x, y);
  } else if constexpr (len == 2) {
    lo = _mm512_mask_blend_epi32(0xAAAA, x, _mm512_slli_epi64(y, 32));
    hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(x, 32), y);
  } else {
    static_assert(len == 1);
    lo = _mm512_mask_blend_epi16(0xAAAAAAAAu, x, _mm512_slli_epi32(y, 16));
    hi = _mm512_mask_blend_epi16(0xAAAAAAAAu, _mm512_srli_epi32(x, 16), y);
  }
  x = lo;
  y = hi;
}

}  // namespace

#include "ntt16_simd_layers.inl"
#include "ntt16_good_glue.inl"

}  // namespace pqmul::ntt16::avx512
