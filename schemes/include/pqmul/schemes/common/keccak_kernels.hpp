#pragma once
// The Keccak kernel family (kernel_dispatch.hpp): the permutation of one,
// four and eight lane-interleaved states and the 4-way block transfers.
// Backends: portable (the scalar permutation once per state), avx2 (x4, x8
// as two x4 halves, the transfers), avx512 (x1 on VL registers, x4 on 256
// bits, x8 on 512 bits); on AArch64 the portable one. Every entry gives the same bytes on every backend.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>

#include "pqmul/algorithms/kernel_dispatch.hpp"

namespace pqmul::keccak {

struct KeccakKernels {
  Kernel<void(std::array<std::uint64_t, 25>&)> permute_x1;
  Kernel<void(std::uint64_t*)> permute_x4;
  Kernel<void(std::uint64_t*)> permute_x8;
  // state k ^= in[k] (words[k] <= 24 little-endian words; in[k] may be null
  // where words[k] is 0), after zeroing state k where bit k of `reset` is set.
  Kernel<void(std::uint64_t*, const std::uint8_t* const*, const std::size_t*, unsigned)> xor_lanes_x4;
  // out[k] = the first words[k] words of state k, word w of the four states
  // being the row at states + stride * w (stride 4 in the x4 layout; 8, from
  // states and states + 4, in the x8 one).
  Kernel<void(const std::uint64_t*, std::size_t, std::uint8_t* const*, const std::size_t*)> extract_lanes_x4;

  static constexpr auto entries = std::tuple{
      KernelEntry{"permute_x1", &KeccakKernels::permute_x1},
      KernelEntry{"permute_x4", &KeccakKernels::permute_x4},
      KernelEntry{"permute_x8", &KeccakKernels::permute_x8},
      KernelEntry{"xor_lanes_x4", &KeccakKernels::xor_lanes_x4},
      KernelEntry{"extract_lanes_x4", &KeccakKernels::extract_lanes_x4},
  };
  static std::span<const KernelBackend<KeccakKernels>> backends();
};

// The Keccak kernels of an object built for `isa` (kernels_for).
inline const KeccakKernels& keccak_kernels(Isa isa) { return kernels_for<KeccakKernels>(isa); }

}  // namespace pqmul::keccak
