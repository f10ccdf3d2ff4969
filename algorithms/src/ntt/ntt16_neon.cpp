// NEON kernels of "ntt16": 8 int16 lanes per register. The high halves come
// from sqdmulh, which gives floor(2 a b / 2^16) (no saturation: no factor is
// -2^15): the Montgomery difference of two such halves is twice the exact one,
// so a halving subtraction returns it, and a rounding shift by 11 of
// sqdmulh(a, v) is the AVX2 Barrett quotient round(floor(a v / 2^16) / 2^10)
// (the dropped low bit never changes the rounding). The pair exchanges of
// ntt16_primes.hpp's SimdOrder are zips of 64-bit units (4 lanes) and
// transposes of 32-bit (2) and 16-bit units (1).
#include <arm_neon.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"
#include "pqmul/algorithms/ntt/ntt16_kernels.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/algorithms/ntt/ntt16_primes.hpp"

namespace pqmul::ntt16::neon {
namespace {

using V = int16x8_t;
constexpr std::size_t W = lanes;
// The lane twiddles as gcc sees them (ntt16_simd_layers.inl): read as loads
// instead, llvm-mca's Cortex-A53 / A72 / Apple models gave the forward and
// the inverse 2-15% more cycles.
constexpr bool kLaneTwiddlesAsLoads = false;

[[gnu::always_inline]] inline V load(const std::int16_t* p) { return vld1q_s16(p); }
[[gnu::always_inline]] inline void store(std::int16_t* p, V v) { vst1q_s16(p, v); }
[[gnu::always_inline]] inline V set1(std::int16_t c) { return vdupq_n_s16(c); }
[[gnu::always_inline]] inline V add(V a, V b) { return vaddq_s16(a, b); }
[[gnu::always_inline]] inline V sub(V a, V b) { return vsubq_s16(a, b); }
[[gnu::always_inline]] inline V mullo(V a, V b) { return vmulq_s16(a, b); }
[[gnu::always_inline]] inline V and_bits(V a, V b) { return vandq_s16(a, b); }
// (a left shift by a negative count is the arithmetic right shift)
[[gnu::always_inline]] inline V signed_low_bits(V a, int bits) {
  const V s = vdupq_n_s16(static_cast<std::int16_t>(16 - bits));
  return vshlq_s16(vshlq_s16(a, s), vnegq_s16(s));
}
[[gnu::always_inline]] inline V high_difference(V a, V c, V t, V p) {
  return vhsubq_s16(vqdmulhq_s16(a, c), vqdmulhq_s16(t, p));
}
[[gnu::always_inline]] inline V barrett_quotient(V a, V v) { return vrshrq_n_s16(vqdmulhq_s16(a, v), 11); }
// vqrdmulh: (2 a w + 2^15) >> 16, i.e. round(a w / 2^15) (it saturates only for -2^15 times -2^15).
[[gnu::always_inline]] inline V rounded_high(V a, V w) { return vqrdmulhq_s16(a, w); }
// As in the AVX2 file: products and reductions stay single values.
[[gnu::always_inline]] inline V opaque(V v) {
  __asm__("" : "+w"(v));
  return v;
}

template <std::size_t len>
[[gnu::always_inline]] inline void exchange(V& x, V& y) {
  V lo, hi;
  if constexpr (len == 4) {
    lo = vreinterpretq_s16_s64(vzip1q_s64(vreinterpretq_s64_s16(x), vreinterpretq_s64_s16(y)));
    hi = vreinterpretq_s16_s64(vzip2q_s64(vreinterpretq_s64_s16(x), vreinterpretq_s64_s16(y)));
  } else if constexpr (len == 2) {
    lo = vreinterpretq_s16_s32(vtrn1q_s32(vreinterpretq_s32_s16(x), vreinterpretq_s32_s16(y)));
    hi = vreinterpretq_s16_s32(vtrn2q_s32(vreinterpretq_s32_s16(x), vreinterpretq_s32_s16(y)));
  } else {
    static_assert(len == 1);
    lo = vtrn1q_s16(x, y);
    hi = vtrn2q_s16(x, y);
  }
  x = lo;
  y = hi;
}

}  // namespace

#include "ntt16_simd_layers.inl"
#include "ntt16_good_glue.inl"

}  // namespace pqmul::ntt16::neon
