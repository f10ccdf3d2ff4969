#pragma once
// Byte encodings of Saber: every polynomial is a little-endian bit stream of
// its coefficients' low `bits` bits (13 for mod q, 10 for mod p, T for the
// ciphertext's message part, 1 for the message itself).
//
// `kernels`: the kernel table (saber_kernels.hpp) of the calling object;
// every table gives the same bytes.
#include <cstdint>
#include <span>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/poly.hpp"
#include "pqmul/schemes/saber/saber_kernels.hpp"

namespace pqmul::saber {

// Writes the low `bits` bits of every coefficient; out holds bits * n / 8 bytes.
void pack_poly(const SaberPoly& p, unsigned bits, std::span<std::uint8_t> out,
               const SaberKernels& kernels = portable_saber_kernels());
// Reads coefficients of `bits` bits (so 0 <= c < 2^bits <= q: canonical in the q ring).
void unpack_poly(std::span<const std::uint8_t> in, unsigned bits, SaberPoly& p,
                 const SaberKernels& kernels = portable_saber_kernels());

void pack_vector(std::span<const SaberPoly> v, unsigned bits, std::span<std::uint8_t> out,
                 const SaberKernels& kernels = portable_saber_kernels());
void unpack_vector(std::span<const std::uint8_t> in, unsigned bits, std::span<SaberPoly> v,
                   const SaberKernels& kernels = portable_saber_kernels());

// The 256-bit message as one bit per coefficient, and back (bit 0 of each coefficient).
void message_to_poly(std::span<const std::uint8_t, 32> m, SaberPoly& p,
                     const SaberKernels& kernels = portable_saber_kernels());
void poly_to_message(const SaberPoly& p, std::span<std::uint8_t, 32> m,
                     const SaberKernels& kernels = portable_saber_kernels());

}  // namespace pqmul::saber
