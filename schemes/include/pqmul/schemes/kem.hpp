#pragma once
// Run-time view of a KEM instantiation (scheme x multiplier x strategy x ISA),
// for the CLI, the KAT generator, the hybrid and the benchmarks.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/schemes/common/random.hpp"

namespace pqmul {

// Raised for malformed keys or ciphertexts refused by the scheme's input checks
// (e.g. FIPS 203 modulus and hash checks, wrong lengths).
struct InvalidInput : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

class Kem {
 public:
  virtual ~Kem() = default;
  virtual std::string scheme() const = 0;      // e.g. "ml-kem-768"
  virtual std::string multiplier() const = 0;  // e.g. "ntt"
  virtual Strategy strategy() const = 0;
  virtual std::string isa() const = 0;
  std::string id() const;  // <scheme>/<multiplier>/<isa>

  virtual std::size_t public_key_bytes() const = 0;
  virtual std::size_t secret_key_bytes() const = 0;
  virtual std::size_t ciphertext_bytes() const = 0;
  virtual std::size_t shared_secret_bytes() const = 0;

  // Draw randomness from rng exactly as the scheme's reference code does, so
  // the NIST DRBG reproduces the official KAT files.
  virtual void keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource& rng) const = 0;
  virtual void encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss,
                      std::span<const std::uint8_t> pk, RandomSource& rng) const = 0;
  // Implicit rejection: a modified ciphertext yields the pseudo-random key,
  // not an error. Throws InvalidInput only for malformed lengths/keys.
  virtual void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
                      std::span<const std::uint8_t> sk) const = 0;

  // The input checks a holder of a key runs once, when the key is loaded (FIPS
  // 203 sections 7.2 and 7.3 allow this: the modulus check of ek, the hash
  // check of dk; lengths for every family). Throw InvalidInput.
  virtual void check_public_key(std::span<const std::uint8_t> pk) const;
  virtual void check_secret_key(std::span<const std::uint8_t> sk) const;
  // encaps / decaps with a key that has passed the check above: the key checks
  // are not repeated (a key that has not passed them gives undefined results).
  // The benchmarks time these, and the checks as operations of their own.
  virtual void encaps_checked_key(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss,
                                  std::span<const std::uint8_t> pk, RandomSource& rng) const {
    encaps(ct, ss, pk, rng);
  }
  virtual void decaps_checked_key(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
                                  std::span<const std::uint8_t> sk) const {
    decaps(ss, ct, sk);
  }

  // The most bytes of transformed operands and accumulators the operations
  // run so far held at once, where the KEM measures them (a multiplier on the
  // registry's generic path, DynamicMultiplier); nullopt elsewhere.
  virtual std::optional<std::size_t> measured_bytes_held() const { return std::nullopt; }
};

// measured_bytes_held() of a KEM over multiplier m.
template <class M>
std::optional<std::size_t> measured_bytes_of(const M& m) {
  if constexpr (requires { m.peak_bytes_held(); })
    return m.peak_bytes_held();
  else
    return std::nullopt;
}

struct KemEntry {
  std::string scheme;
  std::string family;                    // "kyber", "ml-kem", "saber", "ntru"
  std::string kat_header;                // first line of the NIST .rsp, e.g. "# Kyber768"
  std::vector<std::string> multipliers;  // registered multipliers, first = default
  std::vector<Strategy> strategies;      // strategies that change the computation
  // Throws UnknownChoice-like std::invalid_argument naming valid choices.
  std::function<std::unique_ptr<Kem>(std::string_view multiplier, Strategy)> make;  // the portable code
  // SIMD instantiations (same bytes as the portable ones): the ISAs compiled for
  // a multiplier (empty when none) and their maker. Either may be unset.
  std::function<std::vector<Isa>(std::string_view multiplier)> simd_isas = {};
  std::function<std::unique_ptr<Kem>(std::string_view multiplier, Strategy, Isa)> make_simd = {};
  // The ring of the multiplier registry (registry.hpp) its products live in,
  // e.g. "kyber": the multipliers registered there are the ones it could offer.
  std::string ring = {};

  // Every ISA this binary holds for the multiplier, portable first.
  std::vector<Isa> isas(std::string_view multiplier) const;
  // Builds the given ISA; throws std::invalid_argument naming the reason when the
  // multiplier has no such version or the CPU cannot run it.
  std::unique_ptr<Kem> make_for(std::string_view multiplier, Strategy s, Isa isa) const;
};

// Each family contributes its entries.
std::vector<KemEntry> kyber_kem_entries();
std::vector<KemEntry> saber_kem_entries();
std::vector<KemEntry> ntru_kem_entries();

const std::vector<KemEntry>& kem_registry();
// Throws std::invalid_argument naming the valid schemes / multipliers / strategies.
// isa: nullopt = the best ISA the CPU runs for that (scheme, multiplier).
std::unique_ptr<Kem> make_kem(std::string_view scheme, std::string_view multiplier = {},
                              std::optional<Strategy> strategy = {}, std::optional<Isa> isa = {});
// The best available ISA of a (scheme, multiplier) pair.
Isa best_kem_isa(const KemEntry& entry, std::string_view multiplier);

}  // namespace pqmul
