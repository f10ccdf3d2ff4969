#pragma once
// The steps of the AVX-512 Keccak kernels (keccak_avx512_permutation.inl) on
// 256-bit (AVX-512VL) and 512-bit registers: the five-input column parity and
// chi (a ^ (~b & c)) as vpternlogq, rotations as vprolq. Private to the files
// compiled for AVX-512 (cmake/simd.cmake).
#include <immintrin.h>

#include <cstdint>

namespace pqmul::keccak::avx512_steps {

inline __m256i xor2(__m256i a, __m256i b) { return _mm256_xor_si256(a, b); }
inline __m512i xor2(__m512i a, __m512i b) { return _mm512_xor_si512(a, b); }

inline __m256i xor5(__m256i a, __m256i b, __m256i c, __m256i d, __m256i e) {
  return _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96);
}
inline __m512i xor5(__m512i a, __m512i b, __m512i c, __m512i d, __m512i e) {
  return _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96);
}

inline __m256i chi(__m256i a, __m256i b, __m256i c) { return _mm256_ternarylogic_epi64(a, b, c, 0xD2); }
inline __m512i chi(__m512i a, __m512i b, __m512i c) { return _mm512_ternarylogic_epi64(a, b, c, 0xD2); }

// vprolq. Spelled with an all-ones zero-mask: the unmasked forms of gcc 12
// draw a false -Wuninitialized from their undefined pass-through operand; the
// compiler drops the full mask, so the instruction is the same.
template <int R>
inline __m256i rol(__m256i x) {
  return _mm256_maskz_rol_epi64(0xF, x, R);
}
template <int R>
inline __m512i rol(__m512i x) {
  return _mm512_maskz_rol_epi64(0xFF, x, R);
}

template <class W>
inline W splat(std::uint64_t c) {
  if constexpr (sizeof(W) == 32)
    return _mm256_set1_epi64x(static_cast<long long>(c));
  else
    return _mm512_set1_epi64(static_cast<long long>(c));
}

}  // namespace pqmul::keccak::avx512_steps
