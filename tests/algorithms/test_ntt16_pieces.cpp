// The 16-bit NTTs on NTRU's rings, "ntt16" (Ntt16Pieces, ntt16_pieces.hpp),
// "ntt16-1536" (Ntt16Good, ntt16_good.hpp) and "ntt16-1024" (Ntt16Pairs,
// ntt16_pairs.hpp): products of the input
// extremes and random ones against the int64 definition, portable and on
// each SIMD ISA of the build, for the full-range configuration and the one
// for a short factor; the largest sums max_accumulated promises; the counts
// their headers state; refused configurations and rings.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/ntt16_good.hpp"
#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"
#include "pqmul/algorithms/ntt/ntt16_pieces.hpp"
#include "pqmul/algorithms/op_counts.hpp"
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

// The full range (three primes) and a short factor |b| <= 6 (two primes, as
// the KEMs' short products), portable and on each SIMD ISA this CPU runs.
template <class Portable, class Simd, class Kernels>
void check_configurations(std::mt19937_64& rng) {
  using R = typename Portable::ring;
  for (const Config config : {Config{}, Config{0, 6, 0}}) {
    const Portable portable(config);
    INFO(R::name << ": " << portable.config().primes << " primes, " << portable.max_accumulated() << " products");
    CHECK(portable.config().primes == (config.bound_b == 0 ? 3u : 2u));
    REQUIRE(portable.max_accumulated() >= 1);
    check_products<R>(portable, rng);
    for (Isa isa : kernel_isas()) {
      if (!isa_available(isa)) continue;
      INFO(isa_name(isa));
      const Simd simd(config, Kernels(isa));
      CHECK(simd.isa() == isa);
      check_products<R>(simd, rng);
    }
  }
}

// The operations one product counts (both transforms, the product, the inverse).
OpCounts counted_product(const char* ring, const char* multiplier) {
  const auto m = make_multiplier(ring, multiplier, Params{}, Isa::portable);
  std::string why;
  const auto counted = m->count(Strategy::eager, 0, &why);
  INFO(why);
  REQUIRE(counted.has_value());
  return *counted;
}

}  // namespace

TEMPLATE_TEST_CASE("ntt16 pieces: products and the largest sums equal the definition", "[ntt16]", NtruHps2048509Ring,
                   NtruHps2048677Ring, NtruHrss701Ring, NtruHps4096821Ring) {
  std::mt19937_64 rng(TestType::n);
  check_configurations<Ntt16Pieces<TestType>, Ntt16PiecesSimd<TestType>, SimdKernels>(rng);
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
  const OpCounts counted = counted_product("ntru-hps2048509", "ntt16");
  CHECK(counted.products == 3 * 16 * 256);
  CHECK(counted.constant_mults == 3 * (8 * 896 + 7 * 1152) + 7 * 5 * 256);
  CHECK(counted.additions == 3 * (8 * 1792 + 9 * 256 + 7 * 2048) + 7 * 5 * 256 + 6 * 255 + 249);
}

TEMPLATE_TEST_CASE("ntt16-1536: products and the largest sums equal the definition", "[ntt16]", NtruHps2048509Ring,
                   NtruHps2048677Ring, NtruHrss701Ring) {
  std::mt19937_64 rng(TestType::n + 1536);
  check_configurations<Ntt16Good<TestType>, Ntt16GoodSimd<TestType>, SimdGoodKernels>(rng);
}

TEST_CASE("ntt16-1536: only the rings whose product fits 1536, configurations as ntt16's", "[ntt16][registry]") {
  // 2 * 821 - 1 > 1536: hps4096821 keeps the pieces.
  CHECK(find_registry_entry("ntru-hps4096821", "ntt16-1536") == nullptr);
  CHECK(find_registry_entry("saber", "ntt16-1536") == nullptr);
  for (const char* ring : {"ntru-hps2048509", "ntru-hps2048677", "ntru-hrss701"})
    CHECK(find_registry_entry(ring, "ntt16-1536") != nullptr);
  CHECK_THROWS_WITH(make_multiplier("ntru-hps2048677", "ntt16-1536", Params::parse("primes=2"), Isa::portable),
                    Catch::Contains("use primes=3"));
  CHECK_THROWS_WITH(make_multiplier("ntru-hps2048677", "ntt16-1536", Params::parse("pieces=3"), Isa::portable),
                    Catch::Contains("pieces"));
}

TEST_CASE("registry: ntt16-1536 counted as its header states", "[ntt16][registry]") {
  // hps2048509, three primes. Per operand: the split's 2 x 768 additions; per
  // prime 3 slices x 2 full forwards (1024 constant products, 2048 additions
  // each). Per prime: 2 halves x 9 x 256 products into 6 rows (the first of
  // each stored, 12 x 256 additions); 6 inverses (1152, 2048 each), halved
  // in their last layer's constants, and lo and hi (512 additions per slice).
  // 6 CRTs of 5 + 5 per coefficient; the fold's 509 additions.
  const OpCounts counted = counted_product("ntru-hps2048509", "ntt16-1536");
  CHECK(counted.products == 3 * 18 * 256);
  CHECK(counted.constant_mults == 3 * (12 * 1024 + 6 * 1152) + 6 * 5 * 256);
  CHECK(counted.additions == 2 * 1536 + 3 * (12 * 2048 + 12 * 256 + 6 * 2048 + 3 * 512) + 6 * 5 * 256 + 509);
}

TEST_CASE("ntt16-1024: products and the largest sums equal the definition", "[ntt16]") {
  std::mt19937_64 rng(1024);
  check_configurations<Ntt16Pairs<NtruHps2048509Ring>, Ntt16PairsSimd<NtruHps2048509Ring>, SimdPairKernels>(rng);
}

TEST_CASE("ntt16-1024: only the rings whose product fits 1024, configurations as ntt16's", "[ntt16][registry]") {
  for (const char* ring : {"ntru-hps2048677", "ntru-hrss701", "ntru-hps4096821", "saber"})
    CHECK(find_registry_entry(ring, "ntt16-1024") == nullptr);
  CHECK(find_registry_entry("ntru-hps2048509", "ntt16-1024") != nullptr);
  CHECK_THROWS_WITH(make_multiplier("ntru-hps2048509", "ntt16-1024", Params::parse("primes=2"), Isa::portable),
                    Catch::Contains("use primes=3"));
  CHECK_THROWS_WITH(make_multiplier("ntru-hps2048509", "ntt16-1024", Params::parse("slices=3"), Isa::portable),
                    Catch::Contains("slices"));
}

TEST_CASE("registry: ntt16-1024 counted as its header states", "[ntt16][registry]") {
  // hps2048509, three primes. Per operand and prime: 2 parts x 2 full
  // forwards (1024 constant products, 2048 additions each); the split adds
  // nothing. Per prime: 2 trees x 256 slots of 4 products, one product by
  // zeta and 2 additions (both rows stored); 2 parts x 2 inverses (1152,
  // 2048 each), halved in their last layer's constants, and lo and hi (512
  // additions per part). 4 CRTs of 5 + 5 per coefficient; the fold's 509
  // additions.
  const OpCounts counted = counted_product("ntru-hps2048509", "ntt16-1024");
  CHECK(counted.products == 3 * 2 * 4 * 256);
  CHECK(counted.constant_mults == 3 * (8 * 1024 + 2 * 256 + 4 * 1152) + 4 * 5 * 256);
  CHECK(counted.additions == 3 * (8 * 2048 + 2 * 2 * 256 + 4 * 2048 + 2 * 512) + 4 * 5 * 256 + 509);
}

}  // namespace pqmul_tests::algorithms_test_ntt16_pieces
