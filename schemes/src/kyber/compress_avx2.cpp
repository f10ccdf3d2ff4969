// AVX2 kernels of Compress_d and Decompress_d (declared in compress_avx2.hpp).
// Both are division-free with the same arithmetic as the scalar functions in
// primitives.hpp, so secret coefficients take constant time.
#include "pqmul/schemes/kyber/compress_avx2.hpp"

#include <immintrin.h>
#include "compress_widths.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"

namespace pqmul::kyber::avx2 {
namespace {

constexpr std::uint32_t q = 3329;
constexpr std::uint32_t reciprocal_36 = static_cast<std::uint32_t>(((std::uint64_t{1} << 36) + q - 1) / q);

// Compress_D of 8 canonical values in 32-bit lanes: floor((x 2^D + (q-1)/2) / q),
// the quotient as (numerator * m) >> 36 with m = ceil(2^36 / q) (exact for
// numerators below 2^24; numerators here are below 2^23). The 64-bit products
// come from _mm256_mul_epu32 on the even and, shifted down, the odd lanes.
template <int D>
__m256i compress8(__m256i x) {
  const __m256i m = _mm256_set1_epi32(static_cast<int>(reciprocal_36));
  const __m256i numerator = _mm256_add_epi32(_mm256_slli_epi32(x, D), _mm256_set1_epi32((q - 1) / 2));
  const __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(numerator, m), 36);
  const __m256i odd_product = _mm256_mul_epu32(_mm256_srli_epi64(numerator, 32), m);
  const __m256i odd = _mm256_slli_epi64(_mm256_srli_epi64(odd_product, 36), 32);
  return _mm256_and_si256(_mm256_blend_epi32(even, odd, 0xAA), _mm256_set1_epi32((1 << D) - 1));
}

template <int D>
void compress_all(std::uint16_t* r, const std::uint16_t* f) {
  PQMUL_KERNEL_BOUND("kyber::avx2::compress", "input", f, 256, 0, q - 1);
  for (int i = 0; i < 256; i += 16) {
    const __m256i lo = compress8<D>(_mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(f + i))));
    const __m256i hi =
        compress8<D>(_mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(f + i + 8))));
    // packus works within 128-bit halves: reorder the quarters back to 0..15.
    const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xD8);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + i), packed);
  }
  PQMUL_KERNEL_BOUND("kyber::avx2::compress", "output", r, 256, 0, (1 << D) - 1);
}

// Decompress_D(y) = floor(y q / 2^D + 1/2) = mulhrs(y 2^(15-D), q): the
// rounding multiply-high gives floor(a b / 2^15 + 1/2) exactly, and
// y 2^(15-D) < 2^15 stays a positive int16.
template <int D>
void decompress_all(std::uint16_t* r, const std::uint16_t* f) {
  PQMUL_KERNEL_BOUND("kyber::avx2::decompress", "input", f, 256, 0, (1 << D) - 1);
  const __m256i qv = _mm256_set1_epi16(static_cast<short>(q));
  for (int i = 0; i < 256; i += 16) {
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + i));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + i), _mm256_mulhrs_epi16(_mm256_slli_epi16(y, 15 - D), qv));
  }
  PQMUL_KERNEL_BOUND("kyber::avx2::decompress", "output", r, 256, 0, q - 1);
}

}  // namespace

bool compress(std::uint16_t* r, const std::uint16_t* f, unsigned d) {
  return with_compressed_width(d, [&]<int D>() { compress_all<D>(r, f); });
}

bool decompress(std::uint16_t* r, const std::uint16_t* f, unsigned d) {
  return with_decompressed_width(d, [&]<int D>() { decompress_all<D>(r, f); });
}

void add_mod_q(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b) {
  PQMUL_KERNEL_BOUND("kyber::avx2::add_mod_q", "a", a, 256, 0, q - 1);
  PQMUL_KERNEL_BOUND("kyber::avx2::add_mod_q", "b", b, 256, 0, q - 1);
  const __m256i modulus = _mm256_set1_epi16(static_cast<short>(q));
  for (int i = 0; i < 256; i += 16) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
    // a + b - q lies in (-q, q): q added back where it is negative.
    const __m256i t = _mm256_sub_epi16(_mm256_add_epi16(x, y), modulus);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + i),
                        _mm256_add_epi16(t, _mm256_and_si256(modulus, _mm256_srai_epi16(t, 15))));
  }
  PQMUL_KERNEL_BOUND("kyber::avx2::add_mod_q", "output", r, 256, 0, q - 1);
}

void sub_mod_q(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b) {
  PQMUL_KERNEL_BOUND("kyber::avx2::sub_mod_q", "a", a, 256, 0, q - 1);
  PQMUL_KERNEL_BOUND("kyber::avx2::sub_mod_q", "b", b, 256, 0, q - 1);
  const __m256i modulus = _mm256_set1_epi16(static_cast<short>(q));
  for (int i = 0; i < 256; i += 16) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
    const __m256i t = _mm256_sub_epi16(x, y);  // in (-q, q)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + i),
                        _mm256_add_epi16(t, _mm256_and_si256(modulus, _mm256_srai_epi16(t, 15))));
  }
  PQMUL_KERNEL_BOUND("kyber::avx2::sub_mod_q", "output", r, 256, 0, q - 1);
}

}  // namespace pqmul::kyber::avx2
