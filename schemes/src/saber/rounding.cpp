// Saber's rounding steps: sizes checked, then the kernels.
#include "pqmul/schemes/saber/rounding.hpp"

#include <cstdint>
#include <stdexcept>

namespace pqmul::saber {

void round_q_to_p(std::span<SaberPoly> v, const SaberKernels& kernels) {
  for (auto& poly : v) kernels.round_q_to_p(poly);
}

void round_message(SaberPoly& vp, const SaberPoly& message, unsigned et, const SaberKernels& kernels) {
  kernels.round_message(vp, message, et);
}

void recover_message(SaberPoly& v, const SaberPoly& cm, unsigned et, const SaberKernels& kernels) {
  kernels.recover_message(v, cm, et);
}

std::uint8_t ciphertexts_differ(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                                const SaberKernels& kernels) {
  if (a.size() != b.size()) throw std::invalid_argument("ciphertexts_differ: lengths differ");
  return kernels.differ(a.data(), b.data(), a.size());
}

}  // namespace pqmul::saber
