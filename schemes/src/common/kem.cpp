// The Kem base class (its identifier and the default key checks: lengths) and
// a registry entry's choice of ISA. Here, not in the registry library, so
// every family library carries them.
#include "pqmul/schemes/kem.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

namespace pqmul {

std::string Kem::id() const { return scheme() + "/" + multiplier() + "/" + isa(); }

void Kem::check_public_key(std::span<const std::uint8_t> pk) const {
  if (pk.size() != public_key_bytes())
    throw InvalidInput(scheme() + ": public key must be " + std::to_string(public_key_bytes()) + " bytes, not " +
                       std::to_string(pk.size()));
}

void Kem::check_secret_key(std::span<const std::uint8_t> sk) const {
  if (sk.size() != secret_key_bytes())
    throw InvalidInput(scheme() + ": secret key must be " + std::to_string(secret_key_bytes()) + " bytes, not " +
                       std::to_string(sk.size()));
}

std::vector<Isa> KemEntry::isas(std::string_view multiplier) const {
  std::vector<Isa> out = {Isa::portable};
  if (simd_isas)
    for (Isa i : simd_isas(multiplier)) out.push_back(i);
  return out;
}

std::unique_ptr<Kem> KemEntry::make_for(std::string_view multiplier, Strategy s, Isa isa) const {
  if (isa == Isa::portable) return make(multiplier, s);
  const auto have = isas(multiplier);
  if (std::find(have.begin(), have.end(), isa) == have.end()) {
    std::vector<std::string> names;
    for (Isa i : have) names.emplace_back(isa_name(i));
    throw std::invalid_argument(fmt::format("{}/{} has no {} version; built: {}", scheme, multiplier, isa_name(isa),
                                            fmt::join(names, ", ")));
  }
  if (const std::string why = isa_unavailable_reason(isa); !why.empty())
    throw std::invalid_argument(scheme + "/" + std::string(multiplier) + "/" + std::string(isa_name(isa)) +
                                " cannot run: " + why);
  return make_simd(multiplier, s, isa);
}

Isa best_kem_isa(const KemEntry& entry, std::string_view multiplier) {
  return best_available_isa(entry.isas(multiplier));
}

}  // namespace pqmul
