// Kyber / ML-KEM with any multiplier of the kyber ring that has no typed path
// here: the registry entry's own steps behind DynamicMultiplier, so the
// strategies keep their meaning and the bytes held are measured.
#include "kyber_kem_impl.hpp"

namespace pqmul::kyber {

template <class P>
std::unique_ptr<KyberKem> make_kyber_with_registry(const MultiplierChoice& choice, Strategy s) {
  return std::make_unique<KyberKemImpl<P, DynamicMultiplier<KyberRing>>>(registered_multiplier<KyberRing>(choice),
                                                                         choice.label, s);
}

#define PQMUL_INSTANTIATE(P) \
  template std::unique_ptr<KyberKem> make_kyber_with_registry<P>(const MultiplierChoice&, Strategy);
PQMUL_KYBER_FOR_EACH_SET(PQMUL_INSTANTIATE)
#undef PQMUL_INSTANTIATE

}  // namespace pqmul::kyber
