#pragma once
// What `pqmul bench` measures: the cases selected from the multiplier and KEM
// registries, each a row (identity, bytes held, correctness verdict of this
// build) and the operation to time. Building the plan runs the correctness
// checks: a KEM's count-0 KAT digest, or a multiplier's products against an
// independent oracle multiplier.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

struct BenchSelection {
  std::vector<std::string> schemes;      // KEM schemes, or {"all"}; empty when rings are chosen
  std::vector<std::string> rings;        // rings, or {"all"}
  std::vector<std::string> multipliers;  // empty or {"all"}: every registered one
  std::string params;                    // ring multipliers' parameters: "" = default variant, "all" = every variant
  std::vector<std::string> strategies;   // empty: the scheme's own strategies / every strategy for ring module ops
  std::vector<std::string> isas;         // empty: every ISA
  std::vector<std::string> operations;   // empty: keygen,encaps,decaps (schemes) or mul,transform,
                                         // multiply_accumulate,inverse (rings)
  std::size_t rank = 3;                  // module rank of ring matrix-vector / inner-product rows
  std::string kat_hashes;                // KAT_HASHES.txt with the published digests
  std::string vectors_dir;               // the official vectors (tinyjambu/ holds the LWC known answers)
  bool check = true;                     // run the correctness checks (off in the instruction-count child)
};

struct BenchCase {
  Row row;                     // identity, bytes_held and correct filled in
  std::function<void()> run;   // one call of the measured operation
  std::string key() const;     // unique within a plan: id|operation|strategy|rank
};

// Operations `pqmul bench --ops` accepts.
const std::vector<std::string>& bench_operations();

// Throws std::invalid_argument for unknown names (naming the valid ones).
// Combinations that do not exist (e.g. module products of NTRU) are skipped
// with a line in *notes.
std::vector<BenchCase> plan_benchmarks(const BenchSelection& selection, std::vector<std::string>* notes);

// "a,b,c" -> {"a","b","c"}, blanks dropped.
std::vector<std::string> split_list(const std::string& text);
// As split_list, but the commas of a point list stay inside its multiplier:
// "ntt,toom-k:points=0,1,-1,-2,inf" -> {"ntt", "toom-k:points=0,1,-1,-2,inf"}.
std::vector<std::string> split_multiplier_list(const std::string& text);

}  // namespace pqmul::experiments
