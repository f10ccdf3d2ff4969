#pragma once
// The counting twins of the Toom-Cook family (count_toom_cook, declared in
// toom_cook_registry_impl.hpp), included only by the toom_cook_<ring>_counting.cpp
// files: one explicit instantiation per ring and word arithmetic that
// make_toom_ring_multiplier can choose. A missing one fails the link.
#include <cstdint>
#include <string>

#include "toom_cook_registry_impl.hpp"

namespace pqmul {

template <RingDescription R, class A>
OpCounts count_toom_cook(const std::string& name, const Params& params, Strategy s, std::size_t rank) {
  using Counting = CountingArithmetic<A>;
  const auto twin = make_toom_cook<R, Counting>(name, params);
  return count_with(twin, s, rank, [] { return Counting::read_and_reset(); });
}

}  // namespace pqmul

#define PQMUL_INSTANTIATE_TOOM_COOK_COUNTING(RING, ARITHMETIC)                                      \
  template pqmul::OpCounts pqmul::count_toom_cook<RING, ARITHMETIC>(const std::string&, const pqmul::Params&, \
                                                                    pqmul::Strategy, std::size_t);

// Power-of-two q: the 16- and 32-bit words (parameter word=16|32).
#define PQMUL_INSTANTIATE_TOOM_COOK_COUNTING_WORDS(RING)                         \
  PQMUL_INSTANTIATE_TOOM_COOK_COUNTING(RING, pqmul::WordArithmetic<std::uint16_t>) \
  PQMUL_INSTANTIATE_TOOM_COOK_COUNTING(RING, pqmul::WordArithmetic<std::uint32_t>)
