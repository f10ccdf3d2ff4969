#pragma once
// Module arithmetic (products of polynomial vectors and matrices), written once
// over the Multiplier interface, with the eager / lazy / cached strategies.
#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/wipe.hpp"

namespace pqmul {

enum class Strategy { eager, lazy, cached };
enum class Transpose { no, yes };

std::string_view to_string(Strategy s);
// Throws std::invalid_argument naming the valid strategies.
Strategy parse_strategy(std::string_view name);
inline constexpr Strategy all_strategies[] = {Strategy::eager, Strategy::lazy, Strategy::cached};

// What one module operation did: calls of each step (the quantities of the
// time-memory trade-off) and the bytes of transformed data it held at once.
struct ModuleStats {
  std::size_t transforms = 0;
  std::size_t products = 0;
  std::size_t inverses = 0;
  std::size_t poly_additions = 0;  // normal-domain additions of whole polynomials
  std::size_t bytes_held = 0;

  // Adds the calls of `part`; memory is the larger of the two peaks, or `bytes` if given.
  void merge(const ModuleStats& part, std::size_t bytes = 0) {
    transforms += part.transforms;
    products += part.products;
    inverses += part.inverses;
    poly_additions += part.poly_additions;
    bytes_held = std::max({bytes_held, part.bytes_held, bytes});
  }
};

// Bytes a strategy holds for a rank-`rank` matrix-vector or inner product.
template <Multiplier M>
std::size_t strategy_bytes(const M& m, Strategy s, std::size_t rank) {
  const std::size_t op = m.operand_bytes(), acc = m.accumulator_bytes();
  switch (s) {
    case Strategy::eager:
      return 2 * op + acc + sizeof(Poly<typename M::ring>);
    case Strategy::lazy:
      return 2 * op + acc;
    case Strategy::cached:
      return (rank + 1) * op + acc;
  }
  return 0;
}

template <Multiplier M>
void require_accumulation(const M& m, std::size_t terms) {
  if (terms > m.max_accumulated())
    throw std::invalid_argument(m.name() + " cannot accumulate " + std::to_string(terms) +
                                " products without overflow (at most " + std::to_string(m.max_accumulated()) + ")");
}

template <Multiplier M>
Poly<typename M::ring> mul(const M& m, const Poly<typename M::ring>& a, const Poly<typename M::ring>& b) {
  auto x = m.make_operand(), y = m.make_operand();
  auto acc = m.make_accumulator();
  m.transform(a, x);
  m.transform(b, y);
  m.clear(acc);
  m.multiply_accumulate(acc, x, y);
  Poly<typename M::ring> out;
  m.inverse(acc, out);
  return out;
}

// The transforms of a vector, computed once and reused (the cached strategy;
// a scheme may also keep it between its phases). Operands of plain storage
// (UnfilledStorage: transform writes an operand whole) of vectors up to
// InlineRank (every scheme's rank) are held in place, without a heap
// allocation or a copy per operand; the others in a vector of
// make_operand()'s. Empty until transformed.
template <Multiplier M, std::size_t InlineRank = 4>
class TransformedVector {
 public:
  using operand = typename M::operand;
  static constexpr bool plain = std::is_base_of_v<UnfilledStorage<operand, typename M::accumulator>, M>;

  TransformedVector() {}  // (in place, the operands are left for transform to write)
  TransformedVector(TransformedVector&&) noexcept = default;
  TransformedVector& operator=(TransformedVector&&) noexcept = default;
  ~TransformedVector() {  // (a scheme's secret vector, transformed)
    // Each operand as it says (ntt16's clear only the residue rows written).
    if constexpr (plain)
      for (std::size_t i = 0; i < (items_.empty() ? count_ : 0); ++i) wipe(inline_[i]);
    wipe(items_);
  }

  void transform(const M& m, std::span<const Poly<typename M::ring>> v) {
    items_.clear();
    count_ = v.size();
    if (plain && v.size() <= InlineRank) {
      for (std::size_t i = 0; i < v.size(); ++i) m.transform(v[i], inline_[i]);
    } else {
      items_.reserve(v.size());
      for (const auto& p : v) {
        items_.push_back(m.make_operand());
        m.transform(p, items_.back());
      }
    }
    bytes = v.size() * m.operand_bytes();
  }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  std::span<const operand> view() const {
    if (items_.empty()) return std::span<const operand>(inline_.data(), count_);
    return items_;
  }
  const operand& operator[](std::size_t i) const { return view()[i]; }

  std::size_t bytes = 0;

 private:
  std::array<operand, plain ? InlineRank : 0> inline_;
  std::vector<operand> items_;
  std::size_t count_ = 0;
};

template <Multiplier M>
TransformedVector<M> transform_vector(const M& m, std::span<const Poly<typename M::ring>> v,
                                      ModuleStats* stats = nullptr) {
  TransformedVector<M> t;
  t.transform(m, v);
  if (stats) stats->transforms += v.size();
  return t;
}

// The same for a vector of a rank fixed at compile time (a scheme's), held
// in place up to that rank; not copied or moved (a scheme keeps it where it is).
template <Multiplier M, std::size_t N>
class TransformedArray : public TransformedVector<M, N> {
 public:
  TransformedArray() = default;
  TransformedArray(const TransformedArray&) = delete;
  TransformedArray& operator=(const TransformedArray&) = delete;
  void transform(const M& m, std::span<const Poly<typename M::ring>, N> v) { TransformedVector<M, N>::transform(m, v); }
};

// Rows [first, end) of a product with a rank x rank matrix.
struct RowRange {
  std::size_t first = 0, end = 0;
};

// The strategies, written once: rows of E v, row i = sum_j E_ij v_j, for a
// rank x rank matrix E and a vector v of that rank. How E is held and met is
// the caller's: `entry_product(acc, i, j, x, first)` writes (first) or adds
// E_ij * x to acc, x the operand of v_j (the module products below transform
// each entry; Kyber meets its matrix, sampled in the NTT domain, through its
// bridge). `cached`: v's operands transformed once (the cached strategy;
// then v may be empty), or empty: v_j is transformed again for every row.
// Lazy and cached: `finish(i, acc)` gets the row's accumulator. Eager: each
// product is inverted on its own and the row summed in the normal domain;
// `finish_normal(i, sum)` gets the sum.
// stats: the v transforms, products, eager inverses and additions done here
// (the callers count their entries' transforms and their finishing inverses).
template <Multiplier M, class EntryProduct, class Finish, class FinishNormal>
void module_rows(const M& m, Strategy s, std::span<const Poly<typename M::ring>> v,
                 std::span<const typename M::operand> cached, RowRange rows, EntryProduct&& entry_product,
                 Finish&& finish, FinishNormal&& finish_normal, ModuleStats* stats = nullptr) {
  using P = Poly<typename M::ring>;
  const std::size_t rank = cached.empty() ? v.size() : cached.size();
  if (!v.empty() && v.size() != rank) throw std::invalid_argument("module product: rank mismatch");
  const bool eager = s == Strategy::eager;
  if (!eager) require_accumulation(m, rank);
  // An operand for v_j where none is cached. Operands that own storage are
  // made only then (the bytes a strategy holds are measured); plain ones
  // (trivially destructible) are made anyway, in place, and cost nothing
  // unused where make_operand leaves them unfilled.
  constexpr bool plain = std::is_trivially_destructible_v<typename M::operand>;
  auto x_storage = [&] {
    if constexpr (plain) {
      return m.make_operand();
    } else {
      return std::optional<typename M::operand>();
    }
  }();
  typename M::operand* x = nullptr;
  if (cached.empty()) {
    if constexpr (plain) {
      x = &x_storage;
    } else {
      x = &x_storage.emplace(m.make_operand());
    }
  }
  auto acc = m.make_accumulator();
  P sum(uninitialized), product(uninitialized);
  // Rows of products with a secret (s, y, ...) are secret.
  const WipeOnExit wipe_acc(acc);
  const WipeUsedOnExit wipe_used(x, eager ? &sum : nullptr, eager ? &product : nullptr);
  for (std::size_t row = rows.first; row < rows.end; ++row) {
    for (std::size_t col = 0; col < rank; ++col) {
      if (x) m.transform(v[col], *x);
      entry_product(acc, row, col, x ? *x : cached[col], col == 0 || eager);
      if (eager) {
        m.inverse(acc, col == 0 ? sum : product);
        if (col > 0) add_into(sum, product, sum);
      }
    }
    if (eager) {
      if (rank == 0) sum = P{};  // (a row of rank 0 sums nothing)
      finish_normal(row, std::as_const(sum));
    } else {
      finish(row, std::as_const(acc));
    }
  }
  if (stats) {
    const std::size_t count = rows.end - rows.first, products = count * rank;
    stats->products += products;
    if (cached.empty()) stats->transforms += products;
    if (eager) {
      stats->inverses += products;
      stats->poly_additions += rank > 0 ? count * (rank - 1) : 0;
    }
  }
}

namespace detail {
template <Multiplier M>
const Poly<typename M::ring>& matrix_entry(std::span<const Poly<typename M::ring>> matrix, std::size_t rank,
                                           std::size_t row, std::size_t col, Transpose t) {
  return t == Transpose::no ? matrix[row * rank + col] : matrix[col * rank + row];
}

// Rows of the module products below: entry(i, j) in the normal domain,
// transformed for each product; rows finished by an inverse into out[i].
template <Multiplier M, class Entry>
void normal_domain_rows(const M& m, Strategy s, std::span<const Poly<typename M::ring>> v,
                        std::span<const typename M::operand> cached, std::size_t rows, Entry&& entry,
                        std::span<Poly<typename M::ring>> out, ModuleStats* stats) {
  auto y = m.make_operand();
  const WipeOnExit wipe_y(y);
  module_rows(
      m, s, v, cached, RowRange{0, rows},
      [&](typename M::accumulator& acc, std::size_t i, std::size_t j, const typename M::operand& x, bool first) {
        m.transform(entry(i, j), y);
        if (first) m.clear(acc);
        m.multiply_accumulate(acc, y, x);
      },
      [&](std::size_t i, const typename M::accumulator& acc) { m.inverse(acc, out[i]); },
      [&](std::size_t i, const Poly<typename M::ring>& sum) { out[i] = sum; }, stats);
  if (stats) {
    stats->transforms += rows * (cached.empty() ? v.size() : cached.size());
    if (s != Strategy::eager) stats->inverses += rows;
  }
}
}  // namespace detail

// out = sum_j a_j * cached_j, with one inverse.
template <Multiplier M>
void inner_product(const M& m, std::span<const Poly<typename M::ring>> a, const TransformedVector<M>& cached,
                   Poly<typename M::ring>& out, ModuleStats* stats = nullptr) {
  if (a.size() != cached.size()) throw std::invalid_argument("inner_product: rank mismatch");
  ModuleStats local;
  detail::normal_domain_rows(
      m, Strategy::cached, {}, cached.view(), 1, [&](std::size_t, std::size_t j) -> const auto& { return a[j]; },
      std::span<Poly<typename M::ring>>(&out, 1), &local);
  if (stats) stats->merge(local, cached.bytes + m.operand_bytes() + m.accumulator_bytes());
}

// out_i = sum_j A_ij * cached_j (or A_ji when transposed); matrix is row-major rank x rank.
template <Multiplier M>
void matrix_vector(const M& m, std::span<const Poly<typename M::ring>> matrix, const TransformedVector<M>& cached,
                   std::span<Poly<typename M::ring>> out, Transpose t, ModuleStats* stats = nullptr) {
  const std::size_t rank = cached.size();
  if (matrix.size() != rank * rank || out.size() != rank) throw std::invalid_argument("matrix_vector: rank mismatch");
  ModuleStats local;
  detail::normal_domain_rows(
      m, Strategy::cached, {}, cached.view(),
      rank, [&](std::size_t i, std::size_t j) -> const auto& { return detail::matrix_entry<M>(matrix, rank, i, j, t); },
      out, &local);
  if (stats) stats->merge(local, cached.bytes + m.operand_bytes() + m.accumulator_bytes());
}

// out = sum_j a_j * b_j under a strategy.
template <Multiplier M>
void inner_product(const M& m, std::span<const Poly<typename M::ring>> a, std::span<const Poly<typename M::ring>> b,
                   Poly<typename M::ring>& out, Strategy s, ModuleStats* stats = nullptr) {
  if (a.size() != b.size()) throw std::invalid_argument("inner_product: rank mismatch");
  const std::size_t rank = a.size();
  if (s == Strategy::cached) {
    ModuleStats local;
    const auto cached = transform_vector(m, b, &local);
    inner_product(m, a, cached, out, &local);
    if (stats) stats->merge(local, strategy_bytes(m, s, rank));
    return;
  }
  ModuleStats local;
  detail::normal_domain_rows(
      m, s, b, {}, 1, [&](std::size_t, std::size_t j) -> const auto& { return a[j]; },
      std::span<Poly<typename M::ring>>(&out, 1), &local);
  if (stats) stats->merge(local, strategy_bytes(m, s, rank));
}

// out_i = sum_j A_ij * v_j (A_ji when transposed) under a strategy.
template <Multiplier M>
void matrix_vector(const M& m, std::span<const Poly<typename M::ring>> matrix,
                   std::span<const Poly<typename M::ring>> v, std::span<Poly<typename M::ring>> out, Transpose t,
                   Strategy s, ModuleStats* stats = nullptr) {
  const std::size_t rank = v.size();
  if (matrix.size() != rank * rank || out.size() != rank) throw std::invalid_argument("matrix_vector: rank mismatch");
  if (s == Strategy::cached) {
    ModuleStats local;
    const auto cached = transform_vector(m, v, &local);
    matrix_vector(m, matrix, cached, out, t, &local);
    if (stats) stats->merge(local, strategy_bytes(m, s, rank));
    return;
  }
  ModuleStats local;
  detail::normal_domain_rows(
      m, s, v, {},
      rank, [&](std::size_t i, std::size_t j) -> const auto& { return detail::matrix_entry<M>(matrix, rank, i, j, t); },
      out, &local);
  if (stats) stats->merge(local, strategy_bytes(m, s, rank));
}

}  // namespace pqmul
