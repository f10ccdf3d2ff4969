// AVX2 kernels of ByteDecode_1 / _4 / _5 / _10 / _11 / _12 and ByteEncode of the same widths (declared in
// encode_avx2.hpp). Decoding: 16 coefficients from 24 bytes per step, one
// byte shuffle and a branch-free reduction. Encoding: neighbouring values are
// joined by multiply-add into 2d-bit fields, then bytes are gathered by shuffle.
#include "pqmul/schemes/kyber/encode_avx2.hpp"

#include <immintrin.h>

namespace pqmul::kyber::avx2 {
namespace {

// Coefficients 2m and 2m + 1 of a 128-bit half come from bytes 3m .. 3m + 2
// of its 12 input bytes: lane 2m takes bytes (3m, 3m + 1) and keeps the low
// 12 bits, lane 2m + 1 takes bytes (3m + 1, 3m + 2) and drops the low 4 bits.
// The upper half is loaded 8 bytes early (so the last load ends at byte 384),
// hence its byte indices are 4 higher.
__m256i shuffle_control() {
  alignas(32) std::int8_t c[32];
  for (int half = 0; half < 2; ++half)
    for (int m = 0; m < 4; ++m) {
      const int base = 4 * half + 3 * m;
      c[16 * half + 4 * m] = static_cast<std::int8_t>(base);
      c[16 * half + 4 * m + 1] = static_cast<std::int8_t>(base + 1);
      c[16 * half + 4 * m + 2] = static_cast<std::int8_t>(base + 1);
      c[16 * half + 4 * m + 3] = static_cast<std::int8_t>(base + 2);
    }
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(c));
}

// Stores the low `n` (8 < n <= 12) bytes of a 128-bit value.
template <int N>
void store_low(std::uint8_t* out, __m128i v) {
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out), v);
  if constexpr (N == 12) {
    _mm_storeu_si32(out + 8, _mm_srli_si128(v, 8));
  } else {
    static_assert(N == 10 || N == 11);
    _mm_storeu_si16(out + 8, _mm_srli_si128(v, 8));
    if constexpr (N == 11) out[10] = static_cast<std::uint8_t>(_mm_extract_epi8(v, 10));
  }
}

// 16 values below 2^12 -> 24 bytes: (c0 + 2^12 c1) in each 32-bit lane is 3
// bytes, gathered to the bottom 12 bytes of each half.
// Blocks [begin, end) of 16 values.
void encode_12(std::uint8_t* out, const std::uint16_t* f, std::size_t begin = 0, std::size_t end = 16) {
  const __m256i join = _mm256_set1_epi32(1 | (1 << 12) << 16);
  const __m256i gather = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,  //
                                          0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  for (std::size_t block = begin; block < end; ++block) {
    const __m256i values = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + 16 * block));
    const __m256i bytes = _mm256_shuffle_epi8(_mm256_madd_epi16(values, join), gather);
    store_low<12>(out + 24 * block, _mm256_castsi256_si128(bytes));
    store_low<12>(out + 24 * block + 12, _mm256_extracti128_si256(bytes, 1));
  }
}

// 16 values below 2^10 -> 20 bytes: (c0 + 2^10 c1) in each 32-bit lane, two
// such lanes joined into 40 bits of each 64-bit lane (5 bytes), gathered to
// the bottom 10 bytes of each half.
void encode_10(std::uint8_t* out, const std::uint16_t* f) {
  const __m256i join = _mm256_set1_epi32(1 | (1 << 10) << 16);
  const __m256i low32 = _mm256_set1_epi64x(0xFFFFFFFF);
  const __m256i gather = _mm256_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1,  //
                                          0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1);
  for (int block = 0; block < 16; ++block) {
    const __m256i values = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + 16 * block));
    const __m256i pairs = _mm256_madd_epi16(values, join);
    const __m256i quads =
        _mm256_or_si256(_mm256_and_si256(pairs, low32), _mm256_slli_epi64(_mm256_srli_epi64(pairs, 32), 20));
    const __m256i bytes = _mm256_shuffle_epi8(quads, gather);
    store_low<10>(out + 20 * block, _mm256_castsi256_si128(bytes));
    store_low<10>(out + 20 * block + 10, _mm256_extracti128_si256(bytes, 1));
  }
}

// 16 values below 2^11 -> 22 bytes: (c0 + 2^11 c1) in each 32-bit lane, two
// such lanes joined into 44 bits of each 64-bit lane. The upper 64-bit lane
// of each half is shifted up by 4, so its bytes 0..5 continue the lower
// lane's bytes 0..5 (sharing byte 5, whose halves do not overlap); two
// shuffles and an OR gather the 11 bytes of each half.
void encode_11(std::uint8_t* out, const std::uint16_t* f) {
  const __m256i join = _mm256_set1_epi32(1 | (1 << 11) << 16);
  const __m256i low32 = _mm256_set1_epi64x(0xFFFFFFFF);
  const __m256i nibble_up = _mm256_setr_epi64x(0, 4, 0, 4);
  const __m256i first = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,  //
                                         0, 1, 2, 3, 4, 5, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
  const __m256i second = _mm256_setr_epi8(-1, -1, -1, -1, -1, 8, 9, 10, 11, 12, 13, -1, -1, -1, -1, -1,  //
                                          -1, -1, -1, -1, -1, 8, 9, 10, 11, 12, 13, -1, -1, -1, -1, -1);
  for (int block = 0; block < 16; ++block) {
    const __m256i values = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + 16 * block));
    const __m256i pairs = _mm256_madd_epi16(values, join);
    const __m256i quads =
        _mm256_or_si256(_mm256_and_si256(pairs, low32), _mm256_slli_epi64(_mm256_srli_epi64(pairs, 32), 22));
    const __m256i shifted = _mm256_sllv_epi64(quads, nibble_up);
    const __m256i bytes = _mm256_or_si256(_mm256_shuffle_epi8(shifted, first), _mm256_shuffle_epi8(shifted, second));
    store_low<11>(out + 22 * block, _mm256_castsi256_si128(bytes));
    store_low<11>(out + 22 * block + 11, _mm256_extracti128_si256(bytes, 1));
  }
}

// 32 values below 2^d (d <= 8) as bytes, in order: the 16-bit pack
// interleaves the 128-bit halves, the 64-bit permutation restores the order.
__m256i values_as_bytes(const std::uint16_t* f) {
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + 16));
  return _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xD8);
}

// 32 values below 2^4 -> 16 bytes: byte pairs joined by multiply-add
// (c0 + 16 c1), packed back to bytes.
void encode_4(std::uint8_t* out, const std::uint16_t* f) {
  const __m256i join = _mm256_set1_epi16(1 | (16 << 8));
  for (int block = 0; block < 8; ++block) {
    const __m256i pairs = _mm256_maddubs_epi16(values_as_bytes(f + 32 * block), join);
    const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(pairs, pairs), 0xD8);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * block), _mm256_castsi256_si128(bytes));
  }
}

// 32 values below 2^5 -> 20 bytes: byte pairs joined into 10 bits
// (multiply-add), 16-bit pairs into 20 bits, 32-bit pairs into 40 bits of
// each 64-bit lane (5 bytes), gathered to the bottom 10 bytes of each half.
void encode_5(std::uint8_t* out, const std::uint16_t* f) {
  const __m256i join_bytes = _mm256_set1_epi16(1 | (32 << 8));
  const __m256i join_words = _mm256_set1_epi32(1 | (1 << 10) << 16);
  const __m256i low32 = _mm256_set1_epi64x(0xFFFFFFFF);
  const __m256i gather = _mm256_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1,  //
                                          0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1);
  for (int block = 0; block < 8; ++block) {
    const __m256i tens = _mm256_maddubs_epi16(values_as_bytes(f + 32 * block), join_bytes);
    const __m256i twenties = _mm256_madd_epi16(tens, join_words);
    const __m256i forties = _mm256_or_si256(_mm256_and_si256(twenties, low32),
                                            _mm256_slli_epi64(_mm256_srli_epi64(twenties, 32), 20));
    const __m256i bytes = _mm256_shuffle_epi8(forties, gather);
    store_low<10>(out + 20 * block, _mm256_castsi256_si128(bytes));
    store_low<10>(out + 20 * block + 10, _mm256_extracti128_si256(bytes, 1));
  }
}

// 32 bits (values 0 or 1) -> 4 bytes: the sign bit of each byte after a
// shift by 7, collected by movemask.
void encode_1(std::uint8_t* out, const std::uint16_t* f) {
  for (int block = 0; block < 8; ++block) {
    const __m256i bits = _mm256_slli_epi16(values_as_bytes(f + 32 * block), 7);
    const auto mask = static_cast<std::uint32_t>(_mm256_movemask_epi8(bits));
    for (int byte = 0; byte < 4; ++byte) out[4 * block + byte] = static_cast<std::uint8_t>(mask >> (8 * byte));
  }
}

}  // namespace

bool byte_encode(std::uint8_t* out, const std::uint16_t* f, unsigned d) {
  switch (d) {
    case 1: encode_1(out, f); return true;
    case 4: encode_4(out, f); return true;
    case 5: encode_5(out, f); return true;
    case 10: encode_10(out, f); return true;
    case 11: encode_11(out, f); return true;
    case 12: encode_12(out, f); return true;
    default: return false;
  }
}

void byte_encode_12_part(std::uint8_t* out, const std::uint16_t* f, std::size_t from, std::size_t to) {
  encode_12(out, f, from / 16, to / 16);
}

void byte_decode_12(std::uint16_t* f, const std::uint8_t* in) {
  const __m256i control = shuffle_control();
  const __m256i low12 = _mm256_set1_epi16(0x0FFF);
  const __m256i q = _mm256_set1_epi16(3329);
  for (int block = 0; block < 16; ++block) {
    const std::uint8_t* src = in + 24 * block;
    const __m256i bytes = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src))),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 8)), 1);
    const __m256i pairs = _mm256_shuffle_epi8(bytes, control);
    const __m256i values =
        _mm256_blend_epi16(_mm256_and_si256(pairs, low12), _mm256_srli_epi16(pairs, 4), 0xAA);
    // x mod q for x < 2^12 < 2q: x - q wraps above x when x < q, so the
    // unsigned minimum picks the reduced value.
    const __m256i reduced = _mm256_min_epu16(values, _mm256_sub_epi16(values, q));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(f + 16 * block), reduced);
  }
}

// Value j of a 128-bit half's 10 input bytes starts at bit 10 j: byte
// b = 10 j / 8, bit s = 10 j mod 8 (0, 2, 4, 6, ...), so bytes (b, b + 1) hold
// it. The 16-bit word is multiplied by 2^(6 - s) (the value moves to bits
// 6..15, higher bits fall off) and shifted down by 6. The upper half is loaded
// 6 bytes early so the last load ends at byte 320.
void byte_decode_10(std::uint16_t* f, const std::uint8_t* in) {
  const __m256i control = _mm256_setr_epi8(0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9,  //
                                           6, 7, 7, 8, 8, 9, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15);
  const __m256i align = _mm256_setr_epi16(64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1);
  for (int block = 0; block < 16; ++block) {
    const std::uint8_t* src = in + 20 * block;
    const __m256i bytes = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src))),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 4)), 1);
    const __m256i words = _mm256_shuffle_epi8(bytes, control);
    const __m256i values = _mm256_srli_epi16(_mm256_mullo_epi16(words, align), 6);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(f + 16 * block), values);
  }
}

namespace {
// 8 values of 11 bits in 32-bit lanes from the 16 bytes at `src`, whose bytes
// o .. o + 10 hold them. Value j starts at bit 11 j: bytes b = 11 j / 8 ..
// b + 2 cover it (b + 1 suffices for the last, which ends on a byte), and a
// per-lane shift by 11 j mod 8 brings it down; the mask drops the bits above.
template <int O>
__m256i decode_11_eight(const std::uint8_t* src) {
  const __m256i control = _mm256_setr_epi8(O + 0, O + 1, O + 2, -1, O + 1, O + 2, O + 3, -1,  //
                                           O + 2, O + 3, O + 4, -1, O + 4, O + 5, O + 6, -1,  //
                                           O + 5, O + 6, O + 7, -1, O + 6, O + 7, O + 8, -1,  //
                                           O + 8, O + 9, O + 10, -1, O + 9, O + 10, -1, -1);
  const __m256i shifts = _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5);
  const __m256i bytes = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src)));
  const __m256i words = _mm256_srlv_epi32(_mm256_shuffle_epi8(bytes, control), shifts);
  return _mm256_and_si256(words, _mm256_set1_epi32(0x7FF));
}
}  // namespace

// 16 values from 22 bytes: the second 8 are loaded 5 bytes early so the last
// load ends at byte 352.
void byte_decode_11(std::uint16_t* f, const std::uint8_t* in) {
  for (int block = 0; block < 16; ++block) {
    const std::uint8_t* src = in + 22 * block;
    const __m256i lo = decode_11_eight<0>(src), hi = decode_11_eight<5>(src + 6);
    const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xD8);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(f + 16 * block), packed);
  }
}

// Value j (of 16 per step) of d bits starts at bit d j: byte b = d j / 8,
// bit s = d j mod 8, and s + d <= 16, so bytes (b, b + 1) hold it. The 16-bit
// word is multiplied by 2^(16 - d - s) (the value moves to the top d bits,
// higher bits fall off) and shifted down by 16 - d. One step reads 2 d
// bytes; a 16-byte load would pass the end of the last steps, so those are
// copied to a buffer first.
template <unsigned D>
void decode_small(std::uint16_t* f, const std::uint8_t* in) {
  static_assert(D == 1 || D == 4 || D == 5);
  alignas(32) std::int8_t control[32];
  alignas(32) std::int16_t align[16];
  for (int j = 0; j < 16; ++j) {
    const int bit = static_cast<int>(D) * j, byte = bit / 8, shift = bit % 8;
    control[2 * j] = static_cast<std::int8_t>(byte);
    control[2 * j + 1] = static_cast<std::int8_t>(byte + 1 < 2 * static_cast<int>(D) ? byte + 1 : -1);
    align[j] = static_cast<std::int16_t>(1 << (16 - static_cast<int>(D) - shift));
  }
  // The shuffle works within 128-bit halves: both hold the step's bytes, the
  // upper half's control is that of values 8..15.
  const __m256i select = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(control));
  const __m256i scale = _mm256_load_si256(reinterpret_cast<const __m256i*>(align));
  constexpr int steps = 16, step_bytes = 2 * D;
  for (int step = 0; step < steps; ++step) {
    const std::uint8_t* src = in + step_bytes * step;
    __m128i chunk;
    if ((step + 1) * step_bytes + (16 - step_bytes) <= 32 * static_cast<int>(D)) {
      chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src));
    } else {
      alignas(16) std::uint8_t buffer[16] = {};
      for (int i = 0; i < step_bytes; ++i) buffer[i] = src[i];
      chunk = _mm_load_si128(reinterpret_cast<const __m128i*>(buffer));
    }
    const __m256i words = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(chunk), select);
    const __m256i values = _mm256_srli_epi16(_mm256_mullo_epi16(words, scale), 16 - D);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(f + 16 * step), values);
  }
}

void byte_decode_1(std::uint16_t* f, const std::uint8_t* in) { decode_small<1>(f, in); }
void byte_decode_4(std::uint16_t* f, const std::uint8_t* in) { decode_small<4>(f, in); }
void byte_decode_5(std::uint16_t* f, const std::uint8_t* in) { decode_small<5>(f, in); }

namespace {

// Step k of a 128-bit half (coefficients 16 k .. 16 k + 15 of that half's
// 128): 16-bit lane j takes byte 2 k + j / 8 into its low byte, the high byte
// zeroed.
struct MessageControl {
  alignas(32) std::int8_t byte[8][32];
};
constexpr MessageControl make_message_control() {
  MessageControl c{};
  for (int k = 0; k < 8; ++k)
    for (int j = 0; j < 16; ++j) {
      c.byte[k][2 * j] = static_cast<std::int8_t>(2 * k + j / 8);
      c.byte[k][2 * j + 1] = -1;
    }
  return c;
}
constexpr MessageControl message_control = make_message_control();

}  // namespace

void decode_message(std::uint16_t* f, const std::uint8_t* m) {
  const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(m));
  const __m256i lower = _mm256_permute2x128_si256(bytes, bytes, 0x00);  // bytes 0..15 in both halves
  const __m256i upper = _mm256_permute2x128_si256(bytes, bytes, 0x11);  // bytes 16..31
  const __m256i bit = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128);
  const __m256i half_q = _mm256_set1_epi16(1665);
  for (int step = 0; step < 16; ++step) {
    const __m256i control = _mm256_load_si256(reinterpret_cast<const __m256i*>(message_control.byte[step % 8]));
    const __m256i x = _mm256_shuffle_epi8(step < 8 ? lower : upper, control);
    const __m256i set = _mm256_cmpeq_epi16(_mm256_and_si256(x, bit), bit);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(f + 16 * step), _mm256_and_si256(set, half_q));
  }
}

}  // namespace pqmul::kyber::avx2
