#pragma once
// AVX2 kernels of the coefficient arithmetic of arith.hpp (arith_avx2.cpp),
// on raw arrays of n coefficients (any n >= 1, no alignment required). Each
// computes exactly what its portable twin named below computes, branch-free
// in the values. Call only where isa_available(Isa::avx2).
#include <cstddef>
#include <cstdint>

namespace pqmul::ntru::kernels {

#if defined(PQMUL_X86_SIMD)
// to_rq: trits {0, 1, 2} -> {0, 1, q-1}, as (v | (-(v >> 1) & (q-1))) mod q.
void trits_to_rq_avx2(const std::uint8_t* a, std::size_t n, std::uint16_t q, std::uint16_t* out);
// Zero extension of bytes to 16-bit words (trits as the integers 0, 1, 2).
void widen_trits_avx2(const std::uint8_t* a, std::size_t n, std::uint16_t* out);
// rq_to_s3 for q = 2^log_q, 1 <= log_q <= 14: each coefficient mod q read as
// its centred representative, reduced mod 3, then reduced modulo Phi_n
// (coefficient n-1 subtracted from every coefficient, mod 3).
void rq_to_s3_avx2(const std::uint16_t* a, std::size_t n, unsigned log_q, std::uint8_t* out);
// trinary_from_rq: v = a mod q, 3 & (v ^ (v >> (log_q - 1))).
void trinary_from_rq_avx2(const std::uint16_t* a, std::size_t n, unsigned log_q, std::uint8_t* out);
// reduce_phi in S_q: a_i <- (a_i - a_{n-1}) mod q, in place.
void reduce_phi_rq_avx2(std::uint16_t* a, std::size_t n, std::uint16_t q);
// add_rq / sub_rq: out = (a +- b) mod q (out may alias a or b).
void add_rq_avx2(const std::uint16_t* a, const std::uint16_t* b, std::size_t n, std::uint16_t q, std::uint16_t* out);
void sub_rq_avx2(const std::uint16_t* a, const std::uint16_t* b, std::size_t n, std::uint16_t q, std::uint16_t* out);
// detail::invalid_r: 1 unless a_0 .. a_{n-2} are in {0, 1, q-1} and a_{n-1} = 0.
std::uint8_t invalid_r_avx2(const std::uint16_t* a, std::size_t n, std::uint16_t q);
// sample_iid's reduction: out_i = a_i mod 3 for bytes.
void bytes_mod3_avx2(const std::uint8_t* a, std::size_t n, std::uint8_t* out);
// lift for HRSS on trits m (values 0, 1, 2; n <= 1024): (x - 1) b with
// b = m / (x - 1) in S_3 as {0, 1, q-1}, reduced mod q.
void lift_hrss_avx2(const std::uint8_t* m, std::size_t n, std::uint16_t q, std::uint16_t* out);
#endif

}  // namespace pqmul::ntru::kernels
