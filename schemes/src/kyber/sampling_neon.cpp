// NEON kernels of the Kyber samplers (sampling_multiway.hpp): the rejection
// step of SampleNTT and SamplePolyCBD_eta, twins of the portable loops in
// primitives.cpp (the same coefficients in the same order).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "rejection_compaction.hpp"

namespace pqmul::kyber {
namespace {

constexpr std::uint16_t modulus = 3329;
constexpr CompactionTable compaction = make_compaction_table();

// Appends the accepted lanes of 8 candidates at coeffs + filled (a 16-byte
// store, which the caller keeps inside the 256) and returns how many.
inline std::size_t append_accepted(std::uint16_t* coeffs, std::size_t filled, uint16x8_t candidates) {
  static constexpr std::uint16_t lane_bit[8] = {1, 2, 4, 8, 16, 32, 64, 128};
  const uint16x8_t accept = vcltq_u16(candidates, vdupq_n_u16(modulus));
  const unsigned mask = vaddvq_u16(vandq_u16(accept, vld1q_u16(lane_bit)));
  const uint8x16_t packed = vqtbl1q_u8(vreinterpretq_u8_u16(candidates), vld1q_u8(compaction.index[mask]));
  vst1q_u8(reinterpret_cast<std::uint8_t*>(coeffs + filled), packed);
  return static_cast<std::size_t>(__builtin_popcount(mask));
}

// x + q where x < 0, for 16-bit lanes in [-q, q).
inline int16x8_t add_q_if_negative(int16x8_t x) {
  return vaddq_s16(x, vandq_s16(vshrq_n_s16(x, 15), vdupq_n_s16(static_cast<std::int16_t>(modulus))));
}

}  // namespace

std::size_t kyber_rej_uniform_neon(std::uint16_t* coeffs, std::size_t filled, const std::uint8_t* bytes,
                                   std::size_t length) {
  // The candidates derive from the public rho, so the rejection may branch and
  // index a table by its acceptance mask.
  std::size_t b = 0;
  // 16 candidates per step while a whole step's output fits in the 256:
  // bytes 3t, 3t+1, 3t+2 give candidates 2t and 2t+1 (a 3-way deinterleaving load).
  while (filled + 16 <= 256 && b + 24 <= length) {
    const uint8x8x3_t t = vld3_u8(bytes + b);
    const uint16x8_t even = vorrq_u16(vmovl_u8(t.val[0]), vshll_n_u8(vand_u8(t.val[1], vdup_n_u8(15)), 8));
    const uint16x8_t odd = vorrq_u16(vmovl_u8(vshr_n_u8(t.val[1], 4)), vshll_n_u8(t.val[2], 4));
    filled += append_accepted(coeffs, filled, vzip1q_u16(even, odd));
    filled += append_accepted(coeffs, filled, vzip2q_u16(even, odd));
    b += 24;
  }
  // The last few coefficients (or bytes) one candidate at a time.
  return reject_one_by_one(coeffs, filled, bytes, b, length);
}

void kyber_cbd_neon(std::uint16_t* coeffs, const std::uint8_t* bytes, unsigned eta) {
  if (eta == 2) {
    // 16 bytes -> 32 coefficients. In each byte, after summing neighbouring
    // bits, the 2-bit fields are (a, b) of coefficient 2m and (a, b) of 2m + 1.
    const uint8x16_t m55 = vdupq_n_u8(0x55), m03 = vdupq_n_u8(3);
    for (std::size_t c = 0; c < 8; ++c) {
      const uint8x16_t t = vld1q_u8(bytes + 16 * c);
      const uint8x16_t d = vaddq_u8(vandq_u8(t, m55), vandq_u8(vshrq_n_u8(t, 1), m55));
      const int8x16_t even = vreinterpretq_s8_u8(vsubq_u8(vandq_u8(d, m03), vandq_u8(vshrq_n_u8(d, 2), m03)));
      const int8x16_t odd = vreinterpretq_s8_u8(vsubq_u8(vandq_u8(vshrq_n_u8(d, 4), m03), vshrq_n_u8(d, 6)));
      const int8x16_t first = vzip1q_s8(even, odd), second = vzip2q_s8(even, odd);
      std::uint16_t* out = coeffs + 32 * c;
      vst1q_u16(out, vreinterpretq_u16_s16(add_q_if_negative(vmovl_s8(vget_low_s8(first)))));
      vst1q_u16(out + 8, vreinterpretq_u16_s16(add_q_if_negative(vmovl_high_s8(first))));
      vst1q_u16(out + 16, vreinterpretq_u16_s16(add_q_if_negative(vmovl_s8(vget_low_s8(second)))));
      vst1q_u16(out + 24, vreinterpretq_u16_s16(add_q_if_negative(vmovl_high_s8(second))));
    }
    return;
  }
  // eta = 3: 12 bytes -> 16 coefficients. Every 3 bytes go to a 32-bit lane,
  // summed in 3-bit fields: a of coefficient j at bits 6j, b at bits 6j + 3.
  // The last group's 16-byte load would run 4 bytes past the input: it loads
  // the last 16 bytes and moves them down by 4 instead.
  static constexpr std::uint8_t spread_index[16] = {0, 1, 2, 0xFF, 3, 4, 5, 0xFF, 6, 7, 8, 0xFF, 9, 10, 11, 0xFF};
  const uint8x16_t spread = vld1q_u8(spread_index);
  const uint32x4_t m249 = vdupq_n_u32(0x249249), m7 = vdupq_n_u32(7);
  const int32x4_t q32 = vdupq_n_s32(modulus);
  auto coefficient = [&](uint32x4_t d, int shift) {
    // ((d >> shift) & 7) - ((d >> (shift + 3)) & 7), then + q where negative.
    const int32x4_t shifts_a = vdupq_n_s32(-shift), shifts_b = vdupq_n_s32(-shift - 3);
    const int32x4_t r =
        vreinterpretq_s32_u32(vsubq_u32(vandq_u32(vshlq_u32(d, shifts_a), m7), vandq_u32(vshlq_u32(d, shifts_b), m7)));
    return vmovn_u32(vreinterpretq_u32_s32(vaddq_s32(r, vandq_s32(vshrq_n_s32(r, 31), q32))));
  };
  for (std::size_t c = 0; c < 16; ++c) {
    const uint32x4_t t = vreinterpretq_u32_u8(
        vqtbl1q_u8((c < 15 ? vld1q_u8(bytes + 12 * c) : vextq_u8(vld1q_u8(bytes + 176), vdupq_n_u8(0), 4)), spread));
    const uint32x4_t d = vaddq_u32(vaddq_u32(vandq_u32(t, m249), vandq_u32(vshrq_n_u32(t, 1), m249)),
                                   vandq_u32(vshrq_n_u32(t, 2), m249));
    // Lane k holds coefficients 4k .. 4k+3: a 4-way interleaving store puts them in order.
    uint16x4x4_t r;
    r.val[0] = coefficient(d, 0);
    r.val[1] = coefficient(d, 6);
    r.val[2] = coefficient(d, 12);
    r.val[3] = coefficient(d, 18);
    vst4_u16(coeffs + 16 * c, r);
  }
}

}  // namespace pqmul::kyber
