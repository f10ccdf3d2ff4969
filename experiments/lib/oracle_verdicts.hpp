#pragma once
// The correctness verdict of a ring row: this build's products against an
// independent oracle (Kronecker substitution; schoolbook for Kronecker itself).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "pqmul/algorithms/registry.hpp"

namespace pqmul::experiments {

// `polys` polynomials of ring `r` with coefficients uniform in [0, q).
std::vector<std::uint16_t> random_coefficients(const RingInfo& r, std::size_t polys, std::mt19937_64& rng);

// The oracle for `m`'s ring.
std::shared_ptr<RingMultiplier> oracle_for(const RingMultiplier& m);

// "pass" or "fail": products on random and extreme operands.
std::string product_verdict(const RingMultiplier& m, const RingMultiplier& oracle);

// "pass" or "fail": matrix-vector and inner products of rank `rank` under `s`.
std::string module_verdict(const RingMultiplier& m, const RingMultiplier& oracle, std::size_t rank, Strategy s);

}  // namespace pqmul::experiments
