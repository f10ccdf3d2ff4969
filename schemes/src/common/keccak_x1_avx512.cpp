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
inline W rol(W x) {
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
  W e00, e01, e02, e03, e04;
  W e05, e06, e07, e08, e09;
  W e10, e11, e12, e13, e14;
  W e15, e16, e17, e18, e19;
  W e20, e21, e22, e23, e24;
  // Two rounds per iteration, a -> e -> a, so no lane is copied.
  for (int r = 0; r < 24; r += 2) {
    {
      const W c0 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a00, a05, a10, 0x96), a15, a20, 0x96);
      const W c1 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a01, a06, a11, 0x96), a16, a21, 0x96);
      const W c2 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a02, a07, a12, 0x96), a17, a22, 0x96);
      const W c3 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a03, a08, a13, 0x96), a18, a23, 0x96);
      const W c4 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a04, a09, a14, 0x96), a19, a24, 0x96);
      const W d0 = _mm256_xor_si256(c4, rol<1>(c1));
      const W d1 = _mm256_xor_si256(c0, rol<1>(c2));
      const W d2 = _mm256_xor_si256(c1, rol<1>(c3));
      const W d3 = _mm256_xor_si256(c2, rol<1>(c4));
      const W d4 = _mm256_xor_si256(c3, rol<1>(c0));
      const W b00 = _mm256_xor_si256(a00, d0);
      const W b01 = rol<44>(_mm256_xor_si256(a06, d1));
      const W b02 = rol<43>(_mm256_xor_si256(a12, d2));
      const W b03 = rol<21>(_mm256_xor_si256(a18, d3));
      const W b04 = rol<14>(_mm256_xor_si256(a24, d4));
      const W b05 = rol<28>(_mm256_xor_si256(a03, d3));
      const W b06 = rol<20>(_mm256_xor_si256(a09, d4));
      const W b07 = rol<3>(_mm256_xor_si256(a10, d0));
      const W b08 = rol<45>(_mm256_xor_si256(a16, d1));
      const W b09 = rol<61>(_mm256_xor_si256(a22, d2));
      const W b10 = rol<1>(_mm256_xor_si256(a01, d1));
      const W b11 = rol<6>(_mm256_xor_si256(a07, d2));
      const W b12 = rol<25>(_mm256_xor_si256(a13, d3));
      const W b13 = rol<8>(_mm256_xor_si256(a19, d4));
      const W b14 = rol<18>(_mm256_xor_si256(a20, d0));
      const W b15 = rol<27>(_mm256_xor_si256(a04, d4));
      const W b16 = rol<36>(_mm256_xor_si256(a05, d0));
      const W b17 = rol<10>(_mm256_xor_si256(a11, d1));
      const W b18 = rol<15>(_mm256_xor_si256(a17, d2));
      const W b19 = rol<56>(_mm256_xor_si256(a23, d3));
      const W b20 = rol<62>(_mm256_xor_si256(a02, d2));
      const W b21 = rol<55>(_mm256_xor_si256(a08, d3));
      const W b22 = rol<39>(_mm256_xor_si256(a14, d4));
      const W b23 = rol<41>(_mm256_xor_si256(a15, d0));
      const W b24 = rol<2>(_mm256_xor_si256(a21, d1));
      e00 = _mm256_ternarylogic_epi64(b00, b01, b02, 0xD2);
      e00 = _mm256_xor_si256(e00, _mm256_set1_epi64x(static_cast<long long>(round_constants[r])));  // iota
      e01 = _mm256_ternarylogic_epi64(b01, b02, b03, 0xD2);
      e02 = _mm256_ternarylogic_epi64(b02, b03, b04, 0xD2);
      e03 = _mm256_ternarylogic_epi64(b03, b04, b00, 0xD2);
      e04 = _mm256_ternarylogic_epi64(b04, b00, b01, 0xD2);
      e05 = _mm256_ternarylogic_epi64(b05, b06, b07, 0xD2);
      e06 = _mm256_ternarylogic_epi64(b06, b07, b08, 0xD2);
      e07 = _mm256_ternarylogic_epi64(b07, b08, b09, 0xD2);
      e08 = _mm256_ternarylogic_epi64(b08, b09, b05, 0xD2);
      e09 = _mm256_ternarylogic_epi64(b09, b05, b06, 0xD2);
      e10 = _mm256_ternarylogic_epi64(b10, b11, b12, 0xD2);
      e11 = _mm256_ternarylogic_epi64(b11, b12, b13, 0xD2);
      e12 = _mm256_ternarylogic_epi64(b12, b13, b14, 0xD2);
      e13 = _mm256_ternarylogic_epi64(b13, b14, b10, 0xD2);
      e14 = _mm256_ternarylogic_epi64(b14, b10, b11, 0xD2);
      e15 = _mm256_ternarylogic_epi64(b15, b16, b17, 0xD2);
      e16 = _mm256_ternarylogic_epi64(b16, b17, b18, 0xD2);
      e17 = _mm256_ternarylogic_epi64(b17, b18, b19, 0xD2);
      e18 = _mm256_ternarylogic_epi64(b18, b19, b15, 0xD2);
      e19 = _mm256_ternarylogic_epi64(b19, b15, b16, 0xD2);
      e20 = _mm256_ternarylogic_epi64(b20, b21, b22, 0xD2);
      e21 = _mm256_ternarylogic_epi64(b21, b22, b23, 0xD2);
      e22 = _mm256_ternarylogic_epi64(b22, b23, b24, 0xD2);
      e23 = _mm256_ternarylogic_epi64(b23, b24, b20, 0xD2);
      e24 = _mm256_ternarylogic_epi64(b24, b20, b21, 0xD2);
    }
    {
      const W c0 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(e00, e05, e10, 0x96), e15, e20, 0x96);
      const W c1 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(e01, e06, e11, 0x96), e16, e21, 0x96);
      const W c2 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(e02, e07, e12, 0x96), e17, e22, 0x96);
      const W c3 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(e03, e08, e13, 0x96), e18, e23, 0x96);
      const W c4 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(e04, e09, e14, 0x96), e19, e24, 0x96);
      const W d0 = _mm256_xor_si256(c4, rol<1>(c1));
      const W d1 = _mm256_xor_si256(c0, rol<1>(c2));
      const W d2 = _mm256_xor_si256(c1, rol<1>(c3));
      const W d3 = _mm256_xor_si256(c2, rol<1>(c4));
      const W d4 = _mm256_xor_si256(c3, rol<1>(c0));
      const W b00 = _mm256_xor_si256(e00, d0);
      const W b01 = rol<44>(_mm256_xor_si256(e06, d1));
      const W b02 = rol<43>(_mm256_xor_si256(e12, d2));
      const W b03 = rol<21>(_mm256_xor_si256(e18, d3));
      const W b04 = rol<14>(_mm256_xor_si256(e24, d4));
      const W b05 = rol<28>(_mm256_xor_si256(e03, d3));
      const W b06 = rol<20>(_mm256_xor_si256(e09, d4));
      const W b07 = rol<3>(_mm256_xor_si256(e10, d0));
      const W b08 = rol<45>(_mm256_xor_si256(e16, d1));
      const W b09 = rol<61>(_mm256_xor_si256(e22, d2));
      const W b10 = rol<1>(_mm256_xor_si256(e01, d1));
      const W b11 = rol<6>(_mm256_xor_si256(e07, d2));
      const W b12 = rol<25>(_mm256_xor_si256(e13, d3));
      const W b13 = rol<8>(_mm256_xor_si256(e19, d4));
      const W b14 = rol<18>(_mm256_xor_si256(e20, d0));
      const W b15 = rol<27>(_mm256_xor_si256(e04, d4));
      const W b16 = rol<36>(_mm256_xor_si256(e05, d0));
      const W b17 = rol<10>(_mm256_xor_si256(e11, d1));
      const W b18 = rol<15>(_mm256_xor_si256(e17, d2));
      const W b19 = rol<56>(_mm256_xor_si256(e23, d3));
      const W b20 = rol<62>(_mm256_xor_si256(e02, d2));
      const W b21 = rol<55>(_mm256_xor_si256(e08, d3));
      const W b22 = rol<39>(_mm256_xor_si256(e14, d4));
      const W b23 = rol<41>(_mm256_xor_si256(e15, d0));
      const W b24 = rol<2>(_mm256_xor_si256(e21, d1));
      a00 = _mm256_ternarylogic_epi64(b00, b01, b02, 0xD2);
      a00 = _mm256_xor_si256(a00, _mm256_set1_epi64x(static_cast<long long>(round_constants[r + 1])));  // iota
      a01 = _mm256_ternarylogic_epi64(b01, b02, b03, 0xD2);
      a02 = _mm256_ternarylogic_epi64(b02, b03, b04, 0xD2);
      a03 = _mm256_ternarylogic_epi64(b03, b04, b00, 0xD2);
      a04 = _mm256_ternarylogic_epi64(b04, b00, b01, 0xD2);
      a05 = _mm256_ternarylogic_epi64(b05, b06, b07, 0xD2);
      a06 = _mm256_ternarylogic_epi64(b06, b07, b08, 0xD2);
      a07 = _mm256_ternarylogic_epi64(b07, b08, b09, 0xD2);
      a08 = _mm256_ternarylogic_epi64(b08, b09, b05, 0xD2);
      a09 = _mm256_ternarylogic_epi64(b09, b05, b06, 0xD2);
      a10 = _mm256_ternarylogic_epi64(b10, b11, b12, 0xD2);
      a11 = _mm256_ternarylogic_epi64(b11, b12, b13, 0xD2);
      a12 = _mm256_ternarylogic_epi64(b12, b13, b14, 0xD2);
      a13 = _mm256_ternarylogic_epi64(b13, b14, b10, 0xD2);
      a14 = _mm256_ternarylogic_epi64(b14, b10, b11, 0xD2);
      a15 = _mm256_ternarylogic_epi64(b15, b16, b17, 0xD2);
      a16 = _mm256_ternarylogic_epi64(b16, b17, b18, 0xD2);
      a17 = _mm256_ternarylogic_epi64(b17, b18, b19, 0xD2);
      a18 = _mm256_ternarylogic_epi64(b18, b19, b15, 0xD2);
      a19 = _mm256_ternarylogic_epi64(b19, b15, b16, 0xD2);
      a20 = _mm256_ternarylogic_epi64(b20, b21, b22, 0xD2);
      a21 = _mm256_ternarylogic_epi64(b21, b22, b23, 0xD2);
      a22 = _mm256_ternarylogic_epi64(b22, b23, b24, 0xD2);
      a23 = _mm256_ternarylogic_epi64(b23, b24, b20, 0xD2);
      a24 = _mm256_ternarylogic_epi64(b24, b20, b21, 0xD2);
    }
  }
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
