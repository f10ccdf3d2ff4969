// The NTRU entries of the KEM registry, and the multiplier-name helpers.
#include <stdexcept>
#include <string>

#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/factory.hpp"
#include "ntt_simd_factory.hpp"
#include "toom_avx2_factory.hpp"

namespace pqmul {
namespace ntru {

const std::vector<std::string>& kem_multipliers() {
  static const std::vector<std::string> names = {"toom4-k2", "schoolbook", "karatsuba", "toom3",
                                                 "toom4",    "toom-k",     "ntt",   "kronecker"};
  return names;
}

Params default_toom_k_params() { return Params::parse("points=0,1,-1,-2,inf;leaf=32"); }

std::pair<std::string, Params> split_multiplier(std::string_view text) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return {std::string(text), Params{}};
  return {std::string(text.substr(0, colon)), Params::parse(text.substr(colon + 1))};
}

std::string join_names(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

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
  KemEntry e{std::string(P::name), "ntru", "# " + std::string(P::name), kem_multipliers(), {Strategy::eager},
             [](std::string_view multiplier, Strategy strategy) {
               require_eager<P>(strategy);
               return make_kem<P>(multiplier);
             }};
  e.ring = std::string(P::ring::name);
#if defined(PQMUL_X86_SIMD)
  e.simd_isas = [](std::string_view multiplier) {
    return multiplier == "toom4-k2" ? std::vector<Isa>{Isa::avx2, Isa::avx512} : std::vector<Isa>{};
  };
  e.make_simd = [](std::string_view, Strategy strategy, Isa isa) {
    require_eager<P>(strategy);
    return make_toom4k2_simd_kem<P>(isa);
  };
#endif
#if defined(PQMUL_X86_SIMD)
  // "ntt[:parameters]" on AVX2 / AVX-512 (BigNttSimd), ahead of the makers above.
  const auto is_ntt = [](std::string_view multiplier) { return multiplier.substr(0, multiplier.find(':')) == "ntt"; };
  e.simd_isas = [is_ntt, others = e.simd_isas](std::string_view multiplier) {
    return is_ntt(multiplier) ? std::vector<Isa>{Isa::avx2, Isa::avx512} : others(multiplier);
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
