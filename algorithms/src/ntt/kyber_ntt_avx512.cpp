// AVX-512 kernels of the lane-wise steps of the Kyber / ML-KEM NTT
// multiplier (declared in kyber_ntt_avx512.hpp): base multiply-accumulate and
// the reductions, on 32 lanes. The same arithmetic as the AVX2 kernels, lane
// for lane, so the results are equal to theirs. Only kernels live here (see
// cmake/simd.cmake): constants are built by this file's own helpers.
// GCC 12 reports its own AVX-512 headers' deliberately undefined vectors
// (self-initialised) as uninitialised wherever those intrinsics are inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <cstdint>

#include "pqmul/algorithms/ntt/kyber_ntt_avx512.hpp"

namespace pqmul::kyber_ntt::avx512 {
namespace {

using V = __m512i;

constexpr std::int32_t kQ = 3329;

constexpr std::int64_t power_mod(std::int64_t base, std::int64_t exponent) {
  std::int64_t result = 1;
  base %= kQ;
  for (; exponent != 0; exponent >>= 1) {
    if (exponent & 1) result = result * base % kQ;
    base = base * base % kQ;
  }
  return result;
}
constexpr std::int16_t centred_mod(std::int64_t v) {
  v %= kQ;
  if (v < 0) v += kQ;
  return static_cast<std::int16_t>(v > kQ / 2 ? v - kQ : v);
}
constexpr std::int16_t q_inverse_16() {
  std::uint32_t x = 1;
  for (int i = 0; i < 4; ++i) x = (x * (2u - static_cast<std::uint32_t>(kQ) * x)) & 0xffffu;
  return static_cast<std::int16_t>(x);
}
constexpr std::int16_t kQinv = q_inverse_16();
constexpr int bit_reverse_7(int k) {
  int r = 0;
  for (int b = 0; b < 7; ++b) r |= ((k >> b) & 1) << (6 - b);
  return r;
}
// 17^(2 BitRev7(i) + 1) * R, centred: the modulus x^2 - gamma_i of pair i.
constexpr std::int16_t gamma(int i) { return centred_mod(power_mod(17, 2 * bit_reverse_7(i) + 1) << 16); }
constexpr std::int16_t times_qinv(std::int16_t c) {
  const std::uint32_t low = (std::uint32_t{static_cast<std::uint16_t>(c)} * static_cast<std::uint16_t>(kQinv)) & 0xffffu;
  return static_cast<std::int16_t>(low);
}
constexpr std::int16_t kBarrettV = static_cast<std::int16_t>(((1 << 26) + kQ / 2) / kQ);

// Base multiplication constants of register r (pairs 16 r .. 16 r + 15): odd
// lanes gamma_i, even lanes R mod q (b0 passes through, mod q), and the
// lanes times q^-1.
struct alignas(64) GammaTable {
  std::int16_t c[8][32];
  std::int16_t c_qinv[8][32];
};
constexpr GammaTable make_gamma_table() {
  GammaTable t{};
  for (int r = 0; r < 8; ++r)
    for (int p = 0; p < 16; ++p) {
      t.c[r][2 * p] = centred_mod(std::int64_t{1} << 16);
      t.c[r][2 * p + 1] = gamma(16 * r + p);
      t.c_qinv[r][2 * p] = times_qinv(t.c[r][2 * p]);
      t.c_qinv[r][2 * p + 1] = times_qinv(t.c[r][2 * p + 1]);
    }
  return t;
}
alignas(64) constexpr GammaTable gamma_table = make_gamma_table();

[[gnu::always_inline]] inline V load(const void* p) { return _mm512_loadu_si512(p); }
[[gnu::always_inline]] inline void store(void* p, V v) { _mm512_storeu_si512(p, v); }
[[gnu::always_inline]] inline V q_vector() { return _mm512_set1_epi16(static_cast<short>(kQ)); }

// a * c * R^-1 per lane (kyber_ntt::fqmul): any int16 a, |c| <= (q-1)/2 -> |r| < q.
[[gnu::always_inline]] inline V fqmul(V a, V c, V c_qinv, V q) {
  const V t = _mm512_mullo_epi16(a, c_qinv);
  return _mm512_sub_epi16(_mm512_mulhi_epi16(a, c), _mm512_mulhi_epi16(t, q));
}

// kyber_ntt::barrett_reduce for every int16 (see the AVX2 twin).
[[gnu::always_inline]] inline V barrett(V a, V q) {
  V t = _mm512_mulhi_epi16(a, _mm512_set1_epi16(kBarrettV));
  t = _mm512_mulhrs_epi16(t, _mm512_set1_epi16(1 << 5));
  return _mm512_sub_epi16(a, _mm512_mullo_epi16(t, q));
}

}  // namespace

void base_multiply_accumulate(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b) {
  const V q = q_vector();
  // Swaps the two int16 of every 32-bit pair: (b0, b1) -> (b1, b0).
  const V swap = _mm512_set4_epi32(0x0d0c0f0e, 0x09080b0a, 0x05040706, 0x01000302);
  // Pair sums c0 (even lanes of acc) and c1 (odd lanes) interleave per
  // 128-bit block; these 64-bit indices put blocks 0, 1 (first store) and
  // 2, 3 (second) of the low and high interleavings back in order.
  const V first = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
  const V second = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
#pragma GCC unroll 8
  for (int r = 0; r < 8; ++r) {
    const V va = load(a + 32 * r), vb = load(b + 32 * r);
    const V even = fqmul(vb, load(gamma_table.c[r]), load(gamma_table.c_qinv[r]), q);  // (b0, b1 gamma) mod q
    const V odd = _mm512_shuffle_epi8(vb, swap);                                        // (b1, b0)
    const V c0 = _mm512_madd_epi16(va, even);                                           // a0 b0 + a1 b1 gamma
    const V c1 = _mm512_madd_epi16(va, odd);                                            // a0 b1 + a1 b0
    const V lo = _mm512_unpacklo_epi32(c0, c1);
    const V hi = _mm512_unpackhi_epi32(c0, c1);
    std::int32_t* out = acc + 32 * r;
    store(out, _mm512_add_epi32(load(out), _mm512_permutex2var_epi64(lo, first, hi)));
    store(out + 16, _mm512_add_epi32(load(out + 16), _mm512_permutex2var_epi64(lo, second, hi)));
  }
}

void reduce_accumulator(std::int16_t* r, const std::int32_t* acc) {
  const V q = q_vector();
  const V qinv = _mm512_set1_epi16(kQinv);
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) {
    const V x = load(acc + 32 * i), y = load(acc + 32 * i + 16);
    // Low and high 16-bit halves of the 32 lanes, in order (truncating
    // narrowing keeps the order, unlike the AVX2 packs).
    const V low = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi32_epi16(x)), _mm512_cvtepi32_epi16(y), 1);
    const V high = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi32_epi16(_mm512_srai_epi32(x, 16))),
                                      _mm512_cvtepi32_epi16(_mm512_srai_epi32(y, 16)), 1);
    // Montgomery: lane * R^-1 = high - (t q) / 2^16 with t = low q^-1; the
    // high half is Barrett-reduced first so the difference fits int16.
    const V m = _mm512_mulhi_epi16(_mm512_mullo_epi16(low, qinv), q);
    store(r + 32 * i, barrett(_mm512_sub_epi16(barrett(high, q), m), q));
  }
}

void accumulator_to_centred(std::int16_t* r, const std::int32_t* acc) {
  reduce_accumulator(r, acc);  // acc R^-1, centred
  // Times R^2 R^-1 = R removes the R^-1; then centre again.
  const V q = q_vector();
  constexpr std::int16_t r2 = centred_mod(power_mod(std::int64_t{1} << 16, 2));
  const V r2v = _mm512_set1_epi16(r2), r2_qinv = _mm512_set1_epi16(times_qinv(r2));
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) store(r + 32 * i, barrett(fqmul(load(r + 32 * i), r2v, r2_qinv, q), q));
}

void reduce(std::int16_t* f) {
  const V q = q_vector();
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) store(f + 32 * i, barrett(load(f + 32 * i), q));
}

void to_canonical(std::uint16_t* out, const std::int16_t* f) {
  const V q = q_vector();
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) {
    const V r = barrett(load(f + 32 * i), q);
    store(out + 32 * i, _mm512_add_epi16(r, _mm512_and_si512(q, _mm512_srai_epi16(r, 15))));
  }
}

}  // namespace pqmul::kyber_ntt::avx512
