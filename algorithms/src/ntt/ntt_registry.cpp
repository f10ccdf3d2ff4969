// "ntt" for every ring: Kyber's own NTT mod 3329 on the kyber ring, and the
// big-prime NTT (BigNtt) everywhere else - also on the kyber ring when any of
// its parameters is given. "ntt16" (16-bit primes) on the rings of length 256
// with q = 2^k <= 2^13: Saber's; on the cyclic rings (NTRU's) the same NTTs
// of 128-coefficient pieces, and "ntt16-1536" (one cyclic convolution of 1536)
// on those with 2n - 1 <= 1536. Each entry counts (pqmul count) with a counting
// twin: the same multiplier instantiated over ntt_tally::Counted, in its own
// unit (ntt_counting.cpp).
#include "pqmul/algorithms/ntt/ntt_registry.hpp"

#include <memory>
#include <string>
#include <utility>

#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"
#include "pqmul/algorithms/ntt/ntt16_good.hpp"
#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"
#include "pqmul/algorithms/ntt/ntt16_pieces.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"
#include "pqmul/algorithms/registry_adapter.hpp"
#include "ntt_counting.hpp"

namespace pqmul {
namespace {

template <RingDescription R>
std::unique_ptr<RingMultiplier> make_big(const Params& params) {
  auto typed = make_big_ntt<R>(params);
  // The twin takes the resolved configuration: same primes, layers and bounds.
  CountFunction counter = [config = typed.config()](Strategy s, std::size_t rank) {
    return ntt_counting::big_ntt<R>(config, s, rank);
  };
  return std::make_unique<RingMultiplierAdapter<BigNtt<R>>>(std::move(typed), "ntt", params.to_string(), "portable",
                                                            std::move(counter));
}

template <RingDescription R>
RegistryEntry big_entry() {
  // Variants enumerated by the registry-wide tests take full-range operands, so
  // only configurations safe for any canonical input are listed; bounded ones
  // (e.g. "primes=1;bound-b=5" for a Saber secret) are built by parameter.
  const unsigned incomplete = BigNtt<R>::complete_layers - 2;
  RegistryEntry e;
  e.ring = std::string(R::name);
  e.multiplier = "ntt";
  e.description =
      "NTT over one or two primes < 2^31 (CRT) holding the exact integer product, then mod q: primes=1|2, "
      "layers=L (default complete: " +
      std::to_string(BigNtt<R>::complete_layers) + "), bound-a=A, bound-b=B (max |centred coefficient|, default q/2)";
  e.variants = {"", "layers=" + std::to_string(incomplete)};
  // A third variant with the other prime count where it is valid, else a
  // shallower two-prime NTT.
  const std::size_t one_prime = BigNtt<R>::max_accumulated_for(BigNttConfig{1, 0, 0, 0});
  if (one_prime >= 4)
    e.variants.push_back("primes=2");
  else if (one_prime >= 1)
    e.variants.push_back("primes=1");
  else
    e.variants.push_back("primes=2;layers=" + std::to_string(BigNtt<R>::complete_layers - 4));
  e.make = [](const Params& p) { return make_big<R>(p); };
  e.typed = TypedPath::big_ntt;
  // The same transforms on each SIMD ISA of the build (BigNttSimd), counted
  // by the portable twin: the kernels perform the same modular operations.
  for (Isa isa : big_ntt_simd_detail::kernel_isas())
    e.simd.emplace_back(isa, [isa](const Params& p) -> std::unique_ptr<RingMultiplier> {
      auto typed = make_big_ntt_simd<R>(p, isa);
      CountFunction counter = [config = typed.config()](Strategy s, std::size_t rank) {
        return ntt_counting::big_ntt<R>(config, s, rank);
      };
      return std::make_unique<RingMultiplierAdapter<BigNttSimd<R>>>(std::move(typed), "ntt", p.to_string(),
                                                                    std::string(isa_name(isa)), std::move(counter));
    });
  return e;
}

// Kyber's NTT on one ISA's multiplier M, counted by the portable twin (the
// same butterflies and base multiplications). Parameters select the
// big-prime NTT, which has no SIMD version: the portable one is returned (its
// isa() says so), so the best-ISA choice works for every variant.
template <class M>
std::unique_ptr<RingMultiplier> make_kyber_ntt(const Params& p, Isa isa) {
  if (!p.empty()) return make_big<KyberRing>(p);
  CountFunction counter = [](Strategy s, std::size_t rank) { return ntt_counting::kyber_ntt(s, rank); };
  return std::make_unique<RingMultiplierAdapter<M>>(M{}, "ntt", "", std::string(isa_name(isa)), std::move(counter));
}

RegistryEntry kyber_entry() {
  RegistryEntry e;
  e.ring = "kyber";
  e.multiplier = "ntt";
  e.description =
      "FIPS 203 NTT mod 3329 (7 layers, degree-1 base multiplication); with primes=, layers=, bound-a= or "
      "bound-b= the generic big-prime NTT instead";
  e.variants = {"", "primes=2", "primes=2;layers=6"};
  // Kyber's typed path is the parameterless one; the big-prime variants run
  // through the family's generic arithmetic.
  e.typed = TypedPath::kyber_ntt;
  e.make = [](const Params& p) { return make_kyber_ntt<KyberNttMultiplier>(p, Isa::portable); };
#if defined(PQMUL_X86_SIMD)
  e.simd.emplace_back(Isa::avx2, [](const Params& p) { return make_kyber_ntt<KyberNttAvx2Multiplier>(p, Isa::avx2); });
  // AVX-512 lane-wise steps around the AVX2 transforms.
  e.simd.emplace_back(Isa::avx512,
                      [](const Params& p) { return make_kyber_ntt<KyberNttAvx512Multiplier>(p, Isa::avx512); });
#endif
#if defined(PQMUL_ARM_SIMD)
  e.simd.emplace_back(Isa::neon, [](const Params& p) { return make_kyber_ntt<KyberNttNeonMultiplier>(p, Isa::neon); });
#endif
  return e;
}

// "ntt16" on one ring: the portable multiplier, its counting twin (`count`:
// the same class over ntt_tally::Counted) and the version on each SIMD ISA's
// kernels, all built from the resolved configuration of the parameters.
template <RingDescription R, class Portable, class Simd>
RegistryEntry ntt16_entry(std::string name, TypedPath typed, std::string description,
                          OpCounts (*count)(const ntt16::Config&, Strategy, std::size_t)) {
  RegistryEntry e;
  e.ring = std::string(R::name);
  e.multiplier = name;
  e.description = std::move(description);
  // Full-range operands need three primes: the only variant safe for any input.
  e.variants = {""};
  const auto counter_for = [count](const ntt16::Config& config) -> CountFunction {
    return [config, count](Strategy s, std::size_t rank) { return count(config, s, rank); };
  };
  e.make = [counter_for, name](const Params& p) -> std::unique_ptr<RingMultiplier> {
    Portable typed(ntt16::config_from(p, R::q, R::n, Portable::kCrtInputs));
    auto counter = counter_for(typed.config());
    return std::make_unique<RingMultiplierAdapter<Portable>>(std::move(typed), name, p.to_string(), "portable",
                                                             std::move(counter));
  };
  e.typed = typed;
  for (Isa isa : ntt16::kernel_isas())
    e.simd.emplace_back(isa, [isa, counter_for, name](const Params& p) -> std::unique_ptr<RingMultiplier> {
      Simd typed(ntt16::config_from(p, R::q, R::n, Simd::kCrtInputs), isa);
      auto counter = counter_for(typed.config());
      return std::make_unique<RingMultiplierAdapter<Simd>>(std::move(typed), name, p.to_string(),
                                                           std::string(isa_name(isa)), std::move(counter));
    });
  return e;
}

// Saber's rings: complete NTTs of length 256.
template <RingDescription R>
RegistryEntry ntt16_complete_entry() {
  return ntt16_entry<R, Ntt16<R>, Ntt16Simd<R>>(
      "ntt16", TypedPath::ntt16,
      "complete NTTs of length 256 over two or three 16-bit primes (7681, 10753, 11777; Montgomery and Barrett in "
      "int16 lanes, lazy reductions), Garner CRT mod 2^16: primes=2|3, bound-a=A, bound-b=B (max |centred "
      "coefficient|, default q/2; two primes hold a Saber secret product)",
      ntt_counting::ntt16_complete<R>);
}

// NTRU's rings: the same NTTs on pieces of 128 coefficients (Ntt16Pieces).
template <RingDescription R>
RegistryEntry ntt16_pieces_entry() {
  return ntt16_entry<R, Ntt16Pieces<R>, Ntt16PiecesSimd<R>>(
      "ntt16", TypedPath::ntt16,
      "complete NTTs of length 256 over two or three 16-bit primes (7681, 10753, 11777) of pieces of 128 "
      "coefficients (a product of two pieces does not wrap), the pieces multiplied schoolbook in the NTT domain, one "
      "inverse per output piece, Garner CRT mod 2^16, folded mod x^n - 1: primes=2|3, bound-a=A, bound-b=B (max "
      "|centred coefficient|, default q/2; two primes hold a product with a short factor)",
      ntt_counting::ntt16_pieces<R>);
}

// NTRU's rings with 2n - 1 <= 1536: the product as one cyclic convolution of
// 1536 = 3 x 512 (Good's permutation), each slice's halves on the cyclic and
// negacyclic trees of the same NTTs (Ntt16Good).
template <RingDescription R>
RegistryEntry ntt16_good_entry() {
  return ntt16_entry<R, Ntt16Good<R>, Ntt16GoodSimd<R>>(
      "ntt16-1536", TypedPath::ntt16_good,
      "the product as one cyclic convolution of length 1536 = 3 x 512 (Good's permutation onto 3 slices; a slice "
      "mod z^512 - 1 split into NTTs of length 256 mod z^256 - 1 and z^256 + 1) over the 16-bit primes of ntt16, 3 x 3 "
      "slice products per half in the NTT domain, Garner CRT mod 2^16, folded mod x^n - 1: primes=2|3, bound-a=A, "
      "bound-b=B (max |centred coefficient|, default q/2; two primes hold a product with a short factor)",
      ntt_counting::ntt16_good<R>);
}

// NTRU's rings with 2n - 1 <= 1024 (hps509): the product as one cyclic
// convolution of 1024, the even and odd coefficients on both trees of the same
// NTTs, base products of degree 1 (Ntt16Pairs).
template <RingDescription R>
RegistryEntry ntt16_pairs_entry() {
  return ntt16_entry<R, Ntt16Pairs<R>, Ntt16PairsSimd<R>>(
      "ntt16-1024", TypedPath::ntt16_pairs,
      "the product as one cyclic convolution of length 1024 (y = x^2: the even and odd coefficients, each on NTTs of "
      "length 256 mod y^256 - 1 and y^256 + 1) over the 16-bit primes of ntt16, base products of degree 1 in x "
      "(x^2 = the slot's root) in the NTT domain, Garner CRT mod 2^16, folded mod x^n - 1: primes=2|3, bound-a=A, "
      "bound-b=B (max |centred coefficient|, default q/2; two primes hold a product with a short factor)",
      ntt_counting::ntt16_pairs<R>);
}

}  // namespace

std::vector<RegistryEntry> ntt_registry_entries() {
  std::vector<RegistryEntry> entries;
  for_each_ring([&]<class R>() {
    if constexpr (std::is_same_v<R, KyberRing>)
      entries.push_back(kyber_entry());
    else
      entries.push_back(big_entry<R>());
    if constexpr (R::n == ntt16::kLength && R::wrap == Wrap::negacyclic && std::has_single_bit(R::q) &&
                  R::q / 2 <= ntt16::kInputBound)
      entries.push_back(ntt16_complete_entry<R>());
    if constexpr (R::wrap == Wrap::cyclic && std::has_single_bit(R::q) && R::q / 2 <= ntt16::kInputBound)
      entries.push_back(ntt16_pieces_entry<R>());
    if constexpr (ntt16::good_fits<R>) entries.push_back(ntt16_good_entry<R>());
    if constexpr (ntt16::pairs_fit<R>) entries.push_back(ntt16_pairs_entry<R>());
  });
  return entries;
}

}  // namespace pqmul
