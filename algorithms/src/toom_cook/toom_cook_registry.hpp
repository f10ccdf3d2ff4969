#pragma once
// The Toom-Cook family's registry entries, instantiated per ring.
#include <memory>
#include <string_view>

#include "pqmul/algorithms/registry.hpp"

namespace pqmul {
template <RingDescription R>
std::unique_ptr<RingMultiplier> make_toom_ring_multiplier(std::string_view name, const Params& params);
}  // namespace pqmul
