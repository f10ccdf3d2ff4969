#pragma once
// Constant-time comparison and selection for secret data.
#include <cstdint>
#include <span>

namespace pqmul::ct {

// 0 if equal, 1 otherwise; time depends only on the length.
std::uint8_t differ(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b);
// dst = condition ? src : dst, for condition in {0, 1}.
void conditional_move(std::span<std::uint8_t> dst, std::span<const std::uint8_t> src, std::uint8_t condition);

}  // namespace pqmul::ct
