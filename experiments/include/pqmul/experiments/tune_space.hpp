#pragma once
// The design space `pqmul tune` searches for one ring and ISA: Toom-Cook
// level sequences over point sets drawn from a pool, Karatsuba below a leaf
// size, the catalogue's hand-picked plans, and the NTT's primes and layers.
// Candidates are pruned before anything runs: by the exact derivation (the
// bits its divisions lose must leave room for q in the word), by the NTT's
// coefficient bound, and by the ISA (a SIMD ISA offers only the variants its
// kernels implement).
#include <cstddef>
#include <string>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/toom_derivation.hpp"

namespace pqmul::experiments {

struct SpaceLimits {
  std::size_t max_levels = 3;                     // Toom-Cook levels (Karatsuba below the leaf not counted)
  std::size_t max_k = 5;                          // pieces per level: 2..max_k
  std::size_t point_sets_per_k = 2;               // cheapest non-dominated point sets kept for each k
  std::vector<std::size_t> leaves = {0, 16, 32};  // Karatsuba below T coefficients; 0: none
  std::size_t ntt_layers_below = 4;               // incomplete NTTs down to complete - this many layers
};

// One point set for one level, with what the derivation says it costs.
struct PointSetCost {
  std::vector<ToomPoint> points;
  std::size_t k = 0;
  unsigned bits_lost = 0;
  std::size_t evaluation_cost = 0;     // nonzero weights, doubled where not +-1
  std::size_t interpolation_cost = 0;  // nonzero numerators (doubled where not +-1), odd divisors, shifts
  std::string text() const;            // "0,1,-1,2,inf"
};

// The pool the point sets are drawn from: 0 and inf in every set (one piece
// each, no arithmetic) and 2k-3 of +-1, +-2, +-1/2, +-3, +-1/3.
std::vector<ToomPoint> point_pool();

// For k pieces: every set from the pool, derived exactly, keeping those no
// other set beats on (bits lost, evaluation cost, interpolation cost), the
// `keep` cheapest of them (by bits lost, then total cost).
std::vector<PointSetCost> point_sets_for(std::size_t k, std::size_t keep);

struct TuneCandidate {
  std::string multiplier;  // registered name, e.g. "toom-k"
  std::string params;      // canonical parameters ("" = the name's default)
  bool catalogue = false;  // a hand-picked plan: a registered name in its default variant
  // "toom-k:leaf=16;points=0,1,-1,2,inf" / "toom4-k2": what every KEM of the ring accepts.
  std::string text() const;
};

struct TuneSpace {
  std::string ring;
  Isa isa = Isa::portable;
  std::vector<TuneCandidate> candidates;
  std::size_t enumerated = 0;           // plans written down before pruning
  std::size_t pruned_by_bits = 0;       // the derivation loses too many bits for q even in a 32-bit word
  std::size_t widened = 0;              // kept in 32-bit words: too many bits lost for q in 16
  std::size_t pruned_by_split = 0;      // more pieces than coefficients, or too many levels
  std::size_t pruned_by_ntt_bound = 0;  // the primes cannot hold the exact product
  std::size_t duplicates = 0;           // the same levels as an earlier candidate
  std::size_t no_kernels = 0;           // no version for this ISA
};

// A registered name in one of its registered variants (a hand-picked plan):
// the catalogue's marks on candidates, fronts and figures.
bool catalogue_plan(const std::string& ring, const std::string& multiplier, const std::string& params);

// Throws std::invalid_argument for an unknown ring, an ISA the CPU cannot run
// or limits out of range.
TuneSpace enumerate_space(const std::string& ring, Isa isa, const SpaceLimits& limits);

}  // namespace pqmul::experiments
