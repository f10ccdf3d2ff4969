// AVX2 kernel of the flip-form bitonic network (sort.hpp): element i lives in
// lane i % 8 of vector i / 8. Stages whose partner is in another vector are
// lane-wise min/max of two vectors; stages with a partner in the same vector
// (distance < 8) permute the lanes, take min and max, and blend: the lower
// lane of each pair keeps the minimum. Groups of eight vectors go through all
// their stages in registers: the sort up to blocks of 64 keys in one pass, and
// the last three vector stages of every later merge with the in-vector ones;
// the stages before go two at a time on sets of four vectors. (Each pass over
// memory costs a store per vector, one a cycle.)
// Same comparators as the portable twin, less those on vectors of padding
// only: the padding is the largest value and starts at the end, and every
// comparator puts its maximum at the higher index, so it stays there and such
// comparators exchange nothing. (A group holding padding runs whole: its
// comparators on padding exchange nothing either.)
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>

namespace pqmul::ntru {
namespace {

// One in-vector stage: lane l meets lane l ^ partner; the lanes with
// UpperLanes set in the blend mask take the maximum.
template <int UpperLanes>
inline __m256i in_vector_stage(__m256i x, __m256i partner) {
  const __m256i p = _mm256_permutevar8x32_epi32(x, partner);
  return _mm256_blend_epi32(_mm256_min_epi32(x, p), _mm256_max_epi32(x, p), UpperLanes);
}

// The stages of distance 4, 2, 1 that end every merge of block size >= 8.
inline __m256i finish_vector(__m256i x) {
  x = in_vector_stage<0xF0>(x, _mm256_setr_epi32(4, 5, 6, 7, 0, 1, 2, 3));
  x = in_vector_stage<0xCC>(x, _mm256_setr_epi32(2, 3, 0, 1, 6, 7, 4, 5));
  return in_vector_stage<0xAA>(x, _mm256_setr_epi32(1, 0, 3, 2, 5, 4, 7, 6));
}

// Blocks of 2, 4 and 8 inside one vector (flip stages l ^ 1, l ^ 3, l ^ 7).
inline __m256i sort_vector(__m256i x) {
  x = in_vector_stage<0xAA>(x, _mm256_setr_epi32(1, 0, 3, 2, 5, 4, 7, 6));
  x = in_vector_stage<0xCC>(x, _mm256_setr_epi32(3, 2, 1, 0, 7, 6, 5, 4));
  x = in_vector_stage<0xAA>(x, _mm256_setr_epi32(1, 0, 3, 2, 5, 4, 7, 6));
  x = in_vector_stage<0xF0>(x, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0));
  x = in_vector_stage<0xCC>(x, _mm256_setr_epi32(2, 3, 0, 1, 6, 7, 4, 5));
  return in_vector_stage<0xAA>(x, _mm256_setr_epi32(1, 0, 3, 2, 5, 4, 7, 6));
}

inline __m256i load(const std::int32_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }
inline void store(std::int32_t* p, __m256i v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }

inline __m256i reversed(__m256i x) { return _mm256_permutevar8x32_epi32(x, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0)); }

// Comparators between whole vectors: lane-wise, and the flip form (lo meets
// hi with its lanes reversed).
inline void compare(__m256i& lo, __m256i& hi) {
  const __m256i min = _mm256_min_epi32(lo, hi);
  hi = _mm256_max_epi32(lo, hi);
  lo = min;
}
inline void compare_flipped(__m256i& lo, __m256i& hi) {
  const __m256i b = reversed(hi);
  hi = reversed(_mm256_max_epi32(lo, b));
  lo = _mm256_min_epi32(lo, b);
}

// Vectors i < k of x: lane-wise, or the flip stage (k's lanes reversed).
template <bool Flip>
inline void two_vectors(std::int32_t* x, std::size_t i, std::size_t k) {
  __m256i lo = load(x + 8 * i), hi = load(x + 8 * k);
  if constexpr (Flip)
    compare_flipped(lo, hi);
  else
    compare(lo, hi);
  store(x + 8 * i, lo);
  store(x + 8 * k, hi);
}

// Four vectors v0 < v1 < v2 < v3 through two stages: first v0 meets v3 and
// v1 meets v2 in the flip stage, or v0 meets v2 and v1 meets v3; then v0
// meets v1 and v2 meets v3.
template <bool Flip>
inline void four_vectors(std::int32_t* x, const std::size_t (&index)[4]) {
  __m256i v[4];
  for (int i = 0; i < 4; ++i) v[i] = load(x + 8 * index[i]);
  if constexpr (Flip) {
    compare_flipped(v[0], v[3]);
    compare_flipped(v[1], v[2]);
  } else {
    compare(v[0], v[2]);
    compare(v[1], v[3]);
  }
  compare(v[0], v[1]);
  compare(v[2], v[3]);
  for (int i = 0; i < 4; ++i) store(x + 8 * index[i], v[i]);
}

// Eight vectors (64 keys) stay in registers for several stages, as every
// stage of a pass over memory costs a store per vector, one a cycle.
using Group = __m256i[8];

inline void load_group(Group& v, const std::int32_t* x) {
  for (int i = 0; i < 8; ++i) v[i] = load(x + 8 * i);
}
inline void store_group(std::int32_t* x, const Group& v) {
  for (int i = 0; i < 8; ++i) store(x + 8 * i, v[i]);
}

// The stages of distance 4, 2 and 1 vectors, then those inside the vectors:
// the end of every merge of blocks of 8 vectors or more.
inline void finish_group(Group& v) {
  for (int j = 0; j < 4; ++j) compare(v[j], v[j + 4]);
  for (int j : {0, 1, 4, 5}) compare(v[j], v[j + 2]);
  for (int j = 0; j < 8; j += 2) compare(v[j], v[j + 1]);
  for (int i = 0; i < 8; ++i) v[i] = finish_vector(v[i]);
}

// The network up to blocks of 8 vectors: each vector sorted, then the merges
// of blocks of 2, 4 and 8 vectors.
inline void sort_group(Group& v) {
  for (int i = 0; i < 8; ++i) v[i] = sort_vector(v[i]);
  for (int j = 0; j < 8; j += 2) compare_flipped(v[j], v[j + 1]);
  for (int i = 0; i < 8; ++i) v[i] = finish_vector(v[i]);
  for (int j : {0, 1, 4, 5}) compare_flipped(v[j], v[(j & 4) + 3 - (j & 3)]);
  for (int j = 0; j < 8; j += 2) compare(v[j], v[j + 1]);
  for (int i = 0; i < 8; ++i) v[i] = finish_vector(v[i]);
  for (int j = 0; j < 4; ++j) compare_flipped(v[j], v[7 - j]);
  for (int j : {0, 1, 4, 5}) compare(v[j], v[j + 2]);
  for (int j = 0; j < 8; j += 2) compare(v[j], v[j + 1]);
  for (int i = 0; i < 8; ++i) v[i] = finish_vector(v[i]);
}

}  // namespace

void sort_int32_pow2_avx2(std::int32_t* x, std::size_t length, std::size_t live) {
  if (length < 64) {
    // Below one group: the network of 64 keys on a copy padded with the
    // largest value, whose first `length` keys are the sorted input.
    alignas(32) std::int32_t padded[64];
    for (std::size_t i = 0; i < 64; ++i) padded[i] = i < length ? x[i] : std::numeric_limits<std::int32_t>::max();
    Group v;
    load_group(v, padded);
    sort_group(v);
    store_group(padded, v);
    for (std::size_t i = 0; i < length; ++i) x[i] = padded[i];
    return;
  }
  const std::size_t vectors = length / 8;
  // Vectors from `active` on hold padding only (a public bound, not data).
  const std::size_t active = live >= length ? vectors : (live + 7) / 8;
  Group v;
  for (std::size_t g = 0; g < active; g += 8) {
    load_group(v, x + 8 * g);
    sort_group(v);
    store_group(x + 8 * g, v);
  }
  for (std::size_t block = 16; block <= vectors; block *= 2) {  // block in vectors
    // The flip stage (vector j of a block meets vector block-1-j, lanes
    // reversed) and the stages of distance block/4, block/8, ..., 8 vectors,
    // two at a time on sets of four vectors (the sets whose first vector is
    // padding left out: all four are).
    std::size_t stride = block / 4;
    for (std::size_t base = 0; base < vectors; base += block)
      if (stride < 8) {  // block 16: the flip alone (distance 4 is in finish_group)
        for (std::size_t j = 0; j < block / 2; ++j)
          if (base + block - 1 - j < active) two_vectors<true>(x, base + j, base + block - 1 - j);
      } else {
        for (std::size_t j = 0; j < stride; ++j)
          if (base + j < active)  // j meets block-1-j, j+stride meets block-1-j-stride
            four_vectors<true>(x, {base + j, base + j + stride, base + block - 1 - j - stride, base + block - 1 - j});
      }
    for (stride /= 2; stride >= 8; stride /= 4) {
      const bool two = stride >= 16;  // distances stride and stride/2 together
      const std::size_t span = two ? stride / 2 : stride;
      for (std::size_t base = 0; base < vectors; base += 2 * stride)
        for (std::size_t j = 0; j < span; ++j) {
          if (two) {
            const std::size_t a = base + j, half = stride / 2;
            if (a < active) four_vectors<false>(x, {a, a + half, a + stride, a + stride + half});
          } else if (base + stride + j < active) {  // else the partner is padding
            two_vectors<false>(x, base + j, base + stride + j);
          }
        }
    }
    for (std::size_t g = 0; g < active; g += 8) {
      load_group(v, x + 8 * g);
      finish_group(v);
      store_group(x + 8 * g, v);
    }
  }
}

}  // namespace pqmul::ntru
