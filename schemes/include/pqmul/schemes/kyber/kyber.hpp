#pragma once
// Kyber (round 3) and ML-KEM (FIPS 203) behind the run-time Kem interface,
// with the deterministic entry points of FIPS 203 section 6.
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/kyber/params.hpp"

namespace pqmul::kyber {

class KyberKem : public Kem {
 public:
  virtual Version version() const = 0;
  // ML-KEM.KeyGen_internal(d, z). Round 3: d is the seed of the CPA key
  // generation (hashed by G without the rank byte), z the rejection key.
  virtual void keygen_internal(std::span<const std::uint8_t, 32> d, std::span<const std::uint8_t, 32> z,
                               std::span<std::uint8_t> ek, std::span<std::uint8_t> dk) const = 0;
  // ML-KEM.Encaps_internal(ek, m), including the modulus check on ek. Round 3:
  // m is the message after the reference code hashes its random bytes, and
  // the shared secret is KDF(K || H(c)).
  virtual void encaps_internal(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss,
                               std::span<const std::uint8_t> ek, std::span<const std::uint8_t, 32> m) const = 0;
};

// Scheme names: kyber512/768/1024, ml-kem-512/768/1024.
std::vector<std::string> kyber_scheme_names();
// Multipliers of the kyber ring the schemes accept, first = default ("ntt").
// A name may carry multiplier parameters after a colon, e.g. "toom-k:points=0,1,-1,-2,inf".
std::vector<std::string> kyber_multiplier_names();
// Throws std::invalid_argument naming the valid choices.
std::unique_ptr<KyberKem> make_kyber_kem(std::string_view scheme, std::string_view multiplier = "ntt",
                                         Strategy strategy = Strategy::cached);

}  // namespace pqmul::kyber
