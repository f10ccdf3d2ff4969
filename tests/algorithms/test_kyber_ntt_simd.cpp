// The AVX-512 lane-wise Kyber NTT kernels against their AVX2 twins (equal
// values) and the portable ones, the canonical-input kernels of both ISAs
// against the AVX2 base multiplication and the definitions, on zeros, single coefficients, constants,
// extremes and seeded random inputs; the AVX-512 multiplier against the int64
// definition of the product and the registry's kyber/ntt/avx512.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>
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

namespace pqmul_tests::algorithms_test_kyber_ntt_simd {

using namespace pqmul;

#if defined(PQMUL_X86_SIMD)

namespace {

namespace kn = pqmul::kyber_ntt;
namespace k2 = pqmul::kyber_ntt::avx2;
namespace k5 = pqmul::kyber_ntt::avx512;
using Coeffs = kn::Coeffs;
using Lanes = std::array<std::int32_t, 256>;

constexpr std::int16_t H = (3329 - 1) / 2;

bool runs_here() {
  if (pqmul::test::cpu_runs(Isa::avx512)) return true;
  CHECK_FALSE(isa_available(Isa::avx512));  // refused here, as it must be
  return false;
}

// The kernels the multiplier's canonical-input steps use, by ISA (both sets
// are checked below against the AVX2 base multiplication and the definitions).
template <Isa I>
struct Kernels;
template <>
struct Kernels<Isa::avx2> {
  static constexpr auto multiply_accumulate_canonical = &k2::base_multiply_accumulate_canonical;
  static constexpr auto multiply_canonical = &k2::base_multiply_canonical;
  static constexpr auto multiply_canonical_part = &k2::base_multiply_canonical_part;
  static constexpr auto plus_to_canonical = &k2::accumulator_plus_to_canonical;
  static constexpr auto plus_to_canonical_part = &k2::accumulator_plus_to_canonical_part;
  static constexpr auto centre_canonical = &k2::centre_canonical;
};
template <>
struct Kernels<Isa::avx512> {
  static constexpr auto multiply_accumulate_canonical = &k5::base_multiply_accumulate_canonical;
  static constexpr auto multiply_canonical = &k5::base_multiply_canonical;
  static constexpr auto multiply_canonical_part = &k5::base_multiply_canonical_part;
  static constexpr auto plus_to_canonical = &k5::accumulator_plus_to_canonical;
  static constexpr auto plus_to_canonical_part = &k5::accumulator_plus_to_canonical_part;
  static constexpr auto centre_canonical = &k5::centre_canonical;
};

// body.template operator()<I>() for AVX2 and AVX-512, each where the CPU runs
// it (the test is reported skipped for an ISA it lacks).
template <class Body>
void on_both_isas(Body&& body) {
  if (pqmul::test::cpu_runs(Isa::avx2)) body.template operator()<Isa::avx2>();
  if (pqmul::test::cpu_runs(Isa::avx512)) body.template operator()<Isa::avx512>();
}

}  // namespace

TEST_CASE("kyber ntt avx512: base multiply-accumulate equals the AVX2 lanes", "[kyber-ntt-avx512]") {
  if (!runs_here()) return;
  const auto ops = test::kyber_operands(H, 41, 100);
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<std::int32_t> start(-(1 << 28), 1 << 28);
  for (std::size_t k = 0; k < ops.size(); ++k) {
    const Coeffs& a = ops[k];
    const Coeffs& b = ops[(k * 7 + 3) % ops.size()];
    Lanes want, got;
    for (std::size_t i = 0; i < 256; ++i) want[i] = got[i] = start(rng);
    k2::base_multiply_accumulate(want.data(), a.data(), b.data());
    k5::base_multiply_accumulate(got.data(), a.data(), b.data());
    REQUIRE(got == want);
  }
}

TEST_CASE("kyber ntt simd: the product with a canonical first factor equals the one with its centred values",
          "[kyber-ntt-simd]") {
  on_both_isas([&]<Isa I>() {
    INFO(isa_name(I));
    const auto ops = test::kyber_operands(H, 46, 40);
    std::mt19937_64 rng(47);
    std::uniform_int_distribution<std::int32_t> start(-(1 << 28), 1 << 28);
    for (std::size_t k = 0; k < ops.size(); ++k) {
      // Canonical values: random, and the edges of the centring (0, (q-1)/2, (q+1)/2, q-1).
      std::array<std::uint16_t, 256> canonical;
      for (std::size_t i = 0; i < 256; ++i) {
        constexpr std::uint16_t edges[] = {0, H, H + 1, 3328};
        canonical[i] = k % 3 == 0 ? edges[(i + k) % 4] : static_cast<std::uint16_t>(rng() % 3329);
      }
      Coeffs centred;
      for (std::size_t i = 0; i < 256; ++i)
        centred[i] = static_cast<std::int16_t>(canonical[i] > H ? canonical[i] - 3329 : canonical[i]);
      const Coeffs& b = ops[k];
      Lanes want, got;
      for (std::size_t i = 0; i < 256; ++i) want[i] = got[i] = start(rng);
      Coeffs centred_here;
      Kernels<I>::centre_canonical(centred_here.data(), canonical.data());
      REQUIRE(centred_here == centred);
      k2::base_multiply_accumulate(want.data(), centred.data(), b.data());
      Kernels<I>::multiply_accumulate_canonical(got.data(), canonical.data(), b.data());
      REQUIRE(got == want);
      // Written rather than added: the product alone, whatever acc held.
      Lanes product{}, written;
      k2::base_multiply_accumulate(product.data(), centred.data(), b.data());
      written.fill(0x5A5A5A5A);
      Kernels<I>::multiply_canonical(written.data(), canonical.data(), b.data());
      REQUIRE(written == product);
      // By parts (halves, as key generation asks, and other ranges): the
      // range's lanes as above, every other lane untouched.
      for (auto [from, to] :
           {std::pair<std::size_t, std::size_t>{0, 128}, {128, 256}, {32, 96}, {0, 256}, {224, 256}}) {
        INFO("coefficients [" << from << ", " << to << ")");
        for (bool first : {true, false}) {
          Lanes part;
          for (std::size_t i = 0; i < 256; ++i) part[i] = static_cast<std::int32_t>(0x5A5A5A5A ^ i);
          Lanes expected = part;
          if (first) {
            std::copy(product.begin() + from, product.begin() + to, expected.begin() + from);
          } else {
            Lanes added = part;
            k2::base_multiply_accumulate(added.data(), centred.data(), b.data());
            std::copy(added.begin() + from, added.begin() + to, expected.begin() + from);
          }
          Kernels<I>::multiply_canonical_part(part.data(), canonical.data(), b.data(), first, from, to);
          REQUIRE(part == expected);
        }
      }
    }
  });
}

TEST_CASE("kyber ntt avx512: reduce_accumulator and accumulator_to_centred equal the portable ones",
          "[kyber-ntt-avx512]") {
  if (!runs_here()) return;
  const auto cases = test::kyber_accumulator_cases(std::numeric_limits<std::int32_t>::max(), 43, 300);
  for (const auto& l : cases) {
    Coeffs expected, got, centred_want, centred_got;
    kn::reduce_accumulator(expected, l);
    k5::reduce_accumulator(got.data(), l.data());
    REQUIRE(got == expected);
    k2::accumulator_to_centred(centred_want.data(), l.data());
    k5::accumulator_to_centred(centred_got.data(), l.data());
    REQUIRE(centred_got == centred_want);
  }
}

TEST_CASE(
    "kyber ntt simd: the sum of an accumulator and an operand in one pass equals add_ntt, to_ntt and "
    "ntt_coefficients",
    "[kyber-ntt-simd]") {
  on_both_isas([&]<Isa I>() {
    INFO(isa_name(I));
    const auto cases = test::kyber_accumulator_cases(std::numeric_limits<std::int32_t>::max(), 43, 300);
    const auto ops = test::kyber_operands(H, 44, 20);
    for (std::size_t k = 0; k < cases.size(); ++k) {
      KyberNttMultiplier::accumulator acc;
      acc.data = cases[k];
      KyberNttMultiplier::operand x;
      x.data = ops[k % ops.size()];
      std::array<std::uint16_t, 256> got;
      Kernels<I>::plus_to_canonical(got.data(), acc.data.data(), x.data.data());
      for (std::size_t i = 0; i < 256; ++i) {  // the definition: the wrapped int32 sum mod q
        const auto sum = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.data[i]) +
                                                   static_cast<std::uint32_t>(std::int32_t{x.data[i]}));
        REQUIRE(got[i] == ((std::int64_t{sum} % 3329) + 3329) % 3329);
      }
      // By parts: the range's coefficients, nothing else written.
      for (auto [from, to] : {std::pair<std::size_t, std::size_t>{0, 128}, {128, 256}, {64, 192}, {0, 256}}) {
        std::array<std::uint16_t, 256> part;
        part.fill(0xBEEF);
        auto expected = part;
        std::copy(got.begin() + from, got.begin() + to, expected.begin() + from);
        Kernels<I>::plus_to_canonical_part(part.data(), acc.data.data(), x.data.data(), from, to);
        REQUIRE(part == expected);
      }
      KyberNttMultiplier::add_ntt(acc, x);
      KyberNttMultiplier::operand sum;
      KyberNttMultiplier::to_ntt(acc, sum);
      REQUIRE(got == KyberNttMultiplier::ntt_coefficients(sum));
    }
  });
}

TEST_CASE(
    "kyber ntt simd: ntt_sum_coefficients equals the portable transform, add_ntt, to_ntt and "
    "ntt_coefficients",
    "[kyber-ntt-simd]") {
  on_both_isas([&]<Isa I>() {
    INFO(isa_name(I));
    // Accumulators that hold room for one more term (as add_ntt requires): the
    // extremes of that range, zero and seeded random lanes within it.
    constexpr std::int32_t room = std::numeric_limits<std::int32_t>::max() - (1 << 15);
    std::vector<Lanes> cases;
    for (std::int32_t v : {0, room, -room, 3329 << 15}) {
      Lanes l;
      l.fill(v);
      cases.push_back(l);
    }
    std::mt19937_64 rng(45);
    std::uniform_int_distribution<std::int32_t> lane(-room, room);
    for (int k = 0; k < 100; ++k) {
      Lanes l;
      for (auto& x : l) x = lane(rng);
      cases.push_back(l);
    }
    const KyberNttMultiplier portable;
    for (std::size_t k = 0; k < cases.size(); ++k) {
      Poly<KyberRing> e;
      for (auto& c : e.coeffs) c = static_cast<std::uint16_t>(rng() % 3329);
      if (k % 4 == 1) e.coeffs.fill(3328);  // the extreme coefficient everywhere
      KyberNttMultiplier::accumulator acc;
      acc.data = cases[k];
      const auto got = KyberNttSimdMultiplier<I>::ntt_sum_coefficients(acc, e);
      KyberNttMultiplier::operand e_hat, sum;
      portable.transform(e, e_hat);
      // The same by halves, from the unreduced transform of e.
      KyberNttMultiplier::operand unreduced;
      KyberNttSimdMultiplier<I>::transform_unreduced(e, unreduced);
      std::array<std::uint16_t, 256> halves;
      halves.fill(0xBEEF);
      KyberNttSimdMultiplier<I>::ntt_sum_coefficients(halves, acc, unreduced, 128, 256);
      REQUIRE(std::equal(halves.begin() + 128, halves.end(), got.begin() + 128));
      REQUIRE(halves[127] == 0xBEEF);
      KyberNttSimdMultiplier<I>::ntt_sum_coefficients(halves, acc, unreduced, 0, 128);
      REQUIRE(halves == got);
      KyberNttMultiplier::add_ntt(acc, e_hat);
      KyberNttMultiplier::to_ntt(acc, sum);
      REQUIRE(got == KyberNttMultiplier::ntt_coefficients(sum));
    }
  });
}

TEST_CASE("kyber ntt avx512: reduce and to_canonical equal the portable ones on every int16", "[kyber-ntt-avx512]") {
  if (!runs_here()) return;
  for (std::int32_t base = -32768; base < 32768; base += 256) {
    Coeffs f;
    for (std::size_t i = 0; i < 256; ++i) f[i] = static_cast<std::int16_t>(base + static_cast<std::int32_t>(i));
    Coeffs expected = f, got = f;
    kn::reduce(expected);
    k5::reduce(got.data());
    REQUIRE(got == expected);
    std::array<std::uint16_t, 256> canon;
    k5::to_canonical(canon.data(), f.data());
    for (std::size_t i = 0; i < 256; ++i) REQUIRE(canon[i] == kn::to_canonical(f[i]));
  }
}

TEST_CASE("kyber ntt avx512: the multiplier's products are the definition's", "[kyber-ntt-avx512]") {
  if (!runs_here()) return;
  const KyberNttAvx512Multiplier m;
  const RingInfo r = ring_info<KyberRing>();
  std::mt19937_64 rng(44);
  for (auto sa : test::all_shapes)
    for (auto sb : test::all_shapes) {
      const auto a = test::make_input(r, sa, 1, rng), b = test::make_input(r, sb, 1, rng);
      Poly<KyberRing> pa, pb;
      std::copy(a.begin(), a.end(), pa.coeffs.begin());
      std::copy(b.begin(), b.end(), pb.coeffs.begin());
      const auto got = mul(m, pa, pb);
      const auto expected = test::definition_product(r, a, b);
      REQUIRE(std::equal(expected.begin(), expected.end(), got.coeffs.begin()));
    }
}

TEST_CASE("kyber ntt simd: a row's products by halves equal the whole products", "[kyber-ntt-simd]") {
  on_both_isas([&]<Isa I>() {
    INFO(isa_name(I));
    // acc = c_0 o y_0 + c_1 o y_1, whole or half by half (first written, then
    // added), from garbage accumulators.
    const KyberNttSimdMultiplier<I> m;
    std::mt19937_64 rng(48);
    for (int round = 0; round < 50; ++round) {
      std::array<std::array<std::uint16_t, 256>, 2> c;
      std::array<KyberNttMultiplier::operand, 2> y;
      for (std::size_t j = 0; j < 2; ++j) {
        Poly<KyberRing> f;
        for (std::size_t i = 0; i < 256; ++i) {
          c[j][i] = static_cast<std::uint16_t>(round == 0 ? 3328 : rng() % 3329);
          f.coeffs[i] = static_cast<std::uint16_t>(round == 0 ? 3328 : rng() % 3329);
        }
        m.transform(f, y[j]);
      }
      KyberNttMultiplier::accumulator whole, halves;
      for (std::size_t i = 0; i < 256; ++i) whole.data[i] = halves.data[i] = static_cast<std::int32_t>(rng());
      for (std::size_t j = 0; j < 2; ++j) KyberNttSimdMultiplier<I>::multiply_canonical(whole, c[j], y[j], j == 0);
      for (std::size_t from : {std::size_t{128}, std::size_t{0}})
        for (std::size_t j = 0; j < 2; ++j)
          KyberNttSimdMultiplier<I>::multiply_canonical(halves, c[j], y[j], j == 0, from, from + 128);
      REQUIRE(halves.data == whole.data);
    }
  });
}

TEST_CASE("kyber ntt simd: a row in one pass is its accumulated products reduced once", "[kyber-ntt-simd]") {
  if (pqmul::test::cpu_runs(Isa::avx2))
    test::check_row_kernels({&k2::clear_accumulator, &k2::base_multiply_accumulate, &k2::base_multiply_row,
                             &k2::base_multiply_row_canonical, &k2::base_multiply_row_plus_to_canonical_part,
                             &k2::accumulator_plus_to_canonical},
                            49);
  if (pqmul::test::cpu_runs(Isa::avx512))
    test::check_row_kernels({&k5::clear_accumulator, &k5::base_multiply_accumulate, &k5::base_multiply_row,
                             &k5::base_multiply_row_canonical, &k5::base_multiply_row_plus_to_canonical_part,
                             &k5::accumulator_plus_to_canonical},
                            49);
}

TEST_CASE("kyber ntt simd: inverse_of_row is the definition's sum of products", "[kyber-ntt-simd]") {
  on_both_isas([&]<Isa I>() {
    INFO(isa_name(I));
    test::check_inverse_of_row<KyberNttSimdMultiplier<I>>(50);
  });
}

TEST_CASE("kyber ntt avx512: the registry offers kyber/ntt/avx512 with the portable products", "[kyber-ntt-avx512]") {
  // Through the registry, which honours PQMUL_FORCE_PORTABLE.
  if (!pqmul::test::runs_here(Isa::avx512)) return;
  auto m = make_multiplier("kyber", "ntt", {}, Isa::avx512);
  REQUIRE(m->isa() == "avx512");
  CHECK(m->id() == "kyber/ntt/avx512");
  CHECK(make_multiplier("kyber", "ntt")->isa() == "avx512");  // the best ISA by default
  auto p = make_multiplier("kyber", "ntt", {}, Isa::portable);
  const RingInfo r = m->ring();
  std::mt19937_64 rng(45);
  for (Strategy s : all_strategies) {
    INFO(to_string(s));
    constexpr std::size_t rank = 4;
    const auto A = test::make_input(r, test::Shape::all_max, rank * rank, rng);
    const auto v = test::make_input(r, test::Shape::random, rank, rng);
    std::vector<std::uint16_t> got(rank * r.n), expected(rank * r.n);
    m->matrix_vector(A, v, got, rank, Transpose::yes, s, nullptr);
    p->matrix_vector(A, v, expected, rank, Transpose::yes, s, nullptr);
    CHECK(got == expected);
  }
}

#else

TEST_CASE("kyber ntt avx512: not built on this architecture", "[kyber-ntt-avx512]") {
  CHECK_FALSE(isa_available(Isa::avx512));
}

#endif

}  // namespace pqmul_tests::algorithms_test_kyber_ntt_simd
