#pragma once
// AVX2 twins of ByteDecode_d and ByteEncode_d for d = 1, 4, 5, 10, 11, 12
// (kyber::byte_decode / byte_encode in primitives.hpp give the same values).
// The kernels (encode_avx2.cpp, compiled with -mavx2) exist in x86-64 builds
// only; call them only when isa_available(Isa::avx2).
// No intrinsics here, so portable code may include this header.
#include <cstddef>
#include <cstdint>

namespace pqmul::kyber::avx2 {

// f[i] = (12-bit value i of the 384 bytes `in`) mod q, in [0, q). Reads no
// byte outside `in`.
void byte_decode_12(std::uint16_t* f, const std::uint8_t* in);
// f[i] = 10-bit value i of the 320 bytes `in`. Reads no byte outside `in`.
void byte_decode_10(std::uint16_t* f, const std::uint8_t* in);
// f[i] = 11-bit value i of the 352 bytes `in`. Reads no byte outside `in`.
void byte_decode_11(std::uint16_t* f, const std::uint8_t* in);

// f[i] = d-bit value i of the 32 d bytes `in`, d in {1, 4, 5}. Reads no byte
// outside `in`.
void byte_decode_1(std::uint16_t* f, const std::uint8_t* in);
void byte_decode_4(std::uint16_t* f, const std::uint8_t* in);
void byte_decode_5(std::uint16_t* f, const std::uint8_t* in);

// f = Decompress_1(ByteDecode_1(m)) of a 32-byte message: bit i of m gives
// f[i] = (q + 1) / 2 or 0. One 32-byte load (the message was usually just
// written, and overlapping narrower loads would each wait for its stores).
void decode_message(std::uint16_t* f, const std::uint8_t* m);

// ByteEncode_d of 256 coefficients below 2^d into 32 d bytes, d in {1, 4, 5, 10, 11, 12}
// (other d: returns false and writes nothing). Writes no byte outside `out`.
bool byte_encode(std::uint8_t* out, const std::uint16_t* f, unsigned d);
// ByteEncode_12 of coefficients [from, to) only (multiples of 16) into their
// bytes [3 from / 2, 3 to / 2) of the row at `out`.
void byte_encode_12_part(std::uint8_t* out, const std::uint16_t* f, std::size_t from, std::size_t to);

}  // namespace pqmul::kyber::avx2
