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

// --- 16 products of 16 rows by one Karatsuba level on the rows ---------------
//
// The leaves of 16 coefficients split at row 8: three 8 x 8 schoolbooks
// (low, low + high, high) instead of one 16 x 16, 192 multiplications instead
// of 256: with Toom-4 and the two Karatsuba levels on blocks, the plan
// toom4-k3. Both 16 x 16 arrangements are bound by the multiplications (both
// sides of the comparison with PQClean run them at the multiply ports' rate),
// so fewer is faster. Each 8 x 8 holds both operands in registers and forms
// its product rows one at a time, no operand loaded twice. With AVX-512VL's
// 32 registers nothing spills; with AVX2's 16 gcc spills some sums and the
// step still took 0.82 of toom4-k2's ticks (Saber's matrix-vector product
// 0.83-0.86), but in about one process in twenty it ran slower than
// toom4-k2's (1.2), where the AVX-512VL build did not.

// out[0 .. 2B - 1) = a * b for operands of B rows, one product row at a time
// (the schoolbook of toom4-k3's rows and of the exact leaves' base products).
// a is held in registers; b is read where a sum uses it: from registers, or
// streamed from memory as the multiplications' operand.
template <std::size_t B>
[[gnu::always_inline]] inline void scan_products(const V* a, const V* __restrict b, V* __restrict out) {
#pragma GCC unroll 32
  for (std::size_t k = 0; k + 1 < 2 * B; ++k) {
    const std::size_t low = k < B ? 0 : k - B + 1, high = k < B ? k : B - 1;
    V c = mul(a[low], b[k - low]);
#pragma GCC unroll 16
    for (std::size_t i = low + 1; i <= high; ++i) c = add(c, mul(a[i], b[k - i]));
    out[k] = c;
  }
}

// acc[k] += (Fresh: acc[k] =) sum_{i+j=k} x[i] y[j] for k < 31 (row 31
// untouched), lane by lane, as schoolbook_group.
template <bool Fresh = false>
[[gnu::noinline]] void row_karatsuba_group(V* __restrict acc, const V* __restrict x, const V* __restrict y) {
  V low[15], middle[15], high[15];
  {
    V a[8], b[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) a[i] = load(x + i), b[i] = load(y + i);
    scan_products<8>(a, b, low);
  }
  {
    V a[8], b[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) a[i] = load(x + 8 + i), b[i] = load(y + 8 + i);
    scan_products<8>(a, b, high);
  }
  {
    V a[8], b[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) a[i] = add(load(x + i), load(x + 8 + i)), b[i] = add(load(y + i), load(y + 8 + i));
    scan_products<8>(a, b, middle);
  }
  // Row k: low[k] + (middle - low - high)[k - 8] + high[k - 16].
#pragma GCC unroll 32
  for (int k = 0; k < 31; ++k) {
    V c = k < 15 ? low[k] : zero();
    if (k >= 16) c = add(c, high[k - 16]);
    if (k >= 8 && k < 23) c = add(c, sub(middle[k - 8], add(low[k - 8], high[k - 8])));
    store(acc + k, Fresh ? c : add(load(acc + k), c));
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
