// The bitonic sorting network in its flip form: for each block size B the
// first stage pairs position j of a block with position B-1-j, the next
// stages pair j with j + s (s = B/4 .. 1); every comparator is ascending, so
// the inner loops run over contiguous ranges and the compiler vectorises them.
#include "pqmul/schemes/ntru/sort.hpp"

#include <array>
#include <limits>
#include <vector>

namespace pqmul::ntru {
namespace {

// (a, b) <- (min, max) in 32-bit operations only: the sign of b - a,
// corrected where the subtraction overflows (a and b of opposite signs, then
// b < a exactly when b is negative), selects the exchange.
inline void compare_exchange(std::int32_t& a, std::int32_t& b) {
  const auto ua = static_cast<std::uint32_t>(a), ub = static_cast<std::uint32_t>(b);
  const std::uint32_t differ = ua ^ ub;
  std::uint32_t d = ub - ua;
  d ^= differ & (d ^ ub);  // the sign bit of d is now 1 iff b < a
  const std::uint32_t t = differ & (0u - (d >> 31));
  a = static_cast<std::int32_t>(ua ^ t);
  b = static_cast<std::int32_t>(ub ^ t);
}

// lo[j] against hi[j], or against hi[-j] in the flip stage; the two ranges
// never overlap, which lets the compiler vectorise.
inline void compare_ranges(std::int32_t* __restrict lo, std::int32_t* __restrict hi, std::size_t count) {
  for (std::size_t j = 0; j < count; ++j) compare_exchange(lo[j], hi[j]);
}
inline void compare_reversed(std::int32_t* __restrict lo, std::int32_t* __restrict hi_end, std::size_t count) {
  for (std::size_t j = 0; j < count; ++j) compare_exchange(lo[j], hi_end[-static_cast<std::ptrdiff_t>(j)]);
}

}  // namespace

// Distances 1 and 2 (and the flips of blocks 2 and 4) are written out per
// group, which the compiler vectorises across groups.
void sort_int32_pow2_portable(std::int32_t* x, std::size_t length) {
  for (std::size_t block = 2; block <= length; block *= 2) {
    if (block == 2)
      for (std::size_t base = 0; base < length; base += 2) compare_exchange(x[base], x[base + 1]);
    else if (block == 4)
      for (std::size_t base = 0; base < length; base += 4) {
        compare_exchange(x[base], x[base + 3]);
        compare_exchange(x[base + 1], x[base + 2]);
      }
    else
      for (std::size_t base = 0; base < length; base += block)
        compare_reversed(x + base, x + base + block - 1, block / 2);
    for (std::size_t stride = block / 4; stride > 0; stride /= 2) {
      if (stride == 1)
        for (std::size_t base = 0; base < length; base += 2) compare_exchange(x[base], x[base + 1]);
      else if (stride == 2)
        for (std::size_t base = 0; base < length; base += 4) {
          compare_exchange(x[base], x[base + 2]);
          compare_exchange(x[base + 1], x[base + 3]);
        }
      else
        for (std::size_t base = 0; base < length; base += 2 * stride)
          compare_ranges(x + base, x + base + stride, stride);
    }
  }
}

void sort_int32_ct(std::span<std::int32_t> values) {
  std::size_t length = 8;
  while (length < values.size()) length *= 2;
  constexpr std::size_t on_stack = 1024;
  alignas(32) std::array<std::int32_t, on_stack> small;
  std::vector<std::int32_t> large;
  std::int32_t* x = small.data();
  if (length > on_stack) {
    large.resize(length);
    x = large.data();
  }
  for (std::size_t i = 0; i < length; ++i) x[i] = std::numeric_limits<std::int32_t>::max();
  for (std::size_t i = 0; i < values.size(); ++i) x[i] = values[i];
  sort_int32_pow2_portable(x, length);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = x[i];
}

}  // namespace pqmul::ntru
