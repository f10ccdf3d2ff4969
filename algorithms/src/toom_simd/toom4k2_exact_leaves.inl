// Part of the toom4-k2 kernels (toom4k2_kernels.inl): the evaluation, products
// and interpolation of exact leaves (pieces of m = 5 .. 13 blocks).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pqmul/algorithms/toom_simd_kernels.hpp"

namespace pqmul::PQMUL_TOOM_KERNELS {
namespace {

// --- exact leaves -------------------------------------------------------------
//
// Pieces of m = 5 .. 13 blocks split into leaves of exactly 4m coefficients,
// the 16 quarters of the Toom-4 quarters, not into whole blocks: for
// ntruhps2048677 leaves of 44 coefficients instead of 48, products of 11 rows
// instead of 12. A leaf spans s = ceil(m/4) columns of 16 coefficients (the
// lanes past 4m zero), and every step runs column by column: column c of the
// 16 sub-pieces is a polynomial of 16 units, which Toom-4 over units and two
// Karatsuba levels on to single units evaluate in registers (63 leaves, one
// column each). A leaf product comes back as two segments of 4m coefficients,
// s columns each, and the recombination runs on the columns of the segments.

constexpr std::size_t exact_leaf_count = 63;  // 7 points x 9 Karatsuba leaves
constexpr std::size_t exact_groups = 4;
// Segment columns of all leaf products: 2 per leaf, exact_groups * 16 leaves.
constexpr std::size_t exact_column_units = 2 * 16 * exact_groups;

// Column c of the exact leaves (unit(j) = column c of sub-piece j, lanes past
// the leaf length already clear) -> its rows in the groups.
template <std::size_t M, class Unit>
[[gnu::always_inline]] inline void evaluate_column(Unit unit, std::size_t c, V* groups) {
  constexpr std::size_t S = leaf_blocks_of(M);
  V pieces[7 * 4], evaluated[16 * exact_groups];
  toom4_eval_units(unit, 4, pieces);
  V* end = evaluated;
#pragma GCC unroll 7
  for (std::size_t k = 0; k < 7; ++k) end = karatsuba_eval_fixed<4>(pieces + 4 * k, end);
  evaluated[exact_leaf_count] = zero();
  for (std::size_t g = 0; g < exact_groups; ++g) transpose16(evaluated + 16 * g, groups + (g * S + c) * 16, 1);
}

// groups (the operand: 4 groups of 16s rows) = the exact leaves of the n
// coefficients at a (n <= 64M), transposed column by column as they come.
// Also the evaluation of pieces of M = 4 blocks (Saber), whose single-block
// leaves are exact leaves of 16 coefficients: one column, fully unrolled.
// Not inlined, and everything it calls inlined into it: left to gcc, both
// choices moved with unrelated edits elsewhere in the file, and the same
// evaluation ran at up to 1.7x the ticks for Saber.
template <std::size_t M>
[[gnu::noinline, gnu::flatten]] void evaluate_exact(const std::int16_t* a, std::size_t n, V* groups) {
  constexpr std::size_t length = 4 * M, S = leaf_blocks_of(M);
  if constexpr (length % 16 == 0) {
    // Every sub-piece whole (Saber: M = 4, n = 256): read in place.
    if (15 * length + 16 * S <= n) {
      for (std::size_t c = 0; c < S; ++c)
        evaluate_column<M>([a, c](std::size_t j) { return load(a + length * j + 16 * c); }, c, groups);
      return;
    }
  }
  // Sub-piece j is read in place, or from a zero-padded copy where its
  // columns reach past n.
  alignas(32) std::int16_t tails[16][16 * S];
  const std::int16_t* piece[16];
  for (std::size_t j = 0, copies = 0; j < 16; ++j) {
    const std::size_t start = length * j;
    if (start + 16 * S <= n) {
      piece[j] = a + start;
      continue;
    }
    std::int16_t* tail = tails[copies++];
    const std::size_t have = start < n ? std::min(length, n - start) : 0;
    if (have != 0) std::memcpy(tail, a + start, have * sizeof(std::int16_t));
    std::memset(tail + have, 0, (16 * S - have) * sizeof(std::int16_t));
    piece[j] = tail;
  }
  const V lane = lane_indices();
  for (std::size_t c = 0; c < S; ++c) {
    // The last column reads into the next sub-piece: masked off.
    const V keep = greater(set(static_cast<std::int16_t>(length - 16 * c)), lane);
    V column[16];
#pragma GCC unroll 16
    for (std::size_t j = 0; j < 16; ++j) column[j] = band(load(piece[j] + 16 * c), keep);
    evaluate_column<M>([&column](std::size_t j) { return column[j]; }, c, groups);
  }
}

// out[0 .. 32s) = the lane-wise products of one group (4M rows each); the
// rows past the 8M product rows zero.
template <std::size_t M>
inline void exact_group_product(const V* x, const V* y, V* out) {
  constexpr std::size_t S = leaf_blocks_of(M);
  row_product<M>(x, y, out);
#pragma GCC unroll 16
  for (std::size_t i = 8 * M; i < 32 * S; ++i) out[i] = zero();
}

// Group g's product rows -> products[c * exact_column_units + 2 leaf + segment]
// = column c of that segment of the leaf's product.
template <std::size_t M>
inline void untranspose_group_exact(const V* rows, std::size_t g, V* products) {
  constexpr std::size_t length = 4 * M, S = leaf_blocks_of(M);
  for (std::size_t segment = 0; segment < 2; ++segment)
    for (std::size_t c = 0; c < S; ++c)
      transpose16(rows + length * segment + 16 * c, products + exact_column_units * c + 32 * g + segment, 2);
}

// The segment columns of the leaf products -> out (as interpolate_products).
template <std::size_t M>
void interpolate_exact(const V* products, std::size_t n, bool negacyclic, std::uint16_t q, std::uint16_t* out) {
  constexpr std::size_t length = 4 * M, S = leaf_blocks_of(M);
  V result[S][32];
  // Column c of the 16 sub-pieces' products is a product of pieces of 4 units.
  for (std::size_t c = 0; c < S; ++c) recombine_points<4>(products + exact_column_units * c, result[c]);
  // Segment by segment: a last column's lanes past 4m spill into the next
  // segment, whose first column then overwrites them.
  alignas(32) std::int16_t product[128 * M + 16];
  for (std::size_t u = 0; u < 32; ++u)
    for (std::size_t c = 0; c < S; ++c) store(product + length * u + 16 * c, result[c][u]);
  fold_reduce(product, n, negacyclic, q, out);
}

}  // namespace
}  // namespace pqmul::PQMUL_TOOM_KERNELS
