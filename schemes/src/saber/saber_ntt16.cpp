// Saber over "ntt16" (16-bit primes): the portable multiplier and its AVX2 /
// AVX-512 kernels (Ntt16Simd). The secret bounds one factor by mu/2 (5, 4, 3
// for the three sets), so two primes hold the l products of a row; eager,
// lazy and cached all fit (ntt16.hpp). bound-b may widen that bound (up to
// q/2, which needs three primes); primes= forces a count.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "factories.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"
#include "pqmul/schemes/saber/saber_impl.hpp"

namespace pqmul {

template class Saber<saber::LightSaberParams, Ntt16<SaberRing>>;
template class Saber<saber::SaberParams, Ntt16<SaberRing>>;
template class Saber<saber::FireSaberParams, Ntt16<SaberRing>>;
template class Saber<saber::LightSaberParams, Ntt16Simd<SaberRing>>;
template class Saber<saber::SaberParams, Ntt16Simd<SaberRing>>;
template class Saber<saber::FireSaberParams, Ntt16Simd<SaberRing>>;

namespace saber::detail {
namespace {

template <ParameterSet P>
ntt16::Config saber_ntt16_config(const Params& params, Strategy strategy) {
  params.require_only({"primes", "bound-b"});
  constexpr std::uint32_t full = SaberRing::q / 2, secret = P::mu / 2;
  const std::size_t bound_b = params.get_size("bound-b", secret);
  if (bound_b < secret || bound_b > full)
    throw std::invalid_argument("saber: ntt16 bound-b must lie between mu/2 = " + std::to_string(secret) +
                                " (the secret's range in " + std::string(P::name) + ") and " + std::to_string(full));
  ntt16::Config c{full, static_cast<std::uint32_t>(bound_b), 0};
  const std::size_t terms = strategy == Strategy::eager ? 1 : P::l;
  if (params.has("primes")) {
    c.primes = static_cast<unsigned>(params.get_size("primes", 2));
  } else {
    ntt16::Config two = c;
    two.primes = 2;
    c.primes = ntt16::max_accumulated(two, SaberRing::n) >= terms ? 2 : 3;
  }
  c = ntt16::resolve(c, SaberRing::q, SaberRing::n);
  if (ntt16::max_accumulated(c, SaberRing::n) < terms)
    throw std::invalid_argument("saber: ntt16 with " + std::to_string(c.primes) + " primes holds " +
                                std::to_string(ntt16::max_accumulated(c, SaberRing::n)) + " products, a row needs " +
                                std::to_string(terms));
  return c;
}

}  // namespace

std::unique_ptr<SaberKem> make_ntt16_saber(std::string_view scheme, const Params& params, Strategy strategy,
                                           std::string label, Isa isa) {
  return with_parameter_set(scheme, [&]<class P>() -> std::unique_ptr<SaberKem> {
    const ntt16::Config config = saber_ntt16_config<P>(params, strategy);
    if (isa == Isa::portable)
      return std::make_unique<Saber<P, Ntt16<SaberRing>>>(Ntt16<SaberRing>(config), strategy, label);
    const std::string name = std::string(scheme) + "/" + label + "/" + std::string(isa_name(isa));
    if (const auto isas = ntt16::kernel_isas(); std::find(isas.begin(), isas.end(), isa) == isas.end())
      throw std::invalid_argument(name + ": ntt16 has no " + std::string(isa_name(isa)) + " version in this build");
    if (const std::string why = isa_unavailable_reason(isa); !why.empty())
      throw std::invalid_argument(name + " cannot run: " + why);
    return std::make_unique<Saber<P, Ntt16Simd<SaberRing>>>(Ntt16Simd<SaberRing>(config, isa), strategy, label, isa);
  });
}

}  // namespace saber::detail
}  // namespace pqmul
