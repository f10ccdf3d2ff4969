// The AVX2 Kyber NTT against its portable twin (kyber_ntt.hpp), kernel by
// kernel, on zeros, single coefficients, constants, extremes and seeded random
// inputs; the whole multiplier against the int64 definition of the product;
// the registry's ISA choice and the forced-portable switch.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::algorithms_test_kyber_ntt_avx2 {

using namespace pqmul;

#if defined(PQMUL_X86_SIMD)

namespace {

namespace kn = pqmul::kyber_ntt;
namespace kv = pqmul::kyber_ntt::avx2;
using Coeffs = kn::Coeffs;
using Lanes = std::array<std::int32_t, 256>;

constexpr std::int32_t Q = 3329;
constexpr std::int16_t H = (Q - 1) / 2;

std::int32_t canonical(std::int64_t v) {
  v %= Q;
  return static_cast<std::int32_t>(v < 0 ? v + Q : v);
}
bool congruent(const Coeffs& a, const Coeffs& b) {
  for (std::size_t i = 0; i < 256; ++i)
    if (canonical(a[i]) != canonical(b[i])) return false;
  return true;
}
bool all_below(const Coeffs& f, std::int32_t bound) {
  for (auto c : f)
    if (c <= -bound || c >= bound) return false;
  return true;
}

// Inputs whose coefficients lie in [-m, m]: zeros, every single coefficient
// at +-m and +-1, the constants +-m, +-1, alternating signs, a ramp, and
// seeded random ones.
std::vector<Coeffs> inputs_within(std::int16_t m, std::uint64_t seed, int random_count) {
  std::vector<Coeffs> out;
  out.push_back(Coeffs{});
  for (std::size_t i = 0; i < 256; ++i)
    for (std::int16_t v : {m, static_cast<std::int16_t>(-m), std::int16_t{1}, std::int16_t{-1}}) {
      if (v != m && v != -m && i % 17 != 0) continue;  // +-1 on a subset of positions
      Coeffs f{};
      f[i] = v;
      out.push_back(f);
    }
  for (std::int16_t v : {m, static_cast<std::int16_t>(-m), std::int16_t{1}, std::int16_t{-1}}) {
    Coeffs f;
    f.fill(v);
    out.push_back(f);
  }
  Coeffs alternating, ramp;
  for (std::size_t i = 0; i < 256; ++i) {
    alternating[i] = static_cast<std::int16_t>(i % 2 ? -m : m);
    ramp[i] = static_cast<std::int16_t>(static_cast<std::int32_t>(i) * (2 * m) / 255 - m);
  }
  out.push_back(alternating);
  out.push_back(ramp);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> d(-m, m);
  for (int k = 0; k < random_count; ++k) {
    Coeffs f;
    for (auto& c : f) c = static_cast<std::int16_t>(d(rng));
    out.push_back(f);
  }
  return out;
}

}  // namespace

TEST_CASE("kyber ntt avx2: the CPU runs it", "[kyber-ntt-avx2]") {
  // This machine type has AVX2; a build elsewhere must at least refuse it.
  if (!pqmul::test::runs_here(Isa::avx2)) {
    CHECK_THROWS_AS(make_multiplier("kyber", "ntt", {}, Isa::avx2), UnknownChoice);
    return;
  }
  CHECK(best_isa() != Isa::portable);
}

TEST_CASE("kyber ntt avx2: forward equals the portable forward", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  // Contract |in| < q: the extremes are +-(q-1).
  for (const auto& in : inputs_within(Q - 1, 1, 200)) {
    Coeffs expected = in, got = in;
    kn::forward(expected);
    kv::forward(got.data());
    REQUIRE(got == expected);
    CHECK(all_below(got, 8 * Q));
    // Reduced as stored: the portable forward, then reduce.
    kn::reduce(expected);
    got = in;
    kv::forward_centred(got.data());
    REQUIRE(got == expected);
    // Read from canonical values (in mod q) without a copy: the same NTT.
    std::array<std::uint16_t, 256> canonical;
    for (std::size_t i = 0; i < 256; ++i) canonical[i] = kn::to_canonical(in[i]);
    Coeffs from_canonical = in, lifted;
    for (std::size_t i = 0; i < 256; ++i) lifted[i] = static_cast<std::int16_t>(canonical[i]);
    kn::forward(lifted);
    kn::reduce(lifted);
    kv::forward_centred_from(from_canonical.data(), canonical.data());
    REQUIRE(from_canonical == lifted);
  }
}

TEST_CASE("kyber ntt avx2: inverse is the portable inverse mod q", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  // Contract |in| < 2^11: the extremes are +-(2^11 - 1).
  for (const auto& in : inputs_within(kv::inverse_input_bound - 1, 2, 200)) {
    Coeffs expected = in, got = in;
    kn::inverse(expected);
    kv::inverse(got.data());
    REQUIRE(congruent(got, expected));
    CHECK(all_below(got, Q));
    expected = in, got = in;
    kn::inverse_from_montgomery(expected);
    kv::inverse_from_montgomery(got.data());
    REQUIRE(congruent(got, expected));
    CHECK(all_below(got, Q));
    // Stored in [0, q) on the way out: the canonical values of the portable inverse.
    Coeffs scratch = in;
    std::array<std::uint16_t, 256> canonical;
    kv::inverse_from_montgomery_to_canonical(canonical.data(), scratch.data());
    for (std::size_t i = 0; i < 256; ++i) REQUIRE(canonical[i] == kn::to_canonical(expected[i]));
    // In place: the output in the input's own storage.
    scratch = in;
    auto* in_place = reinterpret_cast<std::uint16_t*>(scratch.data());
    kv::inverse_from_montgomery_to_canonical(in_place, scratch.data());
    for (std::size_t i = 0; i < 256; ++i) REQUIRE(in_place[i] == canonical[i]);
  }
}

TEST_CASE("kyber ntt avx2: the inverse undoes the forward", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  for (const auto& in : inputs_within(Q - 1, 3, 50)) {
    Coeffs f = in;
    kv::forward(f.data());
    kv::reduce(f.data());  // |f| <= (q-1)/2 < 2^11
    kv::inverse(f.data());
    CHECK(congruent(f, in));
  }
}

TEST_CASE("kyber ntt avx2: base multiply-accumulate is congruent to the portable one", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  // Operands within (q-1)/2; the accumulators start from the same lanes.
  const auto operands = inputs_within(H, 4, 100);
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<std::int32_t> start(-(1 << 28), 1 << 28);
  for (std::size_t k = 0; k < operands.size(); ++k) {
    const Coeffs& a = operands[k];
    const Coeffs& b = operands[(k * 7 + 3) % operands.size()];
    Lanes initial, expected, got;
    for (std::size_t i = 0; i < 256; ++i) initial[i] = expected[i] = got[i] = start(rng);
    kn::base_multiply_accumulate(expected, a, b);
    kv::base_multiply_accumulate(got.data(), a.data(), b.data());
    Coeffs e, g;
    kn::reduce_accumulator(e, expected);
    kn::reduce_accumulator(g, got);
    REQUIRE(g == e);
    // Growth per lane within the stated bound.
    for (std::size_t i = 0; i < 256; ++i)
      REQUIRE(std::abs(std::int64_t{got[i]} - initial[i]) <= kv::product_lane_bound);
  }
}

TEST_CASE("kyber ntt avx2: max_accumulated products of extreme operands fit", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  const std::size_t count = KyberNttAvx2Multiplier{}.max_accumulated();
  CHECK(count == KyberNttAvx2Multiplier::max_products);
  CHECK(static_cast<std::int64_t>(count) * kv::product_lane_bound <= std::numeric_limits<std::int32_t>::max());
  CHECK(static_cast<std::int64_t>(count + 1) * kv::product_lane_bound > std::numeric_limits<std::int32_t>::max());
  // Every sign pattern of +-(q-1)/2 operands, and alternating ones: the
  // accumulated lanes must be `count` times one product (mod q), which fails
  // if any lane wrapped around 2^32.
  Coeffs plus, minus, alternating;
  plus.fill(H);
  minus.fill(static_cast<std::int16_t>(-H));
  for (std::size_t i = 0; i < 256; ++i) alternating[i] = static_cast<std::int16_t>(i % 2 ? -H : H);
  for (const Coeffs* a : {&plus, &minus, &alternating})
    for (const Coeffs* b : {&plus, &minus, &alternating}) {
      Lanes one{}, many{};
      kv::base_multiply_accumulate(one.data(), a->data(), b->data());
      for (std::size_t k = 0; k < count; ++k) kv::base_multiply_accumulate(many.data(), a->data(), b->data());
      for (std::size_t i = 0; i < 256; ++i) {
        REQUIRE(std::abs(std::int64_t{one[i]}) <= kv::product_lane_bound);
        REQUIRE(canonical(many[i]) == canonical(std::int64_t{one[i]} * static_cast<std::int64_t>(count)));
      }
    }
}

TEST_CASE("kyber ntt avx2: reduce_accumulator equals the portable one for any lanes", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  constexpr std::int32_t lo = std::numeric_limits<std::int32_t>::min(), hi = std::numeric_limits<std::int32_t>::max();
  std::vector<Lanes> cases;
  for (std::int32_t v : {0, 1, -1, lo, hi, Q << 15, -(Q << 15), (Q << 16) - 1, 1 << 16, -(1 << 16), 65535}) {
    Lanes l;
    l.fill(v);
    cases.push_back(l);
  }
  Lanes ramp;
  for (std::size_t i = 0; i < 256; ++i) ramp[i] = static_cast<std::int32_t>(lo + static_cast<std::int64_t>(i) * 16843009);
  cases.push_back(ramp);
  std::mt19937_64 rng(6);
  for (int k = 0; k < 300; ++k) {
    Lanes l;
    for (auto& x : l) x = static_cast<std::int32_t>(static_cast<std::uint32_t>(rng()));
    cases.push_back(l);
  }
  for (const auto& l : cases) {
    Coeffs expected, got;
    kn::reduce_accumulator(expected, l);
    kv::reduce_accumulator(got.data(), l.data());
    REQUIRE(got == expected);
  }
}

TEST_CASE("kyber ntt avx2: reduce and to_canonical equal the portable ones on every int16", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  for (std::int32_t base = -32768; base < 32768; base += 256) {
    Coeffs f;
    for (std::size_t i = 0; i < 256; ++i) f[i] = static_cast<std::int16_t>(base + static_cast<std::int32_t>(i));
    Coeffs expected = f, got = f;
    kn::reduce(expected);
    kv::reduce(got.data());
    REQUIRE(got == expected);
    std::array<std::uint16_t, 256> canon;
    kv::to_canonical(canon.data(), f.data());
    for (std::size_t i = 0; i < 256; ++i) REQUIRE(canon[i] == kn::to_canonical(f[i]));
  }
}

TEST_CASE("kyber ntt avx2: centring canonical values equals the portable one on every value below q",
          "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  for (std::uint32_t base = 0; base < kn::q; base += 256) {
    std::array<std::uint16_t, 256> c;
    for (std::size_t i = 0; i < 256; ++i) c[i] = static_cast<std::uint16_t>((base + i) % kn::q);
    KyberNttMultiplier::operand expected;
    KyberNttAvx2Multiplier::operand got;
    KyberNttMultiplier::from_canonical_ntt(c, expected);
    KyberNttAvx2Multiplier::from_canonical_ntt(c, got);
    REQUIRE(got.data == expected.data);
    // The centred value: congruent to c, of absolute value at most (q-1)/2.
    for (std::size_t i = 0; i < 256; ++i) {
      REQUIRE((std::int32_t{got.data[i]} - c[i]) % static_cast<std::int32_t>(kn::q) == 0);
      REQUIRE(std::abs(std::int32_t{got.data[i]}) <= static_cast<std::int32_t>((kn::q - 1) / 2));
    }
  }
}

TEST_CASE("kyber ntt avx2: the multiplier's products are the definition's", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  const KyberNttAvx2Multiplier m;
  const KyberNttMultiplier portable;
  const RingInfo r = ring_info<KyberRing>();
  std::mt19937_64 rng(8);
  for (auto sa : test::all_shapes)
    for (auto sb : test::all_shapes) {
      const auto a = test::make_input(r, sa, 1, rng), b = test::make_input(r, sb, 1, rng);
      Poly<KyberRing> pa, pb;
      std::copy(a.begin(), a.end(), pa.coeffs.begin());
      std::copy(b.begin(), b.end(), pb.coeffs.begin());
      const auto got = mul(m, pa, pb);
      const auto expected = test::definition_product(r, a, b);
      REQUIRE(std::equal(expected.begin(), expected.end(), got.coeffs.begin()));
      CHECK(got.coeffs == mul(portable, pa, pb).coeffs);
    }
}

TEST_CASE("kyber ntt avx2: the NTT-domain helpers agree with the portable ones", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));  // refused here, as it must be
    return;
  }
  using A = KyberNttAvx2Multiplier;
  using P = KyberNttMultiplier;
  std::mt19937_64 rng(9);
  for (int k = 0; k < 20; ++k) {
    std::array<std::uint16_t, 256> u;
    for (auto& c : u) c = static_cast<std::uint16_t>(rng());
    const auto x = A::from_ntt(u);
    CHECK(x.data == P::from_ntt(u).data);
    std::array<std::int16_t, 256> v;
    for (auto& c : v) c = static_cast<std::int16_t>(rng());
    if (k == 0) v.fill(INT16_MIN);
    if (k == 1) v.fill(INT16_MAX);
    if (k == 2) u.fill(UINT16_MAX);
    CHECK(A::from_ntt(v).data == P::from_ntt(v).data);
    CHECK(A::from_ntt(u).data == P::from_ntt(u).data);
    CHECK(A::ntt_coefficients(x) == P::ntt_coefficients(x));
    A::accumulator acc{};
    const auto y = A::from_ntt(P::ntt_coefficients(x));
    A{}.multiply_accumulate(acc, x, y);
    A::add_ntt(acc, x);
    A::operand t, tp;
    A::to_ntt(acc, t);
    P::accumulator accp{};
    P{}.multiply_accumulate(accp, x, y);
    P::add_ntt(accp, x);
    P::to_ntt(accp, tp);
    CHECK(A::ntt_coefficients(t) == P::ntt_coefficients(tp));
  }
}

// to_ntt of the same lanes: equal operands (not only congruent), for zeros,
// the int32 extremes and seeded random lanes.
TEST_CASE("kyber ntt avx2: to_ntt equals the portable one for any lanes", "[kyber-ntt-avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));
    return;
  }
  std::mt19937_64 rng(10);
  for (int k = 0; k < 8; ++k) {
    KyberNttMultiplier::accumulator acc{};
    for (auto& c : acc.data) c = static_cast<std::int32_t>(rng());
    if (k == 0) acc.data.fill(0);
    if (k == 1) acc.data.fill(INT32_MIN);
    if (k == 2) acc.data.fill(INT32_MAX);
    if (k == 3) acc.data[17] = 1;
    KyberNttMultiplier::operand a, p;
    KyberNttAvx2Multiplier::to_ntt(acc, a);
    KyberNttMultiplier::to_ntt(acc, p);
    CHECK(a.data == p.data);
  }
}

TEST_CASE("kyber ntt avx2: the registry offers kyber/ntt/avx2 with the portable products", "[kyber-ntt-avx2]") {
  // Through the registry, which honours PQMUL_FORCE_PORTABLE.
  if (!pqmul::test::runs_here(Isa::avx2)) {
    CHECK_THROWS_AS(make_multiplier("kyber", "ntt", {}, Isa::avx2), UnknownChoice);  // refused, as it must be
    return;
  }
  auto m = make_multiplier("kyber", "ntt", {}, Isa::avx2);
  REQUIRE(m->isa() == "avx2");
  CHECK(m->id() == "kyber/ntt/avx2");
  CHECK(make_multiplier("kyber", "ntt")->isa() != "portable");  // the best ISA by default
  auto p = make_multiplier("kyber", "ntt", {}, Isa::portable);
  REQUIRE(p->isa() == "portable");
  const RingInfo r = m->ring();
  std::mt19937_64 rng(10);
  for (auto s : test::all_shapes) {
    const auto a = test::make_input(r, s, 1, rng), b = test::make_input(r, test::Shape::random, 1, rng);
    std::vector<std::uint16_t> got(r.n), expected(r.n);
    m->mul(a, b, got);
    p->mul(a, b, expected);
    CHECK(got == expected);
  }
  for (Strategy s : all_strategies) {
    INFO(to_string(s));
    constexpr std::size_t rank = 4;
    const auto A = test::make_input(r, test::Shape::all_min, rank * rank, rng);
    const auto v = test::make_input(r, test::Shape::random, rank, rng);
    std::vector<std::uint16_t> got(rank * r.n), expected(rank * r.n);
    m->matrix_vector(A, v, got, rank, Transpose::yes, s, nullptr);
    p->matrix_vector(A, v, expected, rank, Transpose::yes, s, nullptr);
    CHECK(got == expected);
  }
  // Parameters choose the big-prime NTT, which is portable only.
  CHECK(make_multiplier("kyber", "ntt", Params::parse("primes=2"))->isa() == "portable");
}

TEST_CASE("kyber ntt avx2: forced portable refuses the avx2 version, and restores", "[kyber-ntt-avx2]") {
  {
    const pqmul::test::ForcePortable forced;
    CHECK_THROWS_AS(make_multiplier("kyber", "ntt", {}, Isa::avx2), UnknownChoice);
    CHECK(make_multiplier("kyber", "ntt")->isa() == "portable");
    CHECK(best_isa() == Isa::portable);
  }
  if (isa_available(Isa::avx2)) CHECK(make_multiplier("kyber", "ntt", {}, Isa::avx2)->isa() == "avx2");
}

#else

TEST_CASE("kyber ntt avx2: not built on this architecture", "[kyber-ntt-avx2]") {
  CHECK_THROWS_AS(make_multiplier("kyber", "ntt", {}, Isa::avx2), UnknownChoice);
}

#endif

}  // namespace pqmul_tests::algorithms_test_kyber_ntt_avx2
