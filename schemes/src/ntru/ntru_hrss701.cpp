// Explicit instantiation of NTRU ntruhrss701 for every multiplier type.
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"

namespace pqmul::ntru {
template class Ntru<Hrss701, ToomCook<Hrss701::ring>>;
template class Ntru<Hrss701, Kronecker<Hrss701::ring>>;
template class Ntru<Hrss701, BigNtt<Hrss701::ring>>;
template class Ntru<Hrss701, Ntt16Pieces<Hrss701::ring>>;
template class Ntru<Hrss701, Ntt16Good<Hrss701::ring>>;
template std::unique_ptr<Kem> make_kem<Hrss701>(std::string_view);
}  // namespace pqmul::ntru
