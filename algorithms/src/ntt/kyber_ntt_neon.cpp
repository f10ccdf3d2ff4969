// NEON kernels of the Kyber / ML-KEM NTT (kyber_ntt_simd_kernels.inl), for
// AArch64, where Advanced SIMD is always present (cmake/simd.cmake builds
// _neon.cpp files there only).
//
// The same algorithm as the portable twin (kyber_ntt.cpp), butterfly for
// butterfly: Cooley-Tukey forward, Gentleman-Sande inverse with the sums
// Barrett-reduced in the same layers, the same base multiplication lanes.
// Montgomery products use the doubling high multiply (sqdmulh) and a halving
// subtraction, which give exactly montgomery_reduce(a b); Barrett uses sqdmulh
// and a rounding shift, which give exactly barrett_reduce. So every kernel's
// output equals the portable one's, lane for lane.
//
// Data layout: 256 coefficients are 32 registers of 8 lanes. Layers of length
// 128 down to 8 pair whole registers with one twiddle each; for lengths 4 and
// 2 a pair of registers (16 coefficients) is transposed in 64-bit (trn1/trn2
// on .2d) or 32-bit (.4s) units, so the two halves of every butterfly sit in
// the same lane, and transposed back (each transpose is its own inverse).
#include <arm_neon.h>

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "kyber_ntt_simd_constants.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"

namespace pqmul::kyber_ntt::neon {
namespace {

using namespace simd_constants;

constexpr std::int64_t kInv128 = power_mod(128, kQ - 2);
constexpr std::int16_t kScalePlain = centred_mod(kInv128 << 16);
constexpr std::int16_t kScaleMontgomery = centred_mod(kInv128 * power_mod(1 << 16, 2));

struct Zetas {
  std::int16_t by_index[128];    // zeta_k, k = 0..127
  std::int16_t gammas[128];      // gamma_i, pair i
  std::int16_t forward4[16][8];  // lanes of the length-4 layer, block b (16 coefficients)
  std::int16_t forward2[16][8];  // lanes of the length-2 layer
  std::int16_t inverse2[16][8];
  std::int16_t inverse4[16][8];
};

// Lane l of a register pair after the 64-bit transpose holds coefficient
// 16b + (l < 4 ? l : l + 4) of the low half: group 2b + l / 4 of length 4.
// After the 32-bit transpose, lane pairs 0,1 / 2,3 / 4,5 / 6,7 hold groups
// 4b + 0 / 2 / 1 / 3 of length 2.
consteval Zetas make_zetas() {
  Zetas z{};
  for (int k = 0; k < 128; ++k) {
    z.by_index[k] = zeta(k);
    z.gammas[k] = gamma(k);
  }
  constexpr int order2[4] = {0, 2, 1, 3};
  for (int b = 0; b < 16; ++b)
    for (int l = 0; l < 8; ++l) {
      z.forward4[b][l] = zeta(32 + 2 * b + l / 4);
      z.inverse4[b][l] = zeta(63 - (2 * b + l / 4));
      z.forward2[b][l] = zeta(64 + 4 * b + order2[l / 2]);
      z.inverse2[b][l] = zeta(127 - (4 * b + order2[l / 2]));
    }
  return z;
}
constexpr Zetas kZetas = make_zetas();

// a * b * R^-1, exactly montgomery_reduce(a * b) for |a b| < 2^15 q.
inline int16x8_t montgomery(int16x8_t a, int16x8_t b) {
  const int16x8_t high = vqdmulhq_s16(a, b);
  const int16x8_t t = vmulq_s16(vmulq_s16(a, b), vdupq_n_s16(kQinv));
  return vhsubq_s16(high, vqdmulhq_s16(t, vdupq_n_s16(static_cast<std::int16_t>(kQ))));
}
inline int16x8_t montgomery(int16x8_t a, std::int16_t c) { return montgomery(a, vdupq_n_s16(c)); }

// a - round(a v / 2^26) q, exactly barrett_reduce(a): centred.
inline int16x8_t barrett(int16x8_t a) {
  const int16x8_t t = vrshrq_n_s16(vqdmulhq_s16(a, vdupq_n_s16(kBarrettV)), 11);
  return vmlsq_s16(a, t, vdupq_n_s16(static_cast<std::int16_t>(kQ)));
}
// The same on 32-bit lanes (|a| < 49152), narrowed.
inline int16x4_t barrett_wide(int32x4_t a) {
  const int32x4_t t = vshrq_n_s32(vaddq_s32(vmulq_n_s32(a, kBarrettV), vdupq_n_s32(1 << 25)), 26);
  return vmovn_s32(vmlsq_n_s32(a, t, kQ));
}
// montgomery_reduce_wide: a R^-1 mod q for any int32, |r| <= 2^15 + (q+1)/2.
inline int32x4_t montgomery_wide(int32x4_t a) {
  const int16x4_t t = vmul_n_s16(vmovn_s32(a), kQinv);
  return vsubq_s32(vshrq_n_s32(a, 16), vshrq_n_s32(vmull_n_s16(t, static_cast<std::int16_t>(kQ)), 16));
}
// int32 lanes added with wraparound, as the portable add_wrapping.
inline int32x4_t wrapping_add(int32x4_t a, int32x4_t b) {
  return vreinterpretq_s32_u32(vaddq_u32(vreinterpretq_u32_s32(a), vreinterpretq_u32_s32(b)));
}

// [0, q) from centred.
inline uint16x8_t canonical_of_centred(int16x8_t r) {
  return vreinterpretq_u16_s16(vaddq_s16(r, vandq_s16(vshrq_n_s16(r, 15), vdupq_n_s16(static_cast<std::int16_t>(kQ)))));
}

// Cooley-Tukey: (a, b) -> (a + zeta b, a - zeta b).
inline void forward_butterfly(int16x8_t& a, int16x8_t& b, int16x8_t zeta) {
  const int16x8_t t = montgomery(b, zeta);
  b = vsubq_s16(a, t);
  a = vaddq_s16(a, t);
}
// Gentleman-Sande: (a, b) -> (a + b (reduced if asked), zeta (b - a)).
template <bool reduce>
inline void inverse_butterfly(int16x8_t& a, int16x8_t& b, int16x8_t zeta) {
  const int16x8_t sum = vaddq_s16(a, b);
  b = montgomery(vsubq_s16(b, a), zeta);
  a = reduce ? barrett(sum) : sum;
}

inline void transpose64(int16x8_t& x, int16x8_t& y) {
  const int64x2_t a = vreinterpretq_s64_s16(x), b = vreinterpretq_s64_s16(y);
  x = vreinterpretq_s16_s64(vtrn1q_s64(a, b));
  y = vreinterpretq_s16_s64(vtrn2q_s64(a, b));
}
inline void transpose32(int16x8_t& x, int16x8_t& y) {
  const int32x4_t a = vreinterpretq_s32_s16(x), b = vreinterpretq_s32_s16(y);
  x = vreinterpretq_s16_s32(vtrn1q_s32(a, b));
  y = vreinterpretq_s16_s32(vtrn2q_s32(a, b));
}

// One layer of length `len` >= 8 over all 32 registers (a template
// parameter: the loop bounds are constants, no division is emitted).
template <int len, bool forward, bool reduce = false>
inline void register_layer(int16x8_t (&v)[32]) {
  constexpr int span = len / 8;  // registers per half group
  constexpr int groups = 128 / len;
  for (int g = 0; g < groups; ++g) {
    const int k = forward ? groups + g : 2 * groups - 1 - g;
    const int16x8_t zeta = vdupq_n_s16(kZetas.by_index[k]);
    for (int r = 2 * g * span; r < (2 * g + 1) * span; ++r) {
      if constexpr (forward)
        forward_butterfly(v[r], v[r + span], zeta);
      else
        inverse_butterfly<reduce>(v[r], v[r + span], zeta);
    }
  }
}

inline void load_all(int16x8_t (&v)[32], const std::int16_t* f) {
  for (int r = 0; r < 32; ++r) v[r] = vld1q_s16(f + 8 * r);
}
inline void store_all(std::int16_t* f, const int16x8_t (&v)[32]) {
  for (int r = 0; r < 32; ++r) vst1q_s16(f + 8 * r, v[r]);
}

void inverse_with_scale(std::int16_t* f, std::int16_t scale) {
  int16x8_t v[32];
  load_all(v, f);
  for (int b = 0; b < 16; ++b) {  // lengths 2 (sums reduced) and 4
    int16x8_t& x = v[2 * b];
    int16x8_t& y = v[2 * b + 1];
    transpose32(x, y);
    inverse_butterfly<true>(x, y, vld1q_s16(kZetas.inverse2[b]));
    transpose32(x, y);
    transpose64(x, y);
    inverse_butterfly<false>(x, y, vld1q_s16(kZetas.inverse4[b]));
    transpose64(x, y);
  }
  register_layer<8, false>(v);
  register_layer<16, false, true>(v);
  register_layer<32, false>(v);
  register_layer<64, false>(v);
  register_layer<128, false, true>(v);
  const int16x8_t s = vdupq_n_s16(scale);
  for (auto& r : v) r = montgomery(r, s);
  store_all(f, v);
}

// The lanes of pairs [pair, pair + 8) of one product x o y (x, y loaded
// de-interleaved): even a0 b0 + fqmul(a1, b1) gamma, odd a0 b1 + a1 b0, as the
// portable lanes; lo = pairs pair .. pair + 3.
struct PairLanes {
  int32x4_t even_lo, even_hi, odd_lo, odd_hi;
};
inline PairLanes pair_products(int16x8x2_t x, int16x8x2_t y, int16x8_t gamma) {
  const int16x8_t high = montgomery(x.val[1], y.val[1]);
  return {vmlal_s16(vmull_s16(vget_low_s16(x.val[0]), vget_low_s16(y.val[0])), vget_low_s16(high), vget_low_s16(gamma)),
          vmlal_high_s16(vmull_high_s16(x.val[0], y.val[0]), high, gamma),
          vmlal_s16(vmull_s16(vget_low_s16(x.val[0]), vget_low_s16(y.val[1])), vget_low_s16(x.val[1]),
                    vget_low_s16(y.val[0])),
          vmlal_high_s16(vmull_high_s16(x.val[0], y.val[1]), x.val[1], y.val[0])};
}
// s + t lane by lane, wrapping.
inline PairLanes wrapping_add(const PairLanes& s, const PairLanes& t) {
  return {wrapping_add(s.even_lo, t.even_lo), wrapping_add(s.even_hi, t.even_hi), wrapping_add(s.odd_lo, t.odd_lo),
          wrapping_add(s.odd_hi, t.odd_hi)};
}

// Pairs [pair, pair + 8) (coefficients 2 pair .. 2 pair + 15) of a o b added
// into acc (or written, `first`). `a` points at coefficient 2 pair; acc and b are whole.
inline void base_multiply_pairs(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b, std::size_t pair,
                                bool first) {
  acc += 2 * pair;
  const PairLanes p = pair_products(vld2q_s16(a), vld2q_s16(b + 2 * pair), vld1q_s16(kZetas.gammas + pair));
  const int32x4x2_t zero{{vdupq_n_s32(0), vdupq_n_s32(0)}};
  int32x4x2_t lo = first ? zero : vld2q_s32(acc);
  int32x4x2_t hi = first ? zero : vld2q_s32(acc + 8);
  lo.val[0] = wrapping_add(lo.val[0], p.even_lo);
  lo.val[1] = wrapping_add(lo.val[1], p.odd_lo);
  hi.val[0] = wrapping_add(hi.val[0], p.even_hi);
  hi.val[1] = wrapping_add(hi.val[1], p.odd_hi);
  vst2q_s32(acc, lo);
  vst2q_s32(acc + 8, hi);
}

// Canonical values in [0, q) centred.
inline int16x8_t centred_of_canonical(int16x8_t x) {
  const uint16x8_t above = vcgtq_s16(x, vdupq_n_s16(static_cast<std::int16_t>(kQ / 2)));
  return vsubq_s16(x, vandq_s16(vreinterpretq_s16_u16(above), vdupq_n_s16(static_cast<std::int16_t>(kQ))));
}

// The lanes of pairs [pair, pair + 8) summed over count products (a row).
template <bool Canonical>
inline PairLanes row_sums(const void* const* a, const std::int16_t* const* b, std::size_t count, std::size_t pair) {
  const int16x8_t gamma = vld1q_s16(kZetas.gammas + pair);
  PairLanes s{vdupq_n_s32(0), vdupq_n_s32(0), vdupq_n_s32(0), vdupq_n_s32(0)};
  for (std::size_t j = 0; j < count; ++j) {
    int16x8x2_t x = vld2q_s16(static_cast<const std::int16_t*>(a[j]) + 2 * pair);
    if constexpr (Canonical) {
      x.val[0] = centred_of_canonical(x.val[0]);
      x.val[1] = centred_of_canonical(x.val[1]);
    }
    s = wrapping_add(s, pair_products(x, vld2q_s16(b[j] + 2 * pair), gamma));
  }
  return s;
}
// Each sum reduced once (montgomery_wide) and narrowed; |r| < inverse_input_bound
// by simd_max_row_products.
inline int16x8_t reduced(int32x4_t lo, int32x4_t hi) {
  return vcombine_s16(vmovn_s32(montgomery_wide(lo)), vmovn_s32(montgomery_wide(hi)));
}

// A row in registers: pairs [pair, pair + 8), stored interleaved.
template <bool Canonical>
inline void multiply_row_pairs(std::int16_t* r, const void* const* a, const std::int16_t* const* b, std::size_t count,
                               std::size_t pair) {
  const PairLanes s = row_sums<Canonical>(a, b, count, pair);
  // (named first: clang's vst2q is a macro, which a braced list's commas would split)
  const int16x8x2_t out{{reduced(s.even_lo, s.even_hi), reduced(s.odd_lo, s.odd_hi)}};
  vst2q_s16(r + 2 * pair, out);
}

// Centred copies of 16 canonical coefficients.
inline void centre16(std::int16_t* out, const std::uint16_t* c) {
  for (int i = 0; i < 16; i += 8) vst1q_s16(out + i, centred_of_canonical(vreinterpretq_s16_u16(vld1q_u16(c + i))));
}

void canonical_rows(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b, bool first, std::size_t from,
                    std::size_t to) {
  std::int16_t centred[16];
  for (std::size_t i = from; i < to; i += 16) {
    centre16(centred, a + i);
    base_multiply_pairs(acc, centred, b, i / 2, first);
  }
}

// 8 lanes of (acc + x) reduced to centred: reduce_accumulator, times R^2, Barrett.
inline int16x8_t accumulator_centred(int32x4_t lo, int32x4_t hi) {
  const int16x8_t r = vcombine_s16(barrett_wide(montgomery_wide(lo)), barrett_wide(montgomery_wide(hi)));
  return barrett(montgomery(r, kR2));
}

}  // namespace

void forward(std::int16_t* f) {
  int16x8_t v[32];
  load_all(v, f);
  register_layer<128, true>(v);
  register_layer<64, true>(v);
  register_layer<32, true>(v);
  register_layer<16, true>(v);
  register_layer<8, true>(v);
  for (int b = 0; b < 16; ++b) {  // lengths 4 and 2
    int16x8_t& x = v[2 * b];
    int16x8_t& y = v[2 * b + 1];
    transpose64(x, y);
    forward_butterfly(x, y, vld1q_s16(kZetas.forward4[b]));
    transpose64(x, y);
    transpose32(x, y);
    forward_butterfly(x, y, vld1q_s16(kZetas.forward2[b]));
    transpose32(x, y);
  }
  store_all(f, v);
}

void forward_centred(std::int16_t* f) {
  forward(f);
  reduce(f);
}

void forward_centred_from(std::int16_t* f, const std::uint16_t* a) {
  copy_coefficients(f, a);
  forward_centred(f);
}

void inverse(std::int16_t* f) { inverse_with_scale(f, kScalePlain); }
void inverse_from_montgomery(std::int16_t* f) { inverse_with_scale(f, kScaleMontgomery); }
void inverse_from_montgomery_to_canonical(std::uint16_t* out, std::int16_t* f) {
  inverse_with_scale(f, kScaleMontgomery);  // |f| < q
  for (std::size_t i = 0; i < 256; i += 8) vst1q_u16(out + i, canonical_of_centred(vld1q_s16(f + i)));
}

void base_multiply_accumulate(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b) {
  for (std::size_t pair = 0; pair < 128; pair += 8) base_multiply_pairs(acc, a + 2 * pair, b, pair, false);
}

void base_multiply_accumulate_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b) {
  canonical_rows(acc, a, b, false, 0, 256);
}

void base_multiply_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b) {
  canonical_rows(acc, a, b, true, 0, 256);
}

void base_multiply_canonical_part(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b, bool first,
                                  std::size_t from, std::size_t to) {
  canonical_rows(acc, a, b, first, from, to);
}

void base_multiply_row(std::int16_t* r, const std::int16_t* const* a, const std::int16_t* const* b, std::size_t count) {
  assert(count >= 1 && count <= max_row_products);
  for (std::size_t pair = 0; pair < 128; pair += 8)
    multiply_row_pairs<false>(r, reinterpret_cast<const void* const*>(a), b, count, pair);
}

void base_multiply_row_canonical(std::int16_t* r, const std::uint16_t* const* a, const std::int16_t* const* b,
                                 std::size_t count) {
  assert(count >= 1 && count <= max_row_products);
  for (std::size_t pair = 0; pair < 128; pair += 8)
    multiply_row_pairs<true>(r, reinterpret_cast<const void* const*>(a), b, count, pair);
}

void base_multiply_row_plus_to_canonical_part(std::uint16_t* out, const std::uint16_t* const* a,
                                              const std::int16_t* const* b, std::size_t count, const std::int16_t* x,
                                              std::size_t from, std::size_t to) {
  assert(count >= 1 && count <= max_row_products);
  // The term x widened into the lane sums, the reduced sum times R (|.| < q)
  // moved into [0, q): accumulator_plus_to_canonical's values.
  const auto times_r_canonical = [](int32x4_t lo, int32x4_t hi) {
    return canonical_of_centred(montgomery(reduced(lo, hi), kR2));
  };
  for (std::size_t pair = from / 2; pair < to / 2; pair += 8) {
    PairLanes s = row_sums<true>(reinterpret_cast<const void* const*>(a), b, count, pair);
    const int16x8x2_t e = vld2q_s16(x + 2 * pair);
    s.even_lo = wrapping_add(s.even_lo, vmovl_s16(vget_low_s16(e.val[0])));
    s.even_hi = wrapping_add(s.even_hi, vmovl_high_s16(e.val[0]));
    s.odd_lo = wrapping_add(s.odd_lo, vmovl_s16(vget_low_s16(e.val[1])));
    s.odd_hi = wrapping_add(s.odd_hi, vmovl_high_s16(e.val[1]));
    const uint16x8x2_t sums{{times_r_canonical(s.even_lo, s.even_hi), times_r_canonical(s.odd_lo, s.odd_hi)}};
    vst2q_u16(out + 2 * pair, sums);
  }
}

void clear_accumulator(std::int32_t* acc) {
  for (std::size_t i = 0; i < 256; i += 4) vst1q_s32(acc + i, vdupq_n_s32(0));
}

void reduce_accumulator(std::int16_t* r, const std::int32_t* acc) {
  for (std::size_t i = 0; i < 256; i += 8)
    vst1q_s16(r + i, vcombine_s16(barrett_wide(montgomery_wide(vld1q_s32(acc + i))),
                                  barrett_wide(montgomery_wide(vld1q_s32(acc + i + 4)))));
}

void accumulator_to_centred(std::int16_t* r, const std::int32_t* acc) {
  for (std::size_t i = 0; i < 256; i += 8)
    vst1q_s16(r + i, accumulator_centred(vld1q_s32(acc + i), vld1q_s32(acc + i + 4)));
}

void accumulator_plus_to_canonical_part(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x,
                                        std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; i += 8) {
    const int16x8_t e = vld1q_s16(x + i);
    const int32x4_t lo = wrapping_add(vld1q_s32(acc + i), vmovl_s16(vget_low_s16(e)));
    const int32x4_t hi = wrapping_add(vld1q_s32(acc + i + 4), vmovl_high_s16(e));
    vst1q_u16(out + i, canonical_of_centred(accumulator_centred(lo, hi)));
  }
}

void accumulator_plus_to_canonical(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x) {
  accumulator_plus_to_canonical_part(out, acc, x, 0, 256);
}

void reduce(std::int16_t* f) {
  for (std::size_t i = 0; i < 256; i += 8) vst1q_s16(f + i, barrett(vld1q_s16(f + i)));
}

void to_canonical(std::uint16_t* out, const std::int16_t* f) {
  for (std::size_t i = 0; i < 256; i += 8) vst1q_u16(out + i, canonical_of_centred(barrett(vld1q_s16(f + i))));
}

void centre_canonical(std::int16_t* out, const std::uint16_t* c) {
  for (std::size_t i = 0; i < 256; i += 16) centre16(out + i, c + i);
}

void copy_coefficients(std::int16_t* f, const std::uint16_t* a) {
  for (std::size_t i = 0; i < 256; i += 8) vst1q_s16(f + i, vreinterpretq_s16_u16(vld1q_u16(a + i)));
}

}  // namespace pqmul::kyber_ntt::neon
