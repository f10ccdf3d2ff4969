// Part of the toom4-k2 kernels (toom4k2_kernels.inl): the functions
// toom_simd_kernels.hpp declares, and the multiplier's steps built on them.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "pqmul/algorithms/toom_simd_kernels.hpp"

namespace pqmul::PQMUL_TOOM_KERNELS {

// --- exported pieces ----------------------------------------------------------

void toom4_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* w) {
  V pieces[7 * max_m];
  toom4_eval_blocks(a, m, pieces);
  for (std::size_t i = 0; i < 7 * m; ++i) store(w + 16 * i, pieces[i]);
}

void karatsuba_evaluate(const std::int16_t* a, std::size_t m, std::int16_t* leaves) {
  V in[max_m], out[max_block_leaves];
  for (std::size_t i = 0; i < m; ++i) in[i] = load(a + 16 * i);
  const V* end = karatsuba_eval_blocks(in, m, out);
  for (std::size_t i = 0; out + i < end; ++i) store(leaves + 16 * i, out[i]);
}

void transpose_leaves(const std::int16_t* leaves, std::size_t count, std::size_t s, std::int16_t* groups) {
  // Only the first 16 s * groups_of_leaves(count) entries are written, and
  // only they are read; gcc (-O1) cannot see that through the call.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
  V in[max_leaf_blocks], out[max_leaf_blocks];
  const std::size_t blocks = 16 * s * groups_of_leaves(count);
  for (std::size_t i = 0; i < blocks; ++i) in[i] = i < s * count ? load(leaves + 16 * i) : zero();
  transpose_leaf_blocks(in, count, s, out);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  for (std::size_t i = 0; i < blocks; ++i) store(groups + 16 * i, out[i]);
}

void untranspose_products(const std::int16_t* acc, std::size_t count, std::int16_t* products) {
  V in[2 * max_leaf_blocks], out[2 * max_leaf_blocks];
  for (std::size_t i = 0; i < 32 * groups_of_leaves(count); ++i) in[i] = load(acc + 16 * i);
  untranspose_product_blocks(in, count, out);
  for (std::size_t i = 0; i < 2 * count; ++i) store(products + 16 * i, out[i]);
}

namespace {

// acc (groups of toom_avx2::accumulator_group_rows) += (or, Fresh, =) the
// lane-wise products of x and y, for pieces of M blocks; RowLevels
// (single-block leaves only): Karatsuba levels on the rows of each group.
template <bool Fresh, std::size_t M, std::size_t RowLevels = 0>
void group_products(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t groups) {
  V* a = reinterpret_cast<V*>(acc);
  const V* xv = reinterpret_cast<const V*>(x);
  const V* yv = reinterpret_cast<const V*>(y);
  static_assert(!(RowLevels > 0 && exact_leaves_of(M)), "exact leaves take their own row levels");
  if constexpr (RowLevels > 0) {
    constexpr std::size_t rows = toom_avx2::accumulator_group_rows(RowLevels);
    for (std::size_t g = 0; g < groups; ++g) {
      row_level_group<Fresh, RowLevels>(a + rows * g, xv + 16 * g, yv + 16 * g);
      // (the rows past the products: row 31, or 63 with the products apart)
      if (Fresh) a[rows * g + rows - 1] = zero();
    }
  } else if constexpr (!exact_leaves_of(M)) {  // (the group products accumulate in place)
    for (std::size_t g = 0; g < groups; ++g) {
      schoolbook_group<Fresh>(a + 32 * g, xv + 16 * g, yv + 16 * g);
      if (Fresh) a[32 * g + 31] = zero();
    }
  } else {
    constexpr std::size_t S = leaf_blocks_of(M);
    for (std::size_t g = 0; g < groups; ++g) {
      V product[32 * S];
      exact_group_product<M>(xv + 16 * S * g, yv + 16 * S * g, product);
      for (std::size_t i = 0; i < 32 * S; ++i)
        a[32 * S * g + i] = Fresh ? product[i] : add(a[32 * S * g + i], product[i]);
    }
  }
}

}  // namespace

void multiply_accumulate_groups(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t groups,
                                std::size_t m) {
  with_m(m, [&]<std::size_t M>() { group_products<false, M>(acc, x, y, groups); });
}

void multiply_accumulate_groups_row_karatsuba(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y,
                                              std::size_t groups, std::size_t levels) {
  const auto accumulate = [&]<std::size_t Levels>() {
    for (std::size_t g = 0; g < groups; ++g) {
      V products[row_level_rows<16, Levels>()], rows[32];
      row_level_products<16, Levels, true>(reinterpret_cast<const V*>(x) + 16 * g,
                                           reinterpret_cast<const V*>(y) + 16 * g, products);
      recombine_row_level_group<Levels>(products, rows);
      V* a = reinterpret_cast<V*>(acc) + 32 * g;
      for (std::size_t k = 0; k < 31; ++k) a[k] = add(a[k], rows[k]);
    }
  };
  if (levels == 2)
    accumulate.template operator()<2>();
  else
    accumulate.template operator()<1>();
}

void karatsuba_interpolate(const std::int16_t* products, std::size_t m, std::int16_t* out) {
  V in[2 * max_block_leaves], result[2 * max_m];
  for (std::size_t i = 0; i < 2 * block_leaves_of(m); ++i) in[i] = load(products + 16 * i);
  karatsuba_interp_blocks(in, m, result);
  for (std::size_t i = 0; i < 2 * m; ++i) store(out + 16 * i, result[i]);
}

void toom4_interpolate(const std::int16_t* w, std::size_t m, std::int16_t* out) {
  V in[14 * max_m], result[8 * max_m];
  for (std::size_t i = 0; i < 14 * m; ++i) in[i] = load(w + 16 * i);
  toom4_interp_blocks(in, m, result);
  for (std::size_t i = 0; i < 8 * m; ++i) store(out + 16 * i, result[i]);
}

// --- the multiplier's steps ---------------------------------------------------
//
// Each step is written once, for pieces of M blocks known when compiled
// (ShapeSteps<M>): the group count, the kind of leaf and the loops' lengths
// are constants. A multiplier calls the table of its own shape (steps_for);
// the general steps dispatch on blocks at run time to the same code. Through
// general steps whose shape gcc kept as run-time values, Saber's
// matrix-vector product took about 4% more ticks and NTRU's products 1.5-4%
// (each step alone in a loop ran at the same speed either way).

namespace {

// The leaf products of single-block leaves (leaf-major, 2 blocks each) -> out.
template <std::size_t M>
void interpolate_products_fixed(const V* products, std::size_t n, bool negacyclic, std::uint16_t q,
                                std::uint16_t* out) {
  V product[8 * M];
  recombine_points<M>(products, product);
  if (negacyclic && n == 64 * M) {
    // Saber's shape (no padding): the fold unrolled, block against block. The
    // general fold_reduce (an out-of-line loop over any n, with a tail) cost
    // about 4% of the interpolation.
    const V mask = set(static_cast<std::int16_t>(q - 1));
#pragma GCC unroll 64
    for (std::size_t i = 0; i < 4 * M; ++i) store(out + 16 * i, band(sub(product[i], product[4 * M + i]), mask));
    return;
  }
  fold_reduce(reinterpret_cast<const std::int16_t*>(product), n, negacyclic, q, out);
}

template <std::size_t M, std::size_t RowLevels = 0>
struct ShapeSteps {
  static constexpr std::size_t groups = groups_of_leaves(7 * leaves_of(M));

  static void evaluate(const std::uint16_t* a, std::size_t n, std::size_t, std::int16_t* operand) {
    const std::int16_t* input = reinterpret_cast<const std::int16_t*>(a);
    // (single-block leaves of M = 4 are exact leaves of 16 coefficients)
    if constexpr (exact_leaves_of(M) || M == 4) {
      evaluate_exact<M>(input, n, reinterpret_cast<V*>(operand));
    } else {
      std::int16_t padded[64 * M];  // zeros up to whole blocks
      if (n != 64 * M) {
        std::memcpy(padded, a, n * sizeof(std::int16_t));
        std::memset(padded + n, 0, (64 * M - n) * sizeof(std::int16_t));
        input = padded;
      }
      V pieces[7 * M], leaves[16 * groups];
      toom4_eval_blocks(input, M, pieces);
      V* end = leaves;
      for (std::size_t k = 0; k < 7; ++k) end = karatsuba_eval_fixed<M>(pieces + k * M, end);
      for (V* zeros = end; zeros < leaves + 16 * groups; ++zeros) *zeros = zero();
      transpose_leaf_blocks(leaves, 7 * leaves_of(M), 1, reinterpret_cast<V*>(operand));
    }
  }

  static void multiply_accumulate(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t) {
    group_products<false, M, RowLevels>(acc, x, y, groups);
  }

  static void multiply(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t) {
    group_products<true, M, RowLevels>(acc, x, y, groups);
  }

  static void interpolate(const std::int16_t* acc, std::size_t, std::size_t n, bool negacyclic, std::uint16_t q,
                          std::uint16_t* out) {
    const V* rows = reinterpret_cast<const V*>(acc);
    if constexpr (exact_leaves_of(M)) {
      constexpr std::size_t S = leaf_blocks_of(M);
      V products[S * exact_column_units];
      for (std::size_t g = 0; g < exact_groups; ++g) untranspose_group_exact<M>(rows + 32 * S * g, g, products);
      interpolate_exact<M>(products, n, negacyclic, q, out);
    } else if constexpr (toom_avx2::row_levels_apart(RowLevels)) {
      V products[32 * groups];
      for (std::size_t g = 0; g < groups; ++g)
        untranspose_row_level_group<RowLevels>(rows + toom_avx2::accumulator_group_rows(RowLevels) * g,
                                               products + 32 * g);
      interpolate_products_fixed<M>(products, n, negacyclic, q, out);
    } else {
      V products[32 * groups];
      untranspose_product_blocks(rows, 7 * leaves_of(M), products);
      interpolate_products_fixed<M>(products, n, negacyclic, q, out);
    }
  }

  // Each group's leaf products go from a small buffer that stays in L1
  // straight into their order for the recombination: no accumulator to
  // clear, store and reload.
  static void multiply_interpolate(const std::int16_t* x, const std::int16_t* y, std::size_t, std::size_t n,
                                   bool negacyclic, std::uint16_t q, std::uint16_t* out) {
    const V* xv = reinterpret_cast<const V*>(x);
    const V* yv = reinterpret_cast<const V*>(y);
    if constexpr (exact_leaves_of(M)) {
      constexpr std::size_t S = leaf_blocks_of(M);
      V products[S * exact_column_units];
      for (std::size_t g = 0; g < exact_groups; ++g) {
        V rows[32 * S];
        exact_group_product<M>(xv + 16 * S * g, yv + 16 * S * g, rows);
        untranspose_group_exact<M>(rows, g, products);
      }
      interpolate_exact<M>(products, n, negacyclic, q, out);
    } else {
      V products[32 * groups];
      for (std::size_t g = 0; g < groups; ++g) {
        if constexpr (toom_avx2::row_levels_apart(RowLevels)) {
          V sub_products[row_level_rows<16, RowLevels>()];
          row_level_products<16, RowLevels, true>(xv + 16 * g, yv + 16 * g, sub_products);
          untranspose_row_level_group<RowLevels>(sub_products, products + 32 * g);
        } else {
          // (toom4-k3's rows recombined in its product and untransposed from
          // memory: through untranspose_row_level_group its product took
          // 1.03-1.05 times the ticks)
          V rows[32];
          if constexpr (RowLevels > 0)
            row_level_group<true, RowLevels>(rows, xv + 16 * g, yv + 16 * g);
          else
            schoolbook_group<true>(rows, xv + 16 * g, yv + 16 * g);
          rows[31] = zero();
          untranspose_group(rows, products + 32 * g);
        }
      }
      interpolate_products_fixed<M>(products, n, negacyclic, q, out);
    }
  }

  static constexpr toom_avx2::Steps table{&evaluate, &multiply_accumulate, &multiply, &interpolate,
                                          &multiply_interpolate};
};

// The tables of every shape, indexed by M.
const auto shape_tables = []<std::size_t... I>(std::index_sequence<I...>) {
  return std::array<const toom_avx2::Steps*, sizeof...(I) + 1>{nullptr, &ShapeSteps<I + 1>::table...};
}(std::make_index_sequence<max_m>{});

}  // namespace

void evaluate(const std::uint16_t* a, std::size_t n, std::size_t blocks, std::int16_t* operand) {
  with_m(blocks / 4, [&]<std::size_t M>() { ShapeSteps<M>::evaluate(a, n, blocks, operand); });
}

void multiply_accumulate(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t blocks) {
  with_m(blocks / 4, [&]<std::size_t M>() { ShapeSteps<M>::multiply_accumulate(acc, x, y, blocks); });
}

void multiply(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, std::size_t blocks) {
  with_m(blocks / 4, [&]<std::size_t M>() { ShapeSteps<M>::multiply(acc, x, y, blocks); });
}

void interpolate(const std::int16_t* acc, std::size_t blocks, std::size_t n, bool negacyclic, std::uint16_t q,
                 std::uint16_t* out) {
  with_m(blocks / 4, [&]<std::size_t M>() { ShapeSteps<M>::interpolate(acc, blocks, n, negacyclic, q, out); });
}

void multiply_interpolate(const std::int16_t* x, const std::int16_t* y, std::size_t blocks, std::size_t n,
                          bool negacyclic, std::uint16_t q, std::uint16_t* out) {
  with_m(blocks / 4,
         [&]<std::size_t M>() { ShapeSteps<M>::multiply_interpolate(x, y, blocks, n, negacyclic, q, out); });
}

const toom_avx2::Steps steps{&evaluate, &multiply_accumulate, &multiply, &interpolate, &multiply_interpolate};

const toom_avx2::Steps& steps_for(std::size_t blocks) {
  if (blocks % 4 != 0 || blocks == 0 || blocks / 4 > max_m) return steps;
  return *shape_tables[blocks / 4];
}

const toom_avx2::Steps& row_karatsuba_steps_for(std::size_t blocks, std::size_t levels) {
  if (blocks != toom_avx2::row_karatsuba_blocks)
    throw std::invalid_argument("toom kernels: Karatsuba levels on the rows need pieces of 4 blocks");
  constexpr std::size_t M = toom_avx2::row_karatsuba_blocks / 4;
  if (levels == 1) return ShapeSteps<M, 1>::table;
  if (levels == 2) return ShapeSteps<M, 2>::table;
  throw std::invalid_argument("toom kernels: 1 or 2 Karatsuba levels on the rows, not " + std::to_string(levels));
}

}  // namespace pqmul::PQMUL_TOOM_KERNELS
