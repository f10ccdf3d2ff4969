#pragma once
// The AVX2 vector helpers of the Kyber NTT kernels (kyber_ntt_avx2.cpp,
// kyber_ntt_lanes_avx2.cpp): loads and stores, Montgomery products and
// Barrett reductions on 16 int16 lanes. Include it from _avx2.cpp files only
// (cmake/simd.cmake): every function is inlined into its caller there.
#include <immintrin.h>

#include <cstdint>

#include "kyber_ntt_simd_constants.hpp"

namespace pqmul::kyber_ntt::avx2::vectors {

using V = __m256i;
using namespace simd_constants;

// A vector constant c for a Montgomery product: lanes of c and of c q^-1.
struct alignas(32) Twiddle {
  std::int16_t c[16];
  std::int16_t c_qinv[16];
};
consteval Twiddle make_twiddle(const std::int16_t (&c)[16]) {
  Twiddle t{};
  for (int i = 0; i < 16; ++i) {
    t.c[i] = c[i];
    t.c_qinv[i] = times_qinv(c[i]);
  }
  return t;
}
// Loops over registers are unrolled completely (the pragmas) so that the
// register arrays stay in registers whatever the optimisation level.

[[gnu::always_inline]] inline V load(const std::int16_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const V*>(p));
}
[[gnu::always_inline]] inline void store(std::int16_t* p, V v) { _mm256_storeu_si256(reinterpret_cast<V*>(p), v); }
[[gnu::always_inline]] inline V load32(const std::int32_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const V*>(p));
}
[[gnu::always_inline]] inline void store32(std::int32_t* p, V v) { _mm256_storeu_si256(reinterpret_cast<V*>(p), v); }

[[gnu::always_inline]] inline V q_vector() { return _mm256_set1_epi16(static_cast<short>(kQ)); }

// Results of fqmul and barrett pass through an empty asm: it keeps each one a
// single value, which stops the compiler from reassociating the additions
// of the next layer into their parts (more additions, and spills).
[[gnu::always_inline]] inline V opaque(V v) {
  __asm__("" : "+x"(v));
  return v;
}

// a * c * R^-1 per lane, exactly kyber_ntt::fqmul: the low halves of a c and
// of t q agree, so the difference of the high halves is (a c - t q) / 2^16.
//   any int16 a, |c| <= (q-1)/2  ->  |r| < q.
[[gnu::always_inline]] inline V fqmul(V a, V c, V c_qinv, V q) {
  const V t = _mm256_mullo_epi16(a, c_qinv);
  const V high = _mm256_mulhi_epi16(a, c);
  return opaque(_mm256_sub_epi16(high, _mm256_mulhi_epi16(t, q)));
}
[[gnu::always_inline]] inline V fqmul(V a, const Twiddle& w, V q) { return fqmul(a, load(w.c), load(w.c_qinv), q); }

// Exactly kyber_ntt::barrett_reduce for every int16: floor((floor(a v / 2^16)
// + 2^9) / 2^10) = floor((a v + 2^25) / 2^26), and vpmulhrsw by 2^5 computes
// the outer rounding shift.
[[gnu::always_inline]] inline V barrett(V a, V q) {
  V t = _mm256_mulhi_epi16(a, _mm256_set1_epi16(kBarrettV));
  t = _mm256_mulhrs_epi16(t, _mm256_set1_epi16(1 << 5));
  return opaque(_mm256_sub_epi16(a, _mm256_mullo_epi16(t, q)));
}

}  // namespace pqmul::kyber_ntt::avx2::vectors
