// Saber over the SIMD Toom-Cook multiplier (toom4-k2, toom4-k3 or toom4-k4:
// the same class with other kernels): one instantiation per parameter set,
// chosen at run time by make_toom4_simd_saber. Isa "avx2" hashes with
// the scalar Keccak, "avx512" with the AVX-512 one; both run the AVX2
// conversion kernels (kernels_avx2.hpp). In AArch64 builds, "neon" runs the
// NEON kernels of the multiplier and the portable rest.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "factories.hpp"
#include "pqmul/algorithms/isa.hpp"

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
#include "pqmul/algorithms/toom_simd.hpp"
#include "pqmul/schemes/saber/saber_impl.hpp"
#endif

namespace pqmul {

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
template class Saber<saber::LightSaberParams, Toom4SimdSaber>;
template class Saber<saber::SaberParams, Toom4SimdSaber>;
template class Saber<saber::FireSaberParams, Toom4SimdSaber>;
#endif

namespace saber::detail {

std::unique_ptr<SaberKem> make_toom4_simd_saber(std::string_view scheme, Strategy strategy, std::string plan,
                                                Isa isa) {
  const std::string name = std::string(scheme) + "/" + plan + "/" + std::string(isa_name(isa));
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
  if (const auto isas = toom_simd::kernel_isas(); std::find(isas.begin(), isas.end(), isa) == isas.end())
    throw std::invalid_argument(name + ": " + plan + " has no such version in this build");
#if defined(PQMUL_X86_SIMD)
  // The multiplier and the conversion kernels need AVX2, the hashes of avx512 AVX-512.
  const std::vector<Isa> needs{Isa::avx2, isa};
#else
  const std::vector<Isa> needs{isa};
#endif
  for (const Isa needed : needs)
    if (const std::string why = isa_unavailable_reason(needed); !why.empty())
      throw std::invalid_argument(name + " cannot run: " + why);
  return with_parameter_set(scheme, [&]<class P>() -> std::unique_ptr<SaberKem> {
    return std::make_unique<Saber<P, Toom4SimdSaber>>(Toom4SimdSaber{isa, plan}, strategy, plan, isa);
  });
#else
  (void)strategy;
  throw std::invalid_argument(name + ": this build has no AVX2 kernels");
#endif
}

}  // namespace saber::detail
}  // namespace pqmul
