#pragma once
// Test-side oracle: the negacyclic / cyclic product by the definition, in
// int64, written independently of every multiplier of the library.
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "pqmul/algorithms/ring.hpp"

namespace pqmul::test {

inline std::vector<std::uint16_t> definition_product(const RingInfo& r, std::span<const std::uint16_t> a,
                                                     std::span<const std::uint16_t> b) {
  std::vector<std::int64_t> acc(r.n, 0);
  for (std::size_t i = 0; i < r.n; ++i)
    for (std::size_t j = 0; j < r.n; ++j) {
      const std::int64_t p = std::int64_t{a[i]} * b[j];
      const std::size_t k = i + j;
      if (k < r.n)
        acc[k] += p;
      else
        acc[k - r.n] += r.wrap == Wrap::negacyclic ? -p : p;
    }
  std::vector<std::uint16_t> out(r.n);
  for (std::size_t i = 0; i < r.n; ++i) {
    std::int64_t v = acc[i] % std::int64_t{r.q};
    out[i] = static_cast<std::uint16_t>(v < 0 ? v + r.q : v);
  }
  return out;
}

// Named input shapes: random, and the extremes the issue asks for.
enum class Shape { random, all_max, all_min, single, alternating };
inline constexpr Shape all_shapes[] = {Shape::random, Shape::all_max, Shape::all_min, Shape::single, Shape::alternating};

inline std::vector<std::uint16_t> make_input(const RingInfo& r, Shape s, std::size_t count, std::mt19937_64& rng) {
  std::vector<std::uint16_t> v(count * r.n);
  std::uniform_int_distribution<std::uint32_t> coeff(0, r.q - 1);
  for (std::size_t i = 0; i < v.size(); ++i) {
    switch (s) {
      case Shape::random: v[i] = static_cast<std::uint16_t>(coeff(rng)); break;
      case Shape::all_max: v[i] = static_cast<std::uint16_t>(r.q - 1); break;       // -1 mod q
      case Shape::all_min: v[i] = static_cast<std::uint16_t>(r.q / 2); break;       // most negative centred
      case Shape::single: v[i] = (i % r.n == (i / r.n * 37) % r.n) ? static_cast<std::uint16_t>(r.q - 1) : 0; break;
      case Shape::alternating: v[i] = (i % 2) ? static_cast<std::uint16_t>(r.q - 1) : 1; break;
    }
  }
  return v;
}

}  // namespace pqmul::test
