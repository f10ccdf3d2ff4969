// SampleNTT's rejection step with AVX-512 VBMI / VBMI2 (declared in
// sampling_multiway.hpp): 32 candidates per step. A byte permute spreads 48
// bytes into 32 overlapping 16-bit words, a variable shift and a mask cut the
// 12-bit candidates, and the word compress writes the accepted ones in order,
// where the AVX2 kernel needs a table of shuffles per 8 candidates. Only the
// kernel lives here (see cmake/simd.cmake).
// gcc 12's AVX-512 intrinsic headers start some results from an undefined
// vector, which its flow analysis reports; nothing here reads such lanes.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/schemes/kyber/sampling_multiway.hpp"

namespace pqmul::kyber {
namespace {

constexpr std::uint16_t modulus = 3329;

// Word w of a step takes bytes (3t, 3t + 1) for w = 2t (low 12 bits) and
// (3t + 1, 3t + 2) for w = 2t + 1 (high 12 bits, shifted down by 4). A
// compile-time table: built per call, its byte stores stalled the vector load.
struct SpreadIndex {
  alignas(64) std::uint8_t byte[64];
};
constexpr SpreadIndex make_spread_index() {
  SpreadIndex index{};
  for (int w = 0; w < 32; ++w) {
    const int t = w / 2, low = 3 * t + (w % 2);
    index.byte[2 * w] = static_cast<std::uint8_t>(low);
    index.byte[2 * w + 1] = static_cast<std::uint8_t>(low + 1);
  }
  return index;
}
constexpr SpreadIndex spread_index = make_spread_index();

}  // namespace

std::size_t kyber_rej_uniform_avx512vbmi2(std::uint16_t* coeffs, std::size_t filled, const std::uint8_t* bytes,
                                          std::size_t length) {
  const __m512i index = _mm512_load_si512(spread_index.byte);
  const __m512i shifts = _mm512_set1_epi32(0x00040000);  // 0 for even words, 4 for odd
  const __m512i low12 = _mm512_set1_epi16(0x0FFF);
  const __m512i bound = _mm512_set1_epi16(static_cast<short>(modulus));
  std::size_t b = 0;
  while (filled < 256 && b + 3 <= length) {
    // Up to 16 groups of 3 bytes: masked loads never touch bytes past the end,
    // and candidates from missing groups are masked off.
    const std::size_t groups = (length - b) / 3 < 16 ? (length - b) / 3 : 16;
    const __mmask64 load_mask = groups == 16 ? (__mmask64{1} << 48) - 1 : (__mmask64{1} << (3 * groups)) - 1;
    const __m512i raw = _mm512_maskz_loadu_epi8(load_mask, bytes + b);
    const __m512i words = _mm512_permutexvar_epi8(index, raw);
    const __m512i candidates = _mm512_and_si512(_mm512_srlv_epi16(words, shifts), low12);
    const __mmask32 valid = groups == 16 ? ~__mmask32{0} : (__mmask32{1} << (2 * groups)) - 1;
    const __mmask32 accept = _mm512_mask_cmplt_epu16_mask(valid, candidates, bound);
    // The first (256 - filled) accepted candidates, in order.
    const std::size_t room = 256 - filled;
    const auto found = static_cast<std::size_t>(_mm_popcnt_u32(accept));
    const std::size_t taken = found < room ? found : room;
    const __mmask32 store_mask = taken == 32 ? ~__mmask32{0} : (__mmask32{1} << taken) - 1;
    _mm512_mask_storeu_epi16(coeffs + filled, store_mask, _mm512_maskz_compress_epi16(accept, candidates));
    filled += taken;
    b += 3 * groups;
  }
  return filled;
}

}  // namespace pqmul::kyber
