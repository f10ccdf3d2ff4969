// Every registered multiplier, on every ring it supports, against the
// definition of the ring product (int64, test-side) and the Kronecker oracle,
// through all three strategies at ranks 2, 3 and 4.
#include <algorithm>
#include <catch2/catch.hpp>

#include <random>

#include "oracle.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul_tests::algorithms_test_multipliers {

using namespace pqmul;
using test::Shape;

namespace {

std::vector<std::uint16_t> oracle_matrix_vector(const RingInfo& r, std::span<const std::uint16_t> A,
                                                std::span<const std::uint16_t> v, std::size_t rank, Transpose t) {
  std::vector<std::uint16_t> out(rank * r.n, 0);
  for (std::size_t i = 0; i < rank; ++i)
    for (std::size_t j = 0; j < rank; ++j) {
      const std::size_t entry = t == Transpose::no ? i * rank + j : j * rank + i;
      auto p = test::definition_product(r, A.subspan(entry * r.n, r.n), v.subspan(j * r.n, r.n));
      for (std::size_t c = 0; c < r.n; ++c) out[i * r.n + c] = static_cast<std::uint16_t>((out[i * r.n + c] + p[c]) % r.q);
    }
  return out;
}

// m's product of an input of every shape with a random one equals the
// definition; with both_orders, also with the operands exchanged.
template <class M>
void require_definition_products(M& m, std::mt19937_64& rng, bool both_orders) {
  const RingInfo r = m.ring();
  for (Shape shape : test::all_shapes) {
    const auto a = test::make_input(r, shape, 1, rng), b = test::make_input(r, Shape::random, 1, rng);
    std::vector<std::uint16_t> got(r.n);
    m.mul(a, b, got);
    REQUIRE(got == test::definition_product(r, a, b));
    if (!both_orders) continue;
    m.mul(b, a, got);
    REQUIRE(got == test::definition_product(r, b, a));
  }
}

}  // namespace

TEST_CASE("every multiplier equals the definition and the Kronecker oracle on single products", "[multipliers]") {
  std::mt19937_64 rng(0x5eed);
  for (const auto& entry : multiplier_registry()) {
    auto kronecker = make_multiplier(entry.ring, "kronecker");
    for (const auto& variant : entry.variants) {
      auto m = entry.make(Params::parse(variant));
      const RingInfo r = m->ring();
      for (Shape shape : test::all_shapes) {
        auto a = test::make_input(r, shape, 1, rng), b = test::make_input(r, Shape::random, 1, rng);
        std::vector<std::uint16_t> got(r.n), oracle(r.n);
        m->mul(a, b, got);
        kronecker->mul(a, b, oracle);
        INFO(m->id() << " shape " << static_cast<int>(shape));
        REQUIRE(got == test::definition_product(r, a, b));
        REQUIRE(got == oracle);
        // The same operand on both sides (squares exercise symmetric paths).
        m->mul(a, a, got);
        REQUIRE(got == test::definition_product(r, a, a));
      }
    }
  }
}

TEST_CASE("every multiplier and strategy gives the oracle's matrix-vector and inner products", "[multipliers][module]") {
  std::mt19937_64 rng(0xa11ce);
  for (const auto& entry : multiplier_registry()) {
    if (entry.multiplier == "kronecker") continue;  // it is the oracle here
    auto m = entry.make(Params::parse(entry.variants.front()));
    auto kronecker = make_multiplier(entry.ring, "kronecker");
    const RingInfo r = m->ring();
    for (std::size_t rank : {2u, 3u, 4u}) {
      const Shape shape = rank == 3 ? Shape::all_max : Shape::random;
      auto A = test::make_input(r, shape, rank * rank, rng), v = test::make_input(r, shape, rank, rng);
      std::vector<std::uint16_t> expected_ip(r.n);
      kronecker->inner_product(std::span<const std::uint16_t>(A).first(rank * r.n), v,
                               expected_ip, rank, Strategy::lazy, nullptr);
      // The definition's products are slow under the sanitizers: each expected
      // matrix-vector product is computed once, not once per strategy.
      const std::vector<std::uint16_t> expected_mv = oracle_matrix_vector(r, A, v, rank, Transpose::no);
      const std::vector<std::uint16_t> expected_mv_transposed = oracle_matrix_vector(r, A, v, rank, Transpose::yes);
      for (Strategy s : all_strategies)
        for (Transpose t : {Transpose::no, Transpose::yes}) {
          INFO(m->id() << " rank " << rank << " " << to_string(s) << (t == Transpose::yes ? " transposed" : ""));
          std::vector<std::uint16_t> out(rank * r.n);
          m->matrix_vector(A, v, out, rank, t, s, nullptr);
          REQUIRE(out == (t == Transpose::no ? expected_mv : expected_mv_transposed));
          std::vector<std::uint16_t> ip(r.n);
          m->inner_product(std::span<const std::uint16_t>(A).first(rank * r.n), v, ip, rank, s, nullptr);
          REQUIRE(ip == expected_ip);
        }
      // The benchmarks' runner (operands converted once) computes the same products.
      for (Strategy s : all_strategies) {
        INFO(m->id() << " rank " << rank << " " << to_string(s) << " through the module runner");
        const auto runner = m->module(A, v, rank, s);
        std::vector<std::uint16_t> out(rank * r.n, 0xFFFF);
        runner->matrix_vector();
        runner->read_output(out);
        REQUIRE(out == expected_mv);
        runner->inner_product();
        runner->read_output(out);
        REQUIRE(std::equal(expected_ip.begin(), expected_ip.end(), out.begin()));
      }
    }
  }
  // The runner refuses what the span interface refuses.
  auto m = make_multiplier("saber", "schoolbook");
  const std::vector<std::uint16_t> short_matrix(3 * 256), v(3 * 256);
  CHECK_THROWS_AS(m->module(short_matrix, v, 3, Strategy::cached), std::invalid_argument);
}

TEST_CASE("strategies do the transforms and inverses of the time-memory trade-off", "[module]") {
  auto m = make_multiplier("saber", "toom4-k2");
  const RingInfo r = m->ring();
  std::mt19937_64 rng(3);
  for (std::size_t l : {2u, 3u, 4u}) {
    auto A = test::make_input(r, Shape::random, l * l, rng), v = test::make_input(r, Shape::random, l, rng);
    std::vector<std::uint16_t> out(l * r.n);
    ModuleStats eager, lazy, cached;
    m->matrix_vector(A, v, out, l, Transpose::no, Strategy::eager, &eager);
    m->matrix_vector(A, v, out, l, Transpose::no, Strategy::lazy, &lazy);
    m->matrix_vector(A, v, out, l, Transpose::no, Strategy::cached, &cached);
    // Bermudo Mera et al.: 2l^2 evaluations -> l^2 + l; l^2 interpolations -> l.
    CHECK(eager.transforms == 2 * l * l);
    CHECK(eager.inverses == l * l);
    CHECK(lazy.transforms == 2 * l * l);
    CHECK(lazy.inverses == l);
    CHECK(cached.transforms == l * l + l);
    CHECK(cached.inverses == l);
    CHECK(cached.products == l * l);
    // Caching holds the l transformed secrets: more memory than lazy.
    CHECK(cached.bytes_held > lazy.bytes_held);
    CHECK(m->bytes_held(Strategy::cached, l) == cached.bytes_held);
  }
}

TEST_CASE("unknown names and invalid parameters are refused with the valid choices", "[registry]") {
  CHECK_THROWS_WITH(make_multiplier("nosuchring", "schoolbook"), Catch::Contains("valid: kyber"));
  CHECK_THROWS_WITH(make_multiplier("saber", "nosuch"), Catch::Contains("toom4-k2"));
  CHECK_THROWS_AS(make_multiplier("saber", "karatsuba", Params::parse("colour=red")), UnknownChoice);
  CHECK_THROWS_AS(make_multiplier("saber", "karatsuba", Params::parse("depth=x")), UnknownChoice);
  // Toom-4 then Toom-3 loses 3 + 1 bits: 13 + 4 = 17 > 16.
  CHECK_THROWS_WITH(make_multiplier("saber", "toom-k", Params::parse("points=0,1,-1,1/2,-1/2,2,inf|0,1,-1,2,inf")),
                    Catch::Contains("16-bit word"));
  CHECK_NOTHROW(make_multiplier("saber", "toom-k", Params::parse("points=0,1,-1,1/2,-1/2,2,inf|0,1,-1,2,inf;word=32")));
  CHECK_THROWS_AS(parse_strategy("greedy"), std::invalid_argument);
  CHECK_THROWS_AS(Params::parse("depth"), std::invalid_argument);
}

TEST_CASE("every ring of the design has the whole portable catalogue", "[registry]") {
  for (const auto& ring : {"kyber", "saber", "saber-p", "ntru-hps2048509", "ntru-hps2048677", "ntru-hrss701",
                           "ntru-hps4096821"}) {
    auto names = multipliers_for_ring(ring);
    for (const auto& expected : {"schoolbook", "karatsuba", "toom3", "toom4", "toom4-k2", "toom-k", "ntt", "kronecker"}) {
      INFO(ring << " " << expected);
      CHECK(std::find(names.begin(), names.end(), expected) != names.end());
    }
  }
}

TEST_CASE("the registry marks the Kronecker oracle, and only it, variable time", "[registry]") {
  std::size_t marked = 0;
  for (const auto& e : multiplier_registry()) {
    INFO(e.ring << "/" << e.multiplier);
    CHECK(e.variable_time == (e.multiplier == "kronecker"));
    marked += e.variable_time;
  }
  CHECK(marked == registered_rings().size());  // one Kronecker entry per ring
}

// The portable Toom-Cook leaf products run over the leaves in blocks of 16
// lanes, then the rest of the leaves either as one more block overlapping the
// last (a long tail, leaves of at most 64 coefficients) or lane by lane. Plans
// whose leaf counts and lengths take each way, in 16- and 32-bit words and in
// the prime field, against the definition.
TEST_CASE("portable Toom-Cook leaf products: every way through the lanes", "[multipliers]") {
  struct Case {
    const char* ring;
    const char* multiplier;
    const char* params;
    const char* way;
  };
  const Case cases[] = {
      {"saber", "karatsuba", "depth=3", "27 leaves of 32: a block, then an overlapping block"},
      {"saber", "karatsuba", "depth=3;word=32", "the same in 32-bit words"},
      {"kyber", "karatsuba", "depth=3", "the same in the prime field"},
      {"saber", "toom4-k2", "", "63 leaves of 16: three blocks, then an overlapping block"},
      {"ntru-hps4096821", "karatsuba", "depth=3", "27 leaves of 103: a block, then lane by lane (too long to mask)"},
      {"saber", "karatsuba", "depth=4", "81 leaves: five blocks, then one lane"},
      {"ntru-hps2048677", "toom4-k4", "", "567 leaves of 11: 35 blocks, then 7 lanes"},
      {"saber", "karatsuba", "depth=2", "9 leaves: lane by lane only"},
  };
  std::mt19937_64 rng(0x1a7e5);
  for (const Case& c : cases) {
    auto m = make_multiplier(c.ring, c.multiplier, Params::parse(c.params), Isa::portable);
    INFO(m->id() << ": " << c.way);
    require_definition_products(*m, rng, false);
  }
}

// A Toom-4 level over 0, 1, -1, 1/2, -1/2, 2, inf in that order runs fused
// passes (toom4_passes.hpp): the interpolation's shared steps instead of the
// derived rows. Its plans put it first; here it also sits below another
// level, where its products come in fewer exact bits, in 16- and 32-bit words
// and in the prime field, beside the same points in another order (the rows).
TEST_CASE("a Toom-4 level over the classic points, first or below another level", "[multipliers]") {
  struct Case {
    const char* ring;
    const char* params;
  };
  const Case cases[] = {
      {"saber", "points=0,1,inf|0,1,-1,1/2,-1/2,2,inf"},
      {"saber", "points=0,1,-1,2,inf|0,1,-1,1/2,-1/2,2,inf;word=32"},
      {"ntru-hps2048509", "points=0,1,-1,1/2,-1/2,2,inf|0,1,-1,1/2,-1/2,2,inf;word=32"},
      {"ntru-hrss701", "points=0,1,-1,1/2,-1/2,2,inf|0,1,inf;leaf=16"},
      {"kyber", "points=0,1,inf|0,1,-1,1/2,-1/2,2,inf"},
      {"kyber", "points=0,1,-1,1/2,-1/2,2,inf|0,1,-1,1/2,-1/2,2,inf"},
      {"saber", "points=inf,0,1,-1,1/2,-1/2,2"},
  };
  std::mt19937_64 rng(0x70045);
  for (const Case& c : cases) {
    auto m = make_multiplier(c.ring, "toom-k", Params::parse(c.params), Isa::portable);
    INFO(m->id() << " " << c.params);
    require_definition_products(*m, rng, true);
  }
}

}  // namespace pqmul_tests::algorithms_test_multipliers
