#pragma once
// The implementation choice inside NTRU's inversion and fixed-type sampler
// templates (inverse.hpp, sample.hpp): the portable code, or the AVX2 or NEON
// twins (NEON: the inversions' divstep loops; the rest portable).
// Which one an object runs is chosen at run time by its kernel table
// (ntru_kernels.hpp).
namespace pqmul::ntru {

enum class Kernels { portable, avx2, neon };

}  // namespace pqmul::ntru
