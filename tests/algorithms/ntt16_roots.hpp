#pragma once
// Test-side arithmetic for the ntt16 trees (test_ntt16_split.cpp,
// test_ntt16_pairs.cpp), written from the definition: modular powers, the
// bit reversal that names each natural slot's root, and the SIMD kernels'
// slot orders (ntt16_primes.hpp's SimdOrder) as tables.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pqmul/algorithms/ntt/ntt16_primes.hpp"

namespace pqmul::test {

inline std::int64_t mod(std::int64_t v, std::int64_t m) { return ((v % m) + m) % m; }
inline std::int64_t power(std::int64_t b, std::int64_t e, std::int64_t m) {
  std::int64_t r = 1;
  b = mod(b, m);
  for (; e > 0; e >>= 1, b = b * b % m)
    if (e & 1) r = r * b % m;
  return r;
}
inline unsigned reversed8(unsigned s) {
  unsigned r = 0;
  for (unsigned b = 0; b < 8; ++b) r |= ((s >> b) & 1u) << (7 - b);
  return r;
}
// Slot s of a W-lane kernel's output holds natural slot layout[s].
template <std::size_t W>
std::vector<std::uint16_t> layout_of() {
  constexpr auto order = ntt16::make_simd_order<W>();
  return {order.layout.begin(), order.layout.end()};
}
inline std::vector<std::uint16_t> layout_of_lanes(std::size_t lanes) {
  return lanes == 8 ? layout_of<8>() : lanes == 16 ? layout_of<16>() : layout_of<32>();
}

}  // namespace pqmul::test
