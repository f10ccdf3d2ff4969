// BigNtt (NTT over one or two primes < 2^31 holding the exact integer product)
// on every ring: products and accumulated sums against an int64 schoolbook
// oracle at the edge of the computed bound, incomplete variants, the refusal of
// configurations just past the bound, and the registry entries.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/ntt/ntt_registry.hpp"

namespace pqmul_tests::algorithms_test_ntt {

using namespace pqmul;

namespace {

template <class R>
using Polys = std::vector<Poly<R>>;

template <class R>
std::int64_t centred(std::uint16_t c) {
  return c > (R::q - 1) / 2 ? std::int64_t{c} - R::q : std::int64_t{c};
}

// sum_j a_j * b_j in Z_q[x]/(x^n -+ 1), by the definition, exact in int64.
template <class R>
Poly<R> oracle(const Polys<R>& a, const Polys<R>& b) {
  std::vector<std::int64_t> c(R::n, 0);
  for (std::size_t t = 0; t < a.size(); ++t)
    for (std::size_t i = 0; i < R::n; ++i)
      for (std::size_t j = 0; j < R::n; ++j) {
        const std::int64_t p = centred<R>(a[t][i]) * centred<R>(b[t][j]);
        if (i + j < R::n)
          c[i + j] += p;
        else
          c[i + j - R::n] += R::wrap == Wrap::cyclic ? p : -p;
      }
  Poly<R> out;
  for (std::size_t i = 0; i < R::n; ++i) {
    const std::int64_t v = c[i] % std::int64_t{R::q};
    out[i] = static_cast<std::uint16_t>(v < 0 ? v + R::q : v);
  }
  return out;
}

// Every coefficient equal to the centred value v (the bound's edge when |v| is the bound).
template <class R>
Poly<R> constant(std::int64_t v) {
  Poly<R> p;
  p.coeffs.fill(static_cast<std::uint16_t>(v < 0 ? v + R::q : v));
  return p;
}

template <class R>
Poly<R> random_poly(std::mt19937& rng, std::uint32_t bound = R::q / 2) {
  std::uniform_int_distribution<std::int64_t> d(-static_cast<std::int64_t>(bound),
                                                std::min<std::int64_t>(bound, (R::q - 1) / 2));
  Poly<R> p;
  for (auto& c : p.coeffs) {
    const std::int64_t v = d(rng);
    c = static_cast<std::uint16_t>(v < 0 ? v + R::q : v);
  }
  return p;
}

template <class R>
Poly<R> single(std::size_t position, std::int64_t v) {
  Poly<R> p = constant<R>(0);
  p[position] = static_cast<std::uint16_t>(v < 0 ? v + R::q : v);
  return p;
}

template <class R>
void check_products(const BigNtt<R>& m, std::mt19937& rng) {
  const std::int64_t A = m.config().bound_a, B = m.config().bound_b;
  const std::vector<std::pair<Poly<R>, Poly<R>>> cases = {
      {constant<R>(-A), constant<R>(-B)},  // every coefficient at the bound: |c| = n A B
      {constant<R>(-A), constant<R>(std::min<std::int64_t>(B, (R::q - 1) / 2))},
      {random_poly<R>(rng, A), random_poly<R>(rng, B)},
      {single<R>(R::n - 1, -A), single<R>(R::n - 1, -B)},  // x^(n-1) * x^(n-1) wraps
      {single<R>(0, 1), random_poly<R>(rng, B)},           // 1 * b = b: forward and inverse round trip
  };
  for (const auto& [a, b] : cases) {
    INFO("ring " << R::name << " layers " << m.config().layers << " primes " << m.config().primes);
    REQUIRE(mul(m, a, b) == oracle<R>({a}, {b}));
  }
  REQUIRE(mul(m, single<R>(0, 1), cases[2].second) == cases[2].second);
}

// A row of `rank` products all at the bound's edge, through every strategy.
template <class R>
void check_accumulation(const BigNtt<R>& m, std::size_t rank, std::mt19937& rng) {
  const std::int64_t A = m.config().bound_a, B = m.config().bound_b;
  Polys<R> a(rank, constant<R>(-A)), b(rank, constant<R>(-B));
  if (rank > 2) a[1] = random_poly<R>(rng, A), b[1] = random_poly<R>(rng, B);
  const Poly<R> expected = oracle<R>(a, b);
  for (Strategy s : all_strategies) {
    INFO("ring " << R::name << " rank " << rank << " " << to_string(s));
    Poly<R> out;
    inner_product(m, std::span<const Poly<R>>(a), std::span<const Poly<R>>(b), out, s);
    REQUIRE(out == expected);
  }
}

}  // namespace

TEMPLATE_TEST_CASE("BigNtt equals the schoolbook oracle at the bound's edge", "[ntt][big]", KyberRing, SaberRing,
                   SaberPRing, NtruHps2048509Ring, NtruHps2048677Ring, NtruHrss701Ring, NtruHps4096821Ring) {
  using R = TestType;
  std::mt19937 rng(11);
  STATIC_REQUIRE(Multiplier<BigNtt<R>>);
  // The default: complete, fewest primes holding a rank-4 row of full-range products.
  const auto m = make_big_ntt<R>(Params{});
  CHECK(m.config().layers == BigNtt<R>::complete_layers);
  CHECK(m.max_accumulated() >= 4);
  CHECK(m.bound_per_product() == std::uint64_t{R::n} * (R::q / 2) * (R::q / 2));
  CHECK(m.modulus() > 2 * 4 * m.bound_per_product());
  CHECK(m.operand_bytes() == sizeof(typename BigNtt<R>::operand) + 4 * m.primes().size() * BigNtt<R>::length);
  check_products(m, rng);
  for (std::size_t rank : {2u, 3u, 4u}) check_accumulation(m, rank, rng);

  // Incomplete transforms: schoolbook base polynomials of degree 2^(missing layers).
  for (unsigned layers : {1u, 3u, BigNtt<R>::complete_layers - 1}) {
    const auto inc = make_big_ntt<R>(Params::parse("layers=" + std::to_string(layers)));
    check_products(inc, rng);
  }
  check_accumulation(make_big_ntt<R>(Params::parse("layers=5")), 3, rng);
}

TEMPLATE_TEST_CASE("BigNtt with small operands needs one prime and still fits its bound", "[ntt][big]", KyberRing,
                   SaberRing, SaberPRing, NtruHps2048509Ring, NtruHps2048677Ring, NtruHrss701Ring,
                   NtruHps4096821Ring) {
  using R = TestType;
  std::mt19937 rng(12);
  // Saber's secret (|s| <= 5) or NTRU's ternary polynomials: one prime suffices.
  const auto small = make_big_ntt<R>(Params::parse("bound-b=5"));
  CHECK(small.primes().size() == 1);
  check_products(small, rng);
  check_accumulation(small, 4, rng);

  // One prime, bound-b chosen so that exactly max_accumulated products fit:
  // a row of that many edge products is exact, one more is refused.
  const std::uint64_t p = BigNtt<R>(BigNttConfig{1, 0, 1, 1}).modulus();
  const std::uint64_t half = (p - 1) / 2, A = R::q / 2;
  const auto b_for_rank = static_cast<std::uint32_t>(std::min<std::uint64_t>(half / (4 * R::n * A), A));
  const auto m = make_big_ntt<R>(Params::parse("primes=1;bound-b=" + std::to_string(b_for_rank)));
  const std::size_t fit = m.max_accumulated();
  CHECK(fit >= 4);
  CHECK(fit * R::n * A * b_for_rank <= half);
  if (fit <= 6) {
    check_accumulation(m, fit, rng);
    Polys<R> row(fit + 1, constant<R>(0));
    Poly<R> out;
    CHECK_THROWS_AS(inner_product(m, std::span<const Poly<R>>(row), std::span<const Poly<R>>(row), out, Strategy::lazy),
                    std::invalid_argument);
    CHECK_THROWS_AS(require_accumulation(m, fit + 1), std::invalid_argument);
  }

  // The largest bound-b holding one product with full-range a works at the
  // edge; one more is refused naming the bound and the modulus.
  const std::uint64_t b_one = half / (R::n * A);
  if (b_one < A) {
    const auto edge = make_big_ntt<R>(Params::parse("primes=1;bound-b=" + std::to_string(b_one)));
    CHECK(edge.max_accumulated() == 1);
    check_products(edge, rng);
    CHECK_THROWS_WITH(make_big_ntt<R>(Params::parse("primes=1;bound-b=" + std::to_string(b_one + 1))),
                      Catch::Contains("modulus") && Catch::Contains(std::to_string(R::n * A * (b_one + 1))));
  }
}

TEST_CASE("BigNtt refuses overflowing and invalid configurations", "[ntt][big]") {
  // Full-range NTRU operands: 821 * 2048 * 2048 > (p - 1) / 2 for any p < 2^31.
  CHECK_THROWS_WITH(make_big_ntt<NtruHps4096821Ring>(Params::parse("primes=1")),
                    Catch::Contains("3443523584") && Catch::Contains("modulus"));
  CHECK_THROWS_AS(make_big_ntt<SaberRing>(Params::parse("primes=1")), std::invalid_argument);
  CHECK_NOTHROW(make_big_ntt<SaberRing>(Params::parse("primes=2")));
  CHECK_THROWS_AS(make_big_ntt<SaberRing>(Params::parse("primes=3")), std::invalid_argument);
  CHECK_THROWS_AS(make_big_ntt<SaberRing>(Params::parse("layers=0")), std::invalid_argument);
  CHECK_THROWS_AS(make_big_ntt<SaberRing>(Params::parse("layers=9")), std::invalid_argument);
  CHECK_NOTHROW(make_big_ntt<NtruHps2048509Ring>(Params::parse("layers=10")));
  CHECK_THROWS_AS(make_big_ntt<NtruHps2048509Ring>(Params::parse("layers=11")), std::invalid_argument);
  CHECK_THROWS_AS(make_big_ntt<SaberRing>(Params::parse("bound-a=0")), std::invalid_argument);
  CHECK_THROWS_AS(make_big_ntt<SaberRing>(Params::parse("bound-a=4097")), std::invalid_argument);
  CHECK_THROWS_AS(make_big_ntt<SaberRing>(Params::parse("colour=red")), std::invalid_argument);
  // The defaults pick the fewest primes for a rank-4 row.
  CHECK(make_big_ntt<SaberRing>(Params{}).primes().size() == 2);
  CHECK(make_big_ntt<SaberPRing>(Params{}).primes().size() == 1);
  CHECK(make_big_ntt<SaberRing>(Params::parse("bound-b=5")).primes().size() == 1);
}

TEST_CASE("BigNtt primes and roots are what the transform needs", "[ntt][big]") {
  for (std::uint64_t step : {512u, 4096u}) {
    const auto primes = big_ntt_detail::ntt_friendly_primes(2, step);
    for (auto p : primes) {
      CHECK(p < (1u << 31));
      CHECK(p % step == 1);
      for (std::uint32_t f = 2; std::uint64_t{f} * f <= p; ++f) REQUIRE(p % f != 0);
      const std::uint64_t root = big_ntt_detail::root_of_unity(p, step);
      CHECK(big_ntt_detail::pow_mod(root, step, p) == 1);
      CHECK(big_ntt_detail::pow_mod(root, step / 2, p) == p - 1);  // order exactly `step`
    }
    CHECK(primes[0] > primes[1]);
  }
  // forward then inverse multiplies by R = 2^32 (the inverse expects base products' R^-1).
  const auto t = big_ntt_detail::make_prime_tables(big_ntt_detail::ntt_friendly_primes(1, 512)[0], 8);
  std::mt19937 rng(13);
  std::vector<std::uint32_t> f(256), g;
  for (auto& c : f) c = rng() % t.arithmetic.p;
  g = f;
  big_ntt_detail::forward(t, g.data(), 256, 8);
  CHECK(g != f);
  big_ntt_detail::inverse(t, g.data(), 256, 8);
  for (auto& c : g) c = t.arithmetic.reduce(c);
  CHECK(g == f);
}

TEST_CASE("the ntt registry entries build every ring's NTT and its variants", "[ntt][registry]") {
  const auto entries = ntt_registry_entries();
  // "ntt" on the seven rings, "ntt16" on the two Saber rings and the four NTRU
  // rings, "ntt16-1536" on the three NTRU rings with 2n - 1 <= 1536,
  // "ntt16-1024" on the one with 2n - 1 <= 1024.
  CHECK(entries.size() == 17);
  CHECK(std::count_if(entries.begin(), entries.end(), [](const auto& e) { return e.multiplier == "ntt"; }) == 7);
  std::mt19937 rng(14);
  for (const auto& e : entries) {
    CHECK((e.multiplier == "ntt" || (e.multiplier == "ntt16" && e.ring != "kyber") ||
           (e.multiplier == "ntt16-1536" && e.ring.starts_with("ntru-") && e.ring != "ntru-hps4096821") ||
           (e.multiplier == "ntt16-1024" && e.ring == "ntru-hps2048509")));
    REQUIRE(!e.variants.empty());
    CHECK(e.variants.front().empty());
    for (const auto& v : e.variants) {
      auto m = e.make(Params::parse(v));
      INFO(m->id());
      CHECK(m->name() == e.multiplier);
      CHECK(m->isa() == "portable");
      CHECK(m->ring().name == e.ring);
      CHECK(m->max_accumulated() >= 1);
      // Counted by a counting twin (test_ntt_counting.cpp checks the figures).
      const auto counts = m->count(Strategy::eager, 0, nullptr);
      REQUIRE(counts.has_value());
      CHECK(counts->products > 0);
      // A product of random canonical inputs against the definition.
      const RingInfo r = m->ring();
      std::vector<std::uint16_t> a(r.n), b(r.n), out(r.n), expected(r.n);
      for (auto& c : a) c = static_cast<std::uint16_t>(rng() % r.q);
      for (auto& c : b) c = static_cast<std::uint16_t>(rng() % r.q);
      std::vector<std::int64_t> acc(r.n, 0);
      for (std::size_t i = 0; i < r.n; ++i)
        for (std::size_t j = 0; j < r.n; ++j)
          acc[(i + j) % r.n] += (i + j >= r.n && r.wrap == Wrap::negacyclic ? -1 : 1) * std::int64_t{a[i]} * b[j];
      for (std::size_t i = 0; i < r.n; ++i) expected[i] = static_cast<std::uint16_t>(((acc[i] % r.q) + r.q) % r.q);
      m->mul(a, b, out);
      REQUIRE(out == expected);
    }
    CHECK_THROWS_AS(e.make(Params::parse("colour=red")), std::invalid_argument);
  }
}

}  // namespace pqmul_tests::algorithms_test_ntt
