// Kyber / ML-KEM with Kronecker substitution (the slow, independent oracle).
#include "kyber_kem_impl.hpp"
#include "pqmul/algorithms/kronecker.hpp"

namespace pqmul::kyber {

template <class P>
std::unique_ptr<KyberKem> make_kyber_with_kronecker(Strategy s) {
  return std::make_unique<KyberKemImpl<P, Kronecker<KyberRing>>>(Kronecker<KyberRing>{}, "kronecker", s);
}

#define PQMUL_INSTANTIATE(P) template std::unique_ptr<KyberKem> make_kyber_with_kronecker<P>(Strategy);
PQMUL_KYBER_FOR_EACH_SET(PQMUL_INSTANTIATE)
#undef PQMUL_INSTANTIATE

}  // namespace pqmul::kyber
