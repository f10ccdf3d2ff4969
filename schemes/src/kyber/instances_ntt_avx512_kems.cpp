// Kyber / ML-KEM with the AVX-512 NTT multiplier and the AVX-512 Keccak, in
// a file of its own so the six instantiations build beside the AVX2 ones.
// Compiled for baseline x86-64 (the name does not end in _avx512.cpp: only
// the kernels it calls carry the AVX-512 flags).
#include "kyber_kem_impl.hpp"

#if defined(PQMUL_X86_SIMD)

#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"

namespace pqmul::kyber {

template <class P>
std::unique_ptr<KyberKem> make_kyber_with_ntt_avx512(Strategy s) {
  return std::make_unique<KyberKemImpl<P, KyberNttAvx512Multiplier>>(KyberNttAvx512Multiplier{}, "ntt", s,
                                                                      Isa::avx512);
}

#define PQMUL_INSTANTIATE(P) template std::unique_ptr<KyberKem> make_kyber_with_ntt_avx512<P>(Strategy);
PQMUL_KYBER_FOR_EACH_SET(PQMUL_INSTANTIATE)
#undef PQMUL_INSTANTIATE

}  // namespace pqmul::kyber

#endif  // PQMUL_X86_SIMD
