#include "pqmul/schemes/common/ring_multipliers.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

namespace pqmul {

std::vector<std::string> ring_multiplier_names(std::string_view ring, std::string_view first) {
  auto names = multipliers_for_ring(ring);
  const auto it = std::find(names.begin(), names.end(), first);
  if (it != names.end()) std::rotate(names.begin(), it, it + 1);
  return names;
}

std::vector<std::string> ring_multiplier_variants(std::string_view ring) {
  std::vector<std::string> out;
  for (const auto& e : multiplier_registry())
    if (e.ring == ring)
      for (const auto& v : e.variants)  // parameters in canonical order, as the KEMs report them
        out.push_back(v.empty() ? e.multiplier : e.multiplier + ":" + Params::parse(v).to_string());
  return out;
}

MultiplierChoice choose_multiplier(std::string_view scheme, std::string_view ring, std::string_view spec) {
  const auto [name, param_text] = split_multiplier(spec);
  MultiplierChoice c;
  c.name = name;
  c.entry = find_registry_entry(ring, c.name);
  if (c.entry == nullptr)
    throw std::invalid_argument(fmt::format("unknown multiplier '{}' for {}; valid: {}", c.name, scheme,
                                            fmt::join(multipliers_for_ring(ring), ", ")));
  c.given_params = spec.find(':') != std::string_view::npos;
  c.params = c.given_params ? Params::parse(param_text) : c.entry->default_params();
  c.label = c.given_params ? c.name + ":" + c.params.to_string() : c.name;
  return c;
}

}  // namespace pqmul
