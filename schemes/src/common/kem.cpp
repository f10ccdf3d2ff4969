// The Kem base class: its identifier and the default key checks (lengths).
// Here, not in the registry, so every family library carries the vtable.
#include "pqmul/schemes/kem.hpp"

#include <string>

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

}  // namespace pqmul
