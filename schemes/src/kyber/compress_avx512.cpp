// AVX-512 kernel of Compress_d (declared in compress_avx512.hpp): 32 16-bit
// lanes per step, division-free (an estimated quotient and its remainder),
// so secret coefficients take constant time.
#include "pqmul/schemes/kyber/compress_avx512.hpp"

// GCC 12 reports its own AVX-512 headers' deliberately undefined vectors
// (self-initialised) as uninitialised wherever those intrinsics are inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#include "compress_widths.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"

namespace pqmul::kyber::avx512 {
namespace {

constexpr std::uint16_t q = 3329;

// Compress_D of 32 canonical values in 16-bit lanes: the quotient
// Q = floor((x 2^D + (q-1)/2) / q). With M = floor(2^(16+D) / q) (below 2^16
// for D <= 11), floor(x M / 2^16) is Q, Q - 1 or Q - 2 (it undershoots
// x 2^D / q by less than x / 2^16 < 1, and the added (q-1)/2 moves Q by at
// most 1), so the remainder numerator - estimate q lies in [0, 3q) and fits
// 16 bits: the low 16 bits of both products give it exactly, and one or two
// masked increments finish Q. No division; secret values take constant time.
template <int D>
__m512i compress32(__m512i x) {
  constexpr auto m = static_cast<std::uint16_t>((std::uint32_t{1} << (16 + D)) / q);
  const __m512i modulus = _mm512_set1_epi16(static_cast<short>(q));
  const __m512i one = _mm512_set1_epi16(1);
  const __m512i numerator_low =
      _mm512_add_epi16(_mm512_slli_epi16(x, D), _mm512_set1_epi16((q - 1) / 2));  // mod 2^16
  __m512i quotient = _mm512_mulhi_epu16(x, _mm512_set1_epi16(static_cast<short>(m)));
  const __m512i remainder = _mm512_sub_epi16(numerator_low, _mm512_mullo_epi16(quotient, modulus));
  quotient = _mm512_mask_add_epi16(quotient, _mm512_cmpge_epu16_mask(remainder, modulus), quotient, one);
  quotient = _mm512_mask_add_epi16(quotient, _mm512_cmpge_epu16_mask(remainder, _mm512_set1_epi16(2 * q)), quotient,
                                   one);
  return _mm512_and_si512(quotient, _mm512_set1_epi16((1 << D) - 1));
}

template <int D>
void compress_all(std::uint16_t* r, const std::uint16_t* f) {
  PQMUL_KERNEL_BOUND("kyber::avx512::compress", "input", f, 256, 0, q - 1);
  for (int i = 0; i < 256; i += 32) {
    // Two 256-bit loads: f usually comes straight from an AVX2 kernel's
    // stores, which a 512-bit load could not take its data from.
    const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + i));
    const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + i + 16));
    const __m512i x = _mm512_inserti64x4(_mm512_castsi256_si512(low), high, 1);
    _mm512_storeu_si512(r + i, compress32<D>(x));
  }
  PQMUL_KERNEL_BOUND("kyber::avx512::compress", "output", r, 256, 0, (1 << D) - 1);
}

}  // namespace

bool compress(std::uint16_t* r, const std::uint16_t* f, unsigned d) {
  return with_compressed_width(d, [&]<int D>() { compress_all<D>(r, f); });
}

}  // namespace pqmul::kyber::avx512
