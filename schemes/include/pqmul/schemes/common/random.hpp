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

// Cheap deterministic randomness (xorshift64) for benchmarks, so KEM figures
// exclude the KAT DRBG's AES and system calls. Never for keys.
class BenchmarkRandom final : public RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override {
    for (auto& b : out) {
      state_ ^= state_ << 13;
      state_ ^= state_ >> 7;
      state_ ^= state_ << 17;
      b = static_cast<std::uint8_t>(state_);
    }
  }

 private:
  std::uint64_t state_ = 0x9E3779B97F4A7C15ULL;
};

// AES-256 block encryption (FIPS 197), table-free for constant time.
void aes256_encrypt_block(std::span<const std::uint8_t, 32> key, std::span<const std::uint8_t, 16> in,
                          std::span<std::uint8_t, 16> out);

}  // namespace pqmul
