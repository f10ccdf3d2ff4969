#pragma once
// How the NTT multipliers are counted (pqmul count). Their butterflies and
// base multiplications are written once, over an arithmetic that notes each
// operation with a Tally policy:
//  * Uncounted (the default, what every scheme runs): empty inline notes, so
//    the instantiation is the plain modular code;
//  * Counted: adds to a thread-local OpCounts, read by the counting twins of
//    the registry entries.
//
// Convention (the same for both NTTs):
//  * product       - a multiplication of two data-dependent values, whether
//                    Montgomery-reduced or kept wide (a_i * b_j);
//  * constant_mult - a multiplication of a value by a precomputed constant:
//                    twiddles, the base-ring gammas, the 1/2^L scale of the
//                    inverse, Montgomery-factor corrections (times R^2) and
//                    the CRT constants;
//  * addition      - an addition or subtraction of two values, including
//                    adding a product into an accumulator lane (also when the
//                    lane was just cleared: the code does add).
//  Reductions that are not multiplications are not counted: Barrett
//  reductions, Montgomery reductions of a sum already formed, conditional
//  subtractions of the modulus, the centred lift of a CRT or one-prime result
//  and the final mod q. The multiplication inside a Montgomery product is the
//  one counted operation; its reduction is part of it.
#include <cstdint>

#include "pqmul/algorithms/op_counts.hpp"

namespace pqmul::ntt_tally {

struct Uncounted {
  static constexpr void product() {}
  static constexpr void constant_mult() {}
  static constexpr void addition() {}
};

struct Counted {
  static OpCounts& tally() {
    thread_local OpCounts counts;
    return counts;
  }
  static OpCounts read_and_reset() {
    const OpCounts c = tally();
    tally() = {};
    return c;
  }
  static void product() { ++tally().products; }
  static void constant_mult() { ++tally().constant_mults; }
  static void addition() { ++tally().additions; }
};

}  // namespace pqmul::ntt_tally
