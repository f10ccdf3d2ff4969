// AVX-512 kernel of Compress_d (declared in compress_avx512.hpp): the AVX2
// kernel's arithmetic on 16 32-bit lanes per half step, division-free, so
// secret coefficients take constant time.
#include "pqmul/schemes/kyber/compress_avx512.hpp"

// GCC 12 reports its own AVX-512 headers' deliberately undefined vectors
// (self-initialised) as uninitialised wherever those intrinsics are inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

namespace pqmul::kyber::avx512 {
namespace {

constexpr std::uint32_t q = 3329;
constexpr std::uint32_t reciprocal_36 = static_cast<std::uint32_t>(((std::uint64_t{1} << 36) + q - 1) / q);

// Compress_D of 16 canonical values in 32-bit lanes: floor((x 2^D + (q-1)/2) / q)
// as (numerator * m) >> 36 with m = ceil(2^36 / q), exact for numerators below
// 2^24 (here below 2^23); 64-bit products of the even and the odd lanes.
template <int D>
__m512i compress16(__m512i x) {
  const __m512i m = _mm512_set1_epi32(static_cast<int>(reciprocal_36));
  const __m512i numerator = _mm512_add_epi32(_mm512_slli_epi32(x, D), _mm512_set1_epi32((q - 1) / 2));
  const __m512i even = _mm512_srli_epi64(_mm512_mul_epu32(numerator, m), 36);
  const __m512i odd_product = _mm512_mul_epu32(_mm512_srli_epi64(numerator, 32), m);
  const __m512i odd = _mm512_slli_epi64(_mm512_srli_epi64(odd_product, 36), 32);
  return _mm512_and_si512(_mm512_mask_blend_epi32(0xAAAA, even, odd), _mm512_set1_epi32((1 << D) - 1));
}

template <int D>
void compress_all(std::uint16_t* r, const std::uint16_t* f) {
  for (int i = 0; i < 256; i += 16) {
    const __m512i x = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + i)));
    // Truncating narrowing keeps the lane order.
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + i), _mm512_cvtepi32_epi16(compress16<D>(x)));
  }
}

}  // namespace

bool compress(std::uint16_t* r, const std::uint16_t* f, unsigned d) {
  switch (d) {
    case 1: compress_all<1>(r, f); return true;
    case 4: compress_all<4>(r, f); return true;
    case 5: compress_all<5>(r, f); return true;
    case 10: compress_all<10>(r, f); return true;
    case 11: compress_all<11>(r, f); return true;
    default: return false;
  }
}

}  // namespace pqmul::kyber::avx512
