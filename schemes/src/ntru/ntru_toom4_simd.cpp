// NTRU over the AVX2 Toom-4 + Karatsuba kernels (plan toom4-k4):
// Ntru<P, Toom4Simd<ring>> for the four parameter sets, as Kems that report
// isa "avx2" (the AVX2 Keccak) or "avx512" (the AVX-512 Keccak and the
// AVX-512VL build of the product kernels; kernels without an AVX-512 version
// stay AVX2); in AArch64 builds "neon" (the NEON product kernels, the rest
// portable). Compiled with the baseline flags (not a *_avx2.cpp file): the scheme's inline helpers it
// instantiates are shared with the portable instantiations, so they must not
// be AVX2 code; the AVX2 work happens in the kernels it calls.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/ntru/factory.hpp"
#include "toom_simd_factory.hpp"

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
#include "pqmul/algorithms/toom_simd.hpp"
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"
#endif

namespace pqmul::ntru {

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

template class Ntru<Hps2048509, Toom4Simd<Hps2048509::ring>>;
template class Ntru<Hps2048677, Toom4Simd<Hps2048677::ring>>;
template class Ntru<Hps4096821, Toom4Simd<Hps4096821::ring>>;
template class Ntru<Hrss701, Toom4Simd<Hrss701::ring>>;
// These KEMs compute the family's default multiplier (kem_entries.cpp registers them under it).
static_assert(toom_simd_plan<Hps2048509::ring> == default_multiplier &&
              toom_simd_plan<Hps2048677::ring> == default_multiplier &&
              toom_simd_plan<Hps4096821::ring> == default_multiplier &&
              toom_simd_plan<Hrss701::ring> == default_multiplier);
#endif

template <ParameterSet P>
std::unique_ptr<Kem> make_toom4_simd_kem(Isa isa) {
  const std::string name =
      std::string(P::name) + "/" + std::string(default_multiplier) + "/" + std::string(isa_name(isa));
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
  if (const auto isas = toom_simd::kernel_isas(); std::find(isas.begin(), isas.end(), isa) == isas.end())
    throw std::invalid_argument(name + ": no such version in this build");
  if (const std::string why = isa_unavailable_reason(isa); !why.empty())
    throw std::invalid_argument(name + " cannot run: " + why);
  return std::make_unique<NtruKem<P, Toom4Simd<typename P::ring>>>(Toom4Simd<typename P::ring>{isa},
                                                                   std::string(default_multiplier), isa);
#else
  throw std::invalid_argument(name + ": this build has no SIMD kernels");
#endif
}

template std::unique_ptr<Kem> make_toom4_simd_kem<Hps2048509>(Isa);
template std::unique_ptr<Kem> make_toom4_simd_kem<Hps2048677>(Isa);
template std::unique_ptr<Kem> make_toom4_simd_kem<Hps4096821>(Isa);
template std::unique_ptr<Kem> make_toom4_simd_kem<Hrss701>(Isa);

}  // namespace pqmul::ntru
