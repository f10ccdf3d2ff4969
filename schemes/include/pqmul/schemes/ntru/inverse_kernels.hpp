#pragma once
// AVX2 and NEON kernels of the divstep loops of inverse.hpp (inverse_avx2.cpp,
// inverse_neon.cpp), on the bit-sliced state layout described there; their
// portable twins are detail::divsteps_s3_portable and detail::divsteps_s2_portable.
#include <cstddef>
#include <cstdint>

namespace pqmul::ntru::detail {

#if defined(PQMUL_X86_SIMD)
// `steps` divsteps on state (32-byte aligned, 8 planes over GF(3) or 4 over
// GF(2), `words` words each, words in {4, 8, 12, 16}); n is the polynomial
// length (coefficient n is cleared after v is multiplied by x). As when an
// inversion starts, v must be 0 and w a constant: then v and w fit in
// coefficients 0 .. k during step k, and only those words are processed (the
// portable twins do the same per word). Of f and g, only the registers the
// remaining steps can still read are processed (fg_words in inverse.hpp); the
// others are left behind, as the portable twins leave them. The GF(2) kernel
// goes by jumps of up to 63 steps (carry-less products, inverse_avx2.cpp) and
// requires f(0) = 1 as well (an inversion keeps it so): after it only v, w,
// delta and f(0) equal the twin's, all an inversion reads.
// Returns the final delta. Call only where isa_available(Isa::avx2).
std::int32_t divsteps_s3_avx2(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta);
std::int32_t divsteps_s2_avx2(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta);
// divsteps_s3_avx2 with AVX-512VL and VBMI2 (inverse_s3_avx512vbmi2.cpp), the
// same results. Call only where avx512_vbmi2_available().
std::int32_t divsteps_s3_avx512(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                                std::int32_t delta);

// The bit planes of an inversion's input and output (n <= 1024, planes of
// at least ceil((n-1)/64) words; the bits from n-1 up to the end of the last
// word written are cleared, words beyond are not touched).
// invert_s3's g: bit j of (plane_p, plane_m) is "is 1", "is 2" of
// a[n-2-j] + 2 a[n-1] mod 3, for trits a (values 0, 1, 2).
void s3_planes_reversed_avx2(const std::uint8_t* a, std::size_t n, std::uint64_t* plane_p, std::uint64_t* plane_m);
// invert_s3's result: out[i] = f0 * (bit n-2-i of plane_p + 2 * that of plane_m) mod 3 for i < n-1
// (f0 < 4), out[n-1] = 0.
void s3_from_planes_reversed_avx2(const std::uint64_t* plane_p, const std::uint64_t* plane_m, std::size_t n,
                                  std::uint32_t f0, std::uint8_t* out);
// invert_s2's g: bit j = (a[n-2-j] ^ a[n-1]) & 1; its result: out[i] = bit n-2-i, out[n-1] = 0.
void s2_plane_reversed_avx2(const std::uint8_t* a, std::size_t n, std::uint64_t* plane);
void s2_from_plane_reversed_avx2(const std::uint64_t* plane, std::size_t n, std::uint8_t* out);
#endif

#if defined(PQMUL_ARM_SIMD)
// The contract of divsteps_s3_avx2, on NEON; both kernels take the portable
// steps one at a time (no jumps), so the whole state ends as the portable
// loops leave it. Call only where isa_available(Isa::neon).
std::int32_t divsteps_s3_neon(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta);
std::int32_t divsteps_s2_neon(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta);
#endif

}  // namespace pqmul::ntru::detail
