// Registry entries of the Kronecker oracle, one per ring.
#include "pqmul/algorithms/kronecker.hpp"

#include "kronecker_registry.hpp"
#include "pqmul/algorithms/registry_adapter.hpp"

namespace pqmul {

template <RingDescription R>
std::unique_ptr<RingMultiplier> make_kronecker_ring_multiplier(const Params& params) {
  params.require_only({});
  return std::make_unique<RingMultiplierAdapter<Kronecker<R>>>(
      Kronecker<R>{}, "kronecker", "", "portable", CountFunction{},
      "kronecker is one big-integer product; it has no coefficient arithmetic to count");
}

#define PQMUL_KRONECKER(RING) \
  template std::unique_ptr<RingMultiplier> make_kronecker_ring_multiplier<RING>(const Params&);
PQMUL_KRONECKER(KyberRing)
PQMUL_KRONECKER(SaberRing)
PQMUL_KRONECKER(SaberPRing)
PQMUL_KRONECKER(NtruHps2048509Ring)
PQMUL_KRONECKER(NtruHps2048677Ring)
PQMUL_KRONECKER(NtruHrss701Ring)
PQMUL_KRONECKER(NtruHps4096821Ring)

}  // namespace pqmul
