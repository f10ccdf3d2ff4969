// Moving sponge blocks into and out of four lane-interleaved Keccak states
// with AVX2 (declared in keccak_multiway.hpp). The permutation kernels store
// and load the states as whole 256-bit vectors; writing the input words of
// one state with 64-bit stores between two calls makes those vector loads
// wait for the stores to reach the cache (no store-to-load forwarding across
// several stores). Here the words of the four states are read row by row with
// vector loads and transposed in registers, so every state vector is written
// by one vector store. Only the kernels live here (see cmake/simd.cmake).
#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

using V = __m256i;

inline std::size_t words_from(std::size_t words, std::size_t first) { return words > first ? words - first : 0; }

// Words first .. first + 3 of a block of `words` words at `block`; zeros past its end.
// (The pointer is formed only for words that exist: idle lanes may pass null.
// A partial group is read with 64- and 128-bit loads: the AVX2 masked load
// and store are slow on some CPUs, AMD's in particular.)
inline V load_words(const std::uint8_t* block, std::size_t words, std::size_t first) {
  const std::size_t count = words_from(words, first);
  if (count == 0) return _mm256_setzero_si256();
  const std::uint8_t* p = block + 8 * first;
  if (count >= 4) return _mm256_loadu_si256(reinterpret_cast<const V*>(p));
  const __m128i low = count == 1 ? _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))
                                 : _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i high = count == 3 ? _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 16)) : _mm_setzero_si128();
  return _mm256_set_m128i(high, low);
}

inline void store_words(std::uint8_t* block, std::size_t words, std::size_t first, V row) {
  const std::size_t count = words_from(words, first);
  if (count == 0) return;
  std::uint8_t* p = block + 8 * first;
  if (count >= 4) {
    _mm256_storeu_si256(reinterpret_cast<V*>(p), row);
    return;
  }
  const __m128i low = _mm256_castsi256_si128(row);
  if (count == 1) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(p), low);
    return;
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), low);
  if (count == 3) _mm_storel_epi64(reinterpret_cast<__m128i*>(p + 16), _mm256_extracti128_si256(row, 1));
}

// 4 x 4 transpose of 64-bit words: row k of the input becomes column k.
inline void transpose(V& a, V& b, V& c, V& d) {
  const V ab_lo = _mm256_unpacklo_epi64(a, b), ab_hi = _mm256_unpackhi_epi64(a, b);
  const V cd_lo = _mm256_unpacklo_epi64(c, d), cd_hi = _mm256_unpackhi_epi64(c, d);
  a = _mm256_permute2x128_si256(ab_lo, cd_lo, 0x20);
  b = _mm256_permute2x128_si256(ab_hi, cd_hi, 0x20);
  c = _mm256_permute2x128_si256(ab_lo, cd_lo, 0x31);
  d = _mm256_permute2x128_si256(ab_hi, cd_hi, 0x31);
}

}  // namespace

void keccak_xor_lanes_x4_avx2(std::uint64_t* states, const std::uint8_t* const* in, const std::size_t* words,
                              unsigned reset) {
  // keep: all ones in the states that are not reset.
  const V keep = _mm256_set_epi64x(reset & 8 ? 0 : -1, reset & 4 ? 0 : -1, reset & 2 ? 0 : -1, reset & 1 ? 0 : -1);
  V* s = reinterpret_cast<V*>(states);
  // Without a reset, only the groups of four words that some input reaches.
  const std::size_t reach = reset != 0 ? 24 : std::max(std::max(words[0], words[1]), std::max(words[2], words[3]));
  for (std::size_t w = 0; w < reach; w += 4) {
    V r0 = load_words(in[0], words[0], w);
    V r1 = load_words(in[1], words[1], w);
    V r2 = load_words(in[2], words[2], w);
    V r3 = load_words(in[3], words[3], w);
    transpose(r0, r1, r2, r3);
    _mm256_store_si256(s + w, _mm256_xor_si256(_mm256_and_si256(_mm256_load_si256(s + w), keep), r0));
    _mm256_store_si256(s + w + 1, _mm256_xor_si256(_mm256_and_si256(_mm256_load_si256(s + w + 1), keep), r1));
    _mm256_store_si256(s + w + 2, _mm256_xor_si256(_mm256_and_si256(_mm256_load_si256(s + w + 2), keep), r2));
    _mm256_store_si256(s + w + 3, _mm256_xor_si256(_mm256_and_si256(_mm256_load_si256(s + w + 3), keep), r3));
  }
  // Word 24 (never inside a rate, which is below 200 bytes): only the reset.
  if (reset != 0) _mm256_store_si256(s + 24, _mm256_and_si256(_mm256_load_si256(s + 24), keep));
}

void keccak_extract_lanes_x4_avx2(const std::uint64_t* states, std::size_t stride, std::uint8_t* const* out,
                                  const std::size_t* words) {
  // One lane alone (a long output squeezed by itself, as Saber's matrix
  // stream mostly is): its words one by one; the transposes would do the
  // work of four lanes for it.
  const int lanes_out = (words[0] != 0) + (words[1] != 0) + (words[2] != 0) + (words[3] != 0);
  if (lanes_out == 1) {
    const std::size_t lane = words[0] != 0 ? 0 : words[1] != 0 ? 1 : words[2] != 0 ? 2 : 3;
    for (std::size_t w = 0; w < words[lane]; ++w) std::memcpy(out[lane] + 8 * w, states + stride * w + lane, 8);
    return;
  }
  auto row = [&](std::size_t w) { return _mm256_load_si256(reinterpret_cast<const V*>(states + stride * w)); };
  for (std::size_t w = 0; w < 24; w += 4) {
    if (words[0] <= w && words[1] <= w && words[2] <= w && words[3] <= w) break;
    V r0 = row(w), r1 = row(w + 1), r2 = row(w + 2), r3 = row(w + 3);
    transpose(r0, r1, r2, r3);
    store_words(out[0], words[0], w, r0);
    store_words(out[1], words[1], w, r1);
    store_words(out[2], words[2], w, r2);
    store_words(out[3], words[3], w, r3);
  }
}

}  // namespace pqmul::keccak
