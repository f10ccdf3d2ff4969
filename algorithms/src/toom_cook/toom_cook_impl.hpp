#pragma once
// Member definitions of ToomCook, included only by the files that
// explicitly instantiate it (one per ring), to keep build time bounded.
#include <algorithm>
#include <cassert>
#include <stdexcept>

#include "pqmul/algorithms/toom_cook.hpp"

namespace pqmul {

template <RingDescription R, class A>
ToomCook<R, A>::ToomCook(std::string name, std::vector<ToomScheme> schemes)
    : name_(std::move(name)), schemes_(std::move(schemes)) {
  std::size_t split = 1;
  for (const ToomScheme& s : schemes_) {
    Level level;
    level.k = s.k;
    level.points = 2 * s.k - 1;
    level.evaluation_weights = s.evaluation;
    for (const auto& row : s.evaluation) {
      std::vector<typename A::constant> r;
      for (auto w : row) r.push_back(A::make_constant(w < 0 ? -w : w));
      level.evaluation.push_back(std::move(r));
    }
    for (const InterpolationRow& row : s.interpolation) {
      level.interpolation_weights.push_back(row.numerators);
      std::vector<typename A::constant> r;
      for (auto w : row.numerators) r.push_back(A::make_constant(w < 0 ? -w : w));
      level.interpolation.push_back(std::move(r));
      level.divisors.push_back(A::make_divisor(row.odd, row.shift));
      level.exact_row.push_back(row.odd == 1 && row.shift == 0);
    }
    bits_lost_ += s.bits_lost;
    split *= s.k;
    leaves_ *= level.points;
    levels_.push_back(std::move(level));
  }
  A::check_modulus(R::q, bits_lost_, name_);
  leaf_ = (R::n + split - 1) / split;
  padded_ = leaf_ * split;
}

namespace toom_detail {
// out (op)= w * src, where w is a small signed weight; the first term of a sum
// is written rather than added, so counts reflect what the algorithm does.
template <class A>
void weighted_term(typename A::value* out, const typename A::value* src, std::size_t len, std::int64_t w,
                   typename A::constant c, bool first) {
  using V = typename A::value;
  if (first) {
    if (w == 1)
      std::copy(src, src + len, out);
    else if (w == -1)
      for (std::size_t t = 0; t < len; ++t) out[t] = A::sub(V{}, src[t]);
    else if (w > 0)
      for (std::size_t t = 0; t < len; ++t) out[t] = A::mul_const(src[t], c);
    else
      for (std::size_t t = 0; t < len; ++t) out[t] = A::sub(V{}, A::mul_const(src[t], c));
    return;
  }
  if (w == 1)
    for (std::size_t t = 0; t < len; ++t) out[t] = A::add(out[t], src[t]);
  else if (w == -1)
    for (std::size_t t = 0; t < len; ++t) out[t] = A::sub(out[t], src[t]);
  else if (w > 0)
    for (std::size_t t = 0; t < len; ++t) out[t] = A::add(out[t], A::mul_const(src[t], c));
  else
    for (std::size_t t = 0; t < len; ++t) out[t] = A::sub(out[t], A::mul_const(src[t], c));
}
}  // namespace toom_detail

template <RingDescription R, class A>
void ToomCook<R, A>::transform(const Poly<R>& a, operand& out) const {
  assert(is_canonical(a));
  out.data.resize(leaves_ * leaf_);
  std::vector<value> current(padded_, value{}), next;
  for (std::size_t i = 0; i < R::n; ++i) current[i] = A::from_coefficient(a[i]);
  std::size_t pieces = 1, length = padded_;
  for (const Level& level : levels_) {
    const std::size_t sub = length / level.k;
    next.assign(pieces * level.points * sub, value{});
    for (std::size_t p = 0; p < pieces; ++p) {
      const value* base = current.data() + p * length;
      for (std::size_t i = 0; i < level.points; ++i) {
        value* e = next.data() + (p * level.points + i) * sub;
        bool first = true;
        for (std::size_t j = 0; j < level.k; ++j) {
          const std::int64_t w = level.evaluation_weights[i][j];
          if (w == 0) continue;
          toom_detail::weighted_term<A>(e, base + j * sub, sub, w, level.evaluation[i][j], first);
          first = false;
        }
      }
    }
    current.swap(next);
    pieces *= level.points;
    length = sub;
  }
  for (std::size_t leaf = 0; leaf < leaves_; ++leaf)
    for (std::size_t i = 0; i < leaf_; ++i) out.data[i * leaves_ + leaf] = current[leaf * leaf_ + i];
}

template <RingDescription R, class A>
void ToomCook<R, A>::clear(accumulator& acc) const {
  acc.data.assign(leaves_ * (2 * leaf_ - 1), value{});
}

namespace toom_detail {
// Lanes per block of the leaf products in the coefficient-major layout: a
// compile-time width the compiler turns into whole vector registers. The
// counting twin takes one lane at a time, so that its tallies are the
// algorithm's operations, not padding's.
template <class A>
inline constexpr std::size_t lane_block = 16;
template <class Base>
inline constexpr std::size_t lane_block<CountingArithmetic<Base>> = 1;
// Longest leaf whose masked rows (the tail below) fit a stack buffer.
inline constexpr std::size_t max_masked_leaf = 64;

// c[k] += sum_{i+j=k} x[i] y[j] over lanes [0, Width) of rows `stride`
// apart (x, y: l rows; c: 2l-1 rows), x's rows `x_stride` apart.
// Output-stationary: each sum stays in registers while its products are
// added, and is stored once.
template <class A, std::size_t Width>
void leaf_products_block(typename A::value* __restrict c, const typename A::value* __restrict xs,
                         const typename A::value* __restrict ys, std::size_t l, std::size_t stride,
                         std::size_t x_stride) {
  using V = typename A::value;
  for (std::size_t k = 0; k + 1 < 2 * l; ++k) {
    V sum[Width];
    V* ck = c + k * stride;
    for (std::size_t u = 0; u < Width; ++u) sum[u] = ck[u];
    const std::size_t first = k >= l ? k - l + 1 : 0, last = k < l ? k : l - 1;
    for (std::size_t i = first; i <= last; ++i) {
      const V* xi = xs + i * x_stride;
      const V* yj = ys + (k - i) * stride;
      for (std::size_t u = 0; u < Width; ++u) sum[u] = A::add(sum[u], A::mul(xi[u], yj[u]));
    }
    for (std::size_t u = 0; u < Width; ++u) ck[u] = sum[u];
  }
}

// The same over a run-time number of lanes.
template <class A>
void leaf_products_lanes(typename A::value* __restrict c, const typename A::value* __restrict xs,
                         const typename A::value* __restrict ys, std::size_t l, std::size_t width, std::size_t stride) {
  for (std::size_t i = 0; i < l; ++i)
    for (std::size_t j = 0; j < l; ++j) {
      typename A::value* cij = c + (i + j) * stride;
      const typename A::value* xi = xs + i * stride;
      const typename A::value* yj = ys + j * stride;
      for (std::size_t t = 0; t < width; ++t) cij[t] = A::add(cij[t], A::mul(xi[t], yj[t]));
    }
}

}  // namespace toom_detail

// Operands and accumulators are stored coefficient-major across leaves
// (data[i * leaves + leaf]): the pointwise products then run over all leaves
// at once, in blocks of lane_block lanes, whatever the leaf length. A tail of
// at least half a block runs as the last whole block, overlapping lanes done
// already, with x's overlapped lanes zero (they add nothing): whole registers
// beat a scalar remainder. A shorter tail runs lane by lane.
template <RingDescription R, class A>
void ToomCook<R, A>::multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
  constexpr std::size_t block = toom_detail::lane_block<A>;
  const std::size_t l = leaf_, lanes = leaves_;
  value* __restrict c = acc.data.data();
  const value* __restrict xs = x.data.data();
  const value* __restrict ys = y.data.data();
  if (lanes == 1) {  // schoolbook: one leaf, the inner loop runs along it instead
    for (std::size_t i = 0; i < l; ++i) {
      const value xi = xs[i];
      for (std::size_t j = 0; j < l; ++j) c[i + j] = A::add(c[i + j], A::mul(xi, ys[j]));
    }
    return;
  }
  const std::size_t full = lanes / block * block, tail = lanes - full;
  for (std::size_t t0 = 0; t0 < full; t0 += block)
    toom_detail::leaf_products_block<A, block>(c + t0, xs + t0, ys + t0, l, lanes, lanes);
  if (tail == 0) return;
  if (full == 0 || 2 * tail < block || l > toom_detail::max_masked_leaf) {
    toom_detail::leaf_products_lanes<A>(c + full, xs + full, ys + full, l, tail, lanes);
    return;
  }
  const std::size_t start = lanes - block, done = block - tail;
  value masked[toom_detail::max_masked_leaf * block];
  for (std::size_t i = 0; i < l; ++i)
    for (std::size_t u = 0; u < block; ++u) masked[i * block + u] = u < done ? value{} : xs[i * lanes + start + u];
  toom_detail::leaf_products_block<A, block>(c + start, masked, ys + start, l, lanes, block);
}

template <RingDescription R, class A>
void ToomCook<R, A>::inverse(const accumulator& acc, Poly<R>& out) const {
  const std::size_t leaf_width = 2 * leaf_ - 1;
  std::vector<value> current(leaves_ * leaf_width), next, row;
  for (std::size_t leaf = 0; leaf < leaves_; ++leaf)
    for (std::size_t i = 0; i < leaf_width; ++i) current[leaf * leaf_width + i] = acc.data[i * leaves_ + leaf];
  std::size_t pieces = leaves_, sub = leaf_;
  for (std::size_t li = levels_.size(); li-- > 0;) {
    const Level& level = levels_[li];
    const std::size_t width = 2 * sub - 1, parents = pieces / level.points;
    const std::size_t parent_width = 2 * level.k * sub - 1;
    next.assign(parents * parent_width, value{});
    row.resize(width);
    for (std::size_t g = 0; g < parents; ++g) {
      const value* e = current.data() + g * level.points * width;
      value* parent = next.data() + g * parent_width;
      for (std::size_t m = 0; m < level.points; ++m) {
        bool first = true;
        for (std::size_t i = 0; i < level.points; ++i) {
          const std::int64_t w = level.interpolation_weights[m][i];
          if (w == 0) continue;
          toom_detail::weighted_term<A>(row.data(), e + i * width, width, w, level.interpolation[m][i], first);
          first = false;
        }
        if (first) std::fill(row.begin(), row.end(), value{});
        if (!level.exact_row[m])
          for (std::size_t t = 0; t < width; ++t) row[t] = A::divide(row[t], level.divisors[m]);
        value* dst = parent + m * sub;
        for (std::size_t t = 0; t < width; ++t) dst[t] = A::add(dst[t], row[t]);
      }
    }
    current.swap(next);
    pieces = parents;
    sub *= level.k;
  }
  // current holds the 2*padded-1 coefficients of the plain product: fold.
  std::vector<value> folded(current.begin(), current.begin() + R::n);
  for (std::size_t i = R::n; i < current.size(); ++i) {
    const bool negate = R::wrap == Wrap::negacyclic && (i / R::n) % 2 == 1;
    folded[i % R::n] = negate ? A::sub(folded[i % R::n], current[i]) : A::add(folded[i % R::n], current[i]);
  }
  for (std::size_t i = 0; i < R::n; ++i) out[i] = A::to_coefficient(folded[i], R::q);
}

template <RingDescription R, class A>
ToomCook<R, A> make_toom_cook(std::string_view name, const Params& params) {
  return ToomCook<R, A>(std::string(name), toom_plan(name, params, R::n));
}

}  // namespace pqmul
