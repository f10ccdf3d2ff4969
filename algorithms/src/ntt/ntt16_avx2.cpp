// AVX2 kernels of "ntt16": 16 int16 lanes per register, the pair exchanges of
// ntt16_primes.hpp's SimdOrder by 128-bit permutes (8 lanes), 64-bit unpacks
// (4), and shifted blends of 32-bit (2) and 16-bit units (1).
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

namespace pqmul::ntt16::avx2 {
namespace {

using V = __m256i;
constexpr std::size_t W = lanes;
constexpr bool kLaneTwiddlesAsLoads = true;

[[gnu::always_inline]] inline V load(const std::int16_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const V*>(p));
}
[[gnu::always_inline]] inline void store(std::int16_t* p, V v) { _mm256_storeu_si256(reinterpret_cast<V*>(p), v); }
[[gnu::always_inline]] inline V set1(std::int16_t c) { return _mm256_set1_epi16(c); }
[[gnu::always_inline]] inline V add(V a, V b) { return _mm256_add_epi16(a, b); }
[[gnu::always_inline]] inline V sub(V a, V b) { return _mm256_sub_epi16(a, b); }
[[gnu::always_inline]] inline V mullo(V a, V b) { return _mm256_mullo_epi16(a, b); }
[[gnu::always_inline]] inline V and_bits(V a, V b) { return _mm256_and_si256(a, b); }
[[gnu::always_inline]] inline V signed_low_bits(V a, int bits) {
  const __m128i s = _mm_cvtsi32_si128(16 - bits);
  return _mm256_sra_epi16(_mm256_sll_epi16(a, s), s);
}
[[gnu::always_inline]] inline V high_difference(V a, V c, V t, V p) {
  return sub(_mm256_mulhi_epi16(a, c), _mm256_mulhi_epi16(t, p));
}
// vpmulhrsw by 2^5 is the rounding shift by 10.
[[gnu::always_inline]] inline V barrett_quotient(V a, V v) {
  return _mm256_mulhrs_epi16(_mm256_mulhi_epi16(a, v), set1(1 << 5));
}
[[gnu::always_inline]] inline V rounded_high(V a, V w) { return _mm256_mulhrs_epi16(a, w); }
// Each product or reduction stays one value: the compiler does not
// reassociate the next layer's additions into its parts (more additions, spills).
[[gnu::always_inline]] inline V opaque(V v) {
  __asm__("" : "+x"(v));
  return v;
}

template <std::size_t len>
[[gnu::always_inline]] inline void exchange(V& x, V& y) {
  V lo, hi;
  if constexpr (len == 8) {
    lo = _mm256_permute2x128_si256(x, y, 0x20);
    hi = _mm256_permute2x128_si256(x, y, 0x31);
  } else if constexpr (len == 4) {
    lo = _mm256_unpacklo_epi64(x, y);
    hi = _mm256_unpackhi_epi64(x, y);
  } else if constexpr (len == 2) {
    lo = _mm256_blend_epi32(x, _mm256_slli_epi64(y, 32), 0xAA);
    hi = _mm256_blend_epi32(_mm256_srli_epi64(x, 32), y, 0xAA);
  } else {
    static_assert(len == 1);
    lo = _mm256_blend_epi16(x, _mm256_slli_epi32(y, 16), 0xAA);
    hi = _mm256_blend_epi16(_mm256_srli_epi32(x, 16), y, 0xAA);
  }
  x = lo;
  y = hi;
}

}  // namespace

#include "ntt16_simd_layers.inl"
#include "ntt16_good_glue.inl"

}  // namespace pqmul::ntt16::avx2
