// The run-time ISA choice: names, availability, the forced-portable switch and
// the registry's choice of a SIMD version.
#include <catch2/catch.hpp>

#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::algorithms_test_isa {

using pqmul::Isa;

namespace {

using pqmul::test::ForcePortable;

}  // namespace

TEST_CASE("ISA names round-trip and unknown names are refused", "[isa]") {
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon})
    CHECK(pqmul::parse_isa(pqmul::isa_name(isa)) == isa);
  CHECK_FALSE(pqmul::parse_isa("sse2").has_value());
  CHECK_THROWS_WITH(pqmul::isa_from_name("avx1024"), Catch::Contains("valid: portable, avx2, avx512, neon"));
}

TEST_CASE("portable is always available; the best ISA is available", "[isa]") {
  CHECK(pqmul::isa_available(Isa::portable));
  CHECK(pqmul::isa_unavailable_reason(Isa::portable).empty());
  CHECK(pqmul::isa_available(pqmul::best_isa()));
  const auto compiled = pqmul::compiled_isas();
  REQUIRE_FALSE(compiled.empty());
  CHECK(compiled.front() == Isa::portable);
#if defined(PQMUL_X86_SIMD)
  CHECK_FALSE(pqmul::isa_available(Isa::neon));
  CHECK_THAT(pqmul::isa_unavailable_reason(Isa::neon), Catch::Contains("not built"));
  // AVX-512 here implies AVX2 (the kernels of the wider ISA use both).
  if (pqmul::isa_available(Isa::avx512)) CHECK(pqmul::isa_available(Isa::avx2));
#endif
#if defined(__aarch64__)
  CHECK(pqmul::best_isa() == Isa::neon);
  CHECK_FALSE(pqmul::isa_available(Isa::avx2));
#endif
}

TEST_CASE("forcing the portable path makes every SIMD ISA unavailable", "[isa]") {
  ForcePortable forced(true);
  CHECK(pqmul::portable_forced());
  CHECK(pqmul::best_isa() == Isa::portable);
  for (Isa isa : {Isa::avx2, Isa::avx512, Isa::neon}) CHECK_FALSE(pqmul::isa_available(isa));
#if defined(PQMUL_X86_SIMD)
  CHECK_THAT(pqmul::isa_unavailable_reason(Isa::avx2), Catch::Contains("forced"));
#endif
}

TEST_CASE("the best of a list of ISAs is the widest that is available", "[isa]") {
  using pqmul::best_available_isa;
  const std::vector<Isa> only_portable{Isa::portable};
  CHECK(best_available_isa(only_portable) == Isa::portable);
  CHECK(best_available_isa(std::vector<Isa>{}) == Isa::portable);
  CHECK(best_available_isa(pqmul::compiled_isas()) == pqmul::best_isa());
  for (Isa isa : {Isa::avx2, Isa::avx512, Isa::neon}) {
    INFO(pqmul::isa_name(isa));
    // An unavailable ISA is never chosen; an available one beats portable.
    const std::vector<Isa> pair{isa, Isa::portable};
    CHECK(best_available_isa(pair) == (pqmul::isa_available(isa) ? isa : Isa::portable));
  }
  if (pqmul::isa_available(Isa::avx512) && pqmul::isa_available(Isa::avx2)) {
    CHECK(best_available_isa(std::vector<Isa>{Isa::avx2, Isa::avx512}) == Isa::avx512);
    CHECK(best_available_isa(std::vector<Isa>{Isa::avx512, Isa::avx2}) == Isa::avx512);
    CHECK(best_available_isa(std::vector<Isa>{Isa::portable, Isa::avx2}) == Isa::avx2);
  }
  ForcePortable forced(true);
  CHECK(best_available_isa(pqmul::compiled_isas()) == Isa::portable);
}

TEST_CASE("the registry builds the requested ISA or explains why not", "[isa][registry]") {
  for (const auto& e : pqmul::multiplier_registry()) {
    const auto compiled = e.compiled();
    REQUIRE(compiled.front() == Isa::portable);
    for (const auto& [isa, make] : e.simd) {
      INFO(e.ring << "/" << e.multiplier << "/" << pqmul::isa_name(isa));
      if (pqmul::isa_available(isa)) {
        const auto m = pqmul::make_multiplier(e.ring, e.multiplier, {}, isa);
        CHECK(m->isa() == pqmul::isa_name(isa));
        CHECK(m->name() == e.multiplier);
      } else {
        CHECK_THROWS_AS(pqmul::make_multiplier(e.ring, e.multiplier, {}, isa), pqmul::UnknownChoice);
      }
      ForcePortable forced(true);
      CHECK_THROWS_WITH(pqmul::make_multiplier(e.ring, e.multiplier, {}, isa), Catch::Contains("forced"));
      // With no ISA named, the forced choice is the portable one.
      CHECK(pqmul::make_multiplier(e.ring, e.multiplier)->isa() == "portable");
    }
  }
  // An ISA the entry was not built for.
  CHECK_THROWS_WITH(pqmul::make_multiplier("kyber", "schoolbook", {}, Isa::neon), Catch::Contains("has no neon version"));
  CHECK(pqmul::make_multiplier("kyber", "schoolbook", {}, Isa::portable)->isa() == "portable");
}

}  // namespace pqmul_tests::algorithms_test_isa
