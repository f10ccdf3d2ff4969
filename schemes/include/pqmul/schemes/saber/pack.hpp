#pragma once
// Byte encodings of Saber: every polynomial is a little-endian bit stream of
// its coefficients' low `bits` bits (13 for mod q, 10 for mod p, T for the
// ciphertext's message part, 1 for the message itself).
//
// `isa` picks the kernels: avx2 and avx512 run the AVX2/BMI2 ones
// (kernels_avx2.hpp) for the widths they serve, with the same bytes; the
// caller makes sure that ISA can run (the Saber factories do).
#include <cstdint>
#include <span>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/poly.hpp"

namespace pqmul::saber {

using SaberPoly = Poly<SaberRing>;

// Writes the low `bits` bits of every coefficient; out holds bits * n / 8 bytes.
void pack_poly(const SaberPoly& p, unsigned bits, std::span<std::uint8_t> out, Isa isa = Isa::portable);
// Reads coefficients of `bits` bits (so 0 <= c < 2^bits <= q: canonical in the q ring).
void unpack_poly(std::span<const std::uint8_t> in, unsigned bits, SaberPoly& p, Isa isa = Isa::portable);

void pack_vector(std::span<const SaberPoly> v, unsigned bits, std::span<std::uint8_t> out, Isa isa = Isa::portable);
void unpack_vector(std::span<const std::uint8_t> in, unsigned bits, std::span<SaberPoly> v, Isa isa = Isa::portable);

// The 256-bit message as one bit per coefficient, and back (bit 0 of each coefficient).
void message_to_poly(std::span<const std::uint8_t, 32> m, SaberPoly& p, Isa isa = Isa::portable);
void poly_to_message(const SaberPoly& p, std::span<std::uint8_t, 32> m, Isa isa = Isa::portable);

// Whether `isa` selects the SIMD kernels (avx2 or avx512 on an x86-64 build).
bool uses_avx2_kernels(Isa isa);

}  // namespace pqmul::saber
