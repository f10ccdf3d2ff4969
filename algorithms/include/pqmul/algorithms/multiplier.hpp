#pragma once
// The multiplier interface of DESIGN.md section 3: evaluate (transform),
// multiply pointwise and accumulate, interpolate (inverse).
#include <concepts>
#include <cstddef>
#include <string>
#include <utility>

#include "pqmul/algorithms/poly.hpp"
#include "pqmul/algorithms/wipe.hpp"

namespace pqmul {

// A multiplier is an object (it may hold derived matrices or twiddle tables)
// whose member functions are const and thread-compatible. Its operand and
// accumulator types are its own, so a backend chooses its layout freely.
//
//   auto x = m.make_operand();      m.transform(a, x);        // evaluate a
//   auto acc = m.make_accumulator(); m.clear(acc);
//   m.multiply_accumulate(acc, x, y);                          // acc += x * y
//   m.inverse(acc, out);                                       // interpolate, reduce
//
// max_accumulated() is how many products the accumulator holds before
// inverse() could overflow; module arithmetic refuses to exceed it.
template <class M>
concept Multiplier =
    RingDescription<typename M::ring> &&
    requires(const M& m, const Poly<typename M::ring>& a, Poly<typename M::ring>& out,
             typename M::operand& x, const typename M::operand& cx,
             typename M::accumulator& acc, const typename M::accumulator& cacc) {
      { m.name() } -> std::convertible_to<std::string>;
      { m.make_operand() } -> std::same_as<typename M::operand>;
      { m.make_accumulator() } -> std::same_as<typename M::accumulator>;
      { m.transform(a, x) } -> std::same_as<void>;
      { m.clear(acc) } -> std::same_as<void>;
      { m.multiply_accumulate(acc, cx, cx) } -> std::same_as<void>;
      { m.inverse(cacc, out) } -> std::same_as<void>;
      { m.operand_bytes() } -> std::convertible_to<std::size_t>;
      { m.accumulator_bytes() } -> std::convertible_to<std::size_t>;
      { m.max_accumulated() } -> std::convertible_to<std::size_t>;
    };

// A transformed value of multiplier M: a distinct type per multiplier, so a
// normal-domain Poly, or another multiplier's operand, cannot be passed in.
template <class Tag, class Storage>
struct Transformed {
  Storage data;
  void wipe() noexcept { pqmul::wipe(data); }
};

// make_operand / make_accumulator for multipliers whose operand and
// accumulator are plain storage that transform() and clear() fill
// completely: nothing is zeroed (a KEM operation makes several; kilobytes of
// zeros would cost as much as a step).
template <class Operand, class Accumulator>
struct UnfilledStorage {
  Operand make_operand() const {
    Operand x;
    return x;
  }
  Accumulator make_accumulator() const {
    Accumulator acc;
    return acc;
  }
};

}  // namespace pqmul
