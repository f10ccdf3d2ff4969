// The Kyber and ML-KEM entries of the KEM registry: scheme names, the
// multipliers of the kyber ring (the registry's), and the instantiation each
// registry entry selects.
#include <fmt/format.h>

#include <stdexcept>

#include "kyber_kem_impl.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"

namespace pqmul::kyber {
namespace {

template <class P>
std::unique_ptr<KyberKem> make_for_set(std::string_view spec, Strategy s) {
  const MultiplierChoice c = choose_multiplier(P::name, KyberRing::name, spec);
  switch (c.typed()) {
    case TypedPath::kyber_ntt:
      if (c.params.empty()) return make_kyber_with_ntt<P>(s);
      break;  // the big-prime variants
    case TypedPath::toom_cook: return make_kyber_with_toom<P>(c.name, c.params, c.label, s);
    case TypedPath::kronecker:
      if (c.params.empty()) return make_kyber_with_kronecker<P>(s);
      break;
    default: break;
  }
  return make_kyber_with_registry<P>(c, s);
}

}  // namespace

std::vector<std::string> kyber_scheme_names() {
  return {"kyber512", "kyber768", "kyber1024", "ml-kem-512", "ml-kem-768", "ml-kem-1024"};
}

std::vector<std::string> kyber_multiplier_names() { return ring_multiplier_names(KyberRing::name, "ntt"); }

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
#elif defined(PQMUL_ARM_SIMD)
    e.simd_isas = [](std::string_view multiplier) {
      return multiplier == "ntt" ? std::vector<Isa>{Isa::neon} : std::vector<Isa>{};
    };
    e.make_simd = [](std::string_view, Strategy s, Isa) -> std::unique_ptr<Kem> {
      return kyber::make_kyber_with_ntt_neon<P>(s);
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
