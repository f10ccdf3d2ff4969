#pragma once
// The SIMD kernels of "ntt16", one namespace per ISA, each with its lane count
// (the slot order is make_simd_order<lanes>().layout, ntt16_primes.hpp).
// Defined in x86-64 builds (ntt16_avx2.cpp, ntt16_avx512.cpp) and AArch64
// builds (ntt16_neon.cpp).
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/ntt/ntt16_primes.hpp"

namespace pqmul::ntt16 {

namespace avx2 {
inline constexpr std::size_t lanes = 16;
#include "pqmul/algorithms/ntt/ntt16_simd_kernels.inl"
}  // namespace avx2

namespace avx512 {
inline constexpr std::size_t lanes = 32;
#include "pqmul/algorithms/ntt/ntt16_simd_kernels.inl"
}  // namespace avx512

namespace neon {
inline constexpr std::size_t lanes = 8;
#include "pqmul/algorithms/ntt/ntt16_simd_kernels.inl"
}  // namespace neon

}  // namespace pqmul::ntt16
