#pragma once
#include <memory>

#include "pqmul/algorithms/registry.hpp"

namespace pqmul {
template <RingDescription R>
std::unique_ptr<RingMultiplier> make_kronecker_ring_multiplier(const Params& params);
}  // namespace pqmul
