#pragma once
// Member definitions of ToomCook, included only by the files that
// explicitly instantiate it (one per ring), to keep build time bounded.
#include <algorithm>
#include <array>
#include <cassert>
#include <memory>
#include <span>
#include <stdexcept>
#include <utility>

#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "toom_karatsuba_passes.hpp"
#include "toom4_passes.hpp"

namespace pqmul {

namespace toom_detail {
// Values the leaf products take at a time: one 128-bit register of 16-bit values.
inline constexpr std::size_t run = 8;
}  // namespace toom_detail

template <RingDescription R, class A>
ToomCook<R, A>::ToomCook(std::string name, std::vector<ToomScheme> schemes)
    : name_(std::move(name)), schemes_(std::move(schemes)) {
  const auto terms_of = [](const std::vector<std::int64_t>& weights) {
    std::vector<Term> terms;
    for (std::size_t j = 0; j < weights.size(); ++j)
      if (weights[j] != 0) terms.push_back({j, weights[j], A::make_constant(weights[j] < 0 ? -weights[j] : weights[j])});
    return terms;
  };
  std::size_t split = 1;
  for (const ToomScheme& s : schemes_) {
    Level level;
    level.k = s.k;
    level.points = 2 * s.k - 1;
    for (const auto& row : s.evaluation) level.evaluation.push_back(terms_of(row));
    for (const InterpolationRow& row : s.interpolation) {
      level.interpolation.push_back(terms_of(row.numerators));
      level.divisors.push_back(A::make_divisor(row.odd, row.shift));
      level.exact_row.push_back(row.odd == 1 && row.shift == 0);
    }
    level.karatsuba = toom_detail::is_karatsuba(s);
    level.toom4 = toom_detail::is_classic_toom4(s);
    bits_lost_ += s.bits_lost;
    split *= s.k;
    leaves_ *= level.points;
    levels_.push_back(std::move(level));
  }
  A::check_modulus(R::q, bits_lost_, name_);
  leaf_ = (R::n + split - 1) / split;
  padded_ = leaf_ * split;
  leaf_stride_ = leaf_ < toom_detail::run ? leaf_ : (leaf_ + toom_detail::run - 1) / toom_detail::run * toom_detail::run;
  // Evaluation: the input and every level's output but the last (written
  // into the operand). Interpolation: every level's output, the rows of the
  // levels with divisions, and the n values of the fold.
  std::size_t pieces = 1, length = padded_;
  evaluation_stage_ = padded_;
  for (std::size_t li = 0; li + 1 < levels_.size(); ++li) {
    pieces *= levels_[li].points;
    length /= levels_[li].k;
    evaluation_stage_ = std::max(evaluation_stage_, pieces * length);
  }
  std::size_t sub = leaf_;
  pieces = leaves_;
  interpolation_rows_ = R::n;
  for (std::size_t li = levels_.size(); li-- > 0;) {
    const Level& level = levels_[li];
    const std::size_t parents = pieces / level.points;
    interpolation_stage_ = std::max(interpolation_stage_, parents * 2 * level.k * sub);
    if (std::find(level.exact_row.begin(), level.exact_row.end(), false) != level.exact_row.end())
      interpolation_rows_ = std::max(interpolation_rows_, parents * 2 * sub);
    pieces = parents;
    sub *= level.k;
  }
}

namespace toom_detail {
// `count` blocks of `len` values each: block b of the output starts at
// b * out_stride, block b of the input at b * in_stride. A level applies one
// weight to the same block of every piece at once, so the choice of
// operation and the loop set-up are paid once per weight, not per piece.
//
// WithinBlocks: vectorise within each block, never across blocks. With a
// short block length fixed at compile time gcc 12 otherwise vectorises
// across blocks, gathering one value from each: the evaluation of Saber's
// toom4-k2 took five times as long that way. The interpolation keeps gcc's
// own choice: there, where a product's blocks overlap, the same hint made
// some plans (toom4-k4 on NTRU's hps2048509) about fifteen times slower.
//
// Lengths: the ring's own block lengths, beyond the common ones, whose
// loops get a length fixed at compile time (FixedLengthsFor, below).
template <std::size_t... Len>
struct FixedLengths {};

template <class V, class Lengths, bool WithinBlocks = false>
struct Blocks {
  std::size_t count, len, out_stride, in_stride;
};

// The pieces of a Toom-4 split followed by two or four Karatsuba levels of
// an n-coefficient ring (the plans toom4-k2 and toom4-k4, NTRU's default),
// n padded to a multiple of 16 or 64: n/4, n/8, ..., those of at least
// `shortest` values that are not among the common lengths — for hps2048677
// 172, 86, 43 and 176, 88, 44, 22 (and 11), for hrss701 the latter, for
// hps4096821 208, 104, 52, 26 (and 13), for the others none. With them
// fixed, those rings' toom4-k4 evaluations took 0.75 of the time and their
// interpolations 0.8 (gcc 12). The evaluation leaves the leaves of 11 or 13
// values out (shortest 16): with them fixed it took 3.5 times as long; the
// interpolation takes them (the halves of the last Karatsuba level's
// products: 0.8 of the time). The list is the ring's own: one list for
// every ring made hps2048509's toom4-k4 four times slower, although its
// pieces are all common lengths (not understood; that ring's code is as it
// was).
struct RingLengths {
  std::array<std::size_t, 10> values{};
  std::size_t count = 0;
};

constexpr bool is_common_length(std::size_t len) {
  return len == 8 || len == 16 || len == 32 || len == 64 || len == 128;
}

constexpr RingLengths toom4_lengths(std::size_t n, std::size_t shortest) {
  RingLengths lengths;
  for (const std::size_t karatsuba_levels : {2, 4}) {
    const std::size_t split = std::size_t{4} << karatsuba_levels, leaf = (n + split - 1) / split;
    for (std::size_t piece = leaf << karatsuba_levels; piece >= leaf && piece >= shortest; piece /= 2)
      if (!is_common_length(piece) && std::find(lengths.values.begin(), lengths.values.begin() + lengths.count,
                                                 piece) == lengths.values.begin() + lengths.count)
        lengths.values[lengths.count++] = piece;
  }
  return lengths;
}

template <std::size_t N, std::size_t Shortest>
inline constexpr RingLengths ring_lengths = toom4_lengths(N, Shortest);

template <std::size_t N, std::size_t Shortest, std::size_t... I>
FixedLengths<ring_lengths<N, Shortest>.values[I]...> fixed_lengths_of(std::index_sequence<I...>);

template <std::size_t N, std::size_t Shortest = 16>
using FixedLengthsFor =
    decltype(fixed_lengths_of<N, Shortest>(std::make_index_sequence<ring_lengths<N, Shortest>.count>{}));

// Output and input never overlap (they live in different buffers), which
// lets the loops run in whole vector registers without run-time checks.
// op(o, x) sets the output value o from the input value x, reading o only
// if it adds to it (scratch starts uninitialised). Len: the block length if
// known at compile time, else 0.
template <std::size_t Len, class V, class L, bool W, class Op>
inline void over_blocks_of(V* __restrict out, const V* __restrict in, const Blocks<V, L, W>& blocks, Op op) {
  const std::size_t len = Len != 0 ? Len : blocks.len;
  for (std::size_t b = 0; b < blocks.count; ++b) {
    V* __restrict o = out + b * blocks.out_stride;
    const V* __restrict s = in + b * blocks.in_stride;
    if constexpr (W && Len != 0) opaque_pointers(o, s);
    for (std::size_t t = 0; t < len; ++t) op(o[t], s[t]);
  }
}

// Blocks of the common lengths (the leaves of 8 and 16 values, their
// products, and the levels above them) and of the ring's own lengths get
// loops of a length fixed at compile time: whole vector registers, no loop
// around them. f(std::integral_constant<std::size_t, Len>) runs the loop
// with that length, Len = 0 meaning blocks.len at run time.
template <class V, std::size_t... Len, bool W, class F>
inline void with_block_length(const Blocks<V, FixedLengths<Len...>, W>& blocks, F f) {
  using std::integral_constant;
  switch (blocks.len) {
    case 8: return f(integral_constant<std::size_t, 8>{});
    case 16: return f(integral_constant<std::size_t, 16>{});
    case 32: return f(integral_constant<std::size_t, 32>{});
    case 64: return f(integral_constant<std::size_t, 64>{});
    case 128: return f(integral_constant<std::size_t, 128>{});
    default: {
      const bool fixed = ((blocks.len == Len && (f(integral_constant<std::size_t, Len>{}), true)) || ...);
      if (!fixed) f(integral_constant<std::size_t, 0>{});
    }
  }
}

// The general passes spell the same dispatch out rather than go through
// with_block_length's generic lambda: that way clang 14 made them up to 1.6
// times slower (Saber's toom4-k2 transform 550 -> 900 ticks, inverse 1,400
// -> 2,300).
template <class V, std::size_t... Len, bool W, class Op>
inline void over_blocks(V* out, const V* in, const Blocks<V, FixedLengths<Len...>, W>& blocks, Op op) {
  switch (blocks.len) {
    case 8: return over_blocks_of<8>(out, in, blocks, op);
    case 16: return over_blocks_of<16>(out, in, blocks, op);
    case 32: return over_blocks_of<32>(out, in, blocks, op);
    case 64: return over_blocks_of<64>(out, in, blocks, op);
    case 128: return over_blocks_of<128>(out, in, blocks, op);
    default: {
      const bool fixed = ((blocks.len == Len && (over_blocks_of<Len>(out, in, blocks, op), true)) || ...);
      if (!fixed) over_blocks_of<0>(out, in, blocks, op);
    }
  }
}

// out (op)= w * in, w a small signed weight; the first term of a sum is
// written rather than added, so counts reflect what the algorithm does.
template <class A, bool First, class B, class Term>
inline void weighted_term(typename A::value* out, const typename A::value* in, const B& blocks, const Term& term) {
  using V = typename A::value;
  const std::int64_t w = term.weight;
  const auto c = term.magnitude;
  if constexpr (First) {
    if (w == 1)
      over_blocks(out, in, blocks, [](V& o, V x) { o = x; });
    else if (w == -1)
      over_blocks(out, in, blocks, [](V& o, V x) { o = A::sub(V{}, x); });
    else if (w > 0)
      over_blocks(out, in, blocks, [c](V& o, V x) { o = A::mul_const(x, c); });
    else
      over_blocks(out, in, blocks, [c](V& o, V x) { o = A::sub(V{}, A::mul_const(x, c)); });
  } else {
    if (w == 1)
      over_blocks(out, in, blocks, [](V& o, V x) { o = A::add(o, x); });
    else if (w == -1)
      over_blocks(out, in, blocks, [](V& o, V x) { o = A::sub(o, x); });
    else if (w > 0)
      over_blocks(out, in, blocks, [c](V& o, V x) { o = A::add(o, A::mul_const(x, c)); });
    else
      over_blocks(out, in, blocks, [c](V& o, V x) { o = A::sub(o, A::mul_const(x, c)); });
  }
}

// out = the weighted sum of the terms, input j being `in + j * input_offset`.
template <class A, class B, class Term>
inline void weighted_sum(typename A::value* out, const typename A::value* in, std::size_t input_offset, const B& blocks,
                         const std::vector<Term>& terms) {
  using V = typename A::value;
  if (terms.empty()) {
    over_blocks(out, in, blocks, [](V& o, V) { o = V{}; });
    return;
  }
  weighted_term<A, true>(out, in + terms[0].input * input_offset, blocks, terms[0]);
  for (std::size_t u = 1; u < terms.size(); ++u)
    weighted_term<A, false>(out, in + terms[u].input * input_offset, blocks, terms[u]);
}

// A run-time sized scratch buffer, left uninitialised (every pass writes
// before it reads): the caller wipes it (it holds a secret's evaluations).
template <class V>
std::unique_ptr<V[]> scratch(std::size_t size) {
  return std::make_unique_for_overwrite<V[]>(size);
}

}  // namespace toom_detail


// Level by level, each piece of `length` values splits into k sub-pieces and
// becomes the level's points, evaluated for all pieces at once; the last
// level writes the leaves straight into the operand, one after another.
template <RingDescription R, class A>
void ToomCook<R, A>::transform(const Poly<R>& a, operand& out) const {
  assert(is_canonical(a));
  // The last level writes every leaf; only a padding needs its zeros written.
  if (leaf_stride_ == leaf_)
    out.data.resize(leaves_ * leaf_stride_);
  else
    out.data.assign(leaves_ * leaf_stride_, value{});
  const auto buffer = toom_detail::scratch<value>(2 * evaluation_stage_);
  const std::span<value> used(buffer.get(), 2 * evaluation_stage_);
  const WipeOnExit wiped(used);
  value* current = used.data();
  value* next = current + evaluation_stage_;
  for (std::size_t i = 0; i < R::n; ++i) current[i] = A::from_coefficient(a[i]);
  std::fill(current + R::n, current + padded_, value{});
  using lengths = toom_detail::FixedLengthsFor<R::n>;
  std::size_t pieces = 1, length = padded_;
  for (std::size_t li = 0; li < levels_.size(); ++li) {
    const Level& level = levels_[li];
    const std::size_t sub = length / level.k;
    const bool last = li + 1 == levels_.size();
    value* dst = last ? out.data.data() : next;
    const std::size_t dst_stride = last ? leaf_stride_ : sub;
    const toom_detail::Blocks<value, lengths, true> blocks{pieces, sub, level.points * dst_stride, length};
    if (level.karatsuba)
      toom_detail::with_block_length(blocks, [&](auto len) {
        toom_detail::karatsuba_evaluation_of<decltype(len)::value, A>(dst, current, blocks, dst_stride);
      });
    else if (level.toom4)
      toom_detail::with_block_length(blocks, [&](auto len) {
        toom_detail::toom4_evaluation_of<decltype(len)::value, A>(dst, current, blocks, dst_stride);
      });
    else
      for (std::size_t i = 0; i < level.points; ++i)
        toom_detail::weighted_sum<A>(dst + i * dst_stride, current, sub, blocks, level.evaluation[i]);
    std::swap(current, next);
    pieces *= level.points;
    length = sub;
  }
  if (levels_.empty()) std::copy(current, current + padded_, out.data.data());
}

template <RingDescription R, class A>
void ToomCook<R, A>::clear(accumulator& acc) const {
  acc.data.assign(leaves_ * 2 * leaf_stride_, value{});
}

namespace toom_detail {
template <class A>
inline constexpr bool counts_operations = false;
template <class Base>
inline constexpr bool counts_operations<CountingArithmetic<Base>> = true;

// The products of all leaves: row by row, leaf by leaf, x_i times y added
// into the leaf's product at offset i. Leaves are `stride` values apart (the
// padding zero), products 2 * stride. Rows go outermost so that consecutive
// passes touch different leaves: row i + 1 of a leaf rereads, one value
// further on, what row i stored, and a load that only partly overlaps a
// store just made stalls until the store completes.
//
// Blocked (a stride of whole runs): each row takes all of y's stride, the
// padding included, in runs of eight values, so no row ends in values taken
// one by one; a stride of 16, the common one, is fixed at compile time
// (Stride), which leaves no loop around the row. The counting twin takes the
// leaf length exactly instead, so that its tallies are the algorithm's
// products, not the padding's.
//
// Leaves: the count of leaves if fixed at compile time, else 0. 63 is the
// count of every Toom-4 + two Karatsuba plan (7 * 3 * 3: Saber's and the
// reference NTRU code's shape); told it, gcc 12 runs the leaves of 16 in
// about half the time (Saber: 3,340 -> 1,850 ticks), for reasons its
// machine code does not show (the two differ only in constants). Leaves of
// 32 ran slower that way (NTRU's hps2048509: 7,400 -> 10,300): they keep
// the run-time count.
//
// Each variant is a function of its own: inlined into their caller, the
// variants' code depended on which others were there (adding one made
// NTRU's toom4-k2 products 20-30% slower).
template <class A, std::size_t Stride, bool Blocked, std::size_t Leaves = 0>
[[gnu::noinline]] void leaf_products(typename A::value* __restrict acc, const typename A::value* __restrict x,
                                     const typename A::value* __restrict y, std::size_t l, std::size_t stride,
                                     std::size_t leaves) {
  if constexpr (Stride != 0) stride = Stride;
  if constexpr (Leaves != 0) leaves = Leaves;
  for (std::size_t i = 0; i < l; ++i)
    for (std::size_t leaf = 0; leaf < leaves; ++leaf) {
      typename A::value* __restrict ci = acc + leaf * 2 * stride + i;
      const typename A::value* __restrict ys = y + leaf * stride;
      const typename A::value xi = x[leaf * stride + i];
      if constexpr (Blocked) {
        for (std::size_t j = 0; j < stride; j += run)
          for (std::size_t u = 0; u < run; ++u) ci[j + u] = A::add(ci[j + u], A::mul(xi, ys[j + u]));
      } else {
        for (std::size_t j = 0; j < l; ++j) ci[j] = A::add(ci[j], A::mul(xi, ys[j]));
      }
    }
}
}  // namespace toom_detail

// Operands hold the leaves one after another, `leaf_stride_` values apart;
// the accumulator holds each leaf's product in 2 * leaf_stride_ values, those
// from 2 * leaf - 1 on always zero.
template <RingDescription R, class A>
void ToomCook<R, A>::multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
  value* c = acc.data.data();
  const value* xs = x.data.data();
  const value* ys = y.data.data();
  const std::size_t l = leaf_, s = leaf_stride_, n = leaves_;
  if (toom_detail::counts_operations<A> || s % toom_detail::run != 0)
    toom_detail::leaf_products<A, 0, false>(c, xs, ys, l, s, n);
  else if (s == 8)
    toom_detail::leaf_products<A, 8, true>(c, xs, ys, l, s, n);
  else if (s == 16 && n == 63)
    toom_detail::leaf_products<A, 16, true, 63>(c, xs, ys, l, s, n);
  else if (s == 16)
    toom_detail::leaf_products<A, 16, true>(c, xs, ys, l, s, n);
  else
    toom_detail::leaf_products<A, 0, true>(c, xs, ys, l, s, n);
}

// Level by level back up: each group of points interpolates into its parent
// piece's product, block m of the product landing at offset m * sub. Every
// product is held in an even width, 2 * sub, its last value zero (as the
// accumulator holds the leaf products), so the passes run in whole vector
// registers instead of ending in an odd tail. A row without a division adds
// its terms into the product directly; a row with one is summed apart first.
template <RingDescription R, class A>
void ToomCook<R, A>::inverse(const accumulator& acc, Poly<R>& out) const {
  const auto buffer = toom_detail::scratch<value>(2 * interpolation_stage_ + interpolation_rows_);
  const std::span<value> used(buffer.get(), 2 * interpolation_stage_ + interpolation_rows_);
  const WipeOnExit wiped(used);
  const value* current = acc.data.data();
  value* next = used.data();
  value* spare = next + interpolation_stage_;
  value* const row = spare + interpolation_stage_;
  using lengths = toom_detail::FixedLengthsFor<R::n, 8>;
  std::size_t pieces = leaves_, sub = leaf_;
  for (std::size_t li = levels_.size(); li-- > 0;) {
    const Level& level = levels_[li];
    const std::size_t width = 2 * sub, parents = pieces / level.points, parent_width = 2 * level.k * sub;
    // Point i of group g is at (g * points + i) * held, where held is the
    // width the products are held in: 2 * leaf_stride_ in the accumulator, the
    // width itself above it. Block m of parent g's product is at
    // g * parent_width + m * sub.
    const std::size_t held = pieces == leaves_ ? 2 * leaf_stride_ : width;
    const toom_detail::Blocks<value, lengths> blocks{parents, width, parent_width, level.points * held};
    const toom_detail::Blocks<value, lengths> rows{parents, width, width, level.points * held};
    const toom_detail::Blocks<value, lengths> from_rows{parents, width, parent_width, width};
    if (level.karatsuba) {
      const toom_detail::Blocks<value, lengths> halves{parents, sub, parent_width, level.points * held};
      toom_detail::with_block_length(halves, [&](auto len) {
        toom_detail::karatsuba_interpolation_of<decltype(len)::value, A>(next, current, halves, held);
      });
    } else if (level.toom4) {
      const toom_detail::Blocks<value, lengths> halves{parents, sub, parent_width, level.points * held};
      toom_detail::with_block_length(halves, [&](auto len) {
        toom_detail::toom4_interpolation_of<decltype(len)::value, A>(next, current, halves, held);
      });
    } else {
      // The even blocks (0, 2, ..., 2k - 2) tile the parent's 2k * sub values
      // exactly: they go first and are stored, the odd ones are added to them,
      // so the parents need no clearing pass.
      for (std::size_t first = 0; first < 2; ++first)
        for (std::size_t m = first; m < level.points; m += 2) {
          const bool store = first == 0;
          const auto& terms = level.interpolation[m];
          value* dst = next + m * sub;
          if (level.exact_row[m]) {
            if (store)
              toom_detail::weighted_sum<A>(dst, current, held, blocks, terms);
            else
              for (const Term& term : terms)
                toom_detail::weighted_term<A, false>(dst, current + term.input * held, blocks, term);
            continue;
          }
          toom_detail::weighted_sum<A>(row, current, held, rows, terms);
          const auto d = level.divisors[m];
          if (store)
            toom_detail::over_blocks(dst, row, from_rows, [d](value& o, value r) { o = A::divide(r, d); });
          else
            toom_detail::over_blocks(dst, row, from_rows, [d](value& o, value r) { o = A::add(o, A::divide(r, d)); });
        }
    }
    current = next;
    std::swap(next, spare);
    pieces = parents;
    sub *= level.k;
  }
  // current holds the 2*padded-1 coefficients of the plain product: fold
  // each further n of them onto the first, negated at odd multiples of n
  // for x^n + 1.
  std::copy(current, current + R::n, row);
  for (std::size_t start = R::n; start + 1 < 2 * padded_; start += R::n) {
    const bool negate = R::wrap == Wrap::negacyclic && (start / R::n) % 2 == 1;
    const std::size_t len = std::min(R::n, 2 * padded_ - 1 - start);
    const value* __restrict high = current + start;
    value* __restrict low = row;
    if (negate)
      for (std::size_t t = 0; t < len; ++t) low[t] = A::sub(low[t], high[t]);
    else
      for (std::size_t t = 0; t < len; ++t) low[t] = A::add(low[t], high[t]);
  }
  for (std::size_t i = 0; i < R::n; ++i) out[i] = A::to_coefficient(row[i], R::q);
}

template <RingDescription R, class A>
ToomCook<R, A> make_toom_cook(std::string_view name, const Params& params) {
  return ToomCook<R, A>(std::string(name), toom_plan(name, params, R::n));
}

}  // namespace pqmul
