// Explicit instantiation of NTRU ntruhps2048677 for every multiplier type.
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"

namespace pqmul::ntru {
template class Ntru<Hps2048677, ToomCook<Hps2048677::ring>>;
template class Ntru<Hps2048677, Kronecker<Hps2048677::ring>>;
template class Ntru<Hps2048677, BigNtt<Hps2048677::ring>>;
template class Ntru<Hps2048677, Ntt16Pieces<Hps2048677::ring>>;
template class Ntru<Hps2048677, Ntt16Good<Hps2048677::ring>>;
template std::unique_ptr<Kem> make_kem<Hps2048677>(std::string_view);
}  // namespace pqmul::ntru
