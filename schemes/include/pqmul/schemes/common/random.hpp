#pragma once
// Randomness for the KEMs: the NIST AES-256 CTR-DRBG that produced the
// official KAT files, and the operating system's generator.
#include <array>
#include <cstdint>
#include <span>

namespace pqmul {

class RandomSource {
 public:
  virtual ~RandomSource() = default;
  virtual void fill(std::span<std::uint8_t> out) = 0;
};

// getrandom(2); throws std::runtime_error if the kernel refuses.
class SystemRandom final : public RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override;
};

// NIST SP 800-90A AES-256 CTR-DRBG without derivation function, exactly as
// the NIST KAT generator's rng.c (see shared/vectors/README.md section 2).
class NistKatDrbg final : public RandomSource {
 public:
  explicit NistKatDrbg(std::span<const std::uint8_t, 48> entropy,
                       const std::uint8_t* personalization = nullptr);
  void fill(std::span<std::uint8_t> out) override;

 private:
  void update(const std::uint8_t* provided);
  std::array<std::uint8_t, 32> key_{};
  std::array<std::uint8_t, 16> v_{};
};

// AES-256 block encryption (FIPS 197), table-free for constant time.
void aes256_encrypt_block(std::span<const std::uint8_t, 32> key, std::span<const std::uint8_t, 16> in,
                          std::span<std::uint8_t, 16> out);

}  // namespace pqmul
