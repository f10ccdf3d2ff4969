// SIMD kernels sit on the registry entry they compute: each ISA version an
// entry offers reports that entry's catalogue name and ring, and the AVX2
// Toom-4 kernel is offered by toom4-k2 only.
#include <catch2/catch.hpp>

#include "../common/isa_gate.hpp"
#include "pqmul/algorithms/registry.hpp"

using namespace pqmul;

TEST_CASE("each SIMD version of an entry is that entry's multiplier", "[registry][isa]") {
  if (!test::runs_here(Isa::avx2)) return;
  std::size_t built = 0;
  for (const auto& entry : multiplier_registry())
    for (const auto& [isa, make_simd] : entry.simd) {
      if (!isa_available(isa)) continue;
      INFO(entry.ring << "/" << entry.multiplier << "/" << isa_name(isa));
      const auto m = make_simd(entry.default_params());
      CHECK(m->name() == entry.multiplier);
      CHECK(m->ring().name == entry.ring);
      ++built;
    }
  CHECK(built > 0);
}

TEST_CASE("the AVX2 Toom-4 kernel is offered by toom4-k2 and by no other Toom-Cook entry", "[registry][isa]") {
  for (const auto& entry : multiplier_registry()) {
    if (entry.typed != TypedPath::toom_cook || entry.multiplier == "toom4-k2") continue;
    INFO(entry.ring << "/" << entry.multiplier);
    CHECK(entry.compiled() == std::vector<Isa>{Isa::portable});
  }
}
