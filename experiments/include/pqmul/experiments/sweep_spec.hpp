#pragma once
// The sweep specification (a TOML file): which trees to build (compilers x
// target architectures x auto-vectorisation) and which rows to check and
// measure in each (ISAs x schemes or rings x multipliers x strategies x
// operations). Parsing checks shapes and spellings only; names of schemes,
// rings, multipliers and AEAD variants are checked against the registries
// when planning.
//
// Each of [kem], [ring] and [aead] may be given once as a table or several
// times as an array of tables ([[kem]]); a section may narrow the trees and
// ISAs it runs in (`compilers`, `vectorize`, `isas`), so rows needed in only
// some trees (e.g. the unvectorised ones) need not be run in all of them.
#include <cstddef>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pqmul::experiments {

// Malformed or inconsistent spec; what() names the file, the key and, where
// the TOML reader knows it, the line.
struct SpecError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Which trees and ISAs a section runs in; an empty list means the spec's own.
// compilers and vectorize must be among the spec's (they pick built trees).
struct SectionScope {
  std::vector<std::string> compilers;
  std::vector<bool> vectorize;
  std::vector<std::string> isas;
};

// KEM rows: each (scheme, multiplier, strategy, isa) is checked against the
// published KAT digest and benchmarked for the listed operations, which may
// include the scheme's module products (matrix-vector, inner-product).
struct KemSection {
  std::vector<std::string> schemes;
  std::vector<std::string> multipliers{"default"};  // names, "default" (the scheme's first) or "all"
  std::vector<std::string> strategies{"default"};   // eager/lazy/cached, "default" or "all"
  std::vector<std::string> operations{"keygen", "encaps", "decaps"};
  SectionScope scope;
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
  SectionScope scope;
};

// AEAD rows (TinyJAMBU): each (scheme, variant, sizes) is benchmarked for the
// listed operations; the benchmark checks the variant against the official
// LWC known-answer file itself, so there is no separate check step. The
// variants are portable code: their rows are measured with isa portable.
struct AeadSection {
  std::vector<std::string> schemes;
  std::vector<std::string> variants{"all"};  // <load>-<update>, e.g. memcpy-nand, or "all"
  std::vector<std::string> operations{"encrypt", "decrypt"};
  std::vector<std::string> params{"message=4096;ad=32"};  // canonical "message=N;ad=M", one job each
  SectionScope scope;  // isas is always {"portable"}
};

struct SweepSpec {
  std::string name;
  std::string description;
  std::vector<std::string> compilers{"gcc"};
  std::map<std::string, std::string> compiler_commands;  // name -> C++ compiler (defaults: g++, clang++)
  std::vector<std::string> architectures{"x86_64"};
  std::vector<bool> vectorize{true};
  std::vector<std::string> isas{"portable"};
  std::size_t samples = 100;      // timed calls per repetition of a benchmark row (pqmul bench --samples)
  std::size_t repetitions = 10;   // interleaved repetitions per row (pqmul bench --repetitions)
  // Separate benchmark processes per job, each round running every job once
  // (1, or at least 6 for a 95% interval over rounds); see Row::rounds.
  std::size_t rounds = 1;
  double max_half_width = 3;      // percent: a row with a wider 95% interval is rerun (--max-half-width)
  double max_steal = 0.5;         // percent of stolen CPU time above which a row is rerun (--max-steal)
  std::size_t reruns = 2;         // further attempts at a noisy row (--reruns)
  std::optional<std::size_t> pin_cpu;  // the CPU every benchmark runs on (--pin-cpu); none: unpinned
  std::string counter;         // empty: the benchmark's default counter
  std::vector<KemSection> kem;
  std::vector<RingSection> ring;
  std::vector<AeadSection> aead;
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
// KEM operations and the scheme's module products.
inline const std::vector<std::string>& kem_operations() {
  static const std::vector<std::string> v{"keygen", "encaps", "decaps", "matrix-vector", "inner-product"};
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
inline const std::vector<std::string>& aead_operations() {
  static const std::vector<std::string> v{"encrypt", "decrypt"};
  return v;
}

// "ad=32; message=4096" -> "message=4096;ad=32" (missing sizes take the
// benchmark's defaults 4096 and 32); throws std::invalid_argument naming the
// problem for other keys, repeated keys or values that are not sizes.
std::string canonical_aead_params(const std::string& text);

// `origin` names the text in error messages (usually the file path).
SweepSpec parse_sweep_spec(const std::string& text, const std::string& origin);
SweepSpec load_sweep_spec(const std::string& path);

}  // namespace pqmul::experiments
