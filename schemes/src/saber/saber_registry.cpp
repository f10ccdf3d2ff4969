// Saber's entries of the KEM registry: three parameter sets, every multiplier
// by name (optionally "name:key=value;..."), every strategy.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "factories.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul {
namespace saber {
namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& name : names) s += (s.empty() ? "" : ", ") + name;
  return s;
}

bool is_toom_plan(std::string_view name) {
  return std::find(std::begin(toom_family_names), std::end(toom_family_names), name) != std::end(toom_family_names);
}

}  // namespace

const std::vector<std::string>& saber_schemes() {
  static const std::vector<std::string> names{std::string(LightSaberParams::name), std::string(SaberParams::name),
                                              std::string(FireSaberParams::name)};
  return names;
}

const std::vector<std::string>& saber_multipliers() {
  static const std::vector<std::string> names{
      "toom4-k2",  // the reference implementation's shape
      "schoolbook", "karatsuba", "toom3", "toom4",
      "toom-k:points=0,1,-1,-2,inf",  // Toom-3 over another point set, valid mod 2^13
      "ntt",                          // complete, one prime (the bound allows it for every set)
      "ntt:layers=6",                 // incomplete: degree-4 base multiplications
      "ntt:primes=2",                 // CRT of two primes
      "kronecker"};
  return names;
}

std::unique_ptr<SaberKem> make_saber(std::string_view scheme, std::string_view multiplier, Strategy strategy) {
  if (std::find(saber_schemes().begin(), saber_schemes().end(), scheme) == saber_schemes().end())
    throw std::invalid_argument("unknown Saber scheme '" + std::string(scheme) + "' (valid: " +
                                joined(saber_schemes()) + ")");
  if (multiplier.empty()) multiplier = saber_multipliers().front();
  const auto colon = multiplier.find(':');
  const std::string_view name = multiplier.substr(0, colon);
  const Params params =
      colon == std::string_view::npos ? Params{} : Params::parse(multiplier.substr(colon + 1));
  const std::string label = params.empty() ? std::string(name) : std::string(name) + ":" + params.to_string();
  if (is_toom_plan(name)) return detail::make_toom_cook_saber(scheme, name, params, strategy, label);
  if (name == "kronecker") return detail::make_kronecker_saber(scheme, params, strategy, label);
  if (name == "ntt") return detail::make_ntt_saber(scheme, params, strategy, label);
  throw std::invalid_argument("unknown multiplier '" + std::string(name) + "' for " + std::string(scheme) +
                              " (valid: schoolbook, karatsuba, toom3, toom4, toom4-k2, toom-k, ntt, kronecker; "
                              "parameters after ':', e.g. " + joined(saber_multipliers()) + ")");
}

}  // namespace saber

std::vector<KemEntry> saber_kem_entries() {
  std::vector<KemEntry> entries;
  const std::string_view headers[] = {saber::LightSaberParams::kat_header, saber::SaberParams::kat_header,
                                      saber::FireSaberParams::kat_header};
  for (std::size_t i = 0; i < saber::saber_schemes().size(); ++i) {
    const std::string scheme = saber::saber_schemes()[i];
    entries.push_back(KemEntry{
        scheme, "saber", std::string(headers[i]), saber::saber_multipliers(),
        // First = default: the cached strategy, as for the other families.
        std::vector<Strategy>{Strategy::cached, Strategy::lazy, Strategy::eager},
        [scheme](std::string_view multiplier, Strategy strategy) -> std::unique_ptr<Kem> {
          return saber::make_saber(scheme, multiplier, strategy);
        }});
    entries.back().ring = std::string(SaberRing::name);
#if defined(PQMUL_X86_SIMD)
    entries.back().simd_isas = [](std::string_view multiplier) {
      // avx512: the AVX2 multiplier with AVX-512 Keccak for every hash.
      return multiplier == "toom4-k2" ? std::vector<Isa>{Isa::avx2, Isa::avx512} : std::vector<Isa>{};
    };
    entries.back().make_simd = [scheme](std::string_view, Strategy strategy, Isa isa) -> std::unique_ptr<Kem> {
      return saber::detail::make_toom4k2_avx2_saber(scheme, strategy, "toom4-k2", isa);
    };
#endif
#if defined(PQMUL_X86_SIMD)
    // "ntt[:parameters]" on AVX2 / AVX-512 (BigNttSimd), ahead of the makers above.
    const auto is_ntt = [](std::string_view multiplier) { return multiplier.substr(0, multiplier.find(':')) == "ntt"; };
    entries.back().simd_isas = [is_ntt, others = entries.back().simd_isas](std::string_view multiplier) {
      return is_ntt(multiplier) ? std::vector<Isa>{Isa::avx2, Isa::avx512} : others(multiplier);
    };
    entries.back().make_simd = [scheme, is_ntt, others = entries.back().make_simd](
                                   std::string_view multiplier, Strategy strategy, Isa isa) -> std::unique_ptr<Kem> {
      if (!is_ntt(multiplier)) return others(multiplier, strategy, isa);
      const auto colon = multiplier.find(':');
      const Params params = colon == std::string_view::npos ? Params{} : Params::parse(multiplier.substr(colon + 1));
      const std::string label = params.empty() ? std::string("ntt") : "ntt:" + params.to_string();
      return saber::detail::make_ntt_simd_saber(scheme, params, strategy, label, isa);
    };
#endif
  }
  return entries;
}

}  // namespace pqmul
