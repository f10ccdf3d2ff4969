// The NEON Toom-4 kernels (toom4k2_neon.cpp: the AVX2 kernels' code on pairs
// of 128-bit registers) against the int64 definition of the product
// (oracle.hpp) and the portable plan they compute, on zeros, single
// coefficients, extremes, alternating and seeded random inputs, for every ring
// they serve: Saber's two rings (toom4-k2, toom4-k3, toom4-k4) and NTRU's four
// (toom4-k4). AArch64 builds run it (under qemu-aarch64 in ./workbench test).
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "../common/isa_gate.hpp"
#include "oracle.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/algorithms/toom_simd.hpp"

namespace pqmul_tests::algorithms_test_toom_neon {

using namespace pqmul;

#if defined(PQMUL_ARM_SIMD)

namespace {

// 32-byte aligned storage, as the kernels' operands are.
struct Aligned {
  explicit Aligned(std::size_t count) : raw(count + 16) {}
  std::int16_t* data() {
    auto p = reinterpret_cast<std::uintptr_t>(raw.data());
    return reinterpret_cast<std::int16_t*>((p + 31) & ~std::uintptr_t{31});
  }
  std::vector<std::int16_t> raw;
};

// steps: the general steps, or the table of R's length (the multiplier's).
template <class R>
void check_ring(const toom_avx2::Steps& steps) {
  const RingInfo r = ring_info<R>();
  const Toom4Simd<R> m{Isa::neon};
  std::mt19937_64 rng(7);
  for (test::Shape shape : test::all_shapes) {
    INFO(r.name << " shape " << int(shape));
    const auto a = test::make_input(r, shape, 1, rng), b = test::make_input(r, test::Shape::random, 1, rng);
    Poly<R> pa, pb;
    std::copy(a.begin(), a.end(), pa.coeffs.begin());
    std::copy(b.begin(), b.end(), pb.coeffs.begin());
    const auto want = test::definition_product(r, a, b);
    const Poly<R> got = mul(m, pa, pb);
    REQUIRE(std::equal(want.begin(), want.end(), got.coeffs.begin()));

    // The steps: evaluate both, accumulate twice, interpolate: 2 a b.
    Aligned x(m.operand_values), y(m.operand_values), acc(m.accumulator_values);
    std::fill_n(acc.data(), m.accumulator_values, 0);
    steps.evaluate(a.data(), r.n, m.blocks, x.data());
    steps.evaluate(b.data(), r.n, m.blocks, y.data());
    steps.multiply_accumulate(acc.data(), x.data(), y.data(), m.blocks);
    steps.multiply_accumulate(acc.data(), x.data(), y.data(), m.blocks);
    std::vector<std::uint16_t> out(r.n);
    steps.interpolate(acc.data(), m.blocks, r.n, r.wrap == Wrap::negacyclic, static_cast<std::uint16_t>(r.q),
                      out.data());
    for (std::size_t i = 0; i < r.n; ++i) REQUIRE(out[i] == 2 * want[i] % r.q);
    // A first product stored over whatever the accumulator held.
    std::fill_n(acc.data(), m.accumulator_values, std::int16_t{-1});
    steps.multiply(acc.data(), x.data(), y.data(), m.blocks);
    steps.interpolate(acc.data(), m.blocks, r.n, r.wrap == Wrap::negacyclic, static_cast<std::uint16_t>(r.q),
                      out.data());
    REQUIRE(std::equal(want.begin(), want.end(), out.begin()));
    // One product with interpolation fused, modulo another power of two.
    steps.multiply_interpolate(x.data(), y.data(), m.blocks, r.n, r.wrap == Wrap::negacyclic, 1024, out.data());
    for (std::size_t i = 0; i < r.n; ++i) REQUIRE(out[i] == want[i] % 1024);
  }
}

}  // namespace

TEST_CASE("toom neon: the kernels' products are the definition's on every ring they serve", "[toom-neon]") {
  for (bool shaped : {false, true}) {
    INFO((shaped ? "the ring's own table" : "the general steps"));
    const auto table = [shaped]<class R>() -> const toom_avx2::Steps& {
      return shaped ? toom_neon::steps_for(Toom4Simd<R>::blocks) : toom_neon::steps;
    };
    check_ring<SaberRing>(table.template operator()<SaberRing>());
    check_ring<SaberPRing>(table.template operator()<SaberPRing>());
    check_ring<NtruHps2048509Ring>(table.template operator()<NtruHps2048509Ring>());
    check_ring<NtruHps2048677Ring>(table.template operator()<NtruHps2048677Ring>());
    check_ring<NtruHrss701Ring>(table.template operator()<NtruHrss701Ring>());
    check_ring<NtruHps4096821Ring>(table.template operator()<NtruHps4096821Ring>());
  }
  CHECK(&toom_neon::steps_for(6) == &toom_neon::steps);
  // toom4-k3 and toom4-k4: one or two more Karatsuba levels on the rows, Saber's rings only.
  for (std::size_t levels = 1; levels <= toom_avx2::max_row_levels; ++levels) {
    check_ring<SaberRing>(toom_neon::row_karatsuba_steps_for(Toom4Simd<SaberRing>::blocks, levels));
    check_ring<SaberPRing>(toom_neon::row_karatsuba_steps_for(Toom4Simd<SaberPRing>::blocks, levels));
    CHECK_THROWS_AS(toom_neon::row_karatsuba_steps_for(Toom4Simd<NtruHps2048677Ring>::blocks, levels),
                    std::invalid_argument);
  }
}

TEST_CASE("toom neon: the registry's neon versions equal their portable plans in every module product", "[toom-neon]") {
  if (!test::runs_here(Isa::neon)) return;
  std::mt19937_64 rng(8);
  const std::pair<const char*, const char*> versions[] = {
      {"saber", "toom4-k2"}, {"saber", "toom4-k3"}, {"saber", "toom4-k4"}, {"saber-p", "toom4-k2"},
      {"ntru-hps2048677", "toom4-k4"}};
  for (const auto& [ring, plan] : versions) {
    const auto neon = make_multiplier(ring, plan, {}, Isa::neon);
    const auto portable = make_multiplier(ring, plan, {}, Isa::portable);
    REQUIRE(neon->isa() == "neon");
    CHECK(make_multiplier(ring, plan)->isa() == "neon");  // the best ISA by default
    const RingInfo r = neon->ring();
    for (Strategy s : all_strategies) {
      INFO(ring << " " << plan << " " << to_string(s));
      constexpr std::size_t rank = 3;
      const auto A = test::make_input(r, test::Shape::random, rank * rank, rng);
      const auto v = test::make_input(r, test::Shape::all_max, rank, rng);
      std::vector<std::uint16_t> got(rank * r.n), expected(rank * r.n);
      neon->matrix_vector(A, v, got, rank, Transpose::yes, s, nullptr);
      portable->matrix_vector(A, v, expected, rank, Transpose::yes, s, nullptr);
      CHECK(got == expected);
    }
  }
}

#else

TEST_CASE("toom neon: not built on this architecture", "[toom-neon]") { CHECK_FALSE(isa_available(Isa::neon)); }

#endif

}  // namespace pqmul_tests::algorithms_test_toom_neon
