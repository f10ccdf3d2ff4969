// Saber over any multiplier of the saber ring without a typed path: the
// registry entry's steps behind DynamicMultiplier, one instantiation per
// parameter set for all of them.
#include "factories.hpp"
#include "pqmul/schemes/saber/saber_impl.hpp"

namespace pqmul {

template class Saber<saber::LightSaberParams, DynamicMultiplier<SaberRing>>;
template class Saber<saber::SaberParams, DynamicMultiplier<SaberRing>>;
template class Saber<saber::FireSaberParams, DynamicMultiplier<SaberRing>>;

namespace saber::detail {

std::unique_ptr<SaberKem> make_registered_saber(std::string_view scheme, const MultiplierChoice& choice,
                                                Strategy strategy) {
  const auto m = registered_multiplier<SaberRing>(choice);
  return with_parameter_set(scheme, [&]<class P>() -> std::unique_ptr<SaberKem> {
    return std::make_unique<Saber<P, DynamicMultiplier<SaberRing>>>(m, strategy, choice.label);
  });
}

}  // namespace saber::detail
}  // namespace pqmul
