// Kyber / ML-KEM with the Toom-Cook family (schoolbook, Karatsuba, Toom-3,
// Toom-4, ...), which multiplies in the normal domain.
#include "kyber_kem_impl.hpp"
#include "pqmul/algorithms/toom_cook.hpp"

namespace pqmul::kyber {

template <class P>
std::unique_ptr<KyberKem> make_kyber_with_toom(std::string_view name, const Params& params, std::string display,
                                               Strategy s) {
  return std::make_unique<KyberKemImpl<P, ToomCook<KyberRing>>>(make_toom_cook<KyberRing>(name, params),
                                                                std::move(display), s);
}

#define PQMUL_INSTANTIATE(P)                                                                                 \
  template std::unique_ptr<KyberKem> make_kyber_with_toom<P>(std::string_view, const Params&, std::string, \
                                                             Strategy);
PQMUL_KYBER_FOR_EACH_SET(PQMUL_INSTANTIATE)
#undef PQMUL_INSTANTIATE

}  // namespace pqmul::kyber
