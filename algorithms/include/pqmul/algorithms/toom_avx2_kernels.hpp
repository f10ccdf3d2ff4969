#pragma once
// AVX2 kernels of Toom-4 + Karatsuba in 16-bit lanes (toom_avx2.hpp builds the
// multiplier on them). Declarations only, so portable code may include this
// header; the definitions are compiled with AVX2 flags and must only be called
// when isa_available(Isa::avx2).
//
// Shape: a polynomial is padded to `blocks` blocks of 16 coefficients (blocks a
// multiple of 4, at most max_blocks). Toom-4 splits it into 4 pieces of
// m = blocks/4 blocks, evaluated at the 7 points inf, 2, 1, -1, 1/2, -1/2, 0
// (the 1/2 points scaled by 8); Karatsuba then splits each piece down to
// single blocks (halves of ceil/floor size, order: low, sum, high; three
// blocks a0, a1, a2 by three-way Karatsuba: a0, a1, a2, a0+a1, a0+a2, a1+a2). Each
// resulting 16-coefficient block is a "leaf"; leaves are batched 16 at a time
// (a "group") and stored transposed (coefficient j of the 16 leaves in one
// 16-lane row), so that 16 schoolbook products run side by side.
//
// Arithmetic is mod 2^16 throughout; the interpolation divides by 2, 4, 8
// (shifts) and multiplies by the inverses of 3, 9, 15 mod 2^16, so its results
// are exact mod 2^13 (3 bits lost): valid for any power-of-two q <= 2^13.
// Sums of products (lazy accumulation) wrap mod 2^16 and stay exact mod q.
#include <cstddef>
#include <cstdint>

namespace pqmul::toom_avx2 {

inline constexpr std::size_t max_blocks = 64;
inline constexpr std::size_t group_lanes = 16;
// int16 values of one group of an operand (16 rows of 16) and of an
// accumulator (32 rows: the 31 coefficients of a 16x16 product and a zero row).
inline constexpr std::size_t operand_group_values = 256;
inline constexpr std::size_t accumulator_group_values = 512;

// Leaves of Karatsuba down to single blocks on m blocks.
constexpr std::size_t karatsuba_leaves(std::size_t m) {
  if (m <= 1) return 1;
  if (m == 3) return 6;
  const std::size_t h = (m + 1) / 2;
  return 2 * karatsuba_leaves(h) + karatsuba_leaves(m - h);
}
constexpr std::size_t leaf_count(std::size_t blocks) { return 7 * karatsuba_leaves(blocks / 4); }
constexpr std::size_t group_count(std::size_t blocks) { return (leaf_count(blocks) + group_lanes - 1) / group_lanes; }
// The padded length (in blocks) for n coefficients with the fewest groups.
constexpr std::size_t best_blocks(std::size_t n) {
  std::size_t first = (n + 15) / 16;
  first = (first + 3) / 4 * 4;
  std::size_t best = first;
  for (std::size_t b = first; b <= max_blocks; b += 4)
    if (group_count(b) < group_count(best)) best = b;
  return best;
}

// --- the steps of one multiplier call -------------------------------------
// a: n coefficients (any 16-bit values); operand: group_count(blocks) * 256.
void evaluate(const std::uint16_t* a, std::size_t n, std::size_t blocks, std::int16_t* operand);
// acc (group_count * 512) += x * y, leaf by leaf, mod 2^16.
void multiply_accumulate(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t groups);
// out[0..n) = the product the accumulator holds, folded mod x^n - 1 (cyclic)
// or x^n + 1 (negacyclic), reduced mod q (a power of two <= 2^13).
void interpolate(const std::int16_t* acc, std::size_t blocks, std::size_t n, bool negacyclic, std::uint16_t q,
                 std::uint16_t* out);

// The same as a fresh accumulator, multiply_accumulate and interpolate, in
// one call and without an accumulator in memory: out[0..n) = x * y folded and
// reduced mod q as interpolate does (x, y: group_count(blocks) * 256 values).
void multiply_interpolate(const std::int16_t* x, const std::int16_t* y, std::size_t blocks, std::size_t n,
                          bool negacyclic, std::uint16_t q, std::uint16_t* out);

// --- the pieces, exposed for unit tests ------------------------------------
// Toom-4 evaluation of 4*m blocks (a: 64*m values) into 7 pieces of m blocks
// (w: 7*16*m values, in the point order above).
void toom4_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* w);
// Karatsuba evaluation of m blocks into karatsuba_leaves(m) leaves of 16.
void karatsuba_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* leaves);
// Leaf-major (16 values per leaf) <-> transposed groups of 16 leaves; missing
// leaves of the last group are zero.
void transpose_leaves(const std::int16_t* leaves, std::size_t count, std::int16_t* groups);
// Transposed accumulator groups -> leaf-major products (32 values per leaf).
void untranspose_products(const std::int16_t* acc, std::size_t count, std::int16_t* products);
// Karatsuba recombination: karatsuba_leaves(m) leaf products (32 values each)
// -> the product of two m-block operands (32*m values, the last one zero).
void karatsuba_interpolate(const std::int16_t* products, std::size_t m, std::int16_t* out);
// Toom-4 interpolation: 7 pieces (32*m values each, point order above) ->
// the product (128*m values), exact mod 2^13.
void toom4_interpolate(const std::int16_t* w, std::size_t m, std::int16_t* out);

}  // namespace pqmul::toom_avx2
