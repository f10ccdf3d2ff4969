#pragma once
// AVX2 kernels of the divstep loops of inverse.hpp (inverse_avx2.cpp), on the
// bit-sliced state layout described there; their portable twins are
// detail::divsteps_s3_portable and detail::divsteps_s2_portable.
#include <cstddef>
#include <cstdint>

namespace pqmul::ntru::detail {

#if defined(PQMUL_X86_SIMD)
// `steps` divsteps on state (32-byte aligned, 8 planes over GF(3) or 4 over
// GF(2), `words` words each, words in {4, 8, 12, 16}); n is the polynomial
// length (coefficient n is cleared after v is multiplied by x). As when an
// inversion starts, v must be 0 and w a constant: then v and w fit in
// coefficients 0 .. k during step k, and only those words are processed (the
// portable twins do the same per word). Returns the final delta. Call only
// where isa_available(Isa::avx2).
std::int32_t divsteps_s3_avx2(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta);
std::int32_t divsteps_s2_avx2(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta);
#endif

}  // namespace pqmul::ntru::detail
