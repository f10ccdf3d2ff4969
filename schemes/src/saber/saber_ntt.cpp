// Saber over an NTT modulo one or two primes (q = 2^13 has no roots of unity).
// The modulus must hold the exact integer sum of the products a strategy
// accumulates: l products (lazy, cached) or one (eager), each coefficient a sum
// of n terms |a| |s| with |a| <= q/2 (uniform or mod p values, centred) and
// |s| <= mu/2, the secret's range, which is 5, 4, 3 for the three sets.
#include <algorithm>

#include "factories.hpp"
#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/schemes/saber/saber_impl.hpp"

namespace pqmul {

template class Saber<saber::LightSaberParams, BigNtt<SaberRing>>;
template class Saber<saber::SaberParams, BigNtt<SaberRing>>;
template class Saber<saber::FireSaberParams, BigNtt<SaberRing>>;

namespace saber::detail {
namespace {

template <ParameterSet P>
BigNttConfig saber_ntt_config(const Params& params, Strategy strategy) {
  params.require_only({"primes", "layers", "bound-a", "bound-b"});
  constexpr std::size_t full = BigNtt<SaberRing>::full_bound, secret = P::mu / 2;
  BigNttConfig c;
  c.bound_a = static_cast<std::uint32_t>(params.get_size("bound-a", full));
  c.bound_b = static_cast<std::uint32_t>(params.get_size("bound-b", secret));
  if (c.bound_a < full || c.bound_a > full)
    throw std::invalid_argument("saber: ntt bound-a must be q/2 = " + std::to_string(full) +
                                " (public operands are uniform mod q)");
  if (c.bound_b < secret || c.bound_b > full)
    throw std::invalid_argument("saber: ntt bound-b must lie between mu/2 = " + std::to_string(secret) +
                                " (the secret's range in " + std::string(P::name) + ") and " + std::to_string(full));
  c.layers = static_cast<std::uint32_t>(params.get_size("layers", BigNtt<SaberRing>::complete_layers));
  const std::size_t terms = strategy == Strategy::eager ? 1 : P::l;
  if (params.has("primes")) {
    c.primes = static_cast<unsigned>(params.get_size("primes", 1));
  } else {
    BigNttConfig one = c;
    one.primes = 1;
    c.primes = BigNtt<SaberRing>::max_accumulated_for(one) >= terms ? 1 : 2;
  }
  return c;
}

}  // namespace

std::unique_ptr<SaberKem> make_ntt_saber(std::string_view scheme, const Params& params, Strategy strategy,
                                         std::string label) {
  return with_parameter_set(scheme, [&]<class P>() -> std::unique_ptr<SaberKem> {
    BigNtt<SaberRing> m(saber_ntt_config<P>(params, strategy));
    return std::make_unique<Saber<P, BigNtt<SaberRing>>>(std::move(m), strategy, label);
  });
}

}  // namespace saber::detail
}  // namespace pqmul
