#pragma once
// One product through a multiplier: the multiplier's fused `multiply` of two
// operands where it has one (no accumulator to clear, store and reload),
// else clear + multiply_accumulate + inverse. Same result either way.
#include <concepts>

#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/poly.hpp"

namespace pqmul::ntru {

template <class M>
concept FusedProduct = Multiplier<M> && requires(const M& m, const typename M::operand& x,
                                                 Poly<typename M::ring>& out) {
  { m.multiply(x, x, out) } -> std::same_as<void>;
};

// x * y for operands already transformed by m.
template <Multiplier M>
Poly<typename M::ring> transformed_product(const M& m, const typename M::operand& x,
                                           const typename M::operand& y) {
  Poly<typename M::ring> out(uninitialized);  // (multiply and inverse write every coefficient)
  if constexpr (FusedProduct<M>) {
    m.multiply(x, y, out);
  } else {
    auto acc = m.make_accumulator();
    m.clear(acc);
    m.multiply_accumulate(acc, x, y);
    m.inverse(acc, out);
  }
  return out;
}

template <Multiplier M>
Poly<typename M::ring> multiply(const M& m, const Poly<typename M::ring>& a, const Poly<typename M::ring>& b) {
  auto x = m.make_operand(), y = m.make_operand();
  m.transform(a, x);
  m.transform(b, y);
  return transformed_product(m, x, y);
}

}  // namespace pqmul::ntru
