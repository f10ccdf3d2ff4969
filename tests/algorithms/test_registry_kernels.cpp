// SIMD kernels sit on the registry entry they compute: each ISA version an
// entry offers reports that entry's catalogue name and ring, and the AVX2
// Toom-4 kernels are offered by the portable plan they compute.
#include <catch2/catch.hpp>

#include "../common/isa_gate.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/algorithms/toom_simd_kernels.hpp"
#include "pqmul/algorithms/toom_cook.hpp"

namespace pqmul_tests::algorithms_test_registry_kernels {

using namespace pqmul;

TEST_CASE("each SIMD version of an entry is that entry's multiplier", "[registry][isa]") {
  test::skip_unless_any_runs({Isa::avx2, Isa::avx512, Isa::neon});
  if (!isa_available(Isa::avx2) && !isa_available(Isa::neon)) return;
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

TEST_CASE("the SIMD Toom-4 kernels sit on the portable plan they compute", "[registry][isa]") {
  // Saber's rings: toom4-k2 (16-coefficient leaves), toom4-k3 and toom4-k4
  // (one or two more Karatsuba levels, on the kernels' rows: leaves of 8 or 4);
  // NTRU's: toom4-k4 (two more Karatsuba levels, leaves of ceil(n/64)). No
  // other Toom-Cook entry has them.
  std::size_t with_kernel = 0;
  for (const auto& entry : multiplier_registry()) {
    if (entry.typed != TypedPath::toom_cook) continue;
    INFO(entry.ring << "/" << entry.multiplier);
    if (entry.compiled() == std::vector<Isa>{Isa::portable}) continue;
    ++with_kernel;
    const bool ntru = entry.ring.rfind("ntru", 0) == 0;
    std::size_t row_levels = 0;
    for (std::size_t levels = 1; levels <= toom_avx2::max_row_levels; ++levels)
      if (!ntru && entry.multiplier == toom_avx2::row_karatsuba_plan(levels)) row_levels = levels;
    if (ntru)
      CHECK(entry.multiplier == "toom4-k4");
    else
      CHECK((entry.multiplier == "toom4-k2" || row_levels > 0));
    const std::size_t n = entry.make(entry.default_params())->ring().n;
    const auto levels = toom_plan(entry.multiplier, entry.default_params(), n);
    REQUIRE(levels.size() == (ntru ? 5u : 3u + row_levels));
    CHECK(levels.front().k == 4);
    std::size_t split = 1;
    for (const auto& level : levels) split *= level.k;
    for (std::size_t i = 1; i < levels.size(); ++i) CHECK(levels[i].k == 2);
    // The portable plan's leaves are the kernels' schoolbook products (each
    // level on the rows halves the kernels' 16-row leaves once more).
    const std::size_t kernel_leaf = toom_avx2::leaf_length(toom_avx2::best_blocks(n));
    CHECK((n + split - 1) / split == kernel_leaf >> row_levels);
  }
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
  CHECK(with_kernel == 10);  // saber and saber-p (three plans each), and the four NTRU rings
#else
  CHECK(with_kernel == 0);
#endif
}

}  // namespace pqmul_tests::algorithms_test_registry_kernels
