// Keccak-f[1600] on one state with AVX-512VL: each lane in the low 64 bits
// of its own 256-bit register, rounds as in the 4-way kernel (vpternlogq for
// the column parities and chi, vprolq for the rotations), loaded and stored
// as single lanes so the caller's state needs no interleaving.
//
// Why 256-bit registers for one lane: the width costs nothing on Zen 4, and
// gcc then allocates the rounds as it does for the 4-way kernel: 598 TSC
// ticks per permutation (back to back), against 624 for the same code on
// 128-bit registers.
//
// Why not rows in 512-bit registers (five zmm of five lanes, pi as lane
// permutes)? On this project's x86 machines (AMD Zen 4) a 512-bit permute or
// rotation occupies the vector unit for a whole cycle and has 4-5 cycles of
// latency; that layout needs 17 of them plus 6 rotations per round and
// measured 1,170 TSC ticks per permutation, against 650 for the 128-bit form
// of this kernel and 780 for the scalar code. Only the kernel lives here (see cmake/simd.cmake).
#include <immintrin.h>

#include <cstdint>

#include "pqmul/schemes/common/keccak_constants.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

using W = __m256i;

// vprolq spelled with an all-ones zero-mask, as in keccak_x8_avx512.cpp (gcc
// 12's unmasked form draws -Wuninitialized).
template <int R>
inline W rol256(W x) {
  return _mm256_maskz_rol_epi64(0xF, x, R);
}

inline W load(const std::uint64_t* p) {
  return _mm256_zextsi128_si256(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
}
inline void store(std::uint64_t* p, W v) {
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm256_castsi256_si128(v));
}

}  // namespace

void keccak_f1600_x1_avx512(std::uint64_t* state) {
  W a00 = load(state + 0);
  W a01 = load(state + 1);
  W a02 = load(state + 2);
  W a03 = load(state + 3);
  W a04 = load(state + 4);
  W a05 = load(state + 5);
  W a06 = load(state + 6);
  W a07 = load(state + 7);
  W a08 = load(state + 8);
  W a09 = load(state + 9);
  W a10 = load(state + 10);
  W a11 = load(state + 11);
  W a12 = load(state + 12);
  W a13 = load(state + 13);
  W a14 = load(state + 14);
  W a15 = load(state + 15);
  W a16 = load(state + 16);
  W a17 = load(state + 17);
  W a18 = load(state + 18);
  W a19 = load(state + 19);
  W a20 = load(state + 20);
  W a21 = load(state + 21);
  W a22 = load(state + 22);
  W a23 = load(state + 23);
  W a24 = load(state + 24);
#include "keccak_avx512_rounds.inl"
  store(state + 0, a00);
  store(state + 1, a01);
  store(state + 2, a02);
  store(state + 3, a03);
  store(state + 4, a04);
  store(state + 5, a05);
  store(state + 6, a06);
  store(state + 7, a07);
  store(state + 8, a08);
  store(state + 9, a09);
  store(state + 10, a10);
  store(state + 11, a11);
  store(state + 12, a12);
  store(state + 13, a13);
  store(state + 14, a14);
  store(state + 15, a15);
  store(state + 16, a16);
  store(state + 17, a17);
  store(state + 18, a18);
  store(state + 19, a19);
  store(state + 20, a20);
  store(state + 21, a21);
  store(state + 22, a22);
  store(state + 23, a23);
  store(state + 24, a24);
}

}  // namespace pqmul::keccak
