#pragma once
// The correctness verdict of a ring row: this build's products against an
// independent oracle (Kronecker substitution; schoolbook for Kronecker itself).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul::experiments {

// `polys` polynomials of ring `r` with coefficients uniform in [0, q).
std::vector<std::uint16_t> random_coefficients(const RingInfo& r, std::size_t polys, std::mt19937_64& rng);

// Input shapes: random, and the extremes (-1 everywhere, the most negative
// value everywhere, one -1, alternating 1 and -1).
enum class Shape { random, all_max, all_min, single, alternating };
inline constexpr Shape all_shapes[] = {Shape::random, Shape::all_max, Shape::all_min, Shape::single,
                                       Shape::alternating};
const char* shape_name(Shape s);

// `count` polynomials of one shape whose centred coefficients stay within
// `bound` (a multiplier's bound-a / bound-b: q/2 when it takes any input).
std::vector<std::uint16_t> input(const RingInfo& r, Shape s, std::size_t count, std::uint32_t bound,
                                 std::mt19937_64& rng);

// The largest |centred coefficient| of the first and the second factor (of
// the matrix and the vector) for which `m` is exact: its bound-a and bound-b
// parameters, q/2 when it has none.
struct OperandBounds {
  std::uint32_t a = 0, b = 0;
};
OperandBounds operand_bounds(const RingMultiplier& m);

// The oracle for `m`'s ring.
std::shared_ptr<RingMultiplier> oracle_for(const RingMultiplier& m);

// "pass" or "fail": products on random and extreme operands within m's
// operand bounds (the extremes of one sign give the largest sums they allow).
std::string product_verdict(const RingMultiplier& m, const RingMultiplier& oracle);

// "pass" or "fail": matrix-vector and inner products of rank `rank` under `s`.
std::string module_verdict(const RingMultiplier& m, const RingMultiplier& oracle, std::size_t rank, Strategy s);

}  // namespace pqmul::experiments
