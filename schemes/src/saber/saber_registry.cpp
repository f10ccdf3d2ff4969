// Saber's entries of the KEM registry: three parameter sets, every multiplier
// of the saber ring by name (optionally "name:key=value;..."), every strategy.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "factories.hpp"
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"
#include "pqmul/algorithms/toom_simd.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul {
namespace saber {
namespace {

// The reference implementation's shape.
constexpr std::string_view default_multiplier = "toom4-k2";

}  // namespace

const std::vector<std::string>& saber_schemes() {
  static const std::vector<std::string> names{std::string(LightSaberParams::name), std::string(SaberParams::name),
                                              std::string(FireSaberParams::name)};
  return names;
}

const std::vector<std::string>& saber_multipliers() {
  static const std::vector<std::string> names = ring_multiplier_names(SaberRing::name, default_multiplier);
  return names;
}

std::unique_ptr<SaberKem> make_saber(std::string_view scheme, std::string_view multiplier, Strategy strategy) {
  if (std::find(saber_schemes().begin(), saber_schemes().end(), scheme) == saber_schemes().end())
    throw std::invalid_argument("unknown Saber scheme '" + std::string(scheme) +
                                "' (valid: " + fmt::format("{}", fmt::join(saber_schemes(), ", ")) + ")");
  const MultiplierChoice c =
      choose_multiplier(scheme, SaberRing::name, multiplier.empty() ? default_multiplier : multiplier);
  switch (c.typed()) {
    case TypedPath::toom_cook:
      // Instantiated for 16-bit words; the registry's 32-bit plans take the
      // generic path.
      if (c.params.get("word", "16") != "16") return detail::make_registered_saber(scheme, c, strategy);
      return detail::make_toom_cook_saber(scheme, c.name, c.params, strategy, c.label);
    case TypedPath::kronecker:
      return detail::make_kronecker_saber(scheme, c.params, strategy, c.label);
    // Saber's own choice of primes (from the secret's bound) needs the parameters
    // as given.
    case TypedPath::big_ntt:
      return detail::make_ntt_saber(scheme, c.given_params ? c.params : Params{}, strategy, c.label);
    case TypedPath::ntt16:
      return detail::make_ntt16_saber(scheme, c.given_params ? c.params : Params{}, strategy, c.label,
                                      Isa::portable);
    default:
      return detail::make_registered_saber(scheme, c, strategy);
  }
}

}  // namespace saber

namespace {

// Routes the multiplier `name` (with or without parameters) to its own SIMD
// factory on the ISAs `isas()` names; every other multiplier keeps the
// entry's makers.
[[maybe_unused]] void attach_simd(KemEntry& entry, std::string name, std::vector<Isa> (*isas)(),
                                  std::unique_ptr<saber::SaberKem> (*make)(std::string_view, const Params&, Strategy,
                                                                           std::string, Isa)) {
  const auto named = [name](std::string_view multiplier) { return pqmul::split_multiplier(multiplier).name == name; };
  entry.simd_isas = [named, isas, others = entry.simd_isas](std::string_view multiplier) {
    return named(multiplier) ? isas() : others(multiplier);
  };
  entry.make_simd = [scheme = entry.scheme, name, named, make, others = entry.make_simd](
                        std::string_view multiplier, Strategy strategy, Isa isa) -> std::unique_ptr<Kem> {
    if (!named(multiplier)) return others(multiplier, strategy, isa);
    const Params params = Params::parse(pqmul::split_multiplier(multiplier).params);
    const std::string label = params.empty() ? name : name + ":" + params.to_string();
    return make(scheme, params, strategy, label, isa);
  };
}

}  // namespace

std::vector<KemEntry> saber_kem_entries() {
  std::vector<KemEntry> entries;
  const std::string_view headers[] = {saber::LightSaberParams::kat_header, saber::SaberParams::kat_header,
                                      saber::FireSaberParams::kat_header};
  for (std::size_t i = 0; i < saber::saber_schemes().size(); ++i) {
    const std::string scheme = saber::saber_schemes()[i];
    entries.push_back(KemEntry{scheme, "saber", std::string(headers[i]), saber::saber_multipliers(),
                               // First = default: the cached strategy, as for the other families.
                               std::vector<Strategy>{Strategy::cached, Strategy::lazy, Strategy::eager},
                               [scheme](std::string_view multiplier, Strategy strategy) -> std::unique_ptr<Kem> {
                                 return saber::make_saber(scheme, multiplier, strategy);
                               }});
    entries.back().ring = std::string(SaberRing::name);
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
    // The plans of the Toom-Cook kernels on Saber's ring (toom_simd.hpp).
    const auto toom_kernels = [](std::string_view multiplier) {
      const auto plans = toom_simd_plans<SaberRing>();
      return std::find(plans.begin(), plans.end(), multiplier) != plans.end();
    };
    entries.back().simd_isas = [toom_kernels](std::string_view multiplier) {
      // avx512: the AVX-512VL build of the kernels, and AVX-512 Keccak for every hash.
      return toom_kernels(multiplier) ? toom_simd::kernel_isas() : std::vector<Isa>{};
    };
    entries.back().make_simd = [scheme](std::string_view multiplier, Strategy strategy,
                                        Isa isa) -> std::unique_ptr<Kem> {
      return saber::detail::make_toom4_simd_saber(scheme, strategy, std::string(multiplier), isa);
    };
#endif
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
    // "ntt[:parameters]" on the big-prime NTT's SIMD ISAs (BigNttSimd) and
    // "ntt16[:parameters]" on its kernels' ISAs, ahead of the makers above.
    attach_simd(entries.back(), "ntt", big_ntt_simd_detail::kernel_isas, saber::detail::make_ntt_simd_saber);
    attach_simd(entries.back(), "ntt16", ntt16::kernel_isas, saber::detail::make_ntt16_saber);
#endif
  }
  return entries;
}

}  // namespace pqmul
