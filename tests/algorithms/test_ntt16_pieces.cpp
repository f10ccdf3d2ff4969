// "ntt16" on NTRU's rings (Ntt16Pieces, ntt16_pieces.hpp): products of the
// input extremes and random ones against the int64 definition, portable and
// on each SIMD ISA of the build, for the full-range configuration and the one
// for a short factor; the largest sums max_accumulated promises; the counts
// its header states; refused configurations.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/ntt16_pieces.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul_tests::algorithms_test_ntt16_pieces {

namespace {

using namespace pqmul;
using namespace pqmul::ntt16;

template <class R>
Poly<R> poly_of(const std::vector<std::uint16_t>& v) {
  Poly<R> p;
  for (std::size_t i = 0; i < R::n; ++i) p[i] = v[i];
  return p;
}
template <class R>
std::vector<std::uint16_t> coefficients(const Poly<R>& p) {
  return {p.coeffs.begin(), p.coeffs.end()};
}
template <class R>
std::uint16_t canonical(std::int64_t v) {
  return static_cast<std::uint16_t>(((v % R::q) + R::q) % R::q);
}

// Products of every input shape (b within the configuration's bound), and
// max_accumulated products of the extremes -q/2 and -bound, whose terms all
// have one sign: the largest |c| the configuration promises to lift exactly.
template <class R, class M>
void check_products(const M& m, std::mt19937_64& rng) {
  const RingInfo info = ring_info<R>();
  const auto bb = static_cast<std::int64_t>(m.config().bound_b);
  for (const auto shape : test::all_shapes) {
    INFO("shape " << static_cast<int>(shape));
    const auto a = test::make_input(info, shape, 1, rng);
    std::vector<std::uint16_t> b(R::n);
    for (std::size_t i = 0; i < R::n; ++i)
      b[i] = canonical<R>(shape == test::Shape::all_min   ? -bb
                          : shape == test::Shape::all_max ? (bb == R::q / 2 ? bb - 1 : bb)
                                                          : static_cast<std::int64_t>(rng() % (2 * bb)) - bb);
    CHECK(coefficients(pqmul::mul(m, poly_of<R>(a), poly_of<R>(b))) == test::definition_product(info, a, b));
  }
  Poly<R> a, b;
  for (std::size_t i = 0; i < R::n; ++i) a[i] = canonical<R>(-static_cast<std::int64_t>(R::q / 2)), b[i] = canonical<R>(-bb);
  auto x = m.make_operand(), y = m.make_operand();
  auto acc = m.make_accumulator();
  m.transform(a, x);
  m.transform(b, y);
  m.clear(acc);
  for (std::size_t t = 0; t < m.max_accumulated(); ++t) m.multiply_accumulate(acc, x, y);
  Poly<R> out;
  m.inverse(acc, out);
  const auto one = test::definition_product(info, coefficients(a), coefficients(b));
  bool ok = true;
  for (std::size_t i = 0; i < R::n; ++i) ok = ok && out[i] == (one[i] * m.max_accumulated()) % R::q;
  CHECK(ok);
}

}  // namespace

TEMPLATE_TEST_CASE("ntt16 pieces: products and the largest sums equal the definition", "[ntt16]", NtruHps2048509Ring,
                   NtruHps2048677Ring, NtruHrss701Ring, NtruHps4096821Ring) {
  using R = TestType;
  std::mt19937_64 rng(R::n);
  // Full range (three primes) and a short factor |b| <= 6 (two primes, as the KEMs' short products).
  for (const Config config : {Config{}, Config{0, 6, 0}}) {
    const Ntt16Pieces<R> portable(config);
    INFO(R::name << ": " << portable.config().primes << " primes, " << portable.max_accumulated() << " products");
    CHECK(portable.config().primes == (config.bound_b == 0 ? 3u : 2u));
    REQUIRE(portable.max_accumulated() >= 1);
    check_products<R>(portable, rng);
    for (Isa isa : kernel_isas()) {
      if (!isa_available(isa)) continue;
      INFO(isa_name(isa));
      const Ntt16PiecesSimd<R> simd(config, SimdKernels(isa));
      CHECK(simd.isa() == isa);
      check_products<R>(simd, rng);
    }
  }
}

TEST_CASE("ntt16 pieces: configurations out of range are refused with the reason", "[ntt16]") {
  // One full-range product of hps2048509 reaches 509 * 1024^2, beyond two primes.
  CHECK_THROWS_WITH(Ntt16Pieces<NtruHps2048509Ring>(config_from(Params::parse("primes=2"), 2048, 509)),
                    Catch::Contains("use primes=3"));
  CHECK_THROWS_WITH(make_multiplier("ntru-hrss701", "ntt16", Params::parse("bound-b=4097"), Isa::portable),
                    Catch::Contains("bound-b"));
  CHECK_THROWS_WITH(make_multiplier("ntru-hps2048677", "ntt16", Params::parse("layers=7"), Isa::portable),
                    Catch::Contains("layers"));
}

TEST_CASE("registry: ntt16 on NTRU's rings, counted as its header states", "[ntt16][registry]") {
  // hps2048509, three primes: K = 4 pieces. Per prime: 2 x 4 forwards of a
  // piece whose upper half is zero, without their first layer (7 of 8 layers:
  // 896 constant products, 1792 additions each), 16 x 256 products of which the
  // first of each of the 7 output pieces is stored, 7 inverses (1152, 2048);
  // 7 CRTs of 5 + 5 per coefficient; folding adds 255 coefficients of the
  // first 6 output pieces and 2 * 509 - 1 - 6 * 128 = 249 of the last.
  const auto m = make_multiplier("ntru-hps2048509", "ntt16", Params{}, Isa::portable);
  std::string why;
  const auto counted = m->count(Strategy::eager, 0, &why);
  REQUIRE(counted.has_value());
  CHECK(counted->products == 3 * 16 * 256);
  CHECK(counted->constant_mults == 3 * (8 * 896 + 7 * 1152) + 7 * 5 * 256);
  CHECK(counted->additions == 3 * (8 * 1792 + 9 * 256 + 7 * 2048) + 7 * 5 * 256 + 6 * 255 + 249);
}

}  // namespace pqmul_tests::algorithms_test_ntt16_pieces
