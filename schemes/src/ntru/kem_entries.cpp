// The NTRU entries of the KEM registry.
#include <stdexcept>
#include <string>

#include "ntt_simd_factory.hpp"
#include "pqmul/algorithms/toom_simd.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/factory.hpp"
#include "toom_simd_factory.hpp"

namespace pqmul {
namespace ntru {

template <ParameterSet P>
const std::vector<std::string>& kem_multipliers() {
  static const std::vector<std::string> names = ring_multiplier_names(P::ring::name, default_multiplier);
  return names;
}
template const std::vector<std::string>& kem_multipliers<Hps2048509>();
template const std::vector<std::string>& kem_multipliers<Hps2048677>();
template const std::vector<std::string>& kem_multipliers<Hps4096821>();
template const std::vector<std::string>& kem_multipliers<Hrss701>();

Params default_toom_k_params() { return find_registry_entry(Hps2048509::ring::name, "toom-k")->default_params(); }

namespace {

template <ParameterSet P>
void require_eager(Strategy strategy) {
  // NTRU has no module structure: one product at a time.
  if (strategy != Strategy::eager)
    throw std::invalid_argument(std::string(P::name) + ": strategy " + std::string(to_string(strategy)) +
                                " does not apply (valid: eager)");
}

template <ParameterSet P>
KemEntry entry() {
  KemEntry e{std::string(P::name),
             "ntru",
             "# " + std::string(P::name),
             kem_multipliers<P>(),
             {Strategy::eager},
             [](std::string_view multiplier, Strategy strategy) {
               require_eager<P>(strategy);
               return make_kem<P>(multiplier);
             }};
  e.ring = std::string(P::ring::name);
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
  e.simd_isas = [](std::string_view multiplier) {
    return multiplier == default_multiplier ? toom_simd::kernel_isas() : std::vector<Isa>{};
  };
  e.make_simd = [](std::string_view, Strategy strategy, Isa isa) {
    require_eager<P>(strategy);
    return make_toom4_simd_kem<P>(isa);
  };
#endif
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
  // "ntt[:parameters]", "ntt16[:parameters]" and "ntt16-1536[:parameters]" on
  // their kernels' SIMD ISAs (BigNttSimd, Ntt16PiecesSimd, Ntt16GoodSimd),
  // ahead of the makers above.
  const auto is_ntt = [](std::string_view multiplier) { return !ntt_simd_isas<P>(multiplier).empty(); };
  e.simd_isas = [is_ntt, others = e.simd_isas](std::string_view multiplier) {
    return is_ntt(multiplier) ? ntt_simd_isas<P>(multiplier) : others(multiplier);
  };
  e.make_simd = [is_ntt, others = e.make_simd](std::string_view multiplier, Strategy strategy,
                                               Isa isa) -> std::unique_ptr<Kem> {
    if (!is_ntt(multiplier)) return others(multiplier, strategy, isa);
    require_eager<P>(strategy);
    return make_ntt_simd_kem<P>(multiplier, isa);
  };
#endif
  return e;
}

}  // namespace
}  // namespace ntru

std::vector<KemEntry> ntru_kem_entries() {
  using namespace ntru;
  return {entry<Hps2048509>(), entry<Hps2048677>(), entry<Hps4096821>(), entry<Hrss701>()};
}

}  // namespace pqmul
