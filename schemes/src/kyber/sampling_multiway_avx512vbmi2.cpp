// SampleNTT's rejection step and SamplePolyCBD_eta with AVX-512 VBMI / VBMI2
// (declared in sampling_multiway.hpp). Rejection, 32 candidates per step: a
// byte permute spreads 48 bytes into 32 overlapping 16-bit words, a variable
// shift and a mask cut the 12-bit candidates, and the word compress writes the
// accepted ones in order, where the AVX2 kernel needs a table of shuffles per
// 8 candidates. CBD, 64 coefficients per step: each coefficient's 2 eta bits
// are cut out as one field and looked up in a table of (ones in the low half)
// - (ones in the high half). Only the kernels live here (see cmake/simd.cmake).
// gcc 12's AVX-512 intrinsic headers start some results from an undefined
// vector, which its flow analysis reports; nothing here reads such lanes.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/schemes/kyber/sampling_multiway.hpp"

namespace pqmul::kyber {
namespace {

constexpr std::uint16_t modulus = 3329;

// Word w of a step takes bytes (3t, 3t + 1) for w = 2t (low 12 bits) and
// (3t + 1, 3t + 2) for w = 2t + 1 (high 12 bits, shifted down by 4). A
// compile-time table: built per call, its byte stores stalled the vector load.
struct SpreadIndex {
  alignas(64) std::uint8_t byte[64];
};
constexpr SpreadIndex make_spread_index() {
  SpreadIndex index{};
  for (int w = 0; w < 32; ++w) {
    const int t = w / 2, low = 3 * t + (w % 2);
    index.byte[2 * w] = static_cast<std::uint8_t>(low);
    index.byte[2 * w + 1] = static_cast<std::uint8_t>(low + 1);
  }
  return index;
}
constexpr SpreadIndex spread_index = make_spread_index();

// CBD tables: entry v (a 2 eta-bit field) holds popcount(low eta bits) -
// popcount(high eta bits), as int8. vpermb reads only the low 6 index bits of
// a byte, so eta = 3 fields need no masking; eta = 2 fields are nibbles.
struct CbdTable {
  alignas(64) std::int8_t entry[64];
};
constexpr CbdTable make_cbd_table(unsigned eta) {
  CbdTable t{};
  for (unsigned v = 0; v < 64; ++v) {
    const unsigned field = v & ((1u << (2 * eta)) - 1);
    int ones_low = 0, ones_high = 0;
    for (unsigned b = 0; b < eta; ++b) {
      ones_low += static_cast<int>((field >> b) & 1u);
      ones_high += static_cast<int>((field >> (eta + b)) & 1u);
    }
    t.entry[v] = static_cast<std::int8_t>(ones_low - ones_high);
  }
  return t;
}
constexpr CbdTable cbd2_table = make_cbd_table(2), cbd3_table = make_cbd_table(3);

// eta = 3, step i (48 bytes at 48 i, 64 coefficients): 32-bit lane g takes
// bytes 48 i + 3 g .. 48 i + 3 g + 2 (its four 6-bit fields at bits 0, 6, 12,
// 18), as indices into the 128 bytes of the two 64-byte windows the step
// reads: window i * 3 / 4 and the next (bytes 64 w .. 64 w + 127).
struct SpreadTables {
  alignas(64) std::uint8_t index[4][64];
};
constexpr SpreadTables make_cbd3_spread() {
  SpreadTables t{};
  for (int step = 0; step < 4; ++step) {
    const int window_start = 64 * ((3 * step) / 4);
    for (int g = 0; g < 16; ++g)
      for (int b = 0; b < 4; ++b)
        t.index[step][4 * g + b] = static_cast<std::uint8_t>(48 * step + 3 * g + (b < 3 ? b : 2) - window_start);
  }
  return t;
}
constexpr SpreadTables cbd3_spread = make_cbd3_spread();

// 64 bytes at p from two 256-bit loads, which (unlike one 512-bit load) can
// take their data from the Keccak extraction's 256-bit stores in flight.
inline __m512i load_64(const std::uint8_t* p) {
  const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
  return _mm512_inserti64x4(_mm512_castsi256_si512(low), high, 1);
}

// 64 int8 values in [-eta, eta] -> coefficients mod q (two 512-bit stores).
inline void store_mod_q(std::uint16_t* coeffs, __m512i values) {
  const __m512i q = _mm512_set1_epi16(static_cast<short>(modulus));
  const __m512i first = _mm512_cvtepi8_epi16(_mm512_castsi512_si256(values));
  const __m512i second = _mm512_cvtepi8_epi16(_mm512_extracti64x4_epi64(values, 1));
  _mm512_storeu_si512(coeffs, _mm512_mask_add_epi16(first, _mm512_movepi16_mask(first), first, q));
  _mm512_storeu_si512(coeffs + 32, _mm512_mask_add_epi16(second, _mm512_movepi16_mask(second), second, q));
}

}  // namespace

void kyber_cbd_avx512vbmi(std::uint16_t* coeffs, const std::uint8_t* bytes, unsigned eta) {
  if (eta == 2) {
    // 32 bytes -> 64 coefficients: coefficient 2 b is the low nibble of byte
    // b, 2 b + 1 the high one; the nibbles are interleaved back in order.
    const __m512i table = _mm512_load_si512(cbd2_table.entry);
    // Byte 2 b takes byte b of the low nibbles, byte 2 b + 1 byte b of the
    // high ones (index 64 + b).
    const __m512i interleave = _mm512_set_epi8(
        95, 31, 94, 30, 93, 29, 92, 28, 91, 27, 90, 26, 89, 25, 88, 24, 87, 23, 86, 22, 85, 21, 84, 20, 83, 19, 82,
        18, 81, 17, 80, 16, 79, 15, 78, 14, 77, 13, 76, 12, 75, 11, 74, 10, 73, 9, 72, 8, 71, 7, 70, 6, 69, 5, 68, 4,
        67, 3, 66, 2, 65, 1, 64, 0);
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    for (int step = 0; step < 4; ++step) {
      const auto* chunk = reinterpret_cast<const __m256i*>(bytes + 32 * step);
      const __m512i in = _mm512_castsi256_si512(_mm256_loadu_si256(chunk));
      const __m512i low = _mm512_and_si512(in, nibble);
      const __m512i high = _mm512_and_si512(_mm512_srli_epi16(in, 4), nibble);
      const __m512i fields = _mm512_permutex2var_epi8(low, interleave, high);
      store_mod_q(coeffs + 64 * step, _mm512_permutexvar_epi8(fields, table));
    }
    return;
  }
  // eta = 3: 48 bytes -> 64 coefficients per step; the 192 bytes as three
  // 64-byte windows.
  const __m512i table = _mm512_load_si512(cbd3_table.entry);
  const __m512i window[3] = {load_64(bytes), load_64(bytes + 64), load_64(bytes + 128)};
  // The four 6-bit fields of each 32-bit lane, at bits 0, 6, 12, 18 of the
  // even lane and 32, 38, 44, 50 of the odd lane of each 64-bit word.
  const __m512i field_offsets = _mm512_set1_epi64(0x322C2620'120C0600);
  for (int step = 0; step < 4; ++step) {
    const int w = (3 * step) / 4;
    const __m512i index = _mm512_load_si512(cbd3_spread.index[step]);
    const __m512i lanes =
        w < 2 ? _mm512_permutex2var_epi8(window[w], index, window[w + 1]) : _mm512_permutexvar_epi8(index, window[2]);
    const __m512i fields = _mm512_multishift_epi64_epi8(field_offsets, lanes);
    store_mod_q(coeffs + 64 * step, _mm512_permutexvar_epi8(fields, table));
  }
}

std::size_t kyber_rej_uniform_avx512vbmi2(std::uint16_t* coeffs, std::size_t filled, const std::uint8_t* bytes,
                                          std::size_t length) {
  const __m512i index = _mm512_load_si512(spread_index.byte);
  const __m512i shifts = _mm512_set1_epi32(0x00040000);  // 0 for even words, 4 for odd
  const __m512i low12 = _mm512_set1_epi16(0x0FFF);
  const __m512i bound = _mm512_set1_epi16(static_cast<short>(modulus));
  std::size_t b = 0;
  while (filled < 256 && b + 3 <= length) {
    // Up to 16 groups of 3 bytes: masked loads never touch bytes past the end,
    // and candidates from missing groups are masked off.
    const std::size_t groups = (length - b) / 3 < 16 ? (length - b) / 3 : 16;
    const __mmask64 load_mask = groups == 16 ? (__mmask64{1} << 48) - 1 : (__mmask64{1} << (3 * groups)) - 1;
    const __m512i raw = _mm512_maskz_loadu_epi8(load_mask, bytes + b);
    const __m512i words = _mm512_permutexvar_epi8(index, raw);
    const __m512i candidates = _mm512_and_si512(_mm512_srlv_epi16(words, shifts), low12);
    const __mmask32 valid = groups == 16 ? ~__mmask32{0} : (__mmask32{1} << (2 * groups)) - 1;
    const __mmask32 accept = _mm512_mask_cmplt_epu16_mask(valid, candidates, bound);
    // The first (256 - filled) accepted candidates, in order.
    const std::size_t room = 256 - filled;
    const auto found = static_cast<std::size_t>(_mm_popcnt_u32(accept));
    const std::size_t taken = found < room ? found : room;
    const __mmask32 store_mask = taken == 32 ? ~__mmask32{0} : (__mmask32{1} << taken) - 1;
    _mm512_mask_storeu_epi16(coeffs + filled, store_mask, _mm512_maskz_compress_epi16(accept, candidates));
    filled += taken;
    b += 3 * groups;
  }
  return filled;
}

}  // namespace pqmul::kyber
