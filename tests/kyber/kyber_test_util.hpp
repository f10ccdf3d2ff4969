#pragma once
// Helpers for the Kyber tests: vector files and the list of instantiations.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/schemes/kyber/kyber.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"

namespace pqmul::test {

// "key = value" lines (CCTV format); a repeated key keeps its first value.
inline std::map<std::string, std::string> read_key_values(const std::string& path) {
  std::map<std::string, std::string> values;
  std::istringstream in(read_text(path));
  for (std::string line; std::getline(in, line);) {
    const auto eq = line.find(" = ");
    if (eq == std::string::npos) continue;
    values.emplace(line.substr(0, eq), line.substr(eq + 3));
  }
  return values;
}

inline std::vector<std::string> ml_kem_sets() { return {"ml-kem-512", "ml-kem-768", "ml-kem-1024"}; }
inline std::vector<std::string> round3_sets() { return {"kyber512", "kyber768", "kyber1024"}; }

template <std::size_t N>
std::span<const std::uint8_t, N> fixed(const std::vector<std::uint8_t>& v) {
  if (v.size() != N) throw std::invalid_argument("test vector of wrong length");
  return std::span<const std::uint8_t, N>(v.data(), N);
}

// Polynomials that together hold every value below `bound` at every one of
// 16 lane positions (the widest SIMD register's): value v sits at coefficient
// (v + shift) mod 256.
inline std::vector<kyber::KPoly> every_value(std::uint32_t bound) {
  std::vector<kyber::KPoly> polys;
  for (std::uint32_t start = 0; start < bound; start += 256)
    for (std::uint32_t shift = 0; shift < 16; ++shift) {
      kyber::KPoly p;
      for (std::uint32_t i = 0; i < 256; ++i) p[(i + shift) % 256] = static_cast<std::uint16_t>((start + i) % bound);
      polys.push_back(p);
    }
  return polys;
}

// 32-byte messages: zeros, all ones, every single set bit, and `random`
// seeded random ones.
template <class Rng>
std::vector<std::array<std::uint8_t, 32>> test_messages(Rng& rng, int random) {
  std::vector<std::array<std::uint8_t, 32>> messages(2);
  messages[1].fill(0xFF);
  for (int bit = 0; bit < 256; ++bit) {
    std::array<std::uint8_t, 32> m{};
    m[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
    messages.push_back(m);
  }
  for (int t = 0; t < random; ++t) {
    std::array<std::uint8_t, 32> m;
    for (auto& b : m) b = static_cast<std::uint8_t>(rng());
    messages.push_back(m);
  }
  return messages;
}

}  // namespace pqmul::test
