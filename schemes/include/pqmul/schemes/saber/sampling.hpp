#pragma once
// Pseudo-random polynomials of Saber: the public matrix A (uniform mod q,
// from SHAKE128 of its seed) and the secret vectors (centred binomial of
// parameter mu, from SHAKE128 of the noise seed).
#include <cstdint>
#include <span>

#include "pqmul/schemes/saber/pack.hpp"

namespace pqmul::saber {

// a holds l*l polynomials, a[i*l + j] = A[i][j]; A is the SHAKE128 stream of the
// seed read as l*l polynomials of 13-bit coefficients, row by row.
// `isa` picks the Keccak permutation and the conversion kernels (pack.hpp);
// the bytes and polynomials are the same for every ISA.
void gen_matrix(std::span<const std::uint8_t, 32> seed, std::size_t l, std::span<SaberPoly> a, Isa isa = Isa::portable);

// s holds l polynomials sampled from the centred binomial distribution with
// parameter mu (coefficients in [-mu/2, mu/2], stored mod q).
void gen_secret(std::span<const std::uint8_t, 32> seed, unsigned mu, std::span<SaberPoly> s, Isa isa = Isa::portable);

// 1 when a coefficient of s (mod q, as unpacked from a secret key) lies outside
// [-mu/2, mu/2], the range gen_secret draws from, else 0; in time independent
// of the coefficients. No key generation makes such a secret.
std::uint8_t secret_out_of_range(std::span<const SaberPoly> s, unsigned mu);

// The same from SHAKE128 streams computed elsewhere (keccak::SpongeLanes): the
// matrix from l*l*416 bytes, the secret from l*mu*32 bytes.
void matrix_from_stream(std::span<const std::uint8_t> stream, std::size_t l, std::span<SaberPoly> a,
                        const SaberKernels& kernels = portable_saber_kernels());
void secret_from_stream(std::span<const std::uint8_t> stream, unsigned mu, std::span<SaberPoly> s,
                        const SaberKernels& kernels = portable_saber_kernels());

// One polynomial from mu*n/8 bytes: coefficient i uses the bits i*mu .. i*mu+mu-1
// of the little-endian stream; the first mu/2 bits count positive, the others negative.
void centred_binomial(std::span<const std::uint8_t> coins, unsigned mu, SaberPoly& s,
                      const SaberKernels& kernels = portable_saber_kernels());

}  // namespace pqmul::saber
