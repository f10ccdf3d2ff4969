#pragma once
// Constructors of Saber<P, M> for each multiplier type, each defined in the
// file that explicitly instantiates that type (one per multiplier type keeps
// the build parallel and bounded).
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul::saber::detail {

// `label` is the multiplier as the user named it, reported by Kem::multiplier().
std::unique_ptr<SaberKem> make_toom_cook_saber(std::string_view scheme, std::string_view plan, const Params& params,
                                               Strategy strategy, std::string label);
std::unique_ptr<SaberKem> make_kronecker_saber(std::string_view scheme, const Params& params, Strategy strategy,
                                               std::string label);
std::unique_ptr<SaberKem> make_ntt_saber(std::string_view scheme, const Params& params, Strategy strategy,
                                         std::string label);
// ntt16 (16-bit primes) on `isa` (portable, avx2 or avx512), bounded by the
// secret's range; throws std::invalid_argument where that ISA is not built or
// cannot run, or for parameters that cannot hold a row of products.
std::unique_ptr<SaberKem> make_ntt16_saber(std::string_view scheme, const Params& params, Strategy strategy,
                                           std::string label, Isa isa);
// A multiplier without a typed path here: its registry entry's steps behind
// DynamicMultiplier.
std::unique_ptr<SaberKem> make_registered_saber(std::string_view scheme, const MultiplierChoice& choice,
                                                Strategy strategy);
// ntt on AVX2 / AVX-512 (isa "avx2" or "avx512"), configured as make_ntt_saber;
// throws std::invalid_argument where that ISA is not built or cannot run.
std::unique_ptr<SaberKem> make_ntt_simd_saber(std::string_view scheme, const Params& params, Strategy strategy,
                                              std::string label, Isa isa);
// The Toom-Cook kernels' plan `plan` (toom_simd_plans: toom4-k2, toom4-k3 or
// toom4-k4) on AVX2 (isa "avx2", or "avx512": their AVX-512VL build, with
// AVX-512 Keccak for the hashes; "neon" in AArch64 builds); throws
// std::invalid_argument for
// another plan or where that ISA is not built or cannot run (or is disabled
// by force_portable).
std::unique_ptr<SaberKem> make_toom4_simd_saber(std::string_view scheme, Strategy strategy, std::string plan,
                                                  Isa isa = Isa::avx2);

// Calls f.template operator()<P>() for the parameter set named `scheme`.
template <class F>
auto with_parameter_set(std::string_view scheme, F&& f) {
  if (scheme == LightSaberParams::name) return f.template operator()<LightSaberParams>();
  if (scheme == SaberParams::name) return f.template operator()<SaberParams>();
  if (scheme == FireSaberParams::name) return f.template operator()<FireSaberParams>();
  throw std::invalid_argument("unknown Saber parameter set '" + std::string(scheme) +
                              "' (valid: lightsaber, saber, firesaber)");
}

}  // namespace pqmul::saber::detail
