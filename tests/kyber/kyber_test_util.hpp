#pragma once
// Helpers for the Kyber tests: vector files and the list of instantiations.
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/schemes/kyber/kyber.hpp"

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

}  // namespace pqmul::test
