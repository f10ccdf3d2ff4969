// AVX2 kernels of NTRU's byte encodings (pack_kernels.hpp). The inputs are
// first copied into zero-padded buffers, so every group of coefficients goes
// through the same whole-register code, and only the requested bytes or
// coefficients are copied out.
#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pqmul/schemes/ntru/pack_kernels.hpp"

namespace pqmul::ntru::kernels {
namespace {

using V = __m256i;

constexpr std::size_t max_coefficients = 1024;  // n <= 821 for every parameter set
constexpr std::size_t max_bytes = 2 * max_coefficients;

inline V set16(std::uint16_t c) { return _mm256_set1_epi16(static_cast<std::int16_t>(c)); }

inline V mod3(V x) {  // x < 2^16
  const V quotient = _mm256_srli_epi16(_mm256_mulhi_epu16(x, set16(43691)), 1);
  return _mm256_sub_epi16(x, _mm256_mullo_epi16(quotient, set16(3)));
}

// 16 words (values < 256) -> 16 bytes.
inline __m128i narrow(V v) {
  return _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi16(v, v), 0xD8));
}

// Eight `bits`-bit fields from p (lanes 0..3) and p + half (lanes 4..7) into
// 32-bit lanes: a byte shuffle brings each field's four bytes into its lane,
// a variable shift aligns it, a mask cuts it.
// (Its shuffles and shifts are tabulated at compile time for every width: built
// on each call, their narrower stores stalled the vector loads.)
struct FieldTables {
  alignas(32) std::uint8_t index[32];
  alignas(32) std::uint32_t shift[8];
};

constexpr std::array<FieldTables, 17> make_field_tables() {
  std::array<FieldTables, 17> tables{};
  for (unsigned bits = 1; bits <= 16; ++bits) {
    const unsigned half = (4 * bits) / 8;
    for (unsigned i = 0; i < 8; ++i) {
      const unsigned start = (bits * i) / 8 - (i < 4 ? 0 : half);
      for (unsigned b = 0; b < 4; ++b) tables[bits].index[4 * i + b] = static_cast<std::uint8_t>(start + b);
      tables[bits].shift[i] = (bits * i) % 8;
    }
  }
  return tables;
}

alignas(32) constexpr std::array<FieldTables, 17> field_tables = make_field_tables();

struct FieldReader {
  V index, shift, mask;
  std::size_t half;
  explicit FieldReader(unsigned bits)
      : index(_mm256_load_si256(reinterpret_cast<const V*>(field_tables[bits].index))),
        shift(_mm256_load_si256(reinterpret_cast<const V*>(field_tables[bits].shift))),
        mask(_mm256_set1_epi32(static_cast<int>((std::uint32_t{1} << bits) - 1))),
        half((4 * bits) / 8) {}
  V operator()(const std::uint8_t* p) const {
    const V bytes = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(p + half),
                                        reinterpret_cast<const __m128i*>(p));
    return _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(bytes, index), shift), mask);
  }
};

// 16 coefficients of `Bits` bits (16-bit lanes, already reduced) -> 2 * Bits
// bytes at out (32 bytes are written; the ones past 2 * Bits are zero).
template <unsigned Bits>
inline void pack16(V v, std::uint8_t* out) {
  const V low16 = _mm256_set1_epi32(0xffff);
  const V pairs = _mm256_or_si256(_mm256_and_si256(v, low16), _mm256_slli_epi32(_mm256_srli_epi32(v, 16), Bits));
  const V low32 = _mm256_set1_epi64x(0xffffffff);
  const V quads =
      _mm256_or_si256(_mm256_and_si256(pairs, low32), _mm256_slli_epi64(_mm256_srli_epi64(pairs, 32), 2 * Bits));
  // Per 128-bit half: low quad | high quad << 4 * Bits, as a 128-bit shift.
  const V zero = _mm256_setzero_si256();
  const V high = _mm256_slli_epi64(_mm256_unpackhi_epi64(quads, zero), (4 * Bits) % 8);
  const V eight = _mm256_or_si256(_mm256_unpacklo_epi64(quads, zero), _mm256_slli_si256(high, (4 * Bits) / 8));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(eight));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + Bits), _mm256_extracti128_si256(eight, 1));
}

template <unsigned Bits>
void pack_bits_fixed(const std::uint16_t* a, std::size_t count, std::uint8_t* out, std::size_t out_bytes) {
  alignas(32) std::uint16_t in[max_coefficients + 16] = {};
  std::memcpy(in, a, count * sizeof(std::uint16_t));
  std::uint8_t bytes[max_bytes + 32];
  const V mask = set16(static_cast<std::uint16_t>((1u << Bits) - 1));
  for (std::size_t i = 0; i < count; i += 16)
    pack16<Bits>(_mm256_and_si256(_mm256_load_si256(reinterpret_cast<const V*>(in + i)), mask),
                 bytes + (i / 16) * 2 * Bits);
  std::memcpy(out, bytes, out_bytes);
}

// Digit (k % 5) of byte (k / 5) for the 80 trits of 16 bytes, in five
// registers of 16 word lanes: byte shuffles (of the 16 bytes copied to both
// halves), then floor(byte / 3^j) as a high product with ceil(2^16 / 3^j)
// (j = 0: the byte itself), then mod 3.
// (Tables fixed at compile time and read in place: built on each call, or
// copied to the stack, their narrower stores stalled the vector loads.)
struct TritTables {
  alignas(32) std::uint8_t index[5][32];
  alignas(32) std::uint16_t reciprocal[5][16];
  alignas(32) std::uint16_t keep[5][16];
};

constexpr TritTables make_trit_tables() {
  constexpr std::uint16_t recip[5] = {0, 21846, 7282, 2428, 810};
  TritTables tables{};
  for (unsigned t = 0; t < 5; ++t)
    for (unsigned l = 0; l < 16; ++l) {
      const unsigned position = 16 * t + l;
      tables.index[t][2 * l] = static_cast<std::uint8_t>(position / 5);
      tables.index[t][2 * l + 1] = 0x80;
      tables.reciprocal[t][l] = recip[position % 5];
      tables.keep[t][l] = position % 5 == 0 ? 0xffff : 0;
    }
  return tables;
}

alignas(32) constexpr TritTables trit_tables = make_trit_tables();

inline V table_row(const void* row) { return _mm256_load_si256(static_cast<const V*>(row)); }

}  // namespace

std::uint32_t unpack_bits_avx2(const std::uint8_t* in, std::size_t in_bytes, std::size_t count, unsigned bits,
                               std::uint16_t* out) {
  alignas(32) std::uint8_t padded[max_bytes + 64] = {};
  std::memcpy(padded, in, in_bytes);
  alignas(32) std::uint16_t words[max_coefficients + 16];
  const FieldReader read(bits);
  for (std::size_t i = 0; i < count; i += 16) {
    const std::uint8_t* p = padded + (i / 8) * bits;
    const V packed = _mm256_packus_epi32(read(p), read(p + bits));
    _mm256_store_si256(reinterpret_cast<V*>(words + i), _mm256_permute4x64_epi64(packed, 0xD8));
  }
  // Coefficients past count would read bits beyond the encoding: zero them.
  for (std::size_t i = count; i < (count + 15) / 16 * 16; ++i) words[i] = 0;
  V sum = _mm256_setzero_si256();
  for (std::size_t i = 0; i < count; i += 16) {
    const V w = _mm256_load_si256(reinterpret_cast<const V*>(words + i));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(w, set16(1)));
  }
  alignas(32) std::uint32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<V*>(lanes), sum);
  std::memcpy(out, words, count * sizeof(std::uint16_t));
  std::uint32_t total = 0;
  for (std::uint32_t lane : lanes) total += lane;
  return total;
}

void pack_bits_avx2(const std::uint16_t* a, std::size_t count, unsigned bits, std::uint8_t* out,
                    std::size_t out_bytes) {
  if (bits == 11)
    pack_bits_fixed<11>(a, count, out, out_bytes);
  else if (bits == 12)
    pack_bits_fixed<12>(a, count, out, out_bytes);
  else
    pack_bits_fixed<13>(a, count, out, out_bytes);
}

void unpack_s3_avx2(const std::uint8_t* in, std::size_t in_bytes, std::size_t count, std::uint8_t* out) {
  alignas(16) std::uint8_t padded[max_coefficients / 5 + 32] = {};
  std::memcpy(padded, in, in_bytes);
  std::uint8_t trits[5 * (max_coefficients / 5 + 32)];
  static_assert(sizeof(trits) >= 5 * sizeof(padded));
  for (std::size_t b = 0; b < in_bytes; b += 16) {
    const V bytes = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(padded + b)));
    for (unsigned t = 0; t < 5; ++t) {
      const V c = _mm256_shuffle_epi8(bytes, table_row(trit_tables.index[t]));
      const V quotient = _mm256_or_si256(_mm256_mulhi_epu16(c, table_row(trit_tables.reciprocal[t])),
                                         _mm256_and_si256(c, table_row(trit_tables.keep[t])));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(trits + 5 * b + 16 * t), narrow(mod3(quotient)));
    }
  }
  std::memcpy(out, trits, count);
}

// Four keys from 15 bytes b (per 128-bit lane): key j is the dword at byte
// main_j shifted up by up_j (key 3: its low two bits cleared), with the top
// bits of the dword below it (at byte previous_j, shifted down by down_j,
// masked) in the two to six bits that shift left empty: key 1 takes bits 6, 7
// of b[3], key 2 bits 4 .. 7 of b[7].
void fixed_type_keys_avx2(const std::uint8_t* u, std::size_t count, std::int32_t* keys) {
  const std::size_t groups = count / 4, bytes = 15 * groups;
  // The last group (its 16-byte load would read past u), and zeros after it.
  alignas(32) std::uint8_t tail[32] = {};
  if (groups != 0) std::memcpy(tail, u + bytes - 15, 15);
  const V main = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 12, 13, 14,  //
                                  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 12, 13, 14);
  const V previous = _mm256_setr_epi8(0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3,  //
                                      0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3);
  const V up = _mm256_setr_epi32(2, 4, 6, 0, 2, 4, 6, 0), down = _mm256_setr_epi32(0, 28, 26, 0, 0, 28, 26, 0);
  const V keep_main = _mm256_setr_epi32(-1, -1, -1, -4, -1, -1, -1, -4);
  const V keep_previous = _mm256_setr_epi32(0, 0xC, 0x3C, 0, 0, 0xC, 0x3C, 0);
  auto group = [&](std::size_t g) { return g + 1 < groups ? u + 15 * g : g + 1 == groups ? tail : tail + 16; };
  for (std::size_t g = 0; g < groups; g += 2) {
    const std::uint8_t* second = group(g + 1);
    const V b = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(second),
                                    reinterpret_cast<const __m128i*>(group(g)));
    const V high = _mm256_and_si256(_mm256_sllv_epi32(_mm256_shuffle_epi8(b, main), up), keep_main);
    const V low = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(b, previous), down), keep_previous);
    const V key = _mm256_or_si256(high, low);
    if (g + 1 < groups)
      _mm256_storeu_si256(reinterpret_cast<V*>(keys + 4 * g), key);
    else
      _mm_storeu_si128(reinterpret_cast<__m128i*>(keys + 4 * g), _mm256_castsi256_si128(key));
  }
}

}  // namespace pqmul::ntru::kernels
