#pragma once
// Constant-time sorting of 32-bit signed integers: a bitonic sorting network,
// so the sequence of compare-exchange positions depends only on the length.
#include <cstdint>
#include <span>

namespace pqmul::ntru {

// Sorts ascending (as signed values). Memory accesses and branches depend on
// values.size() only.
void sort_int32_ct(std::span<std::int32_t> values);

}  // namespace pqmul::ntru
