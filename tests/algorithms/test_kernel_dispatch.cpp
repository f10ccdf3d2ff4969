// The kernel dispatch of kernel_dispatch.hpp on a made-up family: which
// backend provides each entry for a given CPU description, the cap at the
// object's ISA, and the forced portable path.
#include <array>
#include <catch2/catch.hpp>
#include <string_view>
#include <tuple>

#include "../common/isa_gate.hpp"
#include "pqmul/algorithms/kernel_dispatch.hpp"

namespace pqmul_tests::algorithms_test_kernel_dispatch {

using pqmul::CpuFeatures;
using pqmul::Isa;
using pqmul::Kernel;
using pqmul::KernelBackend;
using pqmul::KernelEntry;

namespace {

// Distinct results, so that which backend ran shows in the value too.
int portable_twice(int x) { return 2 * x; }
int avx2_twice(int x) { return 2 * x + 1000; }
int portable_square(int x) { return x * x; }
int avx512_square(int x) { return x * x + 2000; }
int vbmi2_square(int x) { return x * x + 3000; }

struct Family {
  Kernel<int(int)> twice;
  Kernel<int(int)> square;
  static constexpr auto entries =
      std::tuple{KernelEntry{"twice", &Family::twice}, KernelEntry{"square", &Family::square}};
  static std::span<const KernelBackend<Family>> backends();
};

// avx2 implements `twice` only, avx512 `square` only, and a VBMI2 backend
// `square` again: what the Kyber and NTRU families look like.
constexpr std::array family_backends{
    KernelBackend<Family>{Isa::portable, [](const CpuFeatures&) { return true; },
                          Family{{&portable_twice}, {&portable_square}}},
    KernelBackend<Family>{Isa::avx2, [](const CpuFeatures& f) { return f.avx2; }, Family{{&avx2_twice}, {}}},
    KernelBackend<Family>{Isa::avx512, [](const CpuFeatures& f) { return f.avx512; }, Family{{}, {&avx512_square}}},
    KernelBackend<Family>{Isa::avx512, [](const CpuFeatures& f) { return f.avx512_vbmi2; },
                          Family{{}, {&vbmi2_square}}},
};

std::span<const KernelBackend<Family>> Family::backends() { return family_backends; }

Family resolve(const CpuFeatures& f) { return pqmul::resolve_kernels(Family::backends(), f); }

}  // namespace

TEST_CASE("each entry comes from the last backend that implements it and runs on the CPU", "[dispatch]") {
  const Family none = resolve({});
  CHECK(none.twice.fn == &portable_twice);
  CHECK(none.square.fn == &portable_square);
  CHECK((none.twice.isa == Isa::portable && none.square.isa == Isa::portable));

  const Family avx2 = resolve({.avx2 = true});
  CHECK(avx2.twice.fn == &avx2_twice);
  CHECK(avx2.twice.isa == Isa::avx2);
  CHECK(avx2.square.fn == &portable_square);  // avx2 has no square: the portable one stays

  const Family avx512 = resolve({.avx2 = true, .avx512 = true});
  CHECK(avx512.twice.fn == &avx2_twice);  // avx512 has no twice: the avx2 one stays
  CHECK(avx512.square.fn == &avx512_square);
  CHECK(avx512.square.isa == Isa::avx512);

  const Family vbmi2 = resolve({.avx2 = true, .avx512 = true, .avx512_vbmi2 = true});
  CHECK(vbmi2.square.fn == &vbmi2_square);
  CHECK(vbmi2.square(3) == 3009);
}

TEST_CASE("a table's entries are called through Kernel and reported by name", "[dispatch]") {
  const Family t = resolve({.avx2 = true});
  CHECK(t.twice(21) == 1042);
  CHECK(t.square(7) == 49);
  const auto origins = pqmul::kernel_origins(t);
  REQUIRE(origins.size() == 2);
  CHECK(origins[0] == std::pair<std::string_view, Isa>{"twice", Isa::avx2});
  CHECK(origins[1] == std::pair<std::string_view, Isa>{"square", Isa::portable});
  Family partial{};  // an unimplemented entry is not reported
  partial.square = {&portable_square};
  CHECK(pqmul::kernel_origins(partial).size() == 1);
}

TEST_CASE("an object's ISA caps the features it may use", "[dispatch]") {
  CHECK(pqmul::features_up_to(Isa::portable) == CpuFeatures{});
  const CpuFeatures avx2 = pqmul::features_up_to(Isa::avx2);
  CHECK_FALSE(avx2.avx512);
  CHECK_FALSE(avx2.avx512_vbmi2);
  CHECK(avx2.avx2 == pqmul::cpu_supports(Isa::avx2));
  const CpuFeatures avx512 = pqmul::features_up_to(Isa::avx512);
  CHECK(avx512.avx512 == pqmul::cpu_supports(Isa::avx512));
  CHECK(avx512.avx2 == pqmul::cpu_supports(Isa::avx2));
  CHECK_FALSE(avx512.neon);
  if (!avx512.avx512) CHECK_FALSE(avx512.avx512_vbmi2);
}

TEST_CASE("kernels_for gives the portable table while the portable path is forced", "[dispatch]") {
  {
    pqmul::test::ForcePortable forced;
    CHECK(pqmul::kernels_for<Family>(Isa::avx512).twice.fn == &portable_twice);
    CHECK(pqmul::kernels_for<Family>(Isa::avx2).square.fn == &portable_square);
  }
  if (!pqmul::test::runs_here(Isa::avx2)) return;
  CHECK(pqmul::kernels_for<Family>(Isa::avx2).twice.fn == &avx2_twice);
  CHECK(pqmul::kernels_for<Family>(Isa::portable).twice.fn == &portable_twice);
}

}  // namespace pqmul_tests::algorithms_test_kernel_dispatch
