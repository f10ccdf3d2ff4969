// NTRU over any multiplier of its ring without a typed path: the registry
// entry's steps behind DynamicMultiplier, one instantiation per parameter set.
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"

namespace pqmul::ntru {

template class Ntru<Hps2048509, DynamicMultiplier<Hps2048509::ring>>;
template class Ntru<Hps2048677, DynamicMultiplier<Hps2048677::ring>>;
template class Ntru<Hps4096821, DynamicMultiplier<Hps4096821::ring>>;
template class Ntru<Hrss701, DynamicMultiplier<Hrss701::ring>>;

template <ParameterSet P>
std::unique_ptr<Kem> make_registered_kem(const MultiplierChoice& choice) {
  using R = typename P::ring;
  return std::make_unique<NtruKem<P, DynamicMultiplier<R>>>(registered_multiplier<R>(choice), choice.label);
}

template std::unique_ptr<Kem> make_registered_kem<Hps2048509>(const MultiplierChoice&);
template std::unique_ptr<Kem> make_registered_kem<Hps2048677>(const MultiplierChoice&);
template std::unique_ptr<Kem> make_registered_kem<Hps4096821>(const MultiplierChoice&);
template std::unique_ptr<Kem> make_registered_kem<Hrss701>(const MultiplierChoice&);

}  // namespace pqmul::ntru
