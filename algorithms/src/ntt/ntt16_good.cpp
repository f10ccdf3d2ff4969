// Ntt16Good (ntt16_good.hpp): the index maps compiled for the baseline (the
// portable twin's, and those of Ntt16Pairs, ntt16_pairs.hpp), and the
// multiplier on NTRU's rings that fit it: portable, its counting twin, and the
// SIMD kernels' version.
#include "pqmul/algorithms/ntt/ntt16_good.hpp"
#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"

#include <algorithm>
#include <bit>

#include "pqmul/algorithms/wipe.hpp"

// The glue picks with AVX2's byte blend where the build targets AVX2 (a
// build for the host's ISA); the baseline build does without.
#if defined(__AVX2__)
#include <immintrin.h>
#endif

// The glue's 32-byte vectors pass only between its own functions, all in
// this unit, so the compilers' note that their ABI differs without AVX (gcc
// gives it as the unit ends, hence for the whole unit) does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace pqmul {
namespace ntt16::portable {
#include "ntt16_good_glue.inl"
}  // namespace ntt16::portable

template class Ntt16Good<NtruHps2048509Ring>;
template class Ntt16Good<NtruHps2048677Ring>;
template class Ntt16Good<NtruHrss701Ring>;
template class Ntt16Good<NtruHps2048509Ring, ntt16::PortableGoodKernels<ntt_tally::Counted>>;
template class Ntt16Good<NtruHps2048677Ring, ntt16::PortableGoodKernels<ntt_tally::Counted>>;
template class Ntt16Good<NtruHrss701Ring, ntt16::PortableGoodKernels<ntt_tally::Counted>>;
template class Ntt16Good<NtruHps2048509Ring, ntt16::SimdGoodKernels>;
template class Ntt16Good<NtruHps2048677Ring, ntt16::SimdGoodKernels>;
template class Ntt16Good<NtruHrss701Ring, ntt16::SimdGoodKernels>;

}  // namespace pqmul
