// Kyber / ML-KEM with the AVX2 NTT multiplier: the same NTT-domain code as
// instances_ntt.cpp (the multipliers share their domain types). Compiled for
// baseline x86-64; the kernels it reaches are chosen at run time. The avx512
// version (instances_ntt_avx512_kems.cpp) adds the AVX-512 lane-wise NTT
// kernels and the AVX-512 Keccak.
#include "kyber_kem_impl.hpp"

#if defined(PQMUL_X86_SIMD)

#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"

namespace pqmul::kyber {

template <class P>
std::unique_ptr<KyberKem> make_kyber_with_ntt_avx2(Strategy s, Isa isa) {
  if (isa != Isa::avx2 && isa != Isa::avx512)
    throw std::invalid_argument(std::string(P::name) + "/ntt has no " + std::string(isa_name(isa)) + " version");
  if (isa == Isa::avx512) return make_kyber_with_ntt_avx512<P>(s);
  return std::make_unique<KyberKemImpl<P, KyberNttAvx2Multiplier>>(KyberNttAvx2Multiplier{}, "ntt", s, isa);
}

#define PQMUL_INSTANTIATE(P) template std::unique_ptr<KyberKem> make_kyber_with_ntt_avx2<P>(Strategy, Isa);
PQMUL_KYBER_FOR_EACH_SET(PQMUL_INSTANTIATE)
#undef PQMUL_INSTANTIATE

}  // namespace pqmul::kyber

#endif  // PQMUL_X86_SIMD
