#pragma once
// Saber's kernel family (kernel_dispatch.hpp): the byte conversions, the
// centred binomial sampler, the rounding steps and the ciphertext comparison,
// one polynomial (n = 256 coefficients) at a time. Backends: portable
// (saber_kernels.cpp) and avx2 (kernels_avx2.hpp, used by avx2 and avx512
// objects); every entry computes its portable twin's values and none
// branches or indexes memory on secret data. The functions of pack.hpp,
// rounding.hpp and sampling.hpp check sizes and call a table.
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>

#include "pqmul/algorithms/kernel_dispatch.hpp"
#include "pqmul/algorithms/poly.hpp"
#include "pqmul/algorithms/ring.hpp"

namespace pqmul::saber {

using SaberPoly = Poly<SaberRing>;

struct SaberKernels {
  // The low `bits` (1..16) bits of every coefficient as a little-endian bit
  // stream of bits * 32 bytes, and back.
  Kernel<void(const SaberPoly& p, unsigned bits, std::uint8_t* out)> pack;
  Kernel<void(const std::uint8_t* in, unsigned bits, SaberPoly& p)> unpack;
  // The centred binomial sample of parameter mu (even, 2..16) from mu * 32 coin bytes, mod q.
  Kernel<void(const std::uint8_t* coins, unsigned mu, SaberPoly& s)> centred_binomial;
  Kernel<void(SaberPoly& v)> round_q_to_p;
  Kernel<void(SaberPoly& vp, const SaberPoly& message, unsigned et)> round_message;
  Kernel<void(SaberPoly& v, const SaberPoly& cm, unsigned et)> recover_message;
  // 0 if the `length` bytes of a and b are equal, 1 otherwise; time depends on the length only.
  Kernel<std::uint8_t(const std::uint8_t* a, const std::uint8_t* b, std::size_t length)> differ;

  static constexpr auto entries = std::tuple{
      KernelEntry{"pack", &SaberKernels::pack},
      KernelEntry{"unpack", &SaberKernels::unpack},
      KernelEntry{"centred_binomial", &SaberKernels::centred_binomial},
      KernelEntry{"round_q_to_p", &SaberKernels::round_q_to_p},
      KernelEntry{"round_message", &SaberKernels::round_message},
      KernelEntry{"recover_message", &SaberKernels::recover_message},
      KernelEntry{"differ", &SaberKernels::differ},
  };
  static std::span<const KernelBackend<SaberKernels>> backends();
};

// The Saber kernels of an object built for `isa` (kernels_for).
inline const SaberKernels& saber_kernels(Isa isa) { return kernels_for<SaberKernels>(isa); }
inline const SaberKernels& portable_saber_kernels() { return saber_kernels(Isa::portable); }

}  // namespace pqmul::saber
