#pragma once
// Keccak-f[1600] and the FIPS 202 functions SHA3-256, SHA3-512, SHAKE128 and
// SHAKE256, with incremental absorb and squeeze.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace pqmul::keccak {

void permute(std::array<std::uint64_t, 25>& state);

// A sponge with rate `rate` bytes and domain-separation byte `domain`
// (0x06 for SHA-3, 0x1F for SHAKE).
class Sponge {
 public:
  Sponge(std::size_t rate, std::uint8_t domain);
  void absorb(std::span<const std::uint8_t> data);  // before the first squeeze
  void squeeze(std::span<std::uint8_t> out);        // finalises on first call
  void reset();

 private:
  void finalize();
  std::array<std::uint64_t, 25> state_{};
  std::size_t rate_, position_ = 0;
  std::uint8_t domain_;
  bool squeezing_ = false;
};

struct Shake128 : Sponge { Shake128() : Sponge(168, 0x1F) {} };
struct Shake256 : Sponge { Shake256() : Sponge(136, 0x1F) {} };
// Incremental SHA-3: squeeze exactly the digest length (32 or 64 bytes) once.
struct Sha3_256 : Sponge { Sha3_256() : Sponge(136, 0x06) {} };
struct Sha3_512 : Sponge { Sha3_512() : Sponge(72, 0x06) {} };

std::array<std::uint8_t, 32> sha3_256(std::span<const std::uint8_t> in);
std::array<std::uint8_t, 64> sha3_512(std::span<const std::uint8_t> in);
void shake128(std::span<std::uint8_t> out, std::span<const std::uint8_t> in);
void shake256(std::span<std::uint8_t> out, std::span<const std::uint8_t> in);

}  // namespace pqmul::keccak
