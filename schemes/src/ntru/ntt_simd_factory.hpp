#pragma once
// NTRU over a SIMD NTT: the big-prime NTT ("ntt[:primes=..;layers=..]"), the
// 16-bit NTTs of pieces ("ntt16[:primes=..;bound-a=..;bound-b=..]") or of one
// cyclic convolution of 1536 ("ntt16-1536[:...]", the sets with 2n - 1 <=
// 1536), one Kem per parameter set (ntru_ntt_simd.cpp).
#include <memory>
#include <string_view>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/params.hpp"

namespace pqmul::ntru {

// The SIMD ISAs of the build that have the named NTT for P (none for another
// name, or an NTT P's ring does not take).
template <ParameterSet P>
std::vector<Isa> ntt_simd_isas(std::string_view multiplier);

// Throws std::invalid_argument for another multiplier, invalid parameters, or
// an ISA the NTT has no kernels for in this build, or that cannot run here.
template <ParameterSet P>
std::unique_ptr<Kem> make_ntt_simd_kem(std::string_view multiplier, Isa isa);

}  // namespace pqmul::ntru
