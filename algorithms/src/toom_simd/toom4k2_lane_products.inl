// Part of the toom4-k2 kernels (toom4k2_kernels.inl): the products of 16
// leaves side by side, one per lane: schoolbook on blocks, Karatsuba on rows.

#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/toom_simd_kernels.hpp"

namespace pqmul::PQMUL_TOOM_KERNELS {
namespace {

// --- 16 schoolbook products side by side ------------------------------------

// acc[k] += sum_{i+j=k} a[i] * b[j] for k < 31 (row 31 untouched), lane by
// lane; with Fresh, acc[k] = that sum instead (rows 0..30 written, none read).
// Fully unrolled: half of a stays in registers while b streams from memory as
// the multiplications' second operand.
template <bool Fresh = false>
inline void schoolbook_group(V* __restrict acc, const V* __restrict a, const V* __restrict b) {
#pragma GCC unroll 2
  for (int half = 0; half < 16; half += 8) {
    V ai[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) ai[i] = load(a + half + i);
#pragma GCC unroll 23
    for (int k = 0; k < 23; ++k) {  // k = i + j over this half's i in [0, 8)
      // Fresh: the first half starts every row at zero; the second half reads
      // the rows 8..22 the first half wrote and starts the rows above at zero.
      V c = Fresh && (half == 0 || k >= 15) ? zero() : load(acc + half + k);
#pragma GCC unroll 8
      for (int i = 0; i < 8; ++i) {
        const int j = k - i;
        if (j >= 0 && j < 16) c = add(c, mul(ai[i], load(b + j)));
      }
      store(acc + half + k, c);
    }
  }
}

// --- 16 products of 16 rows by Karatsuba levels on the rows ------------------
//
// The leaves of 16 coefficients split at row 8: three 8 x 8 products (low,
// high, low + high) instead of one 16 x 16, 192 multiplications instead of
// 256: with Toom-4 and the two Karatsuba levels on blocks, the plan toom4-k3.
// A second level splits each 8 x 8 at row 4: nine 4 x 4 schoolbooks, 144
// multiplications, toom4-k4. The products are bound by the vector pipes
// (PQClean's 16 x 16 schoolbook as well), so fewer multiplications for a few
// more additions are faster. Each schoolbook holds both operands in registers
// and forms its product rows one at a time, no operand loaded twice. With
// AVX2's 16 registers gcc spills some of toom4-k3's sums (its step still 0.82
// of toom4-k2's ticks, but in about one process in twenty slower, 1.2), with
// AVX-512VL's 32 nothing.
//
// With two levels the nine products are accumulated as they come out of the
// schoolbooks, side by side (63 of a group's 64 accumulator rows), and
// recombined once, when the accumulator is read: a matrix-vector product
// recombines once per output instead of once per entry. Recombined per
// product, toom4-k4 on AVX2 spilled the sub-products to the stack and took
// 1.3 times toom4-k3's ticks, bound by the loads and stores. With one level
// the three products are recombined into the group's 32 rows at once: apart,
// Saber's matrix-vector product with AVX-512VL (whose registers hold the
// recombination) read 0.92 of PQClean's instead of 0.89.

// out[0 .. 2B - 1) = a * b (Accumulate: out += a * b) for operands of B rows,
// one product row at a time (the schoolbook of the row levels' leaves and of
// the exact leaves' base products). a is held in registers; b is read where a
// sum uses it: from registers, or streamed from memory as the
// multiplications' operand.
template <std::size_t B, bool Accumulate = false>
[[gnu::always_inline]] inline void scan_products(const V* a, const V* __restrict b, V* __restrict out) {
#pragma GCC unroll 32
  for (std::size_t k = 0; k + 1 < 2 * B; ++k) {
    const std::size_t low = k < B ? 0 : k - B + 1, high = k < B ? k : B - 1;
    V c = mul(a[low], b[k - low]);
#pragma GCC unroll 16
    for (std::size_t i = low + 1; i <= high; ++i) c = add(c, mul(a[i], b[k - i]));
    out[k] = Accumulate ? add(out[k], c) : c;
  }
}

// Rows of the schoolbook products that Levels Karatsuba levels on operands
// of B rows leave: 3^Levels products of 2 (B >> Levels) - 1 rows.
template <std::size_t B, std::size_t Levels>
constexpr std::size_t row_level_rows() {
  if constexpr (Levels == 0)
    return 2 * B - 1;
  else
    return 3 * row_level_rows<B / 2, Levels - 1>();
}
static_assert(row_level_rows<16, toom_avx2::max_row_levels>() < toom_avx2::accumulator_group_rows(2));

// products (row_level_rows<B, Levels>() rows) += (Fresh: =) the schoolbook
// products of x and y (operands of B rows) by Levels Karatsuba levels on the
// rows, each level's parts in the order low, high, low + high. With Halves the
// operands are the sums of the halves of 2B rows (x[i] + x[B + i]): a
// schoolbook forms them as it loads them into registers, a further level once
// into a buffer.
template <std::size_t B, std::size_t Levels, bool Fresh, bool Halves = false>
[[gnu::always_inline]] inline void row_level_products(const V* x, const V* y, V* __restrict products) {
  if constexpr (Levels == 0) {
    V a[B], b[B];
#pragma GCC unroll 16
    for (std::size_t i = 0; i < B; ++i) {
      a[i] = Halves ? add(load(x + i), load(x + B + i)) : load(x + i);
      b[i] = Halves ? add(load(y + i), load(y + B + i)) : load(y + i);
    }
    scan_products<B, !Fresh>(a, b, products);
  } else if constexpr (Halves) {
    V sx[B], sy[B];
#pragma GCC unroll 16
    for (std::size_t i = 0; i < B; ++i) {
      sx[i] = add(load(x + i), load(x + B + i));
      sy[i] = add(load(y + i), load(y + B + i));
    }
    row_level_products<B, Levels, Fresh>(sx, sy, products);
  } else {
    constexpr std::size_t H = B / 2, part = row_level_rows<H, Levels - 1>();
    row_level_products<H, Levels - 1, Fresh>(x, y, products);
    row_level_products<H, Levels - 1, Fresh>(x + H, y + H, products + part);
    row_level_products<H, Levels - 1, Fresh, true>(x, y, products + 2 * part);
  }
}

// Row k of the product of operands of 16 rows from its three schoolbook
// products of 15 rows (one level; row_level_products' layout: low, high,
// middle): low[k] + (middle - low - high)[k - 8] + high[k - 16].
[[gnu::always_inline]] inline V one_level_row(const V* products, std::size_t k) {
  constexpr std::size_t H = 8, P = 15;
  const V* low = products;
  const V* high = products + P;
  const V* middle = products + 2 * P;
  V c = k < P ? low[k] : zero();
  if (k >= 2 * H) c = add(c, high[k - 2 * H]);
  if (k >= H && k < H + P) c = add(c, sub(middle[k - H], add(low[k - H], high[k - H])));
  return c;
}

// The product of operands of 16 rows from its nine schoolbook products of 7
// rows (two levels; part (a, b) of the outer and inner level, a, b in low,
// high, middle, row i at 21a + 7b + i): calls emit(i, row) for i = 0 .. 3,
// row[j] being output row i + 4j (row 31 zero).
//
// Both levels expanded, row i of the products adds to the output rows
// i + 4j, j = 0 .. 6, seven sums c_j(i) of its nine rows (the inner level's
// middle terms of the outer middle are one recombination of differences:
// the level is linear); output row r = i + 4j is c_j(i) + c_(j-1)(i + 4). So
// four chains (i = 0 .. 3, with i + 4) each form eight output rows from 18
// loads. Each output row recombined level by level on its own (the loads
// shared only where gcc found them), the interpolation took 1.6 times its
// ticks without levels on AVX2, the registers spilling.
template <class Emit>
[[gnu::always_inline]] inline void two_level_rows(const V* products, Emit emit) {
  constexpr std::size_t inner = 7, part = 3 * inner;
  // c[j] = c_j(i): the sums row i of the products adds at output row i + 4j.
  const auto column = [products](std::size_t i, V* c) {
    const auto at = [products, i](std::size_t a, std::size_t b) { return products[a * part + b * inner + i]; };
    const V ll = at(0, 0), lh = at(0, 1), lm = at(0, 2), hl = at(1, 0), hh = at(1, 1), hm = at(1, 2);
    const V dl = sub(at(2, 0), add(ll, hl)), dh = sub(at(2, 1), add(lh, hh)), dm = sub(at(2, 2), add(lm, hm));
    c[0] = ll;
    c[1] = sub(lm, add(ll, lh));
    c[2] = add(lh, dl);
    c[3] = sub(dm, add(dl, dh));
    c[4] = add(dh, hl);
    c[5] = sub(hm, add(hl, hh));
    c[6] = hh;
  };
#pragma GCC unroll 4
  for (std::size_t i = 0; i < 4; ++i) {
    V c[7], next[7], row[8];
    column(i, c);
    if (i + 4 < inner) {
      column(i + 4, next);
    } else {
#pragma GCC unroll 7
      for (std::size_t j = 0; j < 7; ++j) next[j] = zero();
    }
    row[0] = c[0];
#pragma GCC unroll 6
    for (std::size_t j = 1; j < 7; ++j) row[j] = add(c[j], next[j - 1]);
    row[7] = next[6];
    emit(i, row);
  }
}

// A group's accumulator rows += (Fresh: =) the products of x and y (16 rows
// each) by Levels Karatsuba levels on the rows: the schoolbook products apart
// where toom_avx2::row_levels_apart(Levels), else recombined into rows 0 .. 31
// (one level; row 31 left to the caller).
template <bool Fresh, std::size_t Levels>
[[gnu::noinline]] void row_level_group(V* __restrict acc, const V* __restrict x, const V* __restrict y) {
  if constexpr (toom_avx2::row_levels_apart(Levels)) {
    row_level_products<16, Levels, Fresh>(x, y, acc);
  } else {
    static_assert(Levels == 1);
    V products[row_level_rows<16, Levels>()];
    row_level_products<16, Levels, true>(x, y, products);
#pragma GCC unroll 32
    for (std::size_t k = 0; k < 31; ++k) {
      const V row = one_level_row(products, k);
      acc[k] = Fresh ? row : add(acc[k], row);
    }
  }
}

// rows[0 .. 32) = the leaf products a group's schoolbook products of Levels
// levels on the rows hold (row 31 zero).
template <std::size_t Levels>
[[gnu::noinline]] void recombine_row_level_group(const V* products, V* __restrict rows) {
  static_assert(Levels == 1 || Levels == 2);
  if constexpr (Levels == 1) {
#pragma GCC unroll 32
    for (std::size_t k = 0; k < 31; ++k) rows[k] = one_level_row(products, k);
    rows[31] = zero();
  } else {
    two_level_rows(products, [rows](std::size_t i, const V* row) {
#pragma GCC unroll 8
      for (std::size_t j = 0; j < 8; ++j) rows[i + 4 * j] = row[j];
    });
  }
}

// The leaf products of one group whose accumulator rows hold the nine
// schoolbook products of two levels on the rows, as untranspose_group gives
// them: the rows r and r + 8 that a transposition pairs lie on one chain of
// two_level_rows, and are joined in registers (from a row buffer the
// half-row loads waited on the stores: 1.1 times the interpolation's ticks).
template <std::size_t Levels>
[[gnu::noinline]] void untranspose_row_level_group(const V* acc, V* __restrict products) {
  static_assert(Levels == 2, "the chains are those of two levels");
  // joined[t][half][r]: lanes `half` of rows 16t + r and 16t + r + 8.
  V joined[2][2][8];
  two_level_rows(acc, [&joined](std::size_t i, const V* row) {
#pragma GCC unroll 2
    for (std::size_t t = 0; t < 2; ++t)
#pragma GCC unroll 2
      for (std::size_t u = 0; u < 2; ++u) {  // output rows 16t + 4u + i and 8 past
        const V first = row[4 * t + u], second = row[4 * t + u + 2];
        joined[t][0][4 * u + i] = low_halves(first, second);
        joined[t][1][4 * u + i] = high_halves(first, second);
      }
  });
#pragma GCC unroll 2
  for (std::size_t t = 0; t < 2; ++t) {
    transpose8_halves(joined[t][0], products + t, 2);
    transpose8_halves(joined[t][1], products + t + 16, 2);
  }
}

// --- products of exact leaves: Karatsuba on the rows ---------------------------

// out[0 .. 2B) = a * b for polynomials of B rows (row 2B - 1 zero), lane by
// lane: row i of a is a_row(i), held in registers, and b is streamed from
// memory as the multiplications' operand. Not inlined: row_product calls it
// three times in one loop body, and inlined there gcc interleaved the three
// and spilled their register operands.
template <std::size_t B, class Rows>
[[gnu::noinline]] void row_schoolbook(Rows a_row, const V* __restrict b, V* __restrict out) {
  static_assert(B <= 13, "a must stay in registers");
  V ai[B];
#pragma GCC unroll 16
  for (std::size_t i = 0; i < B; ++i) ai[i] = a_row(i);
  scan_products<B>(ai, b, out);
  out[2 * B - 1] = zero();
}

// out[0 .. 8B) = the recombination of row_product's nine products p (2B rows
// each, in its order). Not inlined: inlined into row_product, it took most of
// the gain of forming x's operands in registers (below) away.
template <std::size_t B>
[[gnu::noinline]] void recombine_row_products(const V* p, V* out) {
#pragma GCC unroll 4
  for (std::size_t i = 0; i < B; ++i) {
    // qLK = block K of product L, row i.
    const V q00 = p[0 * B + i], q01 = p[1 * B + i], q10 = p[2 * B + i], q11 = p[3 * B + i];
    const V q20 = p[4 * B + i], q21 = p[5 * B + i], q30 = p[6 * B + i], q31 = p[7 * B + i];
    const V q40 = p[8 * B + i], q41 = p[9 * B + i], q50 = p[10 * B + i], q51 = p[11 * B + i];
    const V q60 = p[12 * B + i], q61 = p[13 * B + i], q70 = p[14 * B + i], q71 = p[15 * B + i];
    const V q80 = p[16 * B + i], q81 = p[17 * B + i];
    out[0 * B + i] = q00;
    out[1 * B + i] = sub(add(q01, q10), add(q00, q20));
    out[2 * B + i] = sub(add(add(q11, q20), q30), add(add(q00, q01), add(q21, q60)));
    out[3 * B + i] = sub(add(add(add(q00, q20), add(q21, q31)), add(add(q40, q60), q80)),
                         add(add(add(q01, q10), add(q30, q50)), add(q61, q70)));
    out[4 * B + i] = sub(add(add(add(q01, q21), add(q41, q50)), add(add(q60, q61), q81)),
                         add(add(add(q11, q20), add(q31, q51)), add(q71, q80)));
    out[5 * B + i] = sub(add(add(q51, q61), q70), add(add(q21, q60), add(q80, q81)));
    out[6 * B + i] = sub(add(q71, q80), add(q61, q81));
    out[7 * B + i] = q81;
  }
}

// out[0 .. 8B) = the lane-wise product of x and y (4B rows each): two levels
// of Karatsuba on the rows, nine B x B base products. The sums of y and the
// nine products go through buffers (y is streamed as the multiplications'
// operand), and the output is formed in one pass from the products: stores,
// one a cycle, are what this costs.
//
// x's operands are formed as they are loaded into registers, level-1 part by
// part (low x, middle x_low + x_high, high x; the level-2 middle is the sum of
// a part's halves): of x's sums only the level-1 middle is stored. Against a
// loop over the nine products with all of x's sums buffered, NTRU's R_q
// products took 1-9% fewer ticks on AVX2 (0-3% with AVX-512VL). Unrolling all
// nine products, each operand formed in registers, ran the products alone
// faster still but, at 2.6 times the code, slowed the whole multiplication.
//
// Products, 2B rows each, as blocks qLK (product L, block K of B rows): for
// each level-1 part (low, middle, high) its level-2 parts (low, middle, high).
// A low part lands at block offset 0 with + and 1 with -, a middle one at 1
// with +, a high one at 1 with - and 2 with +; level 1 the same with offsets
// doubled. Summing these gives output block j below.
template <std::size_t B>
void row_product(const V* x, const V* y, V* out) {
  constexpr std::size_t H = 2 * B;
  V sx[H], sy[H], ly[3 * B], p[9 * 2 * B];
#pragma GCC unroll 32
  for (std::size_t i = 0; i < H; ++i) {
    sx[i] = add(x[i], x[H + i]);
    sy[i] = add(y[i], y[H + i]);
  }
#pragma GCC unroll 16
  for (std::size_t i = 0; i < B; ++i) {
    ly[i] = add(y[i], y[B + i]);
    ly[B + i] = add(sy[i], sy[B + i]);
    ly[2 * B + i] = add(y[H + i], y[H + B + i]);
  }
  const V* const xs[3] = {x, sx, x + H};
  const V* const ys[9] = {y, ly, y + B, sy, ly + B, sy + B, y + H, ly + 2 * B, y + H + B};
  // The low and high halves share one instantiation (rows read in place).
  const auto rows_at = [](const V* rows) { return [rows](std::size_t i) { return rows[i]; }; };
#pragma GCC unroll 1
  for (std::size_t part = 0; part < 3; ++part) {
    const V* u = xs[part];
    V* products = p + 6 * B * part;
    row_schoolbook<B>(rows_at(u), ys[3 * part], products);
    row_schoolbook<B>([u](std::size_t i) { return add(u[i], u[B + i]); }, ys[3 * part + 1], products + 2 * B);
    row_schoolbook<B>(rows_at(u + B), ys[3 * part + 2], products + 4 * B);
  }
  recombine_row_products<B>(p, out);
}

}  // namespace
}  // namespace pqmul::PQMUL_TOOM_KERNELS
