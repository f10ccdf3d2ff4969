#pragma once
// Inputs for the Kyber NTT kernels' twin tests (test_kyber_ntt_simd.cpp,
// test_kyber_ntt_neon.cpp): the extremes and seeded random values each
// kernel is checked on.
#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "pqmul/algorithms/ntt/kyber_ntt.hpp"

namespace pqmul::test {

using KyberCoeffs = kyber_ntt::Coeffs;
using KyberLanes = std::array<std::int32_t, 256>;

// Zeros, each single coefficient at +-m, the constants +-m and +-1,
// alternating signs, and seeded random values in [-m, m].
inline std::vector<KyberCoeffs> kyber_operands(std::int16_t m, std::uint64_t seed, int random_count) {
  std::vector<KyberCoeffs> out{KyberCoeffs{}};
  for (std::size_t i = 0; i < 256; ++i)
    for (std::int16_t v : {m, static_cast<std::int16_t>(-m)}) {
      KyberCoeffs f{};
      f[i] = v;
      out.push_back(f);
    }
  for (std::int16_t v : {m, static_cast<std::int16_t>(-m), std::int16_t{1}, std::int16_t{-1}}) {
    KyberCoeffs f;
    f.fill(v);
    out.push_back(f);
  }
  KyberCoeffs alternating;
  for (std::size_t i = 0; i < 256; ++i) alternating[i] = static_cast<std::int16_t>(i % 2 ? -m : m);
  out.push_back(alternating);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> d(-m, m);
  for (int k = 0; k < random_count; ++k) {
    KyberCoeffs f;
    for (auto& c : f) c = static_cast<std::int16_t>(d(rng));
    out.push_back(f);
  }
  return out;
}

// Accumulators: constants (zero, +-1, the int32 extremes, multiples of q and
// of 2^16), `single` alone in every 37th lane, and seeded random int32 lanes.
inline std::vector<KyberLanes> kyber_accumulator_cases(std::int32_t single, std::uint64_t seed, int random_count) {
  constexpr std::int32_t lo = std::numeric_limits<std::int32_t>::min(), hi = std::numeric_limits<std::int32_t>::max();
  std::vector<KyberLanes> cases;
  for (std::int32_t v : {0, 1, -1, lo, hi, 3329 << 15, -(3329 << 15), 1 << 16, -(1 << 16), 65535}) {
    KyberLanes l;
    l.fill(v);
    cases.push_back(l);
  }
  for (std::size_t i = 0; i < 256; i += 37) {
    KyberLanes one{};
    one[i] = single;
    cases.push_back(one);
  }
  std::mt19937_64 rng(seed);
  for (int k = 0; k < random_count; ++k) {
    KyberLanes l;
    for (auto& x : l) x = static_cast<std::int32_t>(static_cast<std::uint32_t>(rng()));
    cases.push_back(l);
  }
  return cases;
}

}  // namespace pqmul::test
