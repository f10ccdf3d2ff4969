// Part of the toom4-k2 kernels (toom4k2_kernels.inl): the shapes of the
// pieces and leaves, the 16-bit lane operations on 256-bit registers, and the
// dispatch from run-time sizes to fully unrolled templates.
#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/toom_simd_kernels.hpp"

namespace pqmul::PQMUL_TOOM_KERNELS {
namespace {

using V = __m256i;

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
std::size_t groups_of_leaves(std::size_t leaves) { return (leaves + 15) / 16; }

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

inline V load(const void* p) { return _mm256_loadu_si256(static_cast<const V*>(p)); }
inline void store(void* p, V v) { _mm256_storeu_si256(static_cast<V*>(p), v); }
inline V add(V a, V b) { return _mm256_add_epi16(a, b); }
inline V sub(V a, V b) { return _mm256_sub_epi16(a, b); }
inline V mul(V a, V b) { return _mm256_mullo_epi16(a, b); }
inline V shl(V a, int s) { return _mm256_slli_epi16(a, s); }
inline V set(std::int16_t c) { return _mm256_set1_epi16(c); }

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
