// 4-way Keccak-f[1600] with AVX-512VL: lane i of the four states in one
// 256-bit register, as in the AVX2 kernel, but with the AVX-512 forms of the
// rotation (vprolq) and of the three-input logic (vpternlogq for the column
// parity and chi), which halve the instruction count. Where 512-bit
// operations are split in two (as on AMD Zen 4) this matches the x8 kernel per
// state and serves batches of four or fewer. Only the kernel lives here (see
// cmake/simd.cmake).
#include <immintrin.h>

#include <cstdint>

#include "pqmul/schemes/common/keccak_constants.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

using W = __m256i;

// vprolq on 256 bits, spelled with an all-ones zero-mask for the reason given
// in keccak_x8_avx512.cpp (gcc 12's unmasked form draws -Wuninitialized).
template <int R>
inline W rol256(W x) {
  return _mm256_maskz_rol_epi64(0xF, x, R);
}

inline W load256(const std::uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const W*>(p)); }
inline void store256(std::uint64_t* p, W v) { _mm256_storeu_si256(reinterpret_cast<W*>(p), v); }

}  // namespace

// The same rounds on 4 states in 256-bit registers with the AVX-512VL forms
// of vprolq and vpternlogq: half the instructions of the AVX2 kernel.
void keccak_f1600_x4_avx512(std::uint64_t* states) {
  W a00 = load256(states + 0);
  W a01 = load256(states + 4);
  W a02 = load256(states + 8);
  W a03 = load256(states + 12);
  W a04 = load256(states + 16);
  W a05 = load256(states + 20);
  W a06 = load256(states + 24);
  W a07 = load256(states + 28);
  W a08 = load256(states + 32);
  W a09 = load256(states + 36);
  W a10 = load256(states + 40);
  W a11 = load256(states + 44);
  W a12 = load256(states + 48);
  W a13 = load256(states + 52);
  W a14 = load256(states + 56);
  W a15 = load256(states + 60);
  W a16 = load256(states + 64);
  W a17 = load256(states + 68);
  W a18 = load256(states + 72);
  W a19 = load256(states + 76);
  W a20 = load256(states + 80);
  W a21 = load256(states + 84);
  W a22 = load256(states + 88);
  W a23 = load256(states + 92);
  W a24 = load256(states + 96);
  W e00, e01, e02, e03, e04;
  W e05, e06, e07, e08, e09;
  W e10, e11, e12, e13, e14;
  W e15, e16, e17, e18, e19;
  W e20, e21, e22, e23, e24;
  for (int r = 0; r < 24; r += 2) {
    {
      const W c0 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a00, a05, a10, 0x96), a15, a20, 0x96);
      const W c1 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a01, a06, a11, 0x96), a16, a21, 0x96);
      const W c2 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a02, a07, a12, 0x96), a17, a22, 0x96);
      const W c3 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a03, a08, a13, 0x96), a18, a23, 0x96);
      const W c4 = _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a04, a09, a14, 0x96), a19, a24, 0x96);
      const W d0 = _mm256_xor_si256(c4, rol256<1>(c1));
      const W d1 = _mm256_xor_si256(c0, rol256<1>(c2));
      const W d2 = _mm256_xor_si256(c1, rol256<1>(c3));
      const W d3 = _mm256_xor_si256(c2, rol256<1>(c4));
      const W d4 = _mm256_xor_si256(c3, rol256<1>(c0));
      const W b00 = _mm256_xor_si256(a00, d0);
      const W b01 = rol256<44>(_mm256_xor_si256(a06, d1));
      const W b02 = rol256<43>(_mm256_xor_si256(a12, d2));
      const W b03 = rol256<21>(_mm256_xor_si256(a18, d3));
      const W b04 = rol256<14>(_mm256_xor_si256(a24, d4));
      const W b05 = rol256<28>(_mm256_xor_si256(a03, d3));
      const W b06 = rol256<20>(_mm256_xor_si256(a09, d4));
      const W b07 = rol256<3>(_mm256_xor_si256(a10, d0));
      const W b08 = rol256<45>(_mm256_xor_si256(a16, d1));
      const W b09 = rol256<61>(_mm256_xor_si256(a22, d2));
      const W b10 = rol256<1>(_mm256_xor_si256(a01, d1));
      const W b11 = rol256<6>(_mm256_xor_si256(a07, d2));
      const W b12 = rol256<25>(_mm256_xor_si256(a13, d3));
      const W b13 = rol256<8>(_mm256_xor_si256(a19, d4));
      const W b14 = rol256<18>(_mm256_xor_si256(a20, d0));
      const W b15 = rol256<27>(_mm256_xor_si256(a04, d4));
      const W b16 = rol256<36>(_mm256_xor_si256(a05, d0));
      const W b17 = rol256<10>(_mm256_xor_si256(a11, d1));
      const W b18 = rol256<15>(_mm256_xor_si256(a17, d2));
      const W b19 = rol256<56>(_mm256_xor_si256(a23, d3));
      const W b20 = rol256<62>(_mm256_xor_si256(a02, d2));
      const W b21 = rol256<55>(_mm256_xor_si256(a08, d3));
      const W b22 = rol256<39>(_mm256_xor_si256(a14, d4));
      const W b23 = rol256<41>(_mm256_xor_si256(a15, d0));
      const W b24 = rol256<2>(_mm256_xor_si256(a21, d1));
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
      const W d0 = _mm256_xor_si256(c4, rol256<1>(c1));
      const W d1 = _mm256_xor_si256(c0, rol256<1>(c2));
      const W d2 = _mm256_xor_si256(c1, rol256<1>(c3));
      const W d3 = _mm256_xor_si256(c2, rol256<1>(c4));
      const W d4 = _mm256_xor_si256(c3, rol256<1>(c0));
      const W b00 = _mm256_xor_si256(e00, d0);
      const W b01 = rol256<44>(_mm256_xor_si256(e06, d1));
      const W b02 = rol256<43>(_mm256_xor_si256(e12, d2));
      const W b03 = rol256<21>(_mm256_xor_si256(e18, d3));
      const W b04 = rol256<14>(_mm256_xor_si256(e24, d4));
      const W b05 = rol256<28>(_mm256_xor_si256(e03, d3));
      const W b06 = rol256<20>(_mm256_xor_si256(e09, d4));
      const W b07 = rol256<3>(_mm256_xor_si256(e10, d0));
      const W b08 = rol256<45>(_mm256_xor_si256(e16, d1));
      const W b09 = rol256<61>(_mm256_xor_si256(e22, d2));
      const W b10 = rol256<1>(_mm256_xor_si256(e01, d1));
      const W b11 = rol256<6>(_mm256_xor_si256(e07, d2));
      const W b12 = rol256<25>(_mm256_xor_si256(e13, d3));
      const W b13 = rol256<8>(_mm256_xor_si256(e19, d4));
      const W b14 = rol256<18>(_mm256_xor_si256(e20, d0));
      const W b15 = rol256<27>(_mm256_xor_si256(e04, d4));
      const W b16 = rol256<36>(_mm256_xor_si256(e05, d0));
      const W b17 = rol256<10>(_mm256_xor_si256(e11, d1));
      const W b18 = rol256<15>(_mm256_xor_si256(e17, d2));
      const W b19 = rol256<56>(_mm256_xor_si256(e23, d3));
      const W b20 = rol256<62>(_mm256_xor_si256(e02, d2));
      const W b21 = rol256<55>(_mm256_xor_si256(e08, d3));
      const W b22 = rol256<39>(_mm256_xor_si256(e14, d4));
      const W b23 = rol256<41>(_mm256_xor_si256(e15, d0));
      const W b24 = rol256<2>(_mm256_xor_si256(e21, d1));
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
  store256(states + 0, a00);
  store256(states + 4, a01);
  store256(states + 8, a02);
  store256(states + 12, a03);
  store256(states + 16, a04);
  store256(states + 20, a05);
  store256(states + 24, a06);
  store256(states + 28, a07);
  store256(states + 32, a08);
  store256(states + 36, a09);
  store256(states + 40, a10);
  store256(states + 44, a11);
  store256(states + 48, a12);
  store256(states + 52, a13);
  store256(states + 56, a14);
  store256(states + 60, a15);
  store256(states + 64, a16);
  store256(states + 68, a17);
  store256(states + 72, a18);
  store256(states + 76, a19);
  store256(states + 80, a20);
  store256(states + 84, a21);
  store256(states + 88, a22);
  store256(states + 92, a23);
  store256(states + 96, a24);
}

}  // namespace pqmul::keccak
