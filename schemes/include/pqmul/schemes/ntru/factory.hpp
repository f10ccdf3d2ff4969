#pragma once
// Building an NTRU Kem from a multiplier name at run time.
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pqmul/algorithms/params.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/params.hpp"

namespace pqmul::ntru {

// The family's default multiplier: the plan its SIMD KEMs compute (Toom-4 and
// four Karatsuba levels, toom_simd_plan of every NTRU ring), so that the
// default is one algorithm on every ISA.
inline constexpr std::string_view default_multiplier = "toom4-k4";

// The multipliers parameter set P accepts (the multiplier registry's for its
// ring: the same for every set but "ntt16-1536", which takes 2n - 1 <= 1536),
// the default first.
template <ParameterSet P>
const std::vector<std::string>& kem_multipliers();

// The parameters of "toom-k" when none are given: the registry entry's
// default variant (Toom-3 over {0, 1, -1, -2, inf}, exact in 16-bit words for
// every NTRU q).
Params default_toom_k_params();

// Throws std::invalid_argument naming the valid multipliers.
template <ParameterSet P>
std::unique_ptr<Kem> make_kem(std::string_view multiplier);

// A multiplier without a typed path: its registry entry's steps behind
// DynamicMultiplier (schemes/src/ntru/ntru_registered.cpp).
template <ParameterSet P>
std::unique_ptr<Kem> make_registered_kem(const MultiplierChoice& choice);

extern template std::unique_ptr<Kem> make_kem<Hps2048509>(std::string_view);
extern template std::unique_ptr<Kem> make_kem<Hps2048677>(std::string_view);
extern template std::unique_ptr<Kem> make_kem<Hps4096821>(std::string_view);
extern template std::unique_ptr<Kem> make_kem<Hrss701>(std::string_view);

}  // namespace pqmul::ntru
