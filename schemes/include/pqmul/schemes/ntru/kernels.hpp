#pragma once
// The implementation choice inside NTRU's inversion and fixed-type sampler
// templates (inverse.hpp, sample.hpp): the portable code, or the AVX2 twins.
// Which one an object runs is chosen at run time by its kernel table
// (ntru_kernels.hpp).
namespace pqmul::ntru {

enum class Kernels { portable, avx2 };

}  // namespace pqmul::ntru
