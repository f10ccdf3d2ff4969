#pragma once
// AVX2 kernels of the byte encodings of pack.hpp (pack_avx2.cpp), on raw
// arrays. Each gives exactly what its portable twin named below gives, with
// no branch or memory index that depends on the data. Call only where
// isa_available(Isa::avx2).
#include <cstddef>
#include <cstdint>

namespace pqmul::ntru::kernels {

#if defined(PQMUL_X86_SIMD)
// The core of unpack_sq: out[i] = bits log2 .. of the little-endian bit string
// `in` (in_bytes bytes, zero beyond) at bit offset bits * i, for i < count
// (count <= 1024, 8 <= bits <= 15). Returns out[0] + ... + out[count-1].
std::uint32_t unpack_bits_avx2(const std::uint8_t* in, std::size_t in_bytes, std::size_t count, unsigned bits,
                               std::uint16_t* out);
// The core of pack_sq for bits 11, 12 or 13: a[0 .. count) mod 2^bits as one
// little-endian bit string, of which the first out_bytes bytes are written
// (out_bytes <= ceil(bits * count / 8)); count <= 1024.
void pack_bits_avx2(const std::uint16_t* a, std::size_t count, unsigned bits, std::uint8_t* out, std::size_t out_bytes);
// The core of unpack_s3: digit j of byte b in base 3, as floor(byte / 3^j)
// mod 3, goes to out[5b + j], for 5b + j < count (count <= 1024,
// in_bytes <= 204).
void unpack_s3_avx2(const std::uint8_t* in, std::size_t in_bytes, std::size_t count, std::uint8_t* out);
// The keys of sample_fixed_type: key i = bits 30 i .. 30 i + 29 of the
// little-endian bit string u, shifted up by 2 (low two bits zero), for
// i < count (count a multiple of 4, <= 1024; u holds 15 count / 4 bytes).
void fixed_type_keys_avx2(const std::uint8_t* u, std::size_t count, std::int32_t* keys);
#endif

}  // namespace pqmul::ntru::kernels
