// 8-way Keccak-f[1600] with AVX-512F: lane i of the eight states in one
// 512-bit register. Rotations are single vprolq; the five-input column parity
// and chi (a ^ (~b & c)) are vpternlogq. Rounds are written out lane by lane,
// two per loop iteration. Only the kernel lives here (see cmake/simd.cmake).
#include <immintrin.h>

#include <cstdint>

#include "pqmul/schemes/common/keccak_constants.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

using V = __m512i;

// vprolq. Spelled with an all-ones zero-mask: the unmasked _mm512_rol_epi64
// of gcc 12 draws a false -Wuninitialized from its undefined pass-through
// operand; the compiler drops the full mask, so the instruction is the same.
template <int R>
inline V rol(V x) {
  return _mm512_maskz_rol_epi64(0xFF, x, R);
}

inline V load(const std::uint64_t* p) { return _mm512_loadu_si512(p); }
inline void store(std::uint64_t* p, V v) { _mm512_storeu_si512(p, v); }

}  // namespace

void keccak_f1600_x8_avx512(std::uint64_t* states) {
  V a00 = load(states + 0);
  V a01 = load(states + 8);
  V a02 = load(states + 16);
  V a03 = load(states + 24);
  V a04 = load(states + 32);
  V a05 = load(states + 40);
  V a06 = load(states + 48);
  V a07 = load(states + 56);
  V a08 = load(states + 64);
  V a09 = load(states + 72);
  V a10 = load(states + 80);
  V a11 = load(states + 88);
  V a12 = load(states + 96);
  V a13 = load(states + 104);
  V a14 = load(states + 112);
  V a15 = load(states + 120);
  V a16 = load(states + 128);
  V a17 = load(states + 136);
  V a18 = load(states + 144);
  V a19 = load(states + 152);
  V a20 = load(states + 160);
  V a21 = load(states + 168);
  V a22 = load(states + 176);
  V a23 = load(states + 184);
  V a24 = load(states + 192);
  V e00, e01, e02, e03, e04;
  V e05, e06, e07, e08, e09;
  V e10, e11, e12, e13, e14;
  V e15, e16, e17, e18, e19;
  V e20, e21, e22, e23, e24;
  // Two rounds per iteration, a -> e -> a, so no lane is copied; every lane
  // is a named local, so the state stays in registers (spilling what does not fit).
  for (int r = 0; r < 24; r += 2) {
    {
      const V c0 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a00, a05, a10, 0x96), a15, a20, 0x96);
      const V c1 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a01, a06, a11, 0x96), a16, a21, 0x96);
      const V c2 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a02, a07, a12, 0x96), a17, a22, 0x96);
      const V c3 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a03, a08, a13, 0x96), a18, a23, 0x96);
      const V c4 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a04, a09, a14, 0x96), a19, a24, 0x96);
      const V d0 = _mm512_xor_si512(c4, rol<1>(c1));
      const V d1 = _mm512_xor_si512(c0, rol<1>(c2));
      const V d2 = _mm512_xor_si512(c1, rol<1>(c3));
      const V d3 = _mm512_xor_si512(c2, rol<1>(c4));
      const V d4 = _mm512_xor_si512(c3, rol<1>(c0));
      const V b00 = _mm512_xor_si512(a00, d0);
      const V b01 = rol<44>(_mm512_xor_si512(a06, d1));
      const V b02 = rol<43>(_mm512_xor_si512(a12, d2));
      const V b03 = rol<21>(_mm512_xor_si512(a18, d3));
      const V b04 = rol<14>(_mm512_xor_si512(a24, d4));
      const V b05 = rol<28>(_mm512_xor_si512(a03, d3));
      const V b06 = rol<20>(_mm512_xor_si512(a09, d4));
      const V b07 = rol<3>(_mm512_xor_si512(a10, d0));
      const V b08 = rol<45>(_mm512_xor_si512(a16, d1));
      const V b09 = rol<61>(_mm512_xor_si512(a22, d2));
      const V b10 = rol<1>(_mm512_xor_si512(a01, d1));
      const V b11 = rol<6>(_mm512_xor_si512(a07, d2));
      const V b12 = rol<25>(_mm512_xor_si512(a13, d3));
      const V b13 = rol<8>(_mm512_xor_si512(a19, d4));
      const V b14 = rol<18>(_mm512_xor_si512(a20, d0));
      const V b15 = rol<27>(_mm512_xor_si512(a04, d4));
      const V b16 = rol<36>(_mm512_xor_si512(a05, d0));
      const V b17 = rol<10>(_mm512_xor_si512(a11, d1));
      const V b18 = rol<15>(_mm512_xor_si512(a17, d2));
      const V b19 = rol<56>(_mm512_xor_si512(a23, d3));
      const V b20 = rol<62>(_mm512_xor_si512(a02, d2));
      const V b21 = rol<55>(_mm512_xor_si512(a08, d3));
      const V b22 = rol<39>(_mm512_xor_si512(a14, d4));
      const V b23 = rol<41>(_mm512_xor_si512(a15, d0));
      const V b24 = rol<2>(_mm512_xor_si512(a21, d1));
      e00 = _mm512_ternarylogic_epi64(b00, b01, b02, 0xD2);
      e00 = _mm512_xor_si512(e00, _mm512_set1_epi64(static_cast<long long>(round_constants[r])));  // iota
      e01 = _mm512_ternarylogic_epi64(b01, b02, b03, 0xD2);
      e02 = _mm512_ternarylogic_epi64(b02, b03, b04, 0xD2);
      e03 = _mm512_ternarylogic_epi64(b03, b04, b00, 0xD2);
      e04 = _mm512_ternarylogic_epi64(b04, b00, b01, 0xD2);
      e05 = _mm512_ternarylogic_epi64(b05, b06, b07, 0xD2);
      e06 = _mm512_ternarylogic_epi64(b06, b07, b08, 0xD2);
      e07 = _mm512_ternarylogic_epi64(b07, b08, b09, 0xD2);
      e08 = _mm512_ternarylogic_epi64(b08, b09, b05, 0xD2);
      e09 = _mm512_ternarylogic_epi64(b09, b05, b06, 0xD2);
      e10 = _mm512_ternarylogic_epi64(b10, b11, b12, 0xD2);
      e11 = _mm512_ternarylogic_epi64(b11, b12, b13, 0xD2);
      e12 = _mm512_ternarylogic_epi64(b12, b13, b14, 0xD2);
      e13 = _mm512_ternarylogic_epi64(b13, b14, b10, 0xD2);
      e14 = _mm512_ternarylogic_epi64(b14, b10, b11, 0xD2);
      e15 = _mm512_ternarylogic_epi64(b15, b16, b17, 0xD2);
      e16 = _mm512_ternarylogic_epi64(b16, b17, b18, 0xD2);
      e17 = _mm512_ternarylogic_epi64(b17, b18, b19, 0xD2);
      e18 = _mm512_ternarylogic_epi64(b18, b19, b15, 0xD2);
      e19 = _mm512_ternarylogic_epi64(b19, b15, b16, 0xD2);
      e20 = _mm512_ternarylogic_epi64(b20, b21, b22, 0xD2);
      e21 = _mm512_ternarylogic_epi64(b21, b22, b23, 0xD2);
      e22 = _mm512_ternarylogic_epi64(b22, b23, b24, 0xD2);
      e23 = _mm512_ternarylogic_epi64(b23, b24, b20, 0xD2);
      e24 = _mm512_ternarylogic_epi64(b24, b20, b21, 0xD2);
    }
    {
      const V c0 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(e00, e05, e10, 0x96), e15, e20, 0x96);
      const V c1 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(e01, e06, e11, 0x96), e16, e21, 0x96);
      const V c2 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(e02, e07, e12, 0x96), e17, e22, 0x96);
      const V c3 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(e03, e08, e13, 0x96), e18, e23, 0x96);
      const V c4 = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(e04, e09, e14, 0x96), e19, e24, 0x96);
      const V d0 = _mm512_xor_si512(c4, rol<1>(c1));
      const V d1 = _mm512_xor_si512(c0, rol<1>(c2));
      const V d2 = _mm512_xor_si512(c1, rol<1>(c3));
      const V d3 = _mm512_xor_si512(c2, rol<1>(c4));
      const V d4 = _mm512_xor_si512(c3, rol<1>(c0));
      const V b00 = _mm512_xor_si512(e00, d0);
      const V b01 = rol<44>(_mm512_xor_si512(e06, d1));
      const V b02 = rol<43>(_mm512_xor_si512(e12, d2));
      const V b03 = rol<21>(_mm512_xor_si512(e18, d3));
      const V b04 = rol<14>(_mm512_xor_si512(e24, d4));
      const V b05 = rol<28>(_mm512_xor_si512(e03, d3));
      const V b06 = rol<20>(_mm512_xor_si512(e09, d4));
      const V b07 = rol<3>(_mm512_xor_si512(e10, d0));
      const V b08 = rol<45>(_mm512_xor_si512(e16, d1));
      const V b09 = rol<61>(_mm512_xor_si512(e22, d2));
      const V b10 = rol<1>(_mm512_xor_si512(e01, d1));
      const V b11 = rol<6>(_mm512_xor_si512(e07, d2));
      const V b12 = rol<25>(_mm512_xor_si512(e13, d3));
      const V b13 = rol<8>(_mm512_xor_si512(e19, d4));
      const V b14 = rol<18>(_mm512_xor_si512(e20, d0));
      const V b15 = rol<27>(_mm512_xor_si512(e04, d4));
      const V b16 = rol<36>(_mm512_xor_si512(e05, d0));
      const V b17 = rol<10>(_mm512_xor_si512(e11, d1));
      const V b18 = rol<15>(_mm512_xor_si512(e17, d2));
      const V b19 = rol<56>(_mm512_xor_si512(e23, d3));
      const V b20 = rol<62>(_mm512_xor_si512(e02, d2));
      const V b21 = rol<55>(_mm512_xor_si512(e08, d3));
      const V b22 = rol<39>(_mm512_xor_si512(e14, d4));
      const V b23 = rol<41>(_mm512_xor_si512(e15, d0));
      const V b24 = rol<2>(_mm512_xor_si512(e21, d1));
      a00 = _mm512_ternarylogic_epi64(b00, b01, b02, 0xD2);
      a00 = _mm512_xor_si512(a00, _mm512_set1_epi64(static_cast<long long>(round_constants[r + 1])));  // iota
      a01 = _mm512_ternarylogic_epi64(b01, b02, b03, 0xD2);
      a02 = _mm512_ternarylogic_epi64(b02, b03, b04, 0xD2);
      a03 = _mm512_ternarylogic_epi64(b03, b04, b00, 0xD2);
      a04 = _mm512_ternarylogic_epi64(b04, b00, b01, 0xD2);
      a05 = _mm512_ternarylogic_epi64(b05, b06, b07, 0xD2);
      a06 = _mm512_ternarylogic_epi64(b06, b07, b08, 0xD2);
      a07 = _mm512_ternarylogic_epi64(b07, b08, b09, 0xD2);
      a08 = _mm512_ternarylogic_epi64(b08, b09, b05, 0xD2);
      a09 = _mm512_ternarylogic_epi64(b09, b05, b06, 0xD2);
      a10 = _mm512_ternarylogic_epi64(b10, b11, b12, 0xD2);
      a11 = _mm512_ternarylogic_epi64(b11, b12, b13, 0xD2);
      a12 = _mm512_ternarylogic_epi64(b12, b13, b14, 0xD2);
      a13 = _mm512_ternarylogic_epi64(b13, b14, b10, 0xD2);
      a14 = _mm512_ternarylogic_epi64(b14, b10, b11, 0xD2);
      a15 = _mm512_ternarylogic_epi64(b15, b16, b17, 0xD2);
      a16 = _mm512_ternarylogic_epi64(b16, b17, b18, 0xD2);
      a17 = _mm512_ternarylogic_epi64(b17, b18, b19, 0xD2);
      a18 = _mm512_ternarylogic_epi64(b18, b19, b15, 0xD2);
      a19 = _mm512_ternarylogic_epi64(b19, b15, b16, 0xD2);
      a20 = _mm512_ternarylogic_epi64(b20, b21, b22, 0xD2);
      a21 = _mm512_ternarylogic_epi64(b21, b22, b23, 0xD2);
      a22 = _mm512_ternarylogic_epi64(b22, b23, b24, 0xD2);
      a23 = _mm512_ternarylogic_epi64(b23, b24, b20, 0xD2);
      a24 = _mm512_ternarylogic_epi64(b24, b20, b21, 0xD2);
    }
  }
  store(states + 0, a00);
  store(states + 8, a01);
  store(states + 16, a02);
  store(states + 24, a03);
  store(states + 32, a04);
  store(states + 40, a05);
  store(states + 48, a06);
  store(states + 56, a07);
  store(states + 64, a08);
  store(states + 72, a09);
  store(states + 80, a10);
  store(states + 88, a11);
  store(states + 96, a12);
  store(states + 104, a13);
  store(states + 112, a14);
  store(states + 120, a15);
  store(states + 128, a16);
  store(states + 136, a17);
  store(states + 144, a18);
  store(states + 152, a19);
  store(states + 160, a20);
  store(states + 168, a21);
  store(states + 176, a22);
  store(states + 184, a23);
  store(states + 192, a24);
}

}  // namespace pqmul::keccak
