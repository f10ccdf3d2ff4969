// Saber over the AVX2 toom4-k2 multiplier: one instantiation per parameter
// set, chosen at run time by make_toom4k2_avx2_saber (isa "avx2").
#include <stdexcept>
#include <string>

#include "factories.hpp"
#include "pqmul/algorithms/isa.hpp"

#if defined(PQMUL_X86_SIMD)
#include "pqmul/algorithms/toom_avx2.hpp"
#include "pqmul/schemes/saber/saber_impl.hpp"
#endif

namespace pqmul {

#if defined(PQMUL_X86_SIMD)
template class Saber<saber::LightSaberParams, Toom4K2Avx2Saber>;
template class Saber<saber::SaberParams, Toom4K2Avx2Saber>;
template class Saber<saber::FireSaberParams, Toom4K2Avx2Saber>;
#endif

namespace saber::detail {

std::unique_ptr<SaberKem> make_toom4k2_avx2_saber(std::string_view scheme, Strategy strategy, std::string label) {
#if defined(PQMUL_X86_SIMD)
  if (const std::string why = isa_unavailable_reason(Isa::avx2); !why.empty())
    throw std::invalid_argument(std::string(scheme) + "/" + label + "/avx2 cannot run: " + why);
  return with_parameter_set(scheme, [&]<class P>() -> std::unique_ptr<SaberKem> {
    return std::make_unique<Saber<P, Toom4K2Avx2Saber>>(Toom4K2Avx2Saber{}, strategy, label, "avx2");
  });
#else
  (void)strategy;
  throw std::invalid_argument(std::string(scheme) + "/" + label + "/avx2: this build has no AVX2 kernels");
#endif
}

}  // namespace saber::detail
}  // namespace pqmul
