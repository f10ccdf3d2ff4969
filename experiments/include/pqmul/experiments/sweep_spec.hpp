#pragma once
// The sweep specification (a TOML file): which trees to build (compilers x
// target architectures x auto-vectorisation) and which rows to check and
// measure in each (ISAs x schemes or rings x multipliers x strategies x
// operations). Parsing checks shapes and spellings only; names of schemes,
// rings and multipliers are checked against the registries when planning.
#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace pqmul::experiments {

// Malformed or inconsistent spec; what() names the file, the key and, where
// the TOML reader knows it, the line.
struct SpecError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// KEM rows: each (scheme, multiplier, strategy, isa) is checked against the
// published KAT digest and benchmarked for the listed operations.
struct KemSection {
  std::vector<std::string> schemes;
  std::vector<std::string> multipliers{"default"};  // names, "default" (the scheme's first) or "all"
  std::vector<std::string> strategies{"default"};   // eager/lazy/cached, "default" or "all"
  std::vector<std::string> operations{"keygen", "encaps", "decaps"};
};

// Multiplier rows: each (ring, multiplier[, strategy], isa) is checked
// against the Kronecker oracle and benchmarked for the listed operations.
// Per-product operations (mul, transform, ...) ignore strategies; module
// operations (matrix-vector, inner-product) run once per strategy at `rank`.
struct RingSection {
  std::vector<std::string> rings;
  std::vector<std::string> multipliers{"all"};
  std::vector<std::string> strategies{"all"};
  std::vector<std::string> operations{"mul"};
  std::size_t rank = 3;
  std::size_t trials = 4;  // random cases per oracle check
};

struct SweepSpec {
  std::string name;
  std::string description;
  std::vector<std::string> compilers{"gcc"};
  std::map<std::string, std::string> compiler_commands;  // name -> C++ compiler (defaults: g++, clang++)
  std::vector<std::string> architectures{"x86_64"};
  std::vector<bool> vectorize{true};
  std::vector<std::string> isas{"portable"};
  std::size_t samples = 1000;  // measurements per benchmark row
  std::string counter;         // empty: the benchmark's default counter
  bool has_kem = false, has_ring = false;
  KemSection kem;
  RingSection ring;
};

inline const std::vector<std::string>& known_compilers() {
  static const std::vector<std::string> v{"gcc", "clang"};
  return v;
}
inline const std::vector<std::string>& known_architectures() {
  static const std::vector<std::string> v{"x86_64", "aarch64"};
  return v;
}
inline const std::vector<std::string>& known_isas() {
  static const std::vector<std::string> v{"portable", "avx2", "avx512", "neon"};
  return v;
}
inline const std::vector<std::string>& kem_operations() {
  static const std::vector<std::string> v{"keygen", "encaps", "decaps"};
  return v;
}
// Operations of one product; the rest of ring_operations() are module products.
inline const std::vector<std::string>& ring_product_operations() {
  static const std::vector<std::string> v{"mul", "transform", "multiply_accumulate", "inverse"};
  return v;
}
inline const std::vector<std::string>& ring_operations() {
  static const std::vector<std::string> v{"mul", "transform", "multiply_accumulate", "inverse", "matrix-vector",
                                          "inner-product"};
  return v;
}

// `origin` names the text in error messages (usually the file path).
SweepSpec parse_sweep_spec(const std::string& text, const std::string& origin);
SweepSpec load_sweep_spec(const std::string& path);

}  // namespace pqmul::experiments
