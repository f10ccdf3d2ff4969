// The SIMD kernels of the big-prime NTT (AVX2 / AVX-512, or NEON) against their portable
// twins (big_ntt_detail) on zeros, single coefficients, constants, extremes
// and seeded random residues, for one and two primes, complete and incomplete
// transforms, the Saber length (256) and the NTRU lengths (1024, 2048); the
// CRT output against an independent uint64 lift; whole products (typed and
// through the registry) against the int64 definition and the portable counts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::algorithms_test_big_ntt_simd {

namespace {

using namespace pqmul;
namespace bd = pqmul::big_ntt_detail;
namespace sd = pqmul::big_ntt_simd_detail;
using Residues = std::vector<std::uint32_t>;

}  // namespace

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

namespace {

// The residue shapes of the kernel tests.
enum class Fill { zeros, single_one, single_max, all_one, all_max, alternating, random };
constexpr Fill all_fills[] = {Fill::zeros,   Fill::single_one,  Fill::single_max, Fill::all_one,
                              Fill::all_max, Fill::alternating, Fill::random};

Residues fill(Fill f, std::size_t length, std::uint32_t p, std::mt19937_64& rng, std::size_t nonzero) {
  Residues v(length, 0);
  std::uniform_int_distribution<std::uint32_t> any(0, p - 1);
  const std::size_t spot = rng() % nonzero;
  for (std::size_t i = 0; i < nonzero; ++i) switch (f) {
      case Fill::zeros: break;
      case Fill::single_one: v[i] = i == spot ? 1 : 0; break;
      case Fill::single_max: v[i] = i == spot ? p - 1 : 0; break;
      case Fill::all_one: v[i] = 1; break;
      case Fill::all_max: v[i] = p - 1; break;
      case Fill::alternating: v[i] = i % 2 ? p - 1 : 0; break;
      case Fill::random: v[i] = any(rng); break;
    }
  return v;
}

// The ISAs whose kernels run here; for the others, check they are refused.
std::vector<Isa> runnable_isas() {
  std::vector<Isa> out;
  for (Isa isa : sd::kernel_isas()) {
    if (cpu_supports(isa)) {
      out.push_back(isa);
    } else {
      CHECK_FALSE(isa_available(isa));
      CHECK_THROWS_AS(sd::kernel_set(isa), std::invalid_argument);
    }
  }
  if (out.empty())
    for (Isa isa : sd::kernel_isas()) pqmul::test::report_isa_skip(isa);
  return out;
}

// (transform length, n, cyclic) of the Saber ring and the NTRU rings.
struct Shape {
  std::size_t length, n;
  bool cyclic;
};
constexpr Shape shapes[] = {{256, 256, false}, {1024, 509, true}, {2048, 677, true}, {2048, 701, true},
                            {2048, 821, true}};

unsigned log2_exact(std::size_t x) {
  unsigned r = 0;
  while ((std::size_t{1} << r) < x) ++r;
  return r;
}

}  // namespace

TEST_CASE("big-prime NTT kernels equal their portable twins", "[ntt][simd]") {
  std::mt19937_64 rng(20261130);
  for (Isa isa : runnable_isas()) {
    const auto& k = sd::kernel_set(isa);
    for (const auto& shape : shapes) {
      const unsigned complete = log2_exact(shape.length);
      const auto primes = bd::ntt_friendly_primes(2, 2 * shape.length);
      // Complete (d = 1) and incomplete: d = 2, 4, 8, 16 (in-register up to
      // the lane count: 4 NEON, 8 AVX2, 16 AVX-512) and 32 (wider than a
      // register).
      for (unsigned layers = complete; layers + 5 >= complete; --layers) {
        for (std::uint32_t p : primes) {
          INFO(isa_name(isa) << " length " << shape.length << " layers " << layers << " p " << p);
          const auto t = bd::make_prime_tables(p, layers);
          const auto kt = sd::make_kernel_tables(t, shape.length, layers, k.lanes);
          const auto view = kt.view();
          for (Fill f : all_fills) {
            INFO("fill " << static_cast<int>(f));
            // Forward, on full input and (as transform uses it) on input
            // below n only.
            for (std::size_t nonzero : {shape.length, shape.n}) {
              Residues a = fill(f, shape.length, p, rng, nonzero), b = a;
              bd::forward(t, a.data(), shape.length, layers);
              k.forward(view, b.data(), shape.length, layers, nonzero);
              CHECK(a == b);
            }
            // Inverse with the scale.
            {
              Residues a = fill(f, shape.length, p, rng, shape.length), b = a, c(shape.length);
              const Residues input = a;
              bd::inverse(t, a.data(), shape.length, layers);
              k.inverse(view, b.data(), b.data(), shape.length, layers);  // in place
              k.inverse(view, c.data(), input.data(), shape.length, layers);
              CHECK(a == b);
              CHECK(a == c);
            }
            // Base multiply-accumulate: this fill times random and times
            // itself, into a random accumulator.
            {
              const Residues x = fill(f, shape.length, p, rng, shape.length);
              const Residues y = fill(Fill::random, shape.length, p, rng, shape.length);
              Residues acc1 = fill(Fill::random, shape.length, p, rng, shape.length), acc2 = acc1;
              for (const Residues* other : {&y, &x}) {
                bd::base_multiply_accumulate(t, acc1.data(), x.data(), other->data(), shape.length, layers);
                k.base_multiply_accumulate(view, acc2.data(), x.data(), other->data(), shape.length, layers);
              }
              CHECK(acc1 == acc2);
            }
          }
        }
      }
    }
  }
}

TEST_CASE("big-prime NTT kernels: centred input and the CRT output mod q", "[ntt][simd]") {
  std::mt19937_64 rng(7);
  for (Isa isa : runnable_isas()) {
    const auto& k = sd::kernel_set(isa);
    for (const auto& shape : shapes) {
      const auto both = bd::ntt_friendly_primes(2, 2 * shape.length);
      for (std::uint32_t q : {1024u, 2048u, 4096u, 8192u}) {
        // lift_centred against the definition.
        std::vector<std::uint16_t> poly(shape.n);
        for (Fill f : all_fills) {
          for (std::size_t i = 0; i < shape.n; ++i)
            poly[i] = static_cast<std::uint16_t>(f == Fill::random        ? rng() % q
                                                 : f == Fill::all_max     ? q - 1
                                                 : f == Fill::all_one     ? q / 2
                                                 : f == Fill::alternating ? (i % 2 ? q / 2 - 1 : q / 2)
                                                                          : (i == 3 ? q - 1 : 0));
          Residues lifted(shape.length, 12345);
          k.lift_centred(lifted.data(), poly.data(), shape.n, shape.length, q, both[0]);
          Residues expected(shape.length, 0);
          for (std::size_t i = 0; i < shape.n; ++i)
            expected[i] = poly[i] >= q / 2 ? both[0] - (q - poly[i]) : poly[i];
          CHECK(lifted == expected);
        }
        for (std::size_t count : {1u, 2u}) {
          const std::vector<std::uint32_t> primes(both.begin(), both.begin() + static_cast<std::ptrdiff_t>(count));
          const auto c = sd::make_crt_constants(primes, q);
          std::uint64_t modulus = 1;
          for (auto p : primes) modulus *= p;
          for (Fill f : all_fills) {
            INFO(isa_name(isa) << " n " << shape.n << " q " << q << " primes " << count << " fill "
                               << static_cast<int>(f));
            const Residues r1 = fill(f, shape.length, primes[0], rng, shape.length);
            const Residues r2 = count == 2 ? fill(f, shape.length, primes[1], rng, shape.length) : Residues{};
            const std::size_t fold = shape.cyclic ? shape.n : 0;
            std::vector<std::uint16_t> out(shape.n + 1, 0xBEEF);
            k.crt_to_q(c, out.data(), r1.data(), count == 2 ? r2.data() : nullptr, shape.n, fold);
            // Independent lift: the x in [0, M) with x = r_k mod p_k, by
            // search over the multiples of p1 (in uint64), then centred.
            std::vector<std::uint16_t> expected(shape.n + 1, 0xBEEF);
            for (std::size_t i = 0; i < shape.n; ++i) {
              const bool folded = fold != 0 && i + 1 < shape.n;
              std::uint64_t x1 = r1[i] + (folded ? r1[i + fold] : 0);
              x1 %= primes[0];
              std::uint64_t x = x1;
              if (count == 2) {
                std::uint64_t x2 = r2[i] + (folded ? r2[i + fold] : 0);
                x2 %= primes[1];
                const std::uint64_t inverse = bd::pow_mod(primes[0] % primes[1], primes[1] - 2, primes[1]);
                const std::uint64_t u = (x2 + primes[1] - x1 % primes[1]) % primes[1] * inverse % primes[1];
                x = x1 + primes[0] * u;
                REQUIRE(x % primes[1] == x2);
              }
              const std::int64_t centred =
                  x > (modulus - 1) / 2 ? static_cast<std::int64_t>(x) - static_cast<std::int64_t>(modulus)
                                        : static_cast<std::int64_t>(x);
              const std::int64_t m = centred % static_cast<std::int64_t>(q);
              expected[i] = static_cast<std::uint16_t>(m < 0 ? m + q : m);
            }
            CHECK(out == expected);  // including the untouched word after n
          }
        }
      }
    }
  }
}

namespace {

template <class R>
void check_typed(Isa isa, std::mt19937_64& rng) {
  const RingInfo info = ring_info<R>();
  std::vector<BigNttConfig> configs;
  for (unsigned drop : {0u, 2u, 4u})
    for (unsigned primes : {1u, 2u}) {
      BigNttConfig c;
      c.primes = primes;
      c.layers = BigNtt<R>::complete_layers - drop;
      if (primes == 1 && BigNtt<R>::max_accumulated_for(c) == 0) c.bound_b = 3;  // a short factor
      configs.push_back(c);
    }
  for (const auto& config : configs) {
    const BigNtt<R> portable(config);
    const BigNttSimd<R> simd(portable.config(), isa);
    CHECK(simd.isa() == isa);
    CHECK(simd.primes() == portable.primes());
    CHECK(simd.max_accumulated() == portable.max_accumulated());
    const std::uint32_t bound_b = portable.config().bound_b;
    for (auto shape : test::all_shapes) {
      INFO(R::name << " " << isa_name(isa) << " primes " << config.primes << " layers " << portable.config().layers
                   << " shape " << static_cast<int>(shape));
      const auto av = test::make_input(info, shape, 1, rng);
      auto bv = test::make_input(info, shape, 1, rng);
      // Keep b within the configured bound (centred).
      for (auto& c : bv) {
        const std::int64_t centred = c > (R::q - 1) / 2 ? std::int64_t{c} - R::q : c;
        const std::int64_t clipped = std::clamp<std::int64_t>(centred, -std::int64_t{bound_b}, bound_b);
        c = static_cast<std::uint16_t>(clipped < 0 ? clipped + R::q : clipped);
      }
      Poly<R> a, b;
      std::copy(av.begin(), av.end(), a.coeffs.begin());
      std::copy(bv.begin(), bv.end(), b.coeffs.begin());
      auto xs = simd.make_operand(), ys = simd.make_operand(), xp = portable.make_operand(),
           yp = portable.make_operand();
      simd.transform(a, xs);
      simd.transform(b, ys);
      portable.transform(a, xp);
      portable.transform(b, yp);
      CHECK(xs.data.residues == xp.data.residues);
      auto acc_s = simd.make_accumulator(), acc_p = portable.make_accumulator();
      simd.clear(acc_s);
      portable.clear(acc_p);
      simd.multiply_accumulate(acc_s, xs, ys);
      portable.multiply_accumulate(acc_p, xp, yp);
      CHECK(acc_s.data.residues == acc_p.data.residues);
      Poly<R> out;
      simd.inverse(acc_s, out);
      const auto expected = test::definition_product(info, av, bv);
      CHECK(std::vector<std::uint16_t>(out.coeffs.begin(), out.coeffs.end()) == expected);
    }
    // Any accumulator (not only sums of products): the inverse and the CRT
    // equal the portable ones word for word.
    auto acc = portable.make_accumulator();
    for (std::size_t k = 0; k < portable.primes().size(); ++k)
      for (std::size_t i = 0; i < BigNtt<R>::length; ++i)
        acc.data.residues[k * BigNtt<R>::length + i] = static_cast<std::uint32_t>(rng() % portable.primes()[k]);
    Poly<R> out_s, out_p;
    simd.inverse(acc, out_s);
    portable.inverse(acc, out_p);
    CHECK(out_s.coeffs == out_p.coeffs);
  }
}

}  // namespace

TEST_CASE("BigNttSimd products equal the definition and BigNtt", "[ntt][simd]") {
  std::mt19937_64 rng(99);
  for (Isa isa : runnable_isas()) {
    check_typed<SaberRing>(isa, rng);
    check_typed<SaberPRing>(isa, rng);
    check_typed<NtruHps2048509Ring>(isa, rng);
    check_typed<NtruHps2048677Ring>(isa, rng);
    check_typed<NtruHrss701Ring>(isa, rng);
    check_typed<NtruHps4096821Ring>(isa, rng);
  }
}

TEST_CASE("registry: ntt on every SIMD ISA for every ring but kyber, same products and counts",
          "[ntt][simd][registry]") {
  std::mt19937_64 rng(5);
  for (const auto& entry : multiplier_registry()) {
    if (entry.multiplier != "ntt") continue;
    const auto compiled = entry.compiled();
    for (Isa isa : sd::kernel_isas()) {
      if (entry.ring == "kyber") continue;  // Kyber's own NTT (its own tests)
      INFO(entry.ring << " " << isa_name(isa));
      CHECK(std::find(compiled.begin(), compiled.end(), isa) != compiled.end());
      if (!isa_available(isa)) {
        CHECK_THROWS(make_multiplier(entry.ring, "ntt", {}, isa));
        continue;
      }
      for (const auto& variant : entry.variants) {
        INFO("variant '" << variant << "'");
        const Params params = Params::parse(variant);
        const auto simd = make_multiplier(entry.ring, "ntt", params, isa);
        const auto portable = make_multiplier(entry.ring, "ntt", params, Isa::portable);
        CHECK(simd->isa() == isa_name(isa));
        const RingInfo info = simd->ring();
        const auto a = test::make_input(info, test::Shape::random, 1, rng);
        const auto b = test::make_input(info, test::Shape::all_max, 1, rng);
        std::vector<std::uint16_t> out(info.n);
        simd->mul(a, b, out);
        CHECK(out == test::definition_product(info, a, b));
        // A rank-3 matrix-vector product, where the modulus holds the sums.
        const std::size_t rank = std::min<std::size_t>(3, simd->max_accumulated());
        INFO("rank " << rank << " simd max " << simd->max_accumulated() << " portable max "
                     << portable->max_accumulated());
        const auto m = test::make_input(info, test::Shape::random, rank * rank, rng);
        const auto v = test::make_input(info, test::Shape::random, rank, rng);
        std::vector<std::uint16_t> r1(rank * info.n), r2(rank * info.n);
        simd->matrix_vector(m, v, r1, rank, Transpose::no, Strategy::lazy, nullptr);
        portable->matrix_vector(m, v, r2, rank, Transpose::no, Strategy::lazy, nullptr);
        CHECK(r1 == r2);
        std::string why;
        const auto c1 = simd->count(Strategy::cached, rank, &why);
        const auto c2 = portable->count(Strategy::cached, rank, &why);
        REQUIRE(c1.has_value());
        REQUIRE(c2.has_value());
        CHECK(c1->products == c2->products);
        CHECK(c1->constant_mults == c2->constant_mults);
        CHECK(c1->additions == c2->additions);
      }
    }
  }
}

#else

TEST_CASE("big-prime NTT: no SIMD kernels in this build", "[ntt][simd]") {
  CHECK(sd::kernel_isas().empty());
  for (Isa isa : {Isa::avx2, Isa::avx512, Isa::neon}) CHECK_THROWS_AS(sd::kernel_set(isa), std::invalid_argument);
}

#endif

}  // namespace pqmul_tests::algorithms_test_big_ntt_simd
