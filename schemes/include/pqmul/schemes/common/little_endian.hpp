#pragma once
// 64-bit little-endian words from and to bytes, as Keccak's lanes are stored
// (FIPS 202 section 3.1.2): one load or store on little-endian hosts. For
// portable code; the SIMD kernels load their own way.
#include <bit>
#include <cstdint>
#include <cstring>

namespace pqmul {

inline std::uint64_t load_le64(const std::uint8_t* p) {
  std::uint64_t v;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&v, p, 8);
  } else {
    v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  }
  return v;
}

inline void store_le64(std::uint8_t* p, std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(p, &v, 8);
  } else {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
  }
}

}  // namespace pqmul
