#pragma once
// NTRU over the AVX2 toom4-k2 multiplier (isa "avx2"), one Kem per parameter set.
#include <memory>

#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/params.hpp"

namespace pqmul::ntru {

// Throws std::invalid_argument where AVX2 is not built, cannot run, or is
// disabled by force_portable.
template <ParameterSet P>
std::unique_ptr<Kem> make_toom4k2_avx2_kem();

}  // namespace pqmul::ntru
