#pragma once
// The registry entries of the "ntt" multiplier, one per ring (collected by
// the registry aggregator).
#include <vector>

#include "pqmul/algorithms/registry.hpp"

namespace pqmul {

std::vector<RegistryEntry> ntt_registry_entries();

}  // namespace pqmul
