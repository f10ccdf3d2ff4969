#pragma once
// Run-time view of the TinyJAMBU variants (key size x word loading x state
// update), for the benchmarks, the tests and the hybrid. Every entry is an
// instantiation of tinyjambu::Aead and computes the same function.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "pqmul/schemes/tinyjambu/params.hpp"

namespace pqmul::tinyjambu {

struct AeadVariant {
  std::string_view scheme;  // "tinyjambu-128", "tinyjambu-192", "tinyjambu-256"
  std::string_view load;    // "bytes" or "memcpy"
  std::string_view update;  // "nand" or "and-inverted-key"
  std::size_t key_bytes;

  // ciphertext.size() == plaintext.size() (may alias); key.size() == key_bytes.
  void (*encrypt)(std::span<std::uint8_t> ciphertext, std::span<std::uint8_t, tag_bytes> tag,
                  std::span<const std::uint8_t> plaintext, std::span<const std::uint8_t> associated_data,
                  std::span<const std::uint8_t, nonce_bytes> nonce, std::span<const std::uint8_t> key);
  // Returns false and zeroes plaintext if the tag does not verify.
  bool (*decrypt)(std::span<std::uint8_t> plaintext, std::span<const std::uint8_t> ciphertext,
                  std::span<const std::uint8_t, tag_bytes> tag, std::span<const std::uint8_t> associated_data,
                  std::span<const std::uint8_t, nonce_bytes> nonce, std::span<const std::uint8_t> key);

  // "<scheme>/<load>-<update>/portable", e.g. "tinyjambu-128/memcpy-nand/portable".
  std::string id() const;
};

// All 12 variants, grouped by scheme.
std::span<const AeadVariant> aead_variants();
// The default variant of a scheme; throws std::invalid_argument naming the
// valid schemes.
const AeadVariant& default_aead(std::string_view scheme);

}  // namespace pqmul::tinyjambu
