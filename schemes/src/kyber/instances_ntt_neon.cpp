// Kyber / ML-KEM with the NEON NTT multiplier (AArch64 builds only: a
// _neon.cpp file, cmake/simd.cmake): the same NTT-domain code as
// instances_ntt.cpp; the samplers keep the scalar Keccak (a 2-way NEON
// Keccak modelled slower on Cortex-A53/A72: README, "Modelled cycles on Arm").
#include "kyber_kem_impl.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"

namespace pqmul::kyber {

template <class P>
std::unique_ptr<KyberKem> make_kyber_with_ntt_neon(Strategy s) {
  return std::make_unique<KyberKemImpl<P, KyberNttNeonMultiplier>>(KyberNttNeonMultiplier{}, "ntt", s, Isa::neon);
}

#define PQMUL_INSTANTIATE(P) template std::unique_ptr<KyberKem> make_kyber_with_ntt_neon<P>(Strategy);
PQMUL_KYBER_FOR_EACH_SET(PQMUL_INSTANTIATE)
#undef PQMUL_INSTANTIATE

}  // namespace pqmul::kyber
