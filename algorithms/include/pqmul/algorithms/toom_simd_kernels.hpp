#pragma once
// Kernels of Toom-4 + Karatsuba in 16-bit lanes (toom_simd.hpp builds the
// multiplier on them), in two builds of one source: namespace toom_avx2 with
// AVX2 flags, and toom_avx512 (its steps only) with AVX-512VL, whose 32
// registers keep more of the products in registers. Declarations only, so
// portable code may include this header; call toom_avx2 only when
// isa_available(Isa::avx2), toom_avx512 when isa_available(Isa::avx512).
//
// Shape: a polynomial is padded to `blocks` blocks of 16 coefficients (blocks a
// multiple of 4, at most max_blocks). Toom-4 splits it into 4 pieces of
// m = blocks/4 blocks, evaluated at the 7 points inf, 2, 1, -1, 1/2, -1/2, 0
// (the 1/2 points scaled by 8); Karatsuba then splits each piece into "leaves",
// batched 16 at a time (a "group") and stored transposed: row j of a group
// holds coefficient j of its 16 leaves, so that 16 leaf products run side by
// side, one per 16-bit lane. Two kinds of leaves:
// - m = 5 .. 13 (every NTRU set: m = 8, 11, 11, 13): exact leaves.
//   Two Karatsuba levels split each piece at coefficients into 4 leaves of
//   exactly 4m coefficients (halves, order: low, sum, high), 63 leaves in 4
//   groups; a leaf spans s = ceil(m/4) columns of 16 (16s rows, those past 4m
//   zero). Its products go by two more Karatsuba levels, on the rows, to
//   schoolbook products of m rows. Not 16s-coefficient leaves: for
//   ntruhps2048677 that is 44 rows instead of 48.
// - otherwise (Saber's m = 4; 14 .. 16): Karatsuba on to single blocks (halves
//   of ceil/floor size, order: low, sum, high; three blocks a0, a1, a2 by
//   three-way Karatsuba: a0, a1, a2, a0+a1, a0+a2, a1+a2), 16 x 16 schoolbook
//   products.
// Where the split ends matters: every group costs transpositions in and out,
// while Karatsuba on rows needs none, so a few large leaves beat many small
// (ntruhps2048677: 4 groups of 44 rows, not 23 of 16; ntruhps4096821: 4 of
// 52, not 29 of 16).
//
// Arithmetic is mod 2^16 throughout; the interpolation divides by 2, 4, 8
// (shifts) and multiplies by the inverses of 3, 9, 15 mod 2^16, so its results
// are exact mod 2^13 (3 bits lost): valid for any power-of-two q <= 2^13.
// Sums of products (lazy accumulation) wrap mod 2^16 and stay exact mod q.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pqmul::toom_avx2 {

inline constexpr std::size_t max_blocks = 64;
inline constexpr std::size_t group_lanes = 16;

// Whether pieces of m blocks take exact leaves of 4m coefficients.
constexpr bool exact_leaves(std::size_t m) { return m >= 5 && m <= 13; }
// Columns of 16 coefficients (blocks) per leaf.
constexpr std::size_t leaf_blocks(std::size_t m) { return exact_leaves(m) ? (m + 3) / 4 : 1; }
// Leaves of Karatsuba on m blocks down to single blocks.
constexpr std::size_t karatsuba_leaves(std::size_t m) {
  if (m == 1) return 1;
  if (m == 3) return 6;
  const std::size_t h = (m + 1) / 2;
  return 2 * karatsuba_leaves(h) + karatsuba_leaves(m - h);
}
constexpr std::size_t leaf_count(std::size_t blocks) {
  return exact_leaves(blocks / 4) ? 63 : 7 * karatsuba_leaves(blocks / 4);
}
constexpr std::size_t group_count(std::size_t blocks) { return (leaf_count(blocks) + group_lanes - 1) / group_lanes; }
// int16 values of an operand (groups of 16s rows of 16 lanes).
constexpr std::size_t operand_values(std::size_t blocks) {
  return group_count(blocks) * 256 * leaf_blocks(blocks / 4);
}
// The padded length (in blocks) for n coefficients: the least multiple of 4;
// a longer one only makes the leaves longer.
constexpr std::size_t best_blocks(std::size_t n) { return ((n + 15) / 16 + 3) / 4 * 4; }
// The plan catalogue's name for the split of `blocks` (toom_simd.hpp: toom_simd_plan).
constexpr std::string_view plan_name(std::size_t blocks) {
  return blocks == 16 ? "toom4-k2" : exact_leaves(blocks / 4) ? "toom4-k4" : "";
}
// Pieces of 4 blocks (Saber) also run one or two more Karatsuba levels on
// the rows of each group: leaves of 8 or 4 coefficients, the catalogue's
// toom4-k3 and toom4-k4 (the same operands, other products and accumulator
// rows: row_karatsuba_steps_for).
inline constexpr std::size_t row_karatsuba_blocks = 16;
inline constexpr std::size_t max_row_levels = 2;
// With two levels on the rows a group's products are kept apart, the nine
// schoolbook products of 7 rows (64 rows a group), and recombined when the
// accumulator is read: once per output of a matrix-vector product instead of
// once per entry. One level recombines at once.
constexpr bool row_levels_apart(std::size_t levels) { return levels >= 2; }
// Rows of an accumulator group: 32s (the 32s - 1 coefficients of a leaf
// product and a zero row), or 64 where row_levels_apart(levels).
constexpr std::size_t accumulator_group_rows(std::size_t row_levels, std::size_t s = 1) {
  return row_levels_apart(row_levels) ? 64 : 32 * s;
}
// int16 values of an accumulator that a plan with `row_levels` levels on the
// rows writes, and an accumulator's values: the most any plan of the length
// writes.
constexpr std::size_t used_accumulator_values(std::size_t blocks, std::size_t row_levels) {
  return group_count(blocks) * accumulator_group_rows(row_levels, leaf_blocks(blocks / 4)) * group_lanes;
}
constexpr std::size_t accumulator_values(std::size_t blocks) {
  return used_accumulator_values(blocks, blocks == row_karatsuba_blocks ? max_row_levels : 0);
}
// The catalogue's name of the plan with `levels` Karatsuba levels on the rows
// (1 .. max_row_levels), "" for another count.
constexpr std::string_view row_karatsuba_plan(std::size_t levels) {
  return levels == 1 ? "toom4-k3" : levels == 2 ? "toom4-k4" : "";
}
// The kernels' leaf length in coefficients (the schoolbook products' size).
constexpr std::size_t leaf_length(std::size_t blocks) { return exact_leaves(blocks / 4) ? blocks / 4 : 16; }

// --- the steps of one multiplier call -------------------------------------
// a: n coefficients (any 16-bit values); operand: operand_values(blocks).
void evaluate(const std::uint16_t* a, std::size_t n, std::size_t blocks, std::int16_t* operand);
// acc (accumulator_values(blocks)) += x * y, leaf by leaf, mod 2^16.
void multiply_accumulate(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t blocks);
// acc = x * y leaf by leaf: a cleared accumulator and multiply_accumulate,
// with no clearing pass and nothing of acc read.
void multiply(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t blocks);
// out[0..n) = the product the accumulator holds, folded mod x^n - 1 (cyclic)
// or x^n + 1 (negacyclic), reduced mod q (a power of two <= 2^13).
void interpolate(const std::int16_t* acc, std::size_t blocks, std::size_t n, bool negacyclic, std::uint16_t q,
                 std::uint16_t* out);

// The same as a fresh accumulator, multiply_accumulate and interpolate, in
// one call and without an accumulator in memory: out[0..n) = x * y folded and
// reduced mod q as interpolate does (x, y: operand_values(blocks) each).
void multiply_interpolate(const std::int16_t* x, const std::int16_t* y, std::size_t blocks, std::size_t n,
                          bool negacyclic, std::uint16_t q, std::uint16_t* out);

// The four steps of one kernel build, for the multiplier to choose from.
struct Steps {
  decltype(&toom_avx2::evaluate) evaluate;
  decltype(&toom_avx2::multiply_accumulate) multiply_accumulate;
  decltype(&toom_avx2::multiply) multiply;
  decltype(&toom_avx2::interpolate) interpolate;
  decltype(&toom_avx2::multiply_interpolate) multiply_interpolate;
};
extern const Steps steps;
// The steps of one padded length (pieces of blocks/4 blocks), its shape fixed
// when compiled: what a multiplier of that length calls. Any other length (not
// a multiple of 4, or above max_blocks) gets the general steps.
const Steps& steps_for(std::size_t blocks);
// The steps with `levels` Karatsuba levels on the rows (toom4-k3, toom4-k4;
// blocks == row_karatsuba_blocks; throws std::invalid_argument for any other
// length or count).
const Steps& row_karatsuba_steps_for(std::size_t blocks, std::size_t levels);

// --- the pieces, exposed for unit tests ------------------------------------
// Toom-4 evaluation of 4*m blocks (a: 64*m values) into 7 pieces of m blocks
// (w: 7*16*m values, in the point order above).
void toom4_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* w);
// Karatsuba evaluation of m blocks into karatsuba_leaves(m) leaves of one
// block (the split of pieces that do not take exact leaves).
void karatsuba_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* leaves);
// Leaf-major (16s values per leaf) <-> transposed groups of 16 leaves (16s
// rows of 16); missing leaves of the last group are zero.
void transpose_leaves(const std::int16_t* leaves, std::size_t count, std::size_t s, std::int16_t* groups);
// Transposed accumulator groups of one-block leaves (32 rows) -> leaf-major
// products (32 values per leaf).
void untranspose_products(const std::int16_t* acc, std::size_t count, std::int16_t* products);
// acc (groups of 32s rows, s = leaf_blocks(m)) += the lane-wise products of x
// and y (groups of 16s rows): 16 x 16 rows, or 4m x 4m for exact leaves.
void multiply_accumulate_groups(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t groups,
                                std::size_t m);
// The same for single-block leaves by `levels` (1 or 2) Karatsuba levels on
// the rows (the products of toom4-k3 and toom4-k4).
void multiply_accumulate_groups_row_karatsuba(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y,
                                              std::size_t groups, std::size_t levels);
// Karatsuba recombination: karatsuba_leaves(m) leaf products (32 values each)
// -> the product of two m-block operands (32*m values, the last one zero).
void karatsuba_interpolate(const std::int16_t* products, std::size_t m, std::int16_t* out);
// Toom-4 interpolation: 7 pieces (32*m values each, point order above) ->
// the product (128*m values), exact mod 2^13.
void toom4_interpolate(const std::int16_t* w, std::size_t m, std::int16_t* out);

}  // namespace pqmul::toom_avx2

namespace pqmul::toom_avx512 {
extern const toom_avx2::Steps steps;
const toom_avx2::Steps& steps_for(std::size_t blocks);
const toom_avx2::Steps& row_karatsuba_steps_for(std::size_t blocks, std::size_t levels);
}  // namespace pqmul::toom_avx512

// The same kernels on NEON (AArch64 builds; toom4k2_neon.cpp).
namespace pqmul::toom_neon {
extern const toom_avx2::Steps steps;
const toom_avx2::Steps& steps_for(std::size_t blocks);
const toom_avx2::Steps& row_karatsuba_steps_for(std::size_t blocks, std::size_t levels);
}  // namespace pqmul::toom_neon
