#pragma once
// A KEM family's multipliers are those its ring has in the multiplier
// registry (pqmul/algorithms/registry.hpp): the family keeps no list. A name
// selects the registry entry; the entry's typed-path tag says whether the
// family has an instantiation over that multiplier class, and every other
// entry runs through DynamicMultiplier (the family's generic arithmetic).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/algorithms/erased_multiplier.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul {

// The multipliers of `ring`, `first` (the family's default) first.
std::vector<std::string> ring_multiplier_names(std::string_view ring, std::string_view first);
// Every listed variant of the multipliers of `ring`: "name", or "name:parameters"
// for a variant with parameters.
std::vector<std::string> ring_multiplier_variants(std::string_view ring);

struct MultiplierChoice {
  const RegistryEntry* entry = nullptr;
  std::string name;
  Params params;               // as given, else the entry's default variant
  bool given_params = false;   // "name:parameters"
  std::string label;           // what Kem::multiplier() reports: the name, with the parameters given
  TypedPath typed() const { return entry->typed; }
};

// "name" or "name:key=value;..." among the multipliers of `ring`; throws
// std::invalid_argument naming `scheme` and the valid multipliers.
MultiplierChoice choose_multiplier(std::string_view scheme, std::string_view ring, std::string_view spec);

// The chosen multiplier (portable) for the generic path.
template <RingDescription R>
DynamicMultiplier<R> registered_multiplier(const MultiplierChoice& choice) {
  return dynamic_multiplier<R>(make_multiplier(R::name, choice.name, choice.params, Isa::portable));
}

}  // namespace pqmul
