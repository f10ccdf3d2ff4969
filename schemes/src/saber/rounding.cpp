// Saber's rounding steps, portable, or on the AVX2 kernels when asked.
#include "pqmul/schemes/saber/rounding.hpp"

#include <cstdint>
#include <stdexcept>

#include "pqmul/schemes/common/constant_time.hpp"
#include "pqmul/schemes/saber/kernels_avx2.hpp"

namespace pqmul::saber {
namespace {

constexpr unsigned q_mask = (1u << eq) - 1, p_mask = (1u << ep) - 1;

}  // namespace

void round_q_to_p(std::span<SaberPoly> v, [[maybe_unused]] Isa isa) {
  for (auto& poly : v) {
#if defined(PQMUL_X86_SIMD)
    if (uses_avx2_kernels(isa)) {
      avx2::round_q_to_p(poly.coeffs.data(), n);
      continue;
    }
#endif
    for (auto& c : poly.coeffs) c = static_cast<std::uint16_t>(((c + h1) & q_mask) >> (eq - ep));
  }
}

void round_message(SaberPoly& vp, const SaberPoly& message, unsigned et, [[maybe_unused]] Isa isa) {
#if defined(PQMUL_X86_SIMD)
  if (uses_avx2_kernels(isa)) return avx2::round_message(vp.coeffs.data(), message.coeffs.data(), et);
#endif
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned c = vp[i] - (unsigned{message[i]} << (ep - 1)) + h1;
    vp[i] = static_cast<std::uint16_t>((c & p_mask) >> (ep - et));
  }
}

void recover_message(SaberPoly& v, const SaberPoly& cm, unsigned et, [[maybe_unused]] Isa isa) {
  const unsigned h2 = h2_for(et);
#if defined(PQMUL_X86_SIMD)
  if (uses_avx2_kernels(isa))
    return avx2::recover_message(v.coeffs.data(), cm.coeffs.data(), et, static_cast<std::uint16_t>(h2));
#endif
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned c = v[i] + h2 - (unsigned{cm[i]} << (ep - et));
    v[i] = static_cast<std::uint16_t>((c & p_mask) >> (ep - 1));
  }
}

std::uint8_t ciphertexts_differ(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                                [[maybe_unused]] Isa isa) {
#if defined(PQMUL_X86_SIMD)
  if (uses_avx2_kernels(isa)) {
    if (a.size() != b.size()) throw std::invalid_argument("ciphertexts_differ: lengths differ");
    return avx2::differ(a.data(), b.data(), a.size());
  }
#endif
  return ct::differ(a, b);
}

}  // namespace pqmul::saber
