// Saber over the Toom-Cook family (schoolbook, Karatsuba, Toom-3/4, the
// reference Toom-4 + two Karatsuba levels, toom-k): one multiplier type whose
// plan is chosen at run time, so one instantiation per parameter set.
#include "factories.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/schemes/saber/saber_impl.hpp"

namespace pqmul {

template class Saber<saber::LightSaberParams, ToomCook<SaberRing>>;
template class Saber<saber::SaberParams, ToomCook<SaberRing>>;
template class Saber<saber::FireSaberParams, ToomCook<SaberRing>>;

namespace saber::detail {

std::unique_ptr<SaberKem> make_toom_cook_saber(std::string_view scheme, std::string_view plan, const Params& params,
                                               Strategy strategy, std::string label) {
  // The toom-cook engine of this ring is built for 16-bit words.
  if (params.has("word") && params.get("word", "") != "16")
    throw std::invalid_argument("saber: the Toom-Cook multipliers run in 16-bit words (word=16 only)");
  auto m = make_toom_cook<SaberRing>(plan, params);
  return with_parameter_set(scheme, [&]<class P>() -> std::unique_ptr<SaberKem> {
    return std::make_unique<Saber<P, ToomCook<SaberRing>>>(m, strategy, label);
  });
}

}  // namespace saber::detail
}  // namespace pqmul
