#pragma once
// Randomness for the KEMs: the NIST AES-256 CTR-DRBG that produced the
// official KAT files, and the operating system's generator.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqmul/schemes/common/little_endian.hpp"

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
// the NIST KAT generator's rng.c (see tests/vectors/README.md section 2).
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

// Cheap deterministic randomness for benchmarks, so KEM figures exclude the
// KAT DRBG's AES and system calls. Never for keys. Each word is SplitMix64's
// mix of a counter: the words do not depend on one another, so filling the
// kilobytes of coins NTRU draws per encapsulation pipelines (about a third
// of a tick a byte, where a chained xorshift took one and a half).
class BenchmarkRandom final : public RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override {
    for (std::size_t i = 0; i < out.size(); i += 8) {
      std::uint64_t z = (counter_ += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      z ^= z >> 31;
      if (out.size() - i >= 8) {
        store_le64(out.data() + i, z);  // one store per word, not eight
        continue;
      }
      for (std::size_t j = 0; i + j < out.size(); ++j) out[i + j] = static_cast<std::uint8_t>(z >> (8 * j));
    }
  }

 private:
  std::uint64_t counter_ = 0;
};

// AES-256 block encryption (FIPS 197), table-free for constant time.
void aes256_encrypt_block(std::span<const std::uint8_t, 32> key, std::span<const std::uint8_t, 16> in,
                          std::span<std::uint8_t, 16> out);

}  // namespace pqmul
