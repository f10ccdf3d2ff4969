#pragma once
// NTRU over the AVX2 Toom-4 + Karatsuba kernels (plan toom4-k4), one Kem per parameter set: isa
// "avx2", or "avx512" (the same products, the AVX-512 Keccak).
#include <memory>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/params.hpp"

namespace pqmul::ntru {

// Throws std::invalid_argument for another ISA, or where the ISA is not
// built, cannot run, or is disabled by force_portable.
template <ParameterSet P>
std::unique_ptr<Kem> make_toom4_simd_kem(Isa isa);

}  // namespace pqmul::ntru
