#pragma once
// Helpers shared by the test files: hex conversion and reading vector files.
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pqmul::test {

inline std::vector<std::uint8_t> from_hex(std::string_view hex) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw std::invalid_argument("bad hex digit");
  };
  if (hex.size() % 2) throw std::invalid_argument("odd hex length");
  std::vector<std::uint8_t> out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(nibble(hex[2 * i]) << 4 | nibble(hex[2 * i + 1]));
  return out;
}

inline std::string to_hex(const std::uint8_t* p, std::size_t n, bool upper = false) {
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string s;
  s.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    s += digits[p[i] >> 4];
    s += digits[p[i] & 15];
  }
  return s;
}
template <class Bytes>
std::string to_hex(const Bytes& b, bool upper = false) {
  return to_hex(b.data(), b.size(), upper);
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A file of the official vectors, its relative path given in parts. Out of
// line: gcc 12 draws a false -Warray-bounds from std::string appends inlined
// with constant operands into a large (unity-built) unit.
template <class... Parts>
[[gnu::noinline]] std::string vector_file(const Parts&... relative) {
  std::string path = PQMUL_VECTORS_DIR;
  path += '/';
  (path += ... += relative);
  return path;
}

// Deterministic pseudo-random bytes for oracle comparisons (not cryptographic).
class TestPrng {
 public:
  explicit TestPrng(std::uint64_t seed) : s_(seed ^ 0x9E3779B97F4A7C15ULL) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::vector<std::uint8_t> bytes(std::size_t n) {
    std::vector<std::uint8_t> v(n);
    for (auto& b : v) b = static_cast<std::uint8_t>(next());
    return v;
  }
  std::size_t below(std::size_t n) { return n ? static_cast<std::size_t>(next() % n) : 0; }

 private:
  std::uint64_t s_;
};

}  // namespace pqmul::test
