// The KEM registry against the multiplier registry: a multiplier registered
// for a KEM's ring that the KEM does not offer is a hand-kept list gone stale
// (`pqmul check --multiplier` fails on it as well).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "pqmul/algorithms/registry.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul_tests::hybrid_test_kem_rings {

namespace {

std::string base_name(const std::string& multiplier) { return multiplier.substr(0, multiplier.find(':')); }

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

TEST_CASE("every KEM offers each multiplier registered for its ring, and only those", "[kem][registry]") {
  const auto rings = pqmul::registered_rings();
  for (const auto& e : pqmul::kem_registry()) {
    INFO(e.scheme << " (ring '" << e.ring << "')");
    REQUIRE(has(rings, e.ring));
    std::vector<std::string> offered;
    for (const auto& m : e.multipliers) offered.push_back(base_name(m));
    const auto registered = pqmul::multipliers_for_ring(e.ring);
    for (const auto& m : registered) {
      INFO("registered: " << m);
      CHECK(has(offered, m));
    }
    for (const auto& m : offered) {
      INFO("offered: " << m);
      CHECK(has(registered, m));
    }
  }
}

}  // namespace pqmul_tests::hybrid_test_kem_rings
