// Ntt16Pieces (ntt16_pieces.hpp) for NTRU's rings: portable, its counting
// twin, and the SIMD kernels' version.
#include "pqmul/algorithms/ntt/ntt16_pieces.hpp"

namespace pqmul {

template class Ntt16Pieces<NtruHps2048509Ring>;
template class Ntt16Pieces<NtruHps2048677Ring>;
template class Ntt16Pieces<NtruHrss701Ring>;
template class Ntt16Pieces<NtruHps4096821Ring>;
template class Ntt16Pieces<NtruHps2048509Ring, ntt16::PortableKernels<ntt_tally::Counted>>;
template class Ntt16Pieces<NtruHps2048677Ring, ntt16::PortableKernels<ntt_tally::Counted>>;
template class Ntt16Pieces<NtruHrss701Ring, ntt16::PortableKernels<ntt_tally::Counted>>;
template class Ntt16Pieces<NtruHps4096821Ring, ntt16::PortableKernels<ntt_tally::Counted>>;
template class Ntt16Pieces<NtruHps2048509Ring, ntt16::SimdKernels>;
template class Ntt16Pieces<NtruHps2048677Ring, ntt16::SimdKernels>;
template class Ntt16Pieces<NtruHrss701Ring, ntt16::SimdKernels>;
template class Ntt16Pieces<NtruHps4096821Ring, ntt16::SimdKernels>;

}  // namespace pqmul
