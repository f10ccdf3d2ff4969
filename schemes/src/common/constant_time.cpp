// Constant-time comparison and selection. The value barrier keeps the compiler
// from turning the masks back into branches.
#include "pqmul/schemes/common/constant_time.hpp"

#include <cstddef>
#include <stdexcept>

namespace pqmul::ct {
namespace {

std::uint8_t value_barrier(std::uint8_t x) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(x));
#endif
  return x;
}

}  // namespace

std::uint8_t differ(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  if (a.size() != b.size()) throw std::invalid_argument("ct::differ: lengths differ");
  std::uint8_t acc = 0;
  for (std::size_t i = 0; i < a.size(); ++i) acc |= static_cast<std::uint8_t>(a[i] ^ b[i]);
  acc = value_barrier(acc);
  // (0 - acc) has its top bit set exactly when acc != 0.
  return static_cast<std::uint8_t>((0u - static_cast<unsigned>(acc)) >> (8 * sizeof(unsigned) - 1));
}

void conditional_move(std::span<std::uint8_t> dst, std::span<const std::uint8_t> src, std::uint8_t condition) {
  if (dst.size() != src.size()) throw std::invalid_argument("ct::conditional_move: lengths differ");
  const std::uint8_t mask = value_barrier(static_cast<std::uint8_t>(0u - condition));
  for (std::size_t i = 0; i < dst.size(); ++i)
    dst[i] = static_cast<std::uint8_t>(dst[i] ^ (mask & (dst[i] ^ src[i])));
}

}  // namespace pqmul::ct
