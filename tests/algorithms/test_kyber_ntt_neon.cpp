// The NEON Kyber NTT kernels against their portable twins (the same
// butterflies, so equal values lane for lane) on zeros, single coefficients,
// constants, extremes and seeded random inputs, and the NEON multiplier
// against the int64 definition of the product (oracle.hpp) and the registry's
// kyber/ntt/neon. AArch64 builds run it (under qemu-aarch64 in ./workbench test).
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <vector>

#include "../common/isa_gate.hpp"
#include "kyber_ntt_cases.hpp"
#include "kyber_ntt_row_checks.hpp"
#include "oracle.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul_tests::algorithms_test_kyber_ntt_neon {

using namespace pqmul;

#if defined(PQMUL_ARM_SIMD)

namespace {

namespace kn = pqmul::kyber_ntt;
namespace nn = pqmul::kyber_ntt::neon;
using Coeffs = kn::Coeffs;
using Lanes = std::array<std::int32_t, 256>;

constexpr std::int16_t q = 3329;

std::array<std::uint16_t, 256> canonical(const Coeffs& f) {
  std::array<std::uint16_t, 256> c;
  for (std::size_t i = 0; i < 256; ++i) c[i] = kn::to_canonical(f[i]);
  return c;
}

}  // namespace

TEST_CASE("kyber ntt neon: the transforms equal the portable ones", "[kyber-ntt-neon]") {
  for (const auto& f : test::kyber_operands(q - 1, 11, 200)) {
    Coeffs portable = f, neon = f;
    kn::forward(portable);
    nn::forward(neon.data());
    REQUIRE(neon == portable);
    kn::reduce(portable);
    neon = f;
    nn::forward_centred(neon.data());
    REQUIRE(neon == portable);
    // From canonical values: the NTT of those values (congruent input, so the same centred output).
    const auto c = canonical(f);
    nn::forward_centred_from(neon.data(), c.data());
    REQUIRE(neon == portable);
  }
  // The inverse over the portable input bound (4q), both scalings.
  for (const auto& f : test::kyber_operands(4 * q - 1, 12, 200)) {
    Coeffs portable = f, neon = f;
    kn::inverse(portable);
    nn::inverse(neon.data());
    REQUIRE(neon == portable);
    portable = neon = f;
    kn::inverse_from_montgomery(portable);
    nn::inverse_from_montgomery(neon.data());
    REQUIRE(neon == portable);
    neon = f;
    std::array<std::uint16_t, 256> stored;
    nn::inverse_from_montgomery_to_canonical(stored.data(), neon.data());
    REQUIRE(stored == canonical(portable));
    neon = f;  // in place: the output in the input's own storage
    auto* in_place = reinterpret_cast<std::uint16_t*>(neon.data());
    nn::inverse_from_montgomery_to_canonical(in_place, neon.data());
    REQUIRE(std::equal(stored.begin(), stored.end(), in_place));
  }
}

TEST_CASE("kyber ntt neon: base multiplication lanes equal the portable ones", "[kyber-ntt-neon]") {
  const auto a = test::kyber_operands((q - 1) / 2, 13, 60);
  const auto b = test::kyber_operands((q - 1) / 2, 14, 60);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Coeffs& x = a[i];
    const Coeffs& y = b[(i * 7) % b.size()];
    Lanes portable, neon;
    portable.fill(0x7fff0000);  // a wrapping start
    neon = portable;
    kn::base_multiply_accumulate(portable, x, y);
    nn::base_multiply_accumulate(neon.data(), x.data(), y.data());
    REQUIRE(neon == portable);
    // Canonical first factor: the same lanes as its centred values.
    const auto c = canonical(x);
    Lanes fresh{}, whole, halves;
    kn::base_multiply_accumulate(fresh, x, y);
    nn::base_multiply_canonical(whole.data(), c.data(), y.data());
    REQUIRE(whole == fresh);
    nn::base_multiply_canonical_part(halves.data(), c.data(), y.data(), true, 0, 128);
    nn::base_multiply_canonical_part(halves.data(), c.data(), y.data(), true, 128, 256);
    REQUIRE(halves == fresh);
    nn::base_multiply_accumulate_canonical(halves.data(), c.data(), y.data());
    kn::base_multiply_accumulate(fresh, x, y);
    REQUIRE(halves == fresh);
  }
}

TEST_CASE("kyber ntt neon: reductions equal the portable ones", "[kyber-ntt-neon]") {
  // Every int16: reduce and to_canonical.
  for (std::int32_t start = std::numeric_limits<std::int16_t>::min(); start <= std::numeric_limits<std::int16_t>::max();
       start += 256) {
    Coeffs f;
    for (std::size_t i = 0; i < 256; ++i) f[i] = static_cast<std::int16_t>(start + static_cast<std::int32_t>(i));
    Coeffs neon = f, portable = f;
    nn::reduce(neon.data());
    kn::reduce(portable);
    REQUIRE(neon == portable);
    std::array<std::uint16_t, 256> out;
    nn::to_canonical(out.data(), f.data());
    REQUIRE(out == canonical(f));
  }
  std::array<std::uint16_t, 256> c;
  for (std::size_t i = 0; i < 256; ++i) c[i] = static_cast<std::uint16_t>((i * 13) % q);
  Coeffs centred;
  nn::centre_canonical(centred.data(), c.data());
  for (std::size_t i = 0; i < 256; ++i) CHECK(centred[i] == (c[i] > q / 2 ? c[i] - q : c[i]));

  const auto e = test::kyber_operands(8 * q - 1, 15, 0);
  for (const auto& acc : test::kyber_accumulator_cases(std::numeric_limits<std::int32_t>::min(), 47, 100)) {
    Coeffs neon, portable;
    nn::reduce_accumulator(neon.data(), acc.data());
    kn::reduce_accumulator(portable, acc);
    REQUIRE(neon == portable);
    KyberNttMultiplier::accumulator a;
    a.data = acc;
    KyberNttMultiplier::operand x;
    KyberNttMultiplier::to_ntt(a, x);
    nn::accumulator_to_centred(neon.data(), acc.data());
    REQUIRE(neon == x.data);
    // acc + x, reduced into [0, q): by the definition in int64.
    const Coeffs& add = e[acc[0] & 15];
    std::array<std::uint16_t, 256> sum, parts;
    nn::accumulator_plus_to_canonical(sum.data(), acc.data(), add.data());
    nn::accumulator_plus_to_canonical_part(parts.data(), acc.data(), add.data(), 0, 96);
    nn::accumulator_plus_to_canonical_part(parts.data(), acc.data(), add.data(), 96, 256);
    for (std::size_t i = 0; i < 256; ++i) {
      const auto wrapped =
          static_cast<std::int32_t>(static_cast<std::uint32_t>(acc[i]) + static_cast<std::uint32_t>(add[i]));
      const std::int64_t want = ((std::int64_t{wrapped} % q) + q) % q;
      REQUIRE(sum[i] == want);
    }
    REQUIRE(parts == sum);
  }
}

TEST_CASE("kyber ntt neon: a row in one pass is its accumulated products reduced once", "[kyber-ntt-neon]") {
  test::check_row_kernels({&nn::clear_accumulator, &nn::base_multiply_accumulate, &nn::base_multiply_row,
                           &nn::base_multiply_row_canonical, &nn::base_multiply_row_plus_to_canonical_part,
                           &nn::accumulator_plus_to_canonical},
                          17);
}

TEST_CASE("kyber ntt neon: inverse_of_row is the definition's sum of products", "[kyber-ntt-neon]") {
  test::check_inverse_of_row<KyberNttNeonMultiplier>(18);
}

TEST_CASE("kyber ntt neon: the registry's kyber/ntt/neon multiplies as the definition", "[kyber-ntt-neon]") {
  if (!pqmul::test::runs_here(Isa::neon)) return;
  auto m = make_multiplier("kyber", "ntt", {}, Isa::neon);
  REQUIRE(m->isa() == "neon");
  CHECK(m->id() == "kyber/ntt/neon");
  CHECK(make_multiplier("kyber", "ntt")->isa() == "neon");  // the best ISA by default
  const RingInfo r = m->ring();
  std::mt19937_64 rng(16);
  for (const auto shape : pqmul::test::all_shapes) {
    const auto a = pqmul::test::make_input(r, shape, 1, rng);
    const auto b = pqmul::test::make_input(r, shape, 1, rng);
    std::vector<std::uint16_t> out(r.n);
    m->mul(a, b, out);
    REQUIRE(out == pqmul::test::definition_product(r, a, b));
  }
  // A rank-3 matrix-vector product, every strategy: row by row by the definition.
  constexpr std::size_t rank = 3;
  for (Strategy s : all_strategies) {
    INFO(to_string(s));
    const auto A = pqmul::test::make_input(r, pqmul::test::Shape::random, rank * rank, rng);
    const auto v = pqmul::test::make_input(r, pqmul::test::Shape::random, rank, rng);
    std::vector<std::uint16_t> got(rank * r.n);
    m->matrix_vector(A, v, got, rank, Transpose::no, s, nullptr);
    for (std::size_t i = 0; i < rank; ++i) {
      std::vector<std::uint64_t> row(r.n, 0);
      for (std::size_t j = 0; j < rank; ++j) {
        const auto p = pqmul::test::definition_product(r, std::span(A).subspan((i * rank + j) * r.n, r.n),
                                                       std::span(v).subspan(j * r.n, r.n));
        for (std::size_t t = 0; t < r.n; ++t) row[t] += p[t];
      }
      for (std::size_t t = 0; t < r.n; ++t) REQUIRE(got[i * r.n + t] == row[t] % r.q);
    }
  }
}

#else

TEST_CASE("kyber ntt neon: not built on this architecture", "[kyber-ntt-neon]") {
  CHECK_FALSE(isa_available(Isa::neon));
}

#endif

}  // namespace pqmul_tests::algorithms_test_kyber_ntt_neon
