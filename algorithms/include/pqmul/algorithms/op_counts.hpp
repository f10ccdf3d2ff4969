#pragma once
// Operation counts gathered by running a multiplier over a counting
// coefficient arithmetic (see counting_arithmetic.hpp), never by formula.
#include <cstdint>

namespace pqmul {

struct OpCounts {
  std::uint64_t products = 0;        // variable x variable coefficient products
  std::uint64_t constant_mults = 0;  // multiplications (or shifts) by a constant
  std::uint64_t additions = 0;       // additions and subtractions
  friend OpCounts operator+(OpCounts a, const OpCounts& b) {
    a.products += b.products;
    a.constant_mults += b.constant_mults;
    a.additions += b.additions;
    return a;
  }
};

}  // namespace pqmul
