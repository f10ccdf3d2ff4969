// Names of the module-arithmetic strategies.
#include <stdexcept>
#include <string>

#include "pqmul/algorithms/module.hpp"

namespace pqmul {

std::string_view to_string(Strategy s) {
  switch (s) {
    case Strategy::eager: return "eager";
    case Strategy::lazy: return "lazy";
    case Strategy::cached: return "cached";
  }
  return "?";
}

Strategy parse_strategy(std::string_view name) {
  for (Strategy s : all_strategies)
    if (to_string(s) == name) return s;
  throw std::invalid_argument("unknown strategy '" + std::string(name) + "' (valid: eager, lazy, cached)");
}

}  // namespace pqmul
