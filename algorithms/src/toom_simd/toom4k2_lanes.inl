// Part of the toom4-k2 kernels (toom4k2_kernels.inl): the shapes of the
// pieces and leaves, the 16-bit lane operations on 256-bit registers, and the
// dispatch from run-time sizes to fully unrolled templates.
//
// A "register" V holds one block of 16 coefficients: an AVX2 register, or on
// NEON a pair of 128-bit registers (the low and high 8 lanes, as AVX2's two
// 128-bit lanes), so the same code is the same algorithm on both. The lane
// operations below are the only ISA-specific code of the kernels.
#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#else
#error "toom4k2 kernels need AVX2 or NEON"
#endif

#include <array>
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/toom_simd_kernels.hpp"

namespace pqmul::PQMUL_TOOM_KERNELS {
namespace {

#if defined(__AVX2__)
using V = __m256i;
#else
struct V {
  int16x8_t lo, hi;
};
#endif

// Local copies of the shape helpers: this file is compiled with SIMD flags and
// must not emit copies of inline functions that portable code also uses.
constexpr bool exact_leaves_of(std::size_t m) { return m >= 5 && m <= 13; }
constexpr std::size_t leaf_blocks_of(std::size_t m) { return exact_leaves_of(m) ? (m + 3) / 4 : 1; }
constexpr std::size_t block_leaves_of(std::size_t m) {
  if (m == 1) return 1;
  if (m == 3) return 6;
  const std::size_t h = (m + 1) / 2;
  return 2 * block_leaves_of(h) + block_leaves_of(m - h);
}
constexpr std::size_t max_m = toom_avx2::max_blocks / 4;
// Leaves a point for pieces of m blocks, tabulated: the recursion costs about
// as much as a call of a small kernel.
constexpr auto point_leaves = [] {
  std::array<std::size_t, max_m + 1> table{};
  for (std::size_t m = 1; m <= max_m; ++m) table[m] = exact_leaves_of(m) ? 9 : block_leaves_of(m);
  return table;
}();
constexpr std::size_t leaves_of(std::size_t m) { return point_leaves[m]; }
constexpr std::size_t groups_of_leaves(std::size_t leaves) { return (leaves + 15) / 16; }

// The largest of f(m) over the piece sizes m = 1 .. max_m.
template <class F>
constexpr std::size_t largest_over_m(F f) {
  std::size_t largest = 0;
  for (std::size_t m = 1; m <= max_m; ++m) largest = f(m) > largest ? f(m) : largest;
  return largest;
}
constexpr std::size_t max_s = largest_over_m(leaf_blocks_of);
constexpr std::size_t max_block_leaves = largest_over_m(block_leaves_of);
// Leaf-major blocks of all leaves of one operand (groups of 16 leaves).
constexpr std::size_t max_leaf_blocks =
    largest_over_m([](std::size_t m) { return (7 * leaves_of(m) + 15) / 16 * 16 * leaf_blocks_of(m); });

#if defined(__AVX2__)
inline V load(const void* p) { return _mm256_loadu_si256(static_cast<const V*>(p)); }
inline void store(void* p, V v) { _mm256_storeu_si256(static_cast<V*>(p), v); }
inline V add(V a, V b) { return _mm256_add_epi16(a, b); }
inline V sub(V a, V b) { return _mm256_sub_epi16(a, b); }
inline V mul(V a, V b) { return _mm256_mullo_epi16(a, b); }
inline V shl(V a, int s) { return _mm256_slli_epi16(a, s); }
inline V shr(V a, int s) { return _mm256_srli_epi16(a, s); }  // logical
inline V band(V a, V b) { return _mm256_and_si256(a, b); }
inline V greater(V a, V b) { return _mm256_cmpgt_epi16(a, b); }  // all ones where a > b (signed)
inline V set(std::int16_t c) { return _mm256_set1_epi16(c); }
inline V zero() { return _mm256_setzero_si256(); }
inline V lane_indices() { return _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
// Interleaving within each 8-lane half (AVX2's unpack).
inline V unpack_lo16(V a, V b) { return _mm256_unpacklo_epi16(a, b); }
inline V unpack_hi16(V a, V b) { return _mm256_unpackhi_epi16(a, b); }
inline V unpack_lo32(V a, V b) { return _mm256_unpacklo_epi32(a, b); }
inline V unpack_hi32(V a, V b) { return _mm256_unpackhi_epi32(a, b); }
inline V unpack_lo64(V a, V b) { return _mm256_unpacklo_epi64(a, b); }
inline V unpack_hi64(V a, V b) { return _mm256_unpackhi_epi64(a, b); }
// The 8 lanes at `low` and the 8 at `high` as one block (an insert from
// memory is cheaper than a cross-lane permutation).
inline V join_halves(const std::int16_t* low, const std::int16_t* high) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(low))),
                                 _mm_loadu_si128(reinterpret_cast<const __m128i*>(high)), 1);
}
// The low (high) 8 lanes of a and of b as one block, from registers.
inline V low_halves(V a, V b) { return _mm256_permute2x128_si256(a, b, 0x20); }
inline V high_halves(V a, V b) { return _mm256_permute2x128_si256(a, b, 0x31); }
#else
inline V load(const void* p) {
  const auto* q = static_cast<const std::int16_t*>(p);
  return {vld1q_s16(q), vld1q_s16(q + 8)};
}
inline void store(void* p, V v) {
  auto* q = static_cast<std::int16_t*>(p);
  vst1q_s16(q, v.lo);
  vst1q_s16(q + 8, v.hi);
}
inline V add(V a, V b) { return {vaddq_s16(a.lo, b.lo), vaddq_s16(a.hi, b.hi)}; }
inline V sub(V a, V b) { return {vsubq_s16(a.lo, b.lo), vsubq_s16(a.hi, b.hi)}; }
inline V mul(V a, V b) { return {vmulq_s16(a.lo, b.lo), vmulq_s16(a.hi, b.hi)}; }
inline V shl(V a, int s) {
  const int16x8_t by = vdupq_n_s16(static_cast<std::int16_t>(s));
  return {vshlq_s16(a.lo, by), vshlq_s16(a.hi, by)};
}
inline V shr(V a, int s) {  // logical: a negative count shifts an unsigned lane right
  const int16x8_t by = vdupq_n_s16(static_cast<std::int16_t>(-s));
  return {vreinterpretq_s16_u16(vshlq_u16(vreinterpretq_u16_s16(a.lo), by)),
          vreinterpretq_s16_u16(vshlq_u16(vreinterpretq_u16_s16(a.hi), by))};
}
inline V band(V a, V b) { return {vandq_s16(a.lo, b.lo), vandq_s16(a.hi, b.hi)}; }
inline V greater(V a, V b) {
  return {vreinterpretq_s16_u16(vcgtq_s16(a.lo, b.lo)), vreinterpretq_s16_u16(vcgtq_s16(a.hi, b.hi))};
}
inline V set(std::int16_t c) { return {vdupq_n_s16(c), vdupq_n_s16(c)}; }
inline V zero() { return set(0); }
inline V lane_indices() {
  static constexpr std::int16_t index[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  return load(index);
}
inline V unpack_lo16(V a, V b) { return {vzip1q_s16(a.lo, b.lo), vzip1q_s16(a.hi, b.hi)}; }
inline V unpack_hi16(V a, V b) { return {vzip2q_s16(a.lo, b.lo), vzip2q_s16(a.hi, b.hi)}; }
inline int16x8_t zip32(int16x8_t a, int16x8_t b, bool high) {
  const int32x4_t x = vreinterpretq_s32_s16(a), y = vreinterpretq_s32_s16(b);
  return vreinterpretq_s16_s32(high ? vzip2q_s32(x, y) : vzip1q_s32(x, y));
}
inline int16x8_t zip64(int16x8_t a, int16x8_t b, bool high) {
  const int64x2_t x = vreinterpretq_s64_s16(a), y = vreinterpretq_s64_s16(b);
  return vreinterpretq_s16_s64(high ? vzip2q_s64(x, y) : vzip1q_s64(x, y));
}
inline V unpack_lo32(V a, V b) { return {zip32(a.lo, b.lo, false), zip32(a.hi, b.hi, false)}; }
inline V unpack_hi32(V a, V b) { return {zip32(a.lo, b.lo, true), zip32(a.hi, b.hi, true)}; }
inline V unpack_lo64(V a, V b) { return {zip64(a.lo, b.lo, false), zip64(a.hi, b.hi, false)}; }
inline V unpack_hi64(V a, V b) { return {zip64(a.lo, b.lo, true), zip64(a.hi, b.hi, true)}; }
inline V join_halves(const std::int16_t* low, const std::int16_t* high) { return {vld1q_s16(low), vld1q_s16(high)}; }
inline V low_halves(V a, V b) { return {a.lo, b.lo}; }
inline V high_halves(V a, V b) { return {a.hi, b.hi}; }
#endif

// Calls f.template operator()<M>() for the run-time m in [1, max_m].
template <class F>
inline auto with_m(std::size_t m, F&& f) {
  switch (m) {
    case 1: return f.template operator()<1>();
    case 2: return f.template operator()<2>();
    case 3: return f.template operator()<3>();
    case 4: return f.template operator()<4>();
    case 5: return f.template operator()<5>();
    case 6: return f.template operator()<6>();
    case 7: return f.template operator()<7>();
    case 8: return f.template operator()<8>();
    case 9: return f.template operator()<9>();
    case 10: return f.template operator()<10>();
    case 11: return f.template operator()<11>();
    case 12: return f.template operator()<12>();
    case 13: return f.template operator()<13>();
    case 14: return f.template operator()<14>();
    case 15: return f.template operator()<15>();
    default: return f.template operator()<16>();
  }
}

// Calls f.template operator()<S>() for the run-time leaf size s in [1, max_s].
template <class F>
inline auto with_s(std::size_t s, F&& f) {
  static_assert(max_s <= 4);
  switch (s) {
    case 1: return f.template operator()<1>();
    case 2: return f.template operator()<2>();
    case 3: return f.template operator()<3>();
    default: return f.template operator()<4>();
  }
}

}  // namespace
}  // namespace pqmul::PQMUL_TOOM_KERNELS
