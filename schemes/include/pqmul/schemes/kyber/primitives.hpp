#pragma once
// The polynomial-level building blocks of FIPS 203 section 4 (shared with
// Kyber round 3): sampling, encoding, compression and the conversions between
// the normal and the NTT domain. Everything that touches secret data is
// branch-free and free of secret-indexed memory and of division by q.
#include <array>
#include <cstdint>
#include <span>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/poly.hpp"
#include "pqmul/algorithms/ring.hpp"
#include "pqmul/schemes/kyber/poly_kernels.hpp"

namespace pqmul::kyber {

inline constexpr std::uint32_t q = KyberRing::q;

// x mod q for x < 2^26, by multiplication with a rounded-up reciprocal.
constexpr std::uint16_t reduce(std::uint32_t x) {
  // floor(x / q) = floor(x * m / 2^38) with m = ceil(2^38 / q): the error of m
  // is below q, so the estimate is exact while x * (m q - 2^38) < 2^38.
  constexpr std::uint64_t m = ((std::uint64_t{1} << 38) + q - 1) / q;
  const auto quotient = static_cast<std::uint32_t>((std::uint64_t{x} * m) >> 38);
  return static_cast<std::uint16_t>(x - quotient * q);
}

// round(2^d / q * x) mod 2^d for 0 <= x < q, 1 <= d <= 11 (FIPS 203 eq. 4.7).
// The division by q is a multiply-shift, so secret x takes constant time.
constexpr std::uint16_t compress(std::uint16_t x, unsigned d) {
  // (x 2^d + (q-1)/2) / q, the quotient taken with reciprocal 2^36/q rounded up
  // (exact below 2^24; the test checks every x and d).
  constexpr std::uint64_t m = ((std::uint64_t{1} << 36) + q - 1) / q;
  const std::uint64_t numerator = (std::uint64_t{x} << d) + (q - 1) / 2;
  return static_cast<std::uint16_t>(((numerator * m) >> 36) & ((1u << d) - 1));
}

// round(q / 2^d * y) for 0 <= y < 2^d (FIPS 203 eq. 4.8).
constexpr std::uint16_t decompress(std::uint16_t y, unsigned d) {
  return static_cast<std::uint16_t>((std::uint32_t{y} * q + (1u << (d - 1))) >> d);
}

// The FIPS 203 NTT (Algorithms 9 and 10) on canonical coefficients.
KPoly ntt(const KPoly& f);
KPoly inverse_ntt(const KPoly& f_hat);

// SampleNTT (Algorithm 7) on SHAKE128(rho || j || i): the matrix entry A^[i, j].
KPoly sample_ntt(std::span<const std::uint8_t, 32> rho, std::uint8_t j, std::uint8_t i);

// SamplePolyCBD_eta(PRF_eta(sigma, n)) (Algorithm 8 with PRF = SHAKE256), eta in {2, 3}.
KPoly sample_noise(std::span<const std::uint8_t, 32> sigma, std::uint8_t n, unsigned eta);
// The same on the Keccak and polynomial kernels of `isa` (keccak_kernels, poly_kernels).
KPoly sample_noise(std::span<const std::uint8_t, 32> sigma, std::uint8_t n, unsigned eta, Isa isa);
// SamplePolyCBD_eta (Algorithm 8) of 64 eta PRF bytes, eta in {2, 3}.
KPoly cbd(std::span<const std::uint8_t> prf, unsigned eta);

// ByteEncode_d (Algorithm 5): 32 d bytes; coefficients must be < 2^d (d < 12) or < q (d = 12).
void byte_encode(const KPoly& f, unsigned d, std::span<std::uint8_t> out);
// The overloads below taking a kernel table (poly_kernels.hpp) compute the
// same values as the portable functions above them, on the table's kernels.
void byte_encode(const KPoly& f, unsigned d, std::span<std::uint8_t> out, const PolyKernels& kernels);
// ByteEncode_12 of coefficients [from, to) only (multiples of 16, below q)
// into their bytes [3 from / 2, 3 to / 2) of the 384 at `out` (part of a row;
// the other bytes untouched).
void byte_encode_12_part(const KPoly& f, std::size_t from, std::size_t to, std::span<std::uint8_t> out);
void byte_encode_12_part(const KPoly& f, std::size_t from, std::size_t to, std::span<std::uint8_t> out,
                         const PolyKernels& kernels);
// ByteDecode_d (Algorithm 6) of 32 d bytes; for d = 12 the values are reduced mod q.
KPoly byte_decode(std::span<const std::uint8_t> in, unsigned d);
KPoly byte_decode(std::span<const std::uint8_t> in, unsigned d, const PolyKernels& kernels);
// True when every 12-bit value of the encoding is below q (the FIPS 203
// modulus check on an encapsulation key: ByteEncode_12(ByteDecode_12(x)) == x).
bool encoding_is_reduced(std::span<const std::uint8_t> in);

// Compress_d / Decompress_d applied to every coefficient.
KPoly compress(const KPoly& f, unsigned d);
KPoly decompress(const KPoly& f, unsigned d);
KPoly compress(const KPoly& f, unsigned d, const PolyKernels& kernels);
KPoly decompress(const KPoly& f, unsigned d, const PolyKernels& kernels);

// Decompress_1(ByteDecode_1(m)) and ByteEncode_1(Compress_1(w)) for 32-byte messages.
KPoly message_to_poly(std::span<const std::uint8_t, 32> m);
void poly_to_message(const KPoly& w, std::span<std::uint8_t, 32> m);
KPoly message_to_poly(std::span<const std::uint8_t, 32> m, const PolyKernels& kernels);
void poly_to_message(const KPoly& w, std::span<std::uint8_t, 32> m, const PolyKernels& kernels);

KPoly sub(const KPoly& a, const KPoly& b);
// a + b and a - b mod q (pqmul::add, sub).
KPoly add_mod_q(const KPoly& a, const KPoly& b, const PolyKernels& kernels);
KPoly sub(const KPoly& a, const KPoly& b, const PolyKernels& kernels);

}  // namespace pqmul::kyber
