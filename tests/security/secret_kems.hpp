#pragma once
// The KEM instantiations the registry offers for secrets (every scheme x
// multiplier x ISA x strategy), the set the security tests run over. A
// variable-time multiplier (RegistryEntry::variable_time) is refused for
// secrets by the CLI: the tests take it only as their control.
#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul::security_tests {

struct SecretKemFilter {
  bool variable_time_only = false;  // the control: only the variable-time multipliers
  std::vector<Isa> isas;            // empty: every ISA this CPU runs
};

// Calls visit(entry, kem) for each instantiation the filter admits and the CPU
// runs. (A family without strategies, NTRU, takes the default.)
inline void for_each_secret_kem(const SecretKemFilter& filter,
                                const std::function<void(const KemEntry&, const Kem&)>& visit) {
  for (const auto& entry : kem_registry()) {
    for (const auto& multiplier : entry.multipliers) {
      const RegistryEntry* registered = find_registry_entry(entry.ring, multiplier);
      const bool variable_time = registered != nullptr && registered->variable_time;
      if (variable_time != filter.variable_time_only) continue;
      for (Isa isa : entry.isas(multiplier)) {
        if (!filter.isas.empty() && std::find(filter.isas.begin(), filter.isas.end(), isa) == filter.isas.end())
          continue;
        if (!isa_available(isa)) continue;
        const std::vector<Strategy> strategies =
            entry.strategies.empty() ? std::vector<Strategy>{Strategy::cached} : entry.strategies;
        for (auto strategy : strategies) visit(entry, *entry.make_for(multiplier, strategy, isa));
      }
    }
  }
}

}  // namespace pqmul::security_tests
