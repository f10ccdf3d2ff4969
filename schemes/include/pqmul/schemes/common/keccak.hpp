#pragma once
// Keccak-f[1600] and the FIPS 202 functions SHA3-256, SHA3-512, SHAKE128 and
// SHAKE256, with incremental absorb and squeeze.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqmul/algorithms/isa.hpp"

namespace pqmul::keccak {

void permute(std::array<std::uint64_t, 25>& state);

// One state's permutation on the kernels of `isa`: avx512 runs the
// single-state AVX-512VL kernel (keccak_f1600_x1_avx512), which beats the
// scalar code on CPUs that have it; every other ISA (and avx512 where it
// cannot run or the portable path is forced) the scalar code. Same results
// either way. Defined with the multi-way kernels.
using Permutation = void (*)(std::array<std::uint64_t, 25>&);
Permutation single_permutation(Isa isa);

// A sponge with rate `rate` bytes and domain-separation byte `domain`
// (0x06 for SHA-3, 0x1F for SHAKE).
class Sponge {
 public:
  Sponge(std::size_t rate, std::uint8_t domain, Isa isa = Isa::portable);
  ~Sponge();  // clears the state: it held what was absorbed (keys, messages)
  Sponge(const Sponge&) = default;
  Sponge& operator=(const Sponge&) = default;
  void absorb(std::span<const std::uint8_t> data);  // before the first squeeze
  void squeeze(std::span<std::uint8_t> out);        // finalises on first call
  void reset();

 private:
  void finalize();
  std::array<std::uint64_t, 25> state_{};
  std::size_t rate_, position_ = 0;
  std::uint8_t domain_;
  bool squeezing_ = false;
  Permutation permute_;
};

struct Shake128 : Sponge { explicit Shake128(Isa isa = Isa::portable) : Sponge(168, 0x1F, isa) {} };
struct Shake256 : Sponge { explicit Shake256(Isa isa = Isa::portable) : Sponge(136, 0x1F, isa) {} };
// Incremental SHA-3: squeeze exactly the digest length (32 or 64 bytes) once.
struct Sha3_256 : Sponge { explicit Sha3_256(Isa isa = Isa::portable) : Sponge(136, 0x06, isa) {} };
struct Sha3_512 : Sponge { explicit Sha3_512(Isa isa = Isa::portable) : Sponge(72, 0x06, isa) {} };

std::array<std::uint8_t, 32> sha3_256(std::span<const std::uint8_t> in, Isa isa = Isa::portable);
std::array<std::uint8_t, 64> sha3_512(std::span<const std::uint8_t> in, Isa isa = Isa::portable);
void shake128(std::span<std::uint8_t> out, std::span<const std::uint8_t> in);
void shake256(std::span<std::uint8_t> out, std::span<const std::uint8_t> in);

}  // namespace pqmul::keccak
