// Bitonic sorting network over the next power of two; the padding holds the
// largest int32, which sorts to the end and is dropped.
#include "pqmul/schemes/ntru/sort.hpp"

#include <limits>
#include <vector>

namespace pqmul::ntru {
namespace {

// (a, b) <- (min, max) without a branch: the sign of b - a, computed in 64
// bits so it cannot overflow, selects the exchange.
inline void compare_exchange(std::int32_t& a, std::int32_t& b) {
  const std::int64_t difference = std::int64_t{b} - std::int64_t{a};
  const auto swap = static_cast<std::uint32_t>(static_cast<std::uint64_t>(difference) >> 63);
  const std::uint32_t mask = 0u - swap;
  const std::uint32_t t = (static_cast<std::uint32_t>(a) ^ static_cast<std::uint32_t>(b)) & mask;
  a = static_cast<std::int32_t>(static_cast<std::uint32_t>(a) ^ t);
  b = static_cast<std::int32_t>(static_cast<std::uint32_t>(b) ^ t);
}

}  // namespace

void sort_int32_ct(std::span<std::int32_t> values) {
  std::size_t length = 1;
  while (length < values.size()) length *= 2;
  std::vector<std::int32_t> x(length, std::numeric_limits<std::int32_t>::max());
  for (std::size_t i = 0; i < values.size(); ++i) x[i] = values[i];
  for (std::size_t block = 2; block <= length; block *= 2)
    for (std::size_t stride = block / 2; stride > 0; stride /= 2)
      for (std::size_t i = 0; i < length; ++i) {
        const std::size_t partner = i ^ stride;
        if (partner <= i) continue;
        // Ascending in blocks whose index bit `block` is 0, descending otherwise.
        if ((i & block) == 0)
          compare_exchange(x[i], x[partner]);
        else
          compare_exchange(x[partner], x[i]);
      }
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = x[i];
}

}  // namespace pqmul::ntru
