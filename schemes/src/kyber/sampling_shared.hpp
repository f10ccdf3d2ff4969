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

// One matrix entry on the ISA's single-state XOF and rejection kernel.
KPoly sample_ntt_single(std::span<const std::uint8_t, 32> rho, MatrixIndex index, Isa wanted);

}  // namespace pqmul::kyber::sampling
