// NEON kernels of ByteEncode_d / ByteDecode_d for every width Kyber and
// ML-KEM use (poly_neon.hpp): the public key and the matrix rows (12), the
// ciphertext parts (10, 11; 4, 5), bit strings (1) and the message conversions
// (1 with Decompress_1 / Compress_1). For 1, 4 and 12,
// structured loads and stores do the byte and coefficient (de)interleaving;
// 5, 10 and 11 go by groups of eight coefficients in d bytes. Every value
// equals the portable codec's (primitives.cpp).
#include <arm_neon.h>

#include <array>
#include <cstring>

#include "pqmul/algorithms/kernel_contracts.hpp"
#include "pqmul/schemes/kyber/poly_neon.hpp"

namespace pqmul::kyber::neon {
namespace {

constexpr std::uint16_t q = 3329;

// 48 bytes hold 32 values of 12 bits: bytes (b0, b1, b2) of triple k give
// values 2k = b0 | (b1 & 15) << 8 and 2k+1 = b1 >> 4 | b2 << 4; each reduced mod q.
void decode_12(std::uint16_t* f, const std::uint8_t* in) {
  const uint8x16_t nibble = vdupq_n_u8(15);
  const uint16x8_t modulus = vdupq_n_u16(q);
  auto reduce = [&](uint16x8_t x) { return vminq_u16(x, vsubq_u16(x, modulus)); };  // x < 4096 < 2q
  for (int block = 0; block < 8; ++block) {
    const uint8x16x3_t b = vld3q_u8(in + 48 * block);
    const uint8x16_t low_nibble = vandq_u8(b.val[1], nibble), high_nibble = vshrq_n_u8(b.val[1], 4);
    uint16x8x2_t first, second;
    first.val[0] = reduce(vorrq_u16(vmovl_u8(vget_low_u8(b.val[0])), vshll_n_u8(vget_low_u8(low_nibble), 8)));
    first.val[1] = reduce(vorrq_u16(vmovl_u8(vget_low_u8(high_nibble)), vshll_n_u8(vget_low_u8(b.val[2]), 4)));
    second.val[0] = reduce(vorrq_u16(vmovl_high_u8(b.val[0]), vshll_high_n_u8(low_nibble, 8)));
    second.val[1] = reduce(vorrq_u16(vmovl_high_u8(high_nibble), vshll_high_n_u8(b.val[2], 4)));
    vst2q_u16(f + 32 * block, first);
    vst2q_u16(f + 32 * block + 16, second);
  }
}

// 16 coefficients (8 even, 8 odd) into their 24 bytes.
void encode_12_block(std::uint8_t* out, const std::uint16_t* f) {
  const uint16x8x2_t c = vld2q_u16(f);
  uint8x8x3_t b;
  b.val[0] = vmovn_u16(c.val[0]);
  b.val[1] = vmovn_u16(vorrq_u16(vshrq_n_u16(c.val[0], 8), vshlq_n_u16(c.val[1], 4)));
  b.val[2] = vmovn_u16(vshrq_n_u16(c.val[1], 4));
  vst3_u8(out, b);
}

// Byte k holds values 2k (low nibble) and 2k+1.
void decode_4(std::uint16_t* f, const std::uint8_t* in) {
  for (int block = 0; block < 8; ++block) {
    const uint8x16_t b = vld1q_u8(in + 16 * block);
    const uint8x16x2_t split = vzipq_u8(vandq_u8(b, vdupq_n_u8(15)), vshrq_n_u8(b, 4));
    std::uint16_t* out = f + 32 * block;
    vst1q_u16(out, vmovl_u8(vget_low_u8(split.val[0])));
    vst1q_u16(out + 8, vmovl_high_u8(split.val[0]));
    vst1q_u16(out + 16, vmovl_u8(vget_low_u8(split.val[1])));
    vst1q_u16(out + 24, vmovl_high_u8(split.val[1]));
  }
}

void encode_4(std::uint8_t* out, const std::uint16_t* f) {
  for (int block = 0; block < 16; ++block) {
    const uint16x8x2_t c = vld2q_u16(f + 16 * block);
    vst1_u8(out + 8 * block, vmovn_u16(vorrq_u16(c.val[0], vshlq_n_u16(c.val[1], 4))));
  }
}

// Bit j of byte k gives value 8k + j: `set` where the bit is set, else 0.
// Each byte is copied into eight lanes (a table lookup), lane j tests bit j,
// and the all-ones result, widened, masks `set`.
void spread_bits(std::uint16_t* f, const std::uint8_t* in, std::uint16_t set) {
  static constexpr std::uint8_t bit_of_lane[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  static constexpr std::uint8_t first_pair[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
  const uint8x16_t bits = vld1q_u8(bit_of_lane);
  const uint16x8_t value = vdupq_n_u16(set);
  for (int half = 0; half < 2; ++half) {
    const uint8x16_t bytes = vld1q_u8(in + 16 * half);
    uint8x16_t index = vld1q_u8(first_pair);
    for (int pair = 0; pair < 8; ++pair, index = vaddq_u8(index, vdupq_n_u8(2))) {
      const int8x16_t tested = vreinterpretq_s8_u8(vtstq_u8(vqtbl1q_u8(bytes, index), bits));
      std::uint16_t* out = f + 128 * half + 16 * pair;
      vst1q_u16(out, vandq_u16(vreinterpretq_u16_s16(vmovl_s8(vget_low_s8(tested))), value));
      vst1q_u16(out + 8, vandq_u16(vreinterpretq_u16_s16(vmovl_high_s8(tested)), value));
    }
  }
}

void encode_1(std::uint8_t* out, const std::uint16_t* f) {
  static constexpr std::int16_t lane_shift[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  const int16x8_t shifts = vld1q_s16(lane_shift);
  for (int byte = 0; byte < 32; ++byte)
    out[byte] = static_cast<std::uint8_t>(vaddvq_u16(vshlq_u16(vld1q_u16(f + 8 * byte), shifts)));
}

// Groups of eight d-bit values in d bytes, d in {5, 10, 11}. Decoding: value
// j of a group starts at bit d j, so it lies in bytes d j / 8 .. + 2; a table
// lookup puts those three bytes in a 32-bit lane (a fourth index past the
// table gives a zero byte: 0x40, which stays past it when the last groups
// shift their indices), a shift by -(d j mod 8) and a mask finish it.
template <int D>
struct GroupLayout {
  std::array<std::uint8_t, 16> bytes_low{}, bytes_high{};  // values 0..3 and 4..7
  std::array<std::int32_t, 4> shift_low{}, shift_high{};
  constexpr GroupLayout() {
    for (int j = 0; j < 8; ++j) {
      auto& bytes = j < 4 ? bytes_low : bytes_high;
      auto& shift = j < 4 ? shift_low : shift_high;
      for (int b = 0; b < 4; ++b) bytes[4 * (j % 4) + b] = static_cast<std::uint8_t>(b < 3 ? D * j / 8 + b : 0x40);
      shift[j % 4] = -(D * j % 8);
    }
  }
};

template <int D>
void decode_groups(std::uint16_t* f, const std::uint8_t* in) {
  static constexpr GroupLayout<D> layout;
  const uint8x16_t bytes_low = vld1q_u8(layout.bytes_low.data()), bytes_high = vld1q_u8(layout.bytes_high.data());
  const int32x4_t shift_low = vld1q_s32(layout.shift_low.data()), shift_high = vld1q_s32(layout.shift_high.data());
  const uint32x4_t mask = vdupq_n_u32((1u << D) - 1);
  // A group's 16-byte load would run past the input for the last groups:
  // they load the last 16 bytes and move their indices up instead.
  constexpr int last_load = 32 * D - 16;
  for (int group = 0; group < 32; ++group) {
    const int start = D * group, moved = start > last_load ? start - last_load : 0;
    const uint8x16_t x = vld1q_u8(in + start - moved);
    const uint8x16_t index_low = vaddq_u8(bytes_low, vdupq_n_u8(static_cast<std::uint8_t>(moved)));
    const uint8x16_t index_high = vaddq_u8(bytes_high, vdupq_n_u8(static_cast<std::uint8_t>(moved)));
    const uint32x4_t low = vandq_u32(vshlq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(x, index_low)), shift_low), mask);
    const uint32x4_t high = vandq_u32(vshlq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(x, index_high)), shift_high), mask);
    vst1q_u16(f + 8 * group, vuzp1q_u16(vreinterpretq_u16_u32(low), vreinterpretq_u16_u32(high)));
  }
}

// Encoding: pairs of values merged by shift-and-insert into 2d bits of a
// 32-bit lane, pairs of those into 4d bits of a 64-bit lane, and the two
// 64-bit lanes into the group's 8d bits.
template <int D>
void encode_groups(std::uint8_t* out, const std::uint16_t* f) {
  for (int group = 0; group < 32; ++group) {
    const uint32x4_t x = vreinterpretq_u32_u16(vld1q_u16(f + 8 * group));
    const uint64x2_t y = vreinterpretq_u64_u32(vsliq_n_u32(x, vshrq_n_u32(x, 16), D));
    const uint64x2_t z = vsliq_n_u64(y, vshrq_n_u64(y, 32), 2 * D);
    const std::uint64_t low = vgetq_lane_u64(z, 0), high = vgetq_lane_u64(z, 1);
    std::uint8_t* group_out = out + D * group;
    if constexpr (D <= 8) {
      const std::uint64_t bits = low | high << (4 * D);
      std::memcpy(group_out, &bits, D);
    } else {
      const std::uint64_t bits_low = low | high << (4 * D), bits_high = high >> (64 - 4 * D);
      std::memcpy(group_out, &bits_low, 8);
      std::memcpy(group_out + 8, &bits_high, D - 8);
    }
  }
}

}  // namespace

bool byte_decode(std::uint16_t* f, const std::uint8_t* in, unsigned d) {
  switch (d) {
    case 1:
      spread_bits(f, in, 1);
      break;
    case 4:
      decode_4(f, in);
      break;
    case 5:
      decode_groups<5>(f, in);
      break;
    case 10:
      decode_groups<10>(f, in);
      break;
    case 11:
      decode_groups<11>(f, in);
      break;
    case 12:
      decode_12(f, in);
      break;
    default:
      return false;
  }
  PQMUL_KERNEL_BOUND("kyber::neon::byte_decode", "output", f, 256, 0, d == 12 ? q - 1 : (1 << d) - 1);
  return true;
}

bool byte_encode(std::uint8_t* out, const std::uint16_t* f, unsigned d) {
  switch (d) {
    case 1:
      PQMUL_KERNEL_BOUND("kyber::neon::byte_encode", "input", f, 256, 0, 1);
      encode_1(out, f);
      return true;
    case 4:
      PQMUL_KERNEL_BOUND("kyber::neon::byte_encode", "input", f, 256, 0, 15);
      encode_4(out, f);
      return true;
    case 5:
      PQMUL_KERNEL_BOUND("kyber::neon::byte_encode", "input", f, 256, 0, 31);
      encode_groups<5>(out, f);
      return true;
    case 10:
      PQMUL_KERNEL_BOUND("kyber::neon::byte_encode", "input", f, 256, 0, 1023);
      encode_groups<10>(out, f);
      return true;
    case 11:
      PQMUL_KERNEL_BOUND("kyber::neon::byte_encode", "input", f, 256, 0, 2047);
      encode_groups<11>(out, f);
      return true;
    case 12:
      byte_encode_12_part(out, f, 0, 256);
      return true;
    default:
      return false;
  }
}

void byte_encode_12_part(std::uint8_t* out, const std::uint16_t* f, std::size_t from, std::size_t to) {
  PQMUL_KERNEL_BOUND("kyber::neon::byte_encode_12", "input", f + from, to - from, 0, q - 1);
  for (std::size_t i = from; i < to; i += 16) encode_12_block(out + 3 * i / 2, f + i);
}

void decode_message(std::uint16_t* f, const std::uint8_t* m) {
  spread_bits(f, m, (q + 1) / 2);  // Decompress_1 of a set bit
  PQMUL_KERNEL_BOUND("kyber::neon::decode_message", "output", f, 256, 0, q - 1);
}

void encode_message(std::uint8_t* m, const std::uint16_t* w) {
  std::uint16_t bits[256];
  compress(bits, w, 1);
  encode_1(m, bits);
}

}  // namespace pqmul::kyber::neon
