// The KEM registry: every family's entries in one list, and construction by name.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "pqmul/schemes/kem.hpp"

namespace pqmul {
namespace {

std::vector<KemEntry> build_registry() {
  std::vector<KemEntry> entries;
  auto append = [&](std::vector<KemEntry> family) {
    for (auto& e : family) entries.push_back(std::move(e));
  };
  // One line per scheme family.
  append(kyber_kem_entries());
  append(saber_kem_entries());
  append(ntru_kem_entries());
  return entries;
}

}  // namespace

const std::vector<KemEntry>& kem_registry() {
  static const std::vector<KemEntry> entries = build_registry();
  return entries;
}

std::unique_ptr<Kem> make_kem(std::string_view scheme, std::string_view multiplier, std::optional<Strategy> strategy,
                              std::optional<Isa> isa) {
  const auto& entries = kem_registry();
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const KemEntry& e) { return e.scheme == scheme; });
  if (it == entries.end()) {
    std::vector<std::string> names;
    for (const auto& e : entries) names.push_back(e.scheme);
    throw std::invalid_argument(fmt::format("unknown scheme '{}'; valid: {}", scheme, fmt::join(names, ", ")));
  }
  if (strategy && !it->strategies.empty() &&
      std::find(it->strategies.begin(), it->strategies.end(), *strategy) == it->strategies.end()) {
    std::vector<std::string> names;
    for (auto s : it->strategies) names.emplace_back(to_string(s));
    throw std::invalid_argument(fmt::format("strategy '{}' does not apply to {}; valid: {}", to_string(*strategy),
                                            it->scheme, fmt::join(names, ", ")));
  }
  const Strategy s = strategy ? *strategy : (it->strategies.empty() ? Strategy::cached : it->strategies.front());
  const std::string_view m = multiplier.empty() ? std::string_view(it->multipliers.front()) : multiplier;
  return it->make_for(m, s, isa ? *isa : best_kem_isa(*it, m));
}

}  // namespace pqmul
