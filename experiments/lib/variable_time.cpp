#include "pqmul/experiments/variable_time.hpp"

#include <string>

#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul::experiments {

bool runs_in_variable_time(std::string_view target, std::string_view multiplier) {
  std::string ring(target);
  for (const auto& e : kem_registry())
    if (e.scheme == target) ring = e.ring;
  const RegistryEntry* entry = find_registry_entry(ring, split_multiplier(multiplier).name);
  return entry && entry->variable_time;
}

}  // namespace pqmul::experiments
