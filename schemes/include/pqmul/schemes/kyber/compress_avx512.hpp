#pragma once
// AVX-512 twin of compress_avx2.hpp's Compress_d (same values, 32 lanes per
// step). The kernel (compress_avx512.cpp, compiled with the AVX-512 flags)
// exists in x86-64 builds only; call it only when isa_available(Isa::avx512).
// No intrinsics here, so portable code may include this header.
#include <cstdint>

namespace pqmul::kyber::avx512 {

// r[i] = Compress_d(f[i]) for canonical f[i] in [0, q), d in {1, 4, 5, 10, 11}
// (other d: returns false and leaves r alone). r and f may be the same array.
bool compress(std::uint16_t* r, const std::uint16_t* f, unsigned d);

}  // namespace pqmul::kyber::avx512
