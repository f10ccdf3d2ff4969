#pragma once
// NTRU over the AVX2 / AVX-512 big-prime NTT ("ntt[:primes=..;layers=..]"),
// one Kem per parameter set (ntru_ntt_simd.cpp).
#include <memory>
#include <string_view>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/params.hpp"

namespace pqmul::ntru {

// Throws std::invalid_argument for another multiplier, invalid parameters, or
// an ISA that is not avx2 / avx512, not built, or cannot run here.
template <ParameterSet P>
std::unique_ptr<Kem> make_ntt_simd_kem(std::string_view multiplier, Isa isa);

}  // namespace pqmul::ntru
