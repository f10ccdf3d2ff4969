#pragma once
// NEON twins of Kyber's coefficient-wise kernels (poly_kernels.hpp): the
// compression, the encodings the KEMs use on every call and the sum and
// difference mod q. Each gives exactly the portable function's values
// (primitives.hpp). The kernels (compress_neon.cpp, encode_neon.cpp) exist in
// AArch64 builds only; call them only when isa_available(Isa::neon). No
// intrinsics here, so portable code may include this header.
#include <cstddef>
#include <cstdint>

namespace pqmul::kyber::neon {

// r[i] = Compress_d(f[i]) for canonical f[i] in [0, q), d in {1, 4, 5, 10, 11}
// (other d: returns false and leaves r alone). r and f may be the same array.
bool compress(std::uint16_t* r, const std::uint16_t* f, unsigned d);
// r[i] = Decompress_d(f[i]) for f[i] < 2^d, d in 1..11 (otherwise returns
// false). r and f may be the same array.
bool decompress(std::uint16_t* r, const std::uint16_t* f, unsigned d);

// r = a + b and r = a - b mod q, lane by lane, for canonical a, b (any of the
// three may be the same array).
void add_mod_q(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b);
void sub_mod_q(std::uint16_t* r, const std::uint16_t* a, const std::uint16_t* b);

// f = Decompress_1(ByteDecode_1(m)) of a 32-byte message, and
// m = ByteEncode_1(Compress_1(w)) of canonical w.
void decode_message(std::uint16_t* f, const std::uint8_t* m);
void encode_message(std::uint8_t* m, const std::uint16_t* w);

// ByteDecode_d of the 32 d bytes `in`, d in {1, 4, 5, 10, 11, 12} (d = 12
// reduces each value mod q), otherwise returns false. Reads no byte outside `in`.
bool byte_decode(std::uint16_t* f, const std::uint8_t* in, unsigned d);
// ByteEncode_d of 256 coefficients below 2^d (below q for d = 12) into 32 d
// bytes, d in {1, 4, 5, 10, 11, 12}; otherwise returns false and writes nothing.
bool byte_encode(std::uint8_t* out, const std::uint16_t* f, unsigned d);
// ByteEncode_12 of coefficients [from, to) only (multiples of 16) into their
// bytes [3 from / 2, 3 to / 2) of the row at `out`.
void byte_encode_12_part(std::uint8_t* out, const std::uint16_t* f, std::size_t from, std::size_t to);

}  // namespace pqmul::kyber::neon
