// Multiplier names of a bench selection resolved against a KEM's registry entry.
#include "bench_multiplier_names.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>

#include "pqmul/algorithms/params.hpp"

namespace pqmul::experiments {

std::vector<std::string> selected_kem_multipliers(const std::vector<std::string>& wanted, const std::string& params,
                                                  const std::vector<std::string>& registered,
                                                  const std::string& scheme, bool scheme_named,
                                                  std::vector<std::string>* notes) {
  std::vector<std::string> out;
  const auto add = [&](const std::string& m) {
    if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  };
  const auto note = [&](const std::string& text) {
    if (notes) notes->push_back(text);
  };
  const auto base_of = [](const std::string& m) { return split_multiplier(m).name; };
  if (wanted.empty() || (wanted.size() == 1 && wanted.front() == "all")) {
    for (const auto& m : registered) add(m);
    return out;
  }
  for (const auto& name : wanted) {
    const bool is_registered = std::find(registered.begin(), registered.end(), name) != registered.end();
    const std::string base = base_of(name);
    if (std::none_of(registered.begin(), registered.end(), [&](const std::string& m) { return base_of(m) == base; })) {
      if (scheme_named) note(fmt::format("{}: no multiplier {} (skipped)", scheme, base));
      continue;
    }
    if (!split_multiplier(name).params.empty()) {
      add(name);  // an explicit parameterised multiplier
    } else if (params == "all") {
      std::vector<std::string> variants;
      for (const auto& m : registered)
        if (base_of(m) == name) variants.push_back(m);
      for (const auto& v : variants) add(v);
      if (variants.size() > 1)
        note(fmt::format("{}: --multiplier {} --params all expands to {}", scheme, name, fmt::join(variants, ", ")));
    } else if (!params.empty()) {
      add(name + ":" + params);
    } else if (is_registered) {
      add(name);
    } else {
      for (const auto& m : registered)
        if (base_of(m) == name) {
          add(m);
          note(fmt::format("{}: --multiplier {} is its first registered variant {}", scheme, name, m));
          break;
        }
    }
  }
  return out;
}

}  // namespace pqmul::experiments
