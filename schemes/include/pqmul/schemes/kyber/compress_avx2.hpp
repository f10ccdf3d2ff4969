#pragma once
// AVX2 twins of Compress_d / Decompress_d on 256 coefficients (kyber::compress
// and kyber::decompress in primitives.hpp give the same values), and of the
// sum and difference mod q they are applied to (add_mod_q, sub). The kernels
// (compress_avx2.cpp, compiled with -mavx2) exist in x86-64 builds only; call
// them only when isa_available(Isa::avx2). No intrinsics here, so portable
// code may include this header.
#include <cstdint>

namespace pqmul::kyber::avx2 {

// r[i] = Compress_d(f[i]) for canonical f[i] in [0, q), d in {1, 4, 5, 10, 11}
// (other d: returns false and leaves r alone). r and f may be the same array.
bool compress(std::uint16_t* r, const std::uint16_t* f, unsigned d);

// r[i] = Decompress_d(f[i]) for f[i] < 2^d, d in 1..11 (otherwise returns
// false). r and f may be the same array.
bool decompress(std::uint16_t* r, const std::uint16_t* f, unsigned d);

// r = a + b and r = a - b mod q, lane by lane, for canonical a, b (any of the
// three may be the same array). 256-bit stores, which the compression's loads
// can take their data from while they are in flight.
void add_mod_q(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b);
void sub_mod_q(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b);

}  // namespace pqmul::kyber::avx2
