// The Kyber and ML-KEM entries of the KEM registry: scheme names, the
// multipliers of the kyber ring, and the choice of the typed instantiation.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "kyber_kem_impl.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/algorithms/toom_cook.hpp"

namespace pqmul::kyber {
namespace {

bool is_toom_family(std::string_view name) {
  return std::find(std::begin(toom_family_names), std::end(toom_family_names), name) != std::end(toom_family_names);
}

// Default parameters of a registered multiplier: its first listed variant
// (toom-k, for instance, needs a point set).
Params default_params(std::string_view name) {
  for (const auto& e : multiplier_registry())
    if (e.ring == KyberRing::name && e.multiplier == name && !e.variants.empty()) return Params::parse(e.variants.front());
  return {};
}

template <class P>
std::unique_ptr<KyberKem> make_for_set(std::string_view spec, Strategy s) {
  const auto [name, written_params] = split_multiplier(spec);
  const auto names = kyber_multiplier_names();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw std::invalid_argument(
        fmt::format("unknown multiplier '{}' for {}; valid: {}", name, P::name, fmt::join(names, ", ")));
  const bool explicit_params = !written_params.empty();
  const Params params = explicit_params ? Params::parse(written_params) : default_params(name);
  const std::string display = explicit_params ? name + ":" + params.to_string() : name;
  if (name == "ntt") {
    if (explicit_params && !params.empty()) throw std::invalid_argument("ntt takes no parameters");
    return make_kyber_with_ntt<P>(s);
  }
  if (is_toom_family(name)) return make_kyber_with_toom<P>(name, params, display, s);
  if (name == "kronecker") {
    if (explicit_params && !params.empty()) throw std::invalid_argument("kronecker takes no parameters");
    return make_kyber_with_kronecker<P>(s);
  }
  return make_kyber_with_registry<P>(name, params, display, s);
}

}  // namespace

std::vector<std::string> kyber_scheme_names() {
  return {"kyber512", "kyber768", "kyber1024", "ml-kem-512", "ml-kem-768", "ml-kem-1024"};
}

std::vector<std::string> kyber_multiplier_names() {
  std::vector<std::string> names = {"ntt"};
  for (const auto& m : multipliers_for_ring(KyberRing::name))
    if (std::find(names.begin(), names.end(), m) == names.end()) names.push_back(m);
  return names;
}

std::unique_ptr<KyberKem> make_kyber_kem(std::string_view scheme, std::string_view multiplier, Strategy strategy) {
  if (multiplier.empty()) multiplier = "ntt";
  if (scheme == Kyber512::name) return make_for_set<Kyber512>(multiplier, strategy);
  if (scheme == Kyber768::name) return make_for_set<Kyber768>(multiplier, strategy);
  if (scheme == Kyber1024::name) return make_for_set<Kyber1024>(multiplier, strategy);
  if (scheme == MlKem512::name) return make_for_set<MlKem512>(multiplier, strategy);
  if (scheme == MlKem768::name) return make_for_set<MlKem768>(multiplier, strategy);
  if (scheme == MlKem1024::name) return make_for_set<MlKem1024>(multiplier, strategy);
  throw std::invalid_argument(
      fmt::format("unknown Kyber scheme '{}'; valid: {}", scheme, fmt::join(kyber_scheme_names(), ", ")));
}

}  // namespace pqmul::kyber

namespace pqmul {

std::vector<KemEntry> kyber_kem_entries() {
  std::vector<KemEntry> entries;
  auto add = [&]<class P>() {
    KemEntry e;
    e.scheme = std::string(P::name);
    e.family = P::version == kyber::Version::fips203 ? "ml-kem" : "kyber";
    e.kat_header = std::string(P::kat_header);
    e.multipliers = kyber::kyber_multiplier_names();
    e.ring = std::string(KyberRing::name);
    // First = default: transform the vector once per matrix product.
    e.strategies = {Strategy::cached, Strategy::lazy, Strategy::eager};
    e.make = [](std::string_view multiplier, Strategy s) -> std::unique_ptr<Kem> {
      return kyber::make_kyber_kem(P::name, multiplier, s);
    };
#if defined(PQMUL_X86_SIMD)
    e.simd_isas = [](std::string_view multiplier) {
      return multiplier == "ntt" ? std::vector<Isa>{Isa::avx2, Isa::avx512} : std::vector<Isa>{};
    };
    e.make_simd = [](std::string_view, Strategy s, Isa isa) -> std::unique_ptr<Kem> {
      return kyber::make_kyber_with_ntt_avx2<P>(s, isa);
    };
#endif
    entries.push_back(std::move(e));
  };
  add.template operator()<kyber::Kyber512>();
  add.template operator()<kyber::Kyber768>();
  add.template operator()<kyber::Kyber1024>();
  add.template operator()<kyber::MlKem512>();
  add.template operator()<kyber::MlKem768>();
  add.template operator()<kyber::MlKem1024>();
  return entries;
}

}  // namespace pqmul
