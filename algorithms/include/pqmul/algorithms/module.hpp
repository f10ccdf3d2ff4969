#pragma once
// Module arithmetic (products of polynomial vectors and matrices), written once
// over the Multiplier interface, with the eager / lazy / cached strategies.
#include <algorithm>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/algorithms/multiplier.hpp"

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
    case Strategy::eager: return 2 * op + acc + sizeof(Poly<typename M::ring>);
    case Strategy::lazy: return 2 * op + acc;
    case Strategy::cached: return (rank + 1) * op + acc;
  }
  return 0;
}

template <Multiplier M>
void require_accumulation(const M& m, std::size_t terms) {
  if (terms > m.max_accumulated())
    throw std::invalid_argument(m.name() + " cannot accumulate " + std::to_string(terms) +
                                " products without overflow (at most " +
                                std::to_string(m.max_accumulated()) + ")");
}

template <Multiplier M>
Poly<typename M::ring> mul(const M& m, const Poly<typename M::ring>& a,
                           const Poly<typename M::ring>& b) {
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
// a scheme may also keep it between its phases).
template <Multiplier M>
struct TransformedVector {
  std::vector<typename M::operand> items;
  std::size_t bytes = 0;
};

template <Multiplier M>
TransformedVector<M> transform_vector(const M& m, std::span<const Poly<typename M::ring>> v,
                                      ModuleStats* stats = nullptr) {
  TransformedVector<M> t;
  t.items.reserve(v.size());
  for (const auto& p : v) {
    t.items.push_back(m.make_operand());
    m.transform(p, t.items.back());
  }
  t.bytes = v.size() * m.operand_bytes();
  if (stats) stats->transforms += v.size();
  return t;
}

namespace detail {
template <Multiplier M>
const Poly<typename M::ring>& matrix_entry(std::span<const Poly<typename M::ring>> matrix,
                                           std::size_t rank, std::size_t row, std::size_t col,
                                           Transpose t) {
  return t == Transpose::no ? matrix[row * rank + col] : matrix[col * rank + row];
}
}  // namespace detail

// out = sum_j a_j * cached_j, with one inverse.
template <Multiplier M>
void inner_product(const M& m, std::span<const Poly<typename M::ring>> a,
                   const TransformedVector<M>& cached, Poly<typename M::ring>& out,
                   ModuleStats* stats = nullptr) {
  if (a.size() != cached.items.size()) throw std::invalid_argument("inner_product: rank mismatch");
  require_accumulation(m, a.size());
  auto x = m.make_operand();
  auto acc = m.make_accumulator();
  m.clear(acc);
  for (std::size_t j = 0; j < a.size(); ++j) {
    m.transform(a[j], x);
    m.multiply_accumulate(acc, x, cached.items[j]);
  }
  m.inverse(acc, out);
  if (stats) {
    stats->transforms += a.size();
    stats->products += a.size();
    stats->inverses += 1;
    stats->bytes_held = std::max(stats->bytes_held, cached.bytes + m.operand_bytes() + m.accumulator_bytes());
  }
}

// out_i = sum_j A_ij * cached_j (or A_ji when transposed); matrix is row-major rank x rank.
template <Multiplier M>
void matrix_vector(const M& m, std::span<const Poly<typename M::ring>> matrix,
                   const TransformedVector<M>& cached, std::span<Poly<typename M::ring>> out,
                   Transpose t, ModuleStats* stats = nullptr) {
  const std::size_t rank = cached.items.size();
  if (matrix.size() != rank * rank || out.size() != rank)
    throw std::invalid_argument("matrix_vector: rank mismatch");
  require_accumulation(m, rank);
  auto x = m.make_operand();
  auto acc = m.make_accumulator();
  for (std::size_t i = 0; i < rank; ++i) {
    m.clear(acc);
    for (std::size_t j = 0; j < rank; ++j) {
      m.transform(detail::matrix_entry<M>(matrix, rank, i, j, t), x);
      m.multiply_accumulate(acc, x, cached.items[j]);
    }
    m.inverse(acc, out[i]);
  }
  if (stats) {
    stats->transforms += rank * rank;
    stats->products += rank * rank;
    stats->inverses += rank;
    stats->bytes_held = std::max(stats->bytes_held, cached.bytes + m.operand_bytes() + m.accumulator_bytes());
  }
}

// out = sum_j a_j * b_j under a strategy.
template <Multiplier M>
void inner_product(const M& m, std::span<const Poly<typename M::ring>> a,
                   std::span<const Poly<typename M::ring>> b, Poly<typename M::ring>& out,
                   Strategy s, ModuleStats* stats = nullptr) {
  using P = Poly<typename M::ring>;
  if (a.size() != b.size()) throw std::invalid_argument("inner_product: rank mismatch");
  const std::size_t rank = a.size();
  if (s == Strategy::cached) {
    ModuleStats local;
    auto cached = transform_vector(m, b, &local);
    inner_product(m, a, cached, out, &local);
    if (stats) stats->merge(local, strategy_bytes(m, s, rank));
    return;
  }
  auto x = m.make_operand(), y = m.make_operand();
  auto acc = m.make_accumulator();
  if (s == Strategy::lazy) {
    require_accumulation(m, rank);
    m.clear(acc);
    for (std::size_t j = 0; j < rank; ++j) {
      m.transform(a[j], x);
      m.transform(b[j], y);
      m.multiply_accumulate(acc, x, y);
    }
    m.inverse(acc, out);
    if (stats) stats->inverses += 1;
  } else {
    P product;
    for (std::size_t j = 0; j < rank; ++j) {
      m.transform(a[j], x);
      m.transform(b[j], y);
      m.clear(acc);
      m.multiply_accumulate(acc, x, y);
      m.inverse(acc, j == 0 ? out : product);
      if (j > 0) out = add(out, product);
    }
    if (stats) {
      stats->inverses += rank;
      stats->poly_additions += rank > 0 ? rank - 1 : 0;
    }
  }
  if (stats) {
    stats->transforms += 2 * rank;
    stats->products += rank;
    stats->bytes_held = std::max(stats->bytes_held, strategy_bytes(m, s, rank));
  }
}

// out_i = sum_j A_ij * v_j (A_ji when transposed) under a strategy.
template <Multiplier M>
void matrix_vector(const M& m, std::span<const Poly<typename M::ring>> matrix,
                   std::span<const Poly<typename M::ring>> v, std::span<Poly<typename M::ring>> out,
                   Transpose t, Strategy s, ModuleStats* stats = nullptr) {
  const std::size_t rank = v.size();
  if (matrix.size() != rank * rank || out.size() != rank)
    throw std::invalid_argument("matrix_vector: rank mismatch");
  if (s == Strategy::cached) {
    ModuleStats local;
    auto cached = transform_vector(m, v, &local);
    matrix_vector(m, matrix, cached, out, t, &local);
    if (stats) stats->merge(local, strategy_bytes(m, s, rank));
    return;
  }
  ModuleStats local;
  for (std::size_t i = 0; i < rank; ++i) {
    std::vector<Poly<typename M::ring>> row;
    row.reserve(rank);
    for (std::size_t j = 0; j < rank; ++j) row.push_back(detail::matrix_entry<M>(matrix, rank, i, j, t));
    inner_product(m, std::span<const Poly<typename M::ring>>(row), v, out[i], s, &local);
  }
  if (stats) stats->merge(local);
}

}  // namespace pqmul
