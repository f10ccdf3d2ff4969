// NEON kernels of Compress_d, Decompress_d and the sum and difference mod q
// (poly_neon.hpp). The arithmetic is the portable
// functions' (primitives.hpp): division-free, so secret coefficients take
// constant time, and every lane equals its portable value.
#include <arm_neon.h>

#include "compress_widths.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"
#include "pqmul/schemes/kyber/poly_neon.hpp"

namespace pqmul::kyber::neon {
namespace {

constexpr std::uint32_t q = 3329;
constexpr std::uint32_t reciprocal_36 = static_cast<std::uint32_t>(((std::uint64_t{1} << 36) + q - 1) / q);

// Compress_D of 4 canonical values in 32-bit lanes: floor((x 2^D + (q-1)/2) / q)
// as (numerator * m) >> 36 with m = ceil(2^36 / q), exact for numerators below
// 2^24 (here below 2^23). The high words of the four 64-bit products are one
// unzip away, and the remaining shift by 4 is done on them.
template <int D>
uint32x4_t compress4(uint32x4_t x) {
  const uint32x4_t numerator = vaddq_u32(vshlq_n_u32(x, D), vdupq_n_u32((q - 1) / 2));
  const uint64x2_t low = vmull_u32(vget_low_u32(numerator), vdup_n_u32(reciprocal_36));
  const uint64x2_t high = vmull_high_u32(numerator, vdupq_n_u32(reciprocal_36));
  return vshrq_n_u32(vuzp2q_u32(vreinterpretq_u32_u64(low), vreinterpretq_u32_u64(high)), 4);
}

template <int D>
uint16x8_t compress8(uint16x8_t x) {
  const uint32x4_t low = compress4<D>(vmovl_u16(vget_low_u16(x)));
  const uint32x4_t high = compress4<D>(vmovl_high_u16(x));
  return vandq_u16(vuzp1q_u16(vreinterpretq_u16_u32(low), vreinterpretq_u16_u32(high)), vdupq_n_u16((1u << D) - 1));
}

template <int D>
void compress_all(std::uint16_t* r, const std::uint16_t* f) {
  PQMUL_KERNEL_BOUND("kyber::neon::compress", "input", f, 256, 0, q - 1);
  for (int i = 0; i < 256; i += 8) vst1q_u16(r + i, compress8<D>(vld1q_u16(f + i)));
  PQMUL_KERNEL_BOUND("kyber::neon::compress", "output", r, 256, 0, (1 << D) - 1);
}

// Decompress_D(y) = floor(y q / 2^D + 1/2) = sqrdmulh(y 2^(15-D), q): the
// rounding doubling multiply-high gives floor(a b / 2^15 + 1/2), and
// 2 y 2^(15-D) q < 2^31 never saturates.
template <int D>
void decompress_all(std::uint16_t* r, const std::uint16_t* f) {
  PQMUL_KERNEL_BOUND("kyber::neon::decompress", "input", f, 256, 0, (1 << D) - 1);
  const int16x8_t modulus = vdupq_n_s16(static_cast<std::int16_t>(q));
  for (int i = 0; i < 256; i += 8) {
    const int16x8_t y = vreinterpretq_s16_u16(vshlq_n_u16(vld1q_u16(f + i), 15 - D));
    vst1q_u16(r + i, vreinterpretq_u16_s16(vqrdmulhq_s16(y, modulus)));
  }
  PQMUL_KERNEL_BOUND("kyber::neon::decompress", "output", r, 256, 0, q - 1);
}

// t in [0, 2q) reduced to [0, q): where t < q, t - q wraps above t.
uint16x8_t reduce_once(uint16x8_t t) { return vminq_u16(t, vsubq_u16(t, vdupq_n_u16(q))); }

}  // namespace

bool compress(std::uint16_t* r, const std::uint16_t* f, unsigned d) {
  return with_compressed_width(d, [&]<int D>() { compress_all<D>(r, f); });
}

bool decompress(std::uint16_t* r, const std::uint16_t* f, unsigned d) {
  return with_decompressed_width(d, [&]<int D>() { decompress_all<D>(r, f); });
}

void add_mod_q(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b) {
  PQMUL_KERNEL_BOUND("kyber::neon::add_mod_q", "a", a, 256, 0, q - 1);
  PQMUL_KERNEL_BOUND("kyber::neon::add_mod_q", "b", b, 256, 0, q - 1);
  for (int i = 0; i < 256; i += 8) vst1q_u16(r + i, reduce_once(vaddq_u16(vld1q_u16(a + i), vld1q_u16(b + i))));
  PQMUL_KERNEL_BOUND("kyber::neon::add_mod_q", "output", r, 256, 0, q - 1);
}

void sub_mod_q(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b) {
  PQMUL_KERNEL_BOUND("kyber::neon::sub_mod_q", "a", a, 256, 0, q - 1);
  PQMUL_KERNEL_BOUND("kyber::neon::sub_mod_q", "b", b, 256, 0, q - 1);
  const uint16x8_t modulus = vdupq_n_u16(q);
  for (int i = 0; i < 256; i += 8) {
    const uint16x8_t t = vaddq_u16(vsubq_u16(vld1q_u16(a + i), vld1q_u16(b + i)), modulus);  // in (0, 2q)
    vst1q_u16(r + i, reduce_once(t));
  }
  PQMUL_KERNEL_BOUND("kyber::neon::sub_mod_q", "output", r, 256, 0, q - 1);
}

}  // namespace pqmul::kyber::neon
