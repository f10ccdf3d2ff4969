// The S_3 divsteps (inverse_kernels.hpp) with AVX-512VL and VBMI2 on the
// 256-bit registers of the AVX2 kernel: the same steps in about half the
// vector operations. A shift by one bit across words is one lane alignment
// (valignq) and one double shift (vpshldq / vpshrdq) instead of a rotation,
// a blend and three shifts; the GF(3) sums are three-input logic (vpternlogq);
// the decisions are mask registers.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/schemes/ntru/inverse_kernels.hpp"

namespace pqmul::ntru::detail {
namespace {

// x * x on the first A registers (the others are zero and stay zero): each
// word takes its top bit from the word below, lane 3 of the register below for
// lane 0. From the top down, so that the register below is still unshifted.
template <std::size_t A, std::size_t Y>
inline void shift_up(__m256i (&x)[Y], const __m256i (&keep)[Y]) {
  for (std::size_t k = A; k-- > 0;) {
    const __m256i below = k == 0 ? _mm256_setzero_si256() : x[k - 1];
    const __m256i carry = _mm256_alignr_epi64(x[k], below, 3);  // lanes: below[3], x[0], x[1], x[2]
    x[k] = _mm256_and_si256(_mm256_shldi_epi64(x[k], carry, 1), keep[k]);
  }
}

// x / x on the first F registers: each word takes its bottom bit from the word
// above (a zero above register F - 1). From the bottom up.
template <std::size_t F, std::size_t Y>
inline void shift_down(__m256i (&x)[Y]) {
  for (std::size_t k = 0; k < F; ++k) {
    const __m256i above = k + 1 < F ? x[k + 1] : _mm256_setzero_si256();
    const __m256i carry = _mm256_alignr_epi64(above, x[k], 1);  // lanes: x[1], x[2], x[3], above[0]
    x[k] = _mm256_shrdi_epi64(x[k], carry, 1);
  }
}

struct Choice {
  __mmask8 swap, nonzero;
  __m256i c2;
};

inline Choice make_choice(std::uint64_t swap, std::uint64_t nonzero, std::uint64_t c2) {
  return {_cvtu32_mask8(static_cast<unsigned>(swap & 0xF)), _cvtu32_mask8(static_cast<unsigned>(nonzero & 0xF)),
          _mm256_set1_epi64x(static_cast<long long>(c2))};
}

inline __m256i take_on_swap(const Choice& choice, __m256i kept, __m256i taken) {
  return _mm256_mask_blend_epi64(choice.swap, kept, taken);
}

// (ap, am) += c * (bp, bm) over GF(3), the sum of the AVX2 kernel:
// y = c * b (planes exchanged for c = 2, zero for c = 0), t = (ap | ym) ^
// (am | yp), then ap = (am | ym) ^ t, am = (ap | yp) ^ t. (0x1E: a ^ (b | c);
// 0xCA: a ? b : c.)
template <std::size_t A, std::size_t Y>
inline void add_multiple(__m256i (&ap)[Y], __m256i (&am)[Y], const __m256i (&bp)[Y], const __m256i (&bm)[Y],
                         const Choice& choice) {
  for (std::size_t k = 0; k < A; ++k) {
    const __m256i yp = _mm256_maskz_ternarylogic_epi64(choice.nonzero, choice.c2, bm[k], bp[k], 0xCA);
    const __m256i ym = _mm256_maskz_ternarylogic_epi64(choice.nonzero, choice.c2, bp[k], bm[k], 0xCA);
    const __m256i t = _mm256_ternarylogic_epi64(_mm256_or_si256(ap[k], ym), am[k], yp, 0x1E);
    const __m256i sum_p = _mm256_ternarylogic_epi64(t, am[k], ym, 0x1E);
    am[k] = _mm256_ternarylogic_epi64(t, ap[k], yp, 0x1E);
    ap[k] = sum_p;
  }
}

#include "inverse_s3_driver.inl"

}  // namespace

std::int32_t divsteps_s3_avx512(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                                std::int32_t delta) {
  return run_s3_words(state, words, n, steps, delta);
}

}  // namespace pqmul::ntru::detail
