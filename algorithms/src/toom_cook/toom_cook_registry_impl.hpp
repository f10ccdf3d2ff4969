#pragma once
// Registry glue for the Toom-Cook family of one ring: the typed multiplier in
// the run-time adapter, with its counting twin for `pqmul count`.
#include <memory>

#include "pqmul/algorithms/registry_adapter.hpp"
#include "toom_cook_impl.hpp"

namespace pqmul {

// The operation counts of make_toom_cook<R, A>(name, params) for `pqmul count`,
// from its counting twin. Defined in toom_cook_counting_impl.hpp and
// instantiated in toom_cook_<ring>_counting.cpp, units compiled for build speed
// rather than run time: they count operations and are never timed.
template <RingDescription R, class A>
OpCounts count_toom_cook(const std::string& name, const Params& params, Strategy s, std::size_t rank);

template <RingDescription R, class A>
std::unique_ptr<RingMultiplier> make_toom_ring_multiplier_with(std::string_view name, const Params& params) {
  auto typed = make_toom_cook<R, A>(name, params);
  CountFunction counter = [name = std::string(name), params](Strategy s, std::size_t rank) {
    return count_toom_cook<R, A>(name, params, s, rank);
  };
  return std::make_unique<RingMultiplierAdapter<ToomCook<R, A>>>(std::move(typed), std::string(name), params.to_string(),
                                                                  "portable", std::move(counter));
}

// word=16 (default where q and the bits lost fit) or word=32, for power-of-two q.
template <RingDescription R>
std::unique_ptr<RingMultiplier> make_toom_ring_multiplier(std::string_view name, const Params& params) {
  if constexpr (R::power_of_two_q) {
    const std::string word = params.get("word", "16");
    if (word == "32") return make_toom_ring_multiplier_with<R, WordArithmetic<std::uint32_t>>(name, params);
    if (word != "16") throw std::invalid_argument("word must be 16 or 32");
    return make_toom_ring_multiplier_with<R, WordArithmetic<std::uint16_t>>(name, params);
  } else {
    if (params.has("word")) throw std::invalid_argument("word applies to power-of-two q only");
    return make_toom_ring_multiplier_with<R, DefaultArithmetic<R>>(name, params);
  }
}

}  // namespace pqmul

// One explicit instantiation set per ring, in its own translation unit.
#define PQMUL_INSTANTIATE_TOOM_COOK(RING)                                                               \
  template class pqmul::ToomCook<RING>;                                                                 \
  template pqmul::ToomCook<RING> pqmul::make_toom_cook<RING>(std::string_view, const pqmul::Params&);   \
  template std::unique_ptr<pqmul::RingMultiplier> pqmul::make_toom_ring_multiplier<RING>(std::string_view, \
                                                                                          const pqmul::Params&);
