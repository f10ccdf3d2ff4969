#pragma once
// What the AVX2 and NEON kernels of SampleNTT's rejection step share: the
// table that compacts the accepted candidates (a byte shuffle and a table
// lookup both give a zero byte for index 0x80) and the scalar tail. Private
// to the kyber library.
#include <cstddef>
#include <cstdint>

namespace pqmul::kyber {

// For each 8-bit acceptance mask, the byte indices that move the accepted
// 16-bit words of a 128-bit register to its front, in order.
struct CompactionTable {
  alignas(16) std::uint8_t index[256][16];
};

constexpr CompactionTable make_compaction_table() {
  CompactionTable t{};
  for (unsigned mask = 0; mask < 256; ++mask) {
    unsigned n = 0;
    for (unsigned w = 0; w < 8; ++w)
      if ((mask >> w) & 1u) {
        t.index[mask][2 * n] = static_cast<std::uint8_t>(2 * w);
        t.index[mask][2 * n + 1] = static_cast<std::uint8_t>(2 * w + 1);
        ++n;
      }
    for (unsigned b = 2 * n; b < 16; ++b) t.index[mask][b] = 0x80;  // zero the rest
  }
  return t;
}

// The rejection of bytes[b, length) one candidate pair at a time, for the
// SIMD kernels' last few coefficients (or bytes); returns the new count.
inline std::size_t reject_one_by_one(std::uint16_t* coeffs, std::size_t filled, const std::uint8_t* bytes,
                                     std::size_t b, std::size_t length) {
  constexpr std::uint16_t q = 3329;
  for (; b + 3 <= length && filled < 256; b += 3) {
    const auto d1 = static_cast<std::uint16_t>(bytes[b] | ((bytes[b + 1] & 0x0F) << 8));
    const auto d2 = static_cast<std::uint16_t>((bytes[b + 1] >> 4) | (bytes[b + 2] << 4));
    if (d1 < q) coeffs[filled++] = d1;
    if (d2 < q && filled < 256) coeffs[filled++] = d2;
  }
  return filled;
}

}  // namespace pqmul::kyber
