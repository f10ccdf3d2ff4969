// Saber over Kronecker substitution (the slow, independent oracle).
#include "factories.hpp"
#include "pqmul/algorithms/kronecker.hpp"
#include "pqmul/schemes/saber/saber_impl.hpp"

namespace pqmul {

template class Saber<saber::LightSaberParams, Kronecker<SaberRing>>;
template class Saber<saber::SaberParams, Kronecker<SaberRing>>;
template class Saber<saber::FireSaberParams, Kronecker<SaberRing>>;

namespace saber::detail {

std::unique_ptr<SaberKem> make_kronecker_saber(std::string_view scheme, const Params& params, Strategy strategy,
                                               std::string label) {
  params.require_only({});
  return with_parameter_set(scheme, [&]<class P>() -> std::unique_ptr<SaberKem> {
    return std::make_unique<Saber<P, Kronecker<SaberRing>>>(Kronecker<SaberRing>{}, strategy, label);
  });
}

}  // namespace saber::detail
}  // namespace pqmul
