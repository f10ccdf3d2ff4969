#pragma once
// Byte encodings of Saber: every polynomial is a little-endian bit stream of
// its coefficients' low `bits` bits (13 for mod q, 10 for mod p, T for the
// ciphertext's message part, 1 for the message itself).
#include <cstdint>
#include <span>

#include "pqmul/algorithms/poly.hpp"

namespace pqmul::saber {

using SaberPoly = Poly<SaberRing>;

// Writes the low `bits` bits of every coefficient; out holds bits * n / 8 bytes.
void pack_poly(const SaberPoly& p, unsigned bits, std::span<std::uint8_t> out);
// Reads coefficients of `bits` bits (so 0 <= c < 2^bits <= q: canonical in the q ring).
void unpack_poly(std::span<const std::uint8_t> in, unsigned bits, SaberPoly& p);

void pack_vector(std::span<const SaberPoly> v, unsigned bits, std::span<std::uint8_t> out);
void unpack_vector(std::span<const std::uint8_t> in, unsigned bits, std::span<SaberPoly> v);

// The 256-bit message as one bit per coefficient, and back (bit 0 of each coefficient).
void message_to_poly(std::span<const std::uint8_t, 32> m, SaberPoly& p);
void poly_to_message(const SaberPoly& p, std::span<std::uint8_t, 32> m);

}  // namespace pqmul::saber
