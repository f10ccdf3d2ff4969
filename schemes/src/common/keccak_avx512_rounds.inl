// The 24 rounds of Keccak-f[1600] on 25 lanes a00 .. a24 of type W in
// 256-bit registers (AVX-512VL): included in the body of the 4-way and the
// single-state kernels (keccak_x4_avx512.cpp, keccak_x1_avx512.cpp), which
// declare the lanes, rol256<R> and W and load and store the lanes their own
// way. Statements, not a function: each kernel keeps the register allocation
// gcc gives it on its own (an inlined shared function came out with more
// spills, and 4% slower).
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
