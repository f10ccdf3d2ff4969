// Ntt16Pairs (ntt16_pairs.hpp): the portable table of zetas and the
// multiplier on the ring that fits it (hps509): portable, its counting twin,
// and the SIMD kernels' version. Its index maps are compiled with
// "ntt16-1536"'s (ntt16_good.cpp).
#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"

namespace pqmul {
namespace ntt16::portable {

const PairZetas& pair_zetas() {
  static const PairZetas zetas = pair_zetas_of([](std::size_t prime, bool wide, const std::int16_t* u,
                                                  const std::int16_t* v, std::int16_t* fu, std::int16_t* fv) {
    PortableGoodKernels<ntt_tally::Uncounted>{}.forward_split(prime, wide, u, v, fu, fv);
  });
  return zetas;
}

}  // namespace ntt16::portable

template class Ntt16Pairs<NtruHps2048509Ring>;
template class Ntt16Pairs<NtruHps2048509Ring, ntt16::PortablePairKernels<ntt_tally::Counted>>;
template class Ntt16Pairs<NtruHps2048509Ring, ntt16::SimdPairKernels>;

}  // namespace pqmul
