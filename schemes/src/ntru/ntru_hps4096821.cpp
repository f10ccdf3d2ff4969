// Explicit instantiation of NTRU ntruhps4096821 for every multiplier type.
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/scheme_impl.hpp"

namespace pqmul::ntru {
template class Ntru<Hps4096821, ToomCook<Hps4096821::ring>>;
template class Ntru<Hps4096821, Kronecker<Hps4096821::ring>>;
template class Ntru<Hps4096821, BigNtt<Hps4096821::ring>>;
template class Ntru<Hps4096821, Ntt16Pieces<Hps4096821::ring>>;
template std::unique_ptr<Kem> make_kem<Hps4096821>(std::string_view);
}  // namespace pqmul::ntru
