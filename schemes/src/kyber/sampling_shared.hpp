#pragma once
// The sampling kernels chosen per ISA, shared by the samplers on the Keccak
// lanes (sampling_multiway.cpp, keygen_k2_lanes.cpp). Private to the kyber
// library.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"

namespace pqmul::kyber::sampling {

inline constexpr std::size_t shake128_rate = 168;
// Three SHAKE128 blocks give 336 candidates for the 256 coefficients, of which
// 3329/4096 are accepted: enough for all but about one entry in a hundred,
// which then takes more blocks.
inline constexpr std::size_t first_blocks = 3;

Isa wanted_isa(std::optional<Isa> isa);

// The sampling kernels: AVX2 wherever a SIMD Keccak family was chosen, the
// AVX-512 VBMI2 rejection where the AVX-512 family was and the CPU has it.
enum class Kernels : std::uint8_t { portable, avx2, avx512_vbmi2 };
Kernels kernels_for(Isa wanted);

// Appends the candidates below q of `bytes` (a multiple of 3 bytes, two 12-bit
// candidates per 3 bytes, FIPS 203 Algorithm 7) to f from position `filled`
// on, until 256 are there; returns the new count. The bytes derive from the
// public rho, so the rejection may branch.
std::size_t rejection_sample(KPoly& f, std::size_t filled, const std::uint8_t* bytes, std::size_t length,
                             Kernels kernels);
// out = SamplePolyCBD_eta of the 64 eta bytes at `stream`.
void cbd_from_stream(KPoly& out, const std::uint8_t* stream, unsigned eta, Kernels kernels);

}  // namespace pqmul::kyber::sampling
