#pragma once
// Which kernels (sorting network, divsteps of the inversions) an NTRU
// instantiation uses: the portable ones, or the AVX2 twins when the scheme
// runs over the AVX2 multiplier (whose construction already required AVX2),
// so a "portable" KEM stays portable and an "avx2" one is AVX2 throughout.
#include "pqmul/algorithms/ring.hpp"

#if defined(PQMUL_X86_SIMD)
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/algorithms/toom_avx2.hpp"
#endif

namespace pqmul::ntru {

enum class Kernels { portable, avx2 };

template <class M>
inline constexpr Kernels kernels_for = Kernels::portable;

#if defined(PQMUL_X86_SIMD)
template <RingDescription R>
  requires toom_avx2_supports<R>
inline constexpr Kernels kernels_for<Toom4K2Avx2<R>> = Kernels::avx2;
// The big-prime NTT's SIMD build runs on AVX2 or AVX-512 CPUs only.
template <RingDescription R>
inline constexpr Kernels kernels_for<BigNttSimd<R>> = Kernels::avx2;
#endif

}  // namespace pqmul::ntru
