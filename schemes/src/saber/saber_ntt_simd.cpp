// Saber over the big-prime NTT on AVX2, AVX-512 or NEON (BigNttSimd): the same
// configuration (primes, layers, bounds) as the portable "ntt" of the same
// name, so the products, hence the bytes, are the portable ones. Compiled
// with the baseline flags; the SIMD work happens in the kernels.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "factories.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/schemes/saber/saber_impl.hpp"

namespace pqmul {

template class Saber<saber::LightSaberParams, BigNttSimd<SaberRing>>;
template class Saber<saber::SaberParams, BigNttSimd<SaberRing>>;
template class Saber<saber::FireSaberParams, BigNttSimd<SaberRing>>;

namespace saber::detail {

std::unique_ptr<SaberKem> make_ntt_simd_saber(std::string_view scheme, const Params& params, Strategy strategy,
                                              std::string label, Isa isa) {
  if (const auto isas = big_ntt_simd_detail::kernel_isas(); std::find(isas.begin(), isas.end(), isa) == isas.end())
    throw std::invalid_argument(std::string(scheme) + "/" + label + ": no " + std::string(isa_name(isa)) +
                                " version of ntt");
  if (const std::string why = isa_unavailable_reason(isa); !why.empty())
    throw std::invalid_argument(std::string(scheme) + "/" + label + "/" + std::string(isa_name(isa)) +
                                " cannot run: " + why);
  // The portable instance resolves and checks the configuration for the
  // parameter set and strategy; the SIMD one takes it over.
  const auto portable = make_ntt_saber(scheme, params, strategy, label);
  return with_parameter_set(scheme, [&]<class P>() -> std::unique_ptr<SaberKem> {
    const auto& typed = dynamic_cast<const Saber<P, BigNtt<SaberRing>>&>(*portable);
    BigNttSimd<SaberRing> m(typed.typed_multiplier().config(), isa);
    return std::make_unique<Saber<P, BigNttSimd<SaberRing>>>(std::move(m), strategy, label, isa);
  });
}

}  // namespace saber::detail
}  // namespace pqmul
