// Explicit instantiation of NTRU ntruhps2048509 for every multiplier type.
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"

namespace pqmul::ntru {
template class Ntru<Hps2048509, ToomCook<Hps2048509::ring>>;
template class Ntru<Hps2048509, Kronecker<Hps2048509::ring>>;
template class Ntru<Hps2048509, BigNtt<Hps2048509::ring>>;
template class Ntru<Hps2048509, Ntt16Pieces<Hps2048509::ring>>;
template class Ntru<Hps2048509, Ntt16Good<Hps2048509::ring>>;
template class Ntru<Hps2048509, Ntt16Pairs<Hps2048509::ring>>;
template std::unique_ptr<Kem> make_kem<Hps2048509>(std::string_view);
}  // namespace pqmul::ntru
