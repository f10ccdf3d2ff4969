// Kyber / ML-KEM with the NTT multiplier, working in the standard's domain.
#include "kyber_kem_impl.hpp"

namespace pqmul::kyber {

template <class P>
std::unique_ptr<KyberKem> make_kyber_with_ntt(Strategy s) {
  return std::make_unique<KyberKemImpl<P, KyberNttMultiplier>>(KyberNttMultiplier{}, "ntt", s);
}

#define PQMUL_INSTANTIATE(P) template std::unique_ptr<KyberKem> make_kyber_with_ntt<P>(Strategy);
PQMUL_KYBER_FOR_EACH_SET(PQMUL_INSTANTIATE)
#undef PQMUL_INSTANTIATE

}  // namespace pqmul::kyber
