// AVX2 kernel of the flip-form bitonic network (sort.hpp): element i lives in
// lane i % 8 of vector i / 8. Stages whose partner is in another vector are
// lane-wise min/max of two vectors; stages with a partner in the same vector
// (distance < 8) permute the lanes, take min and max, and blend: the lower
// lane of each pair keeps the minimum. Same comparators as the portable twin,
// less those on vectors of padding only: the padding is the largest value and
// starts at the end, and every comparator puts its maximum at the higher
// index, so it stays there and such comparators exchange nothing.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

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

}  // namespace

void sort_int32_pow2_avx2(std::int32_t* x, std::size_t length, std::size_t live) {
  const std::size_t vectors = length / 8;
  // Vectors from `active` on hold padding only (a public bound, not data).
  const std::size_t active = live >= length ? vectors : (live + 7) / 8;
  const __m256i reverse = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
  for (std::size_t v = 0; v < active; ++v) store(x + 8 * v, sort_vector(load(x + 8 * v)));
  for (std::size_t block = 2; block <= vectors; block *= 2) {  // block in vectors
    // Flip stage: vector j of a block meets vector block-1-j, lanes reversed.
    for (std::size_t base = 0; base < vectors; base += block)
      for (std::size_t j = 0; j < block / 2; ++j) {
        if (base + block - 1 - j >= active) continue;  // the partner is padding
        std::int32_t* lo = x + 8 * (base + j);
        std::int32_t* hi = x + 8 * (base + block - 1 - j);
        const __m256i a = load(lo);
        const __m256i b = _mm256_permutevar8x32_epi32(load(hi), reverse);
        store(lo, _mm256_min_epi32(a, b));
        store(hi, _mm256_permutevar8x32_epi32(_mm256_max_epi32(a, b), reverse));
      }
    for (std::size_t stride = block / 4; stride > 0; stride /= 2)  // in vectors
      for (std::size_t base = 0; base < vectors; base += 2 * stride)
        for (std::size_t j = 0; j < stride; ++j) {
          if (base + stride + j >= active) continue;
          std::int32_t* lo = x + 8 * (base + j);
          std::int32_t* hi = x + 8 * (base + stride + j);
          const __m256i a = load(lo), b = load(hi);
          store(lo, _mm256_min_epi32(a, b));
          store(hi, _mm256_max_epi32(a, b));
        }
    for (std::size_t v = 0; v < active; ++v) store(x + 8 * v, finish_vector(load(x + 8 * v)));
  }
}

}  // namespace pqmul::ntru
