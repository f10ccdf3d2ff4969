// AVX2 kernels of the Kyber samplers: the rejection step of SampleNTT and
// SamplePolyCBD_eta, on the byte streams the multi-way SHAKE produced. Only
// the kernels live here (see cmake/simd.cmake); their portable twins are in
// sampling_multiway.cpp.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "rejection_compaction.hpp"

namespace pqmul::kyber {
namespace {

constexpr std::uint16_t modulus = 3329;

constexpr CompactionTable compaction = make_compaction_table();

// 24 bytes at p as two 128-bit halves: bytes 0..15 below, bytes 8..23 above,
// so both halves' 12 bytes of interest are in reach of a byte shuffle without
// reading past p + 24.
inline __m256i load24(const std::uint8_t* p) {
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 8));
  return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

// x + q where x < 0, for the 16-bit lanes of x in [-q, q).
inline __m256i add_q_if_negative(__m256i x) {
  return _mm256_add_epi16(x, _mm256_and_si256(_mm256_srai_epi16(x, 15), _mm256_set1_epi16(modulus)));
}

}  // namespace

std::size_t kyber_rej_uniform_avx2(std::uint16_t* coeffs, std::size_t filled, const std::uint8_t* bytes,
                                   std::size_t length) {
  // Bytes 3t, 3t+1, 3t+2 give candidates 2t (low 12 bits) and 2t+1 (high 12
  // bits); the shuffle puts each pair's two overlapping 16-bit words side by side.
  const __m256i pairs = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,  //
                                         4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
  const __m256i low12 = _mm256_set1_epi16(0x0FFF);
  const __m256i bound = _mm256_set1_epi16(modulus);
  std::size_t b = 0;
  // 16 candidates per step while a whole step's output fits in the 256.
  while (filled + 16 <= 256 && b + 24 <= length) {
    const __m256i words = _mm256_shuffle_epi8(load24(bytes + b), pairs);
    const __m256i candidates =
        _mm256_blend_epi16(_mm256_and_si256(words, low12), _mm256_srli_epi16(words, 4), 0xAA);
    // Candidates are below 2^12, so the signed compare is exact.
    const __m256i accept = _mm256_cmpgt_epi16(bound, candidates);
    const auto mask = static_cast<std::uint32_t>(
        _pext_u32(static_cast<std::uint32_t>(_mm256_movemask_epi8(accept)), 0x55555555u));
    const unsigned mask_lo = mask & 0xFFu, mask_hi = mask >> 8;
    const __m128i lo = _mm_shuffle_epi8(_mm256_castsi256_si128(candidates),
                                        _mm_load_si128(reinterpret_cast<const __m128i*>(compaction.index[mask_lo])));
    const __m128i hi = _mm_shuffle_epi8(_mm256_extracti128_si256(candidates, 1),
                                        _mm_load_si128(reinterpret_cast<const __m128i*>(compaction.index[mask_hi])));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(coeffs + filled), lo);
    filled += static_cast<std::size_t>(_mm_popcnt_u32(mask_lo));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(coeffs + filled), hi);
    filled += static_cast<std::size_t>(_mm_popcnt_u32(mask_hi));
    b += 24;
  }
  // The last few coefficients (or bytes) one candidate at a time.
  return reject_one_by_one(coeffs, filled, bytes, b, length);
}

void kyber_cbd_avx2(std::uint16_t* coeffs, const std::uint8_t* bytes, unsigned eta) {
  if (eta == 2) {
    // 16 bytes -> 32 coefficients. In each byte, after summing neighbouring
    // bits, the 2-bit fields are (a, b) of coefficient 2m and (a, b) of 2m + 1.
    const __m128i m55 = _mm_set1_epi8(0x55), m03 = _mm_set1_epi8(0x03);
    for (std::size_t c = 0; c < 8; ++c) {
      const __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + 16 * c));
      const __m128i d = _mm_add_epi8(_mm_and_si128(t, m55), _mm_and_si128(_mm_srli_epi16(t, 1), m55));
      const __m128i even = _mm_sub_epi8(_mm_and_si128(d, m03), _mm_and_si128(_mm_srli_epi16(d, 2), m03));
      const __m128i odd =
          _mm_sub_epi8(_mm_and_si128(_mm_srli_epi16(d, 4), m03), _mm_and_si128(_mm_srli_epi16(d, 6), m03));
      const __m256i first = add_q_if_negative(_mm256_cvtepi8_epi16(_mm_unpacklo_epi8(even, odd)));
      const __m256i second = add_q_if_negative(_mm256_cvtepi8_epi16(_mm_unpackhi_epi8(even, odd)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(coeffs + 32 * c), first);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(coeffs + 32 * c + 16), second);
    }
    return;
  }
  // eta = 3: 24 bytes -> 32 coefficients. Every 3 bytes go to a 32-bit lane,
  // summed in 3-bit fields: a of coefficient c at bits 6c, b at bits 6c + 3.
  const __m256i spread = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1,  //
                                          4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1);
  const __m256i m249 = _mm256_set1_epi32(0x249249), m7 = _mm256_set1_epi32(7), q32 = _mm256_set1_epi32(modulus);
  for (std::size_t c = 0; c < 8; ++c) {
    const __m256i t = _mm256_shuffle_epi8(load24(bytes + 24 * c), spread);
    const __m256i d = _mm256_add_epi32(_mm256_add_epi32(_mm256_and_si256(t, m249),
                                                        _mm256_and_si256(_mm256_srli_epi32(t, 1), m249)),
                                       _mm256_and_si256(_mm256_srli_epi32(t, 2), m249));
    __m256i r[4];
    // Written out: the shift counts must be immediates.
    r[0] = _mm256_sub_epi32(_mm256_and_si256(d, m7), _mm256_and_si256(_mm256_srli_epi32(d, 3), m7));
    r[1] = _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(d, 6), m7),
                            _mm256_and_si256(_mm256_srli_epi32(d, 9), m7));
    r[2] = _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(d, 12), m7),
                            _mm256_and_si256(_mm256_srli_epi32(d, 15), m7));
    r[3] = _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(d, 18), m7),
                            _mm256_and_si256(_mm256_srli_epi32(d, 21), m7));
    for (auto& v : r) v = _mm256_add_epi32(v, _mm256_and_si256(_mm256_srai_epi32(v, 31), q32));
    // Lane k holds coefficients 4k .. 4k+3: pair them into 16-bit halves and
    // interleave, then undo the per-128-bit-half order of the unpacks.
    const __m256i c01 = _mm256_or_si256(r[0], _mm256_slli_epi32(r[1], 16));
    const __m256i c23 = _mm256_or_si256(r[2], _mm256_slli_epi32(r[3], 16));
    const __m256i lo = _mm256_unpacklo_epi32(c01, c23), hi = _mm256_unpackhi_epi32(c01, c23);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(coeffs + 32 * c), _mm256_permute2x128_si256(lo, hi, 0x20));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(coeffs + 32 * c + 16), _mm256_permute2x128_si256(lo, hi, 0x31));
  }
}

}  // namespace pqmul::kyber
