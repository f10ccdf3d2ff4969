// NTRU over the AVX2 toom4-k2 multiplier: Ntru<P, Toom4K2Avx2<ring>> for the
// four parameter sets, as Kems that report isa "avx2". Compiled with the
// baseline flags (not a *_avx2.cpp file): the scheme's inline helpers it
// instantiates are shared with the portable instantiations, so they must not
// be AVX2 code; the AVX2 work happens in the kernels it calls.
#include <stdexcept>
#include <string>

#include "pqmul/algorithms/isa.hpp"
#include "toom_avx2_factory.hpp"

#if defined(PQMUL_X86_SIMD)
#include "pqmul/algorithms/toom_avx2.hpp"
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"
#endif

namespace pqmul::ntru {

#if defined(PQMUL_X86_SIMD)

template class Ntru<Hps2048509, Toom4K2Avx2<Hps2048509::ring>>;
template class Ntru<Hps2048677, Toom4K2Avx2<Hps2048677::ring>>;
template class Ntru<Hps4096821, Toom4K2Avx2<Hps4096821::ring>>;
template class Ntru<Hrss701, Toom4K2Avx2<Hrss701::ring>>;
#endif

template <ParameterSet P>
std::unique_ptr<Kem> make_toom4k2_avx2_kem() {
#if defined(PQMUL_X86_SIMD)
  if (const std::string why = isa_unavailable_reason(Isa::avx2); !why.empty())
    throw std::invalid_argument(std::string(P::name) + "/toom4-k2/avx2 cannot run: " + why);
  return std::make_unique<NtruKem<P, Toom4K2Avx2<typename P::ring>>>(Toom4K2Avx2<typename P::ring>{}, "toom4-k2",
                                                                     "avx2");
#else
  throw std::invalid_argument(std::string(P::name) + "/toom4-k2/avx2: this build has no AVX2 kernels");
#endif
}

template std::unique_ptr<Kem> make_toom4k2_avx2_kem<Hps2048509>();
template std::unique_ptr<Kem> make_toom4k2_avx2_kem<Hps2048677>();
template std::unique_ptr<Kem> make_toom4k2_avx2_kem<Hps4096821>();
template std::unique_ptr<Kem> make_toom4k2_avx2_kem<Hrss701>();

}  // namespace pqmul::ntru
