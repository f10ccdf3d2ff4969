// The correctness verdict of ring rows: inputs within a configuration's
// operand bounds (a bounded NTT is judged on the inputs it is built for, at
// their extremes, and is wrong beyond them).
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/oracle_verdicts.hpp"

namespace pqmul_tests::experiments_test_oracle_verdicts {

using namespace pqmul;
using namespace pqmul::experiments;

namespace {

std::int64_t centred(std::uint16_t v, std::uint32_t q) { return v >= q / 2 ? std::int64_t{v} - q : v; }

}  // namespace

TEST_CASE("oracle verdicts: inputs stay within the bound, the most negative at its edge", "[oracle]") {
  const RingInfo r = ring_info<NtruHrss701Ring>();
  std::mt19937_64 rng(3);
  for (const std::uint32_t bound : {1u, 6u, r.q / 2}) {
    for (const Shape s : all_shapes) {
      INFO(bound << " " << shape_name(s));
      const auto v = input(r, s, 2, bound, rng);
      REQUIRE(v.size() == 2 * r.n);
      bool within = true;
      for (const auto c : v) within = within && c < r.q && centred(c, r.q) >= -std::int64_t{bound} && centred(c, r.q) <= bound;
      CHECK(within);
      if (s == Shape::all_min) CHECK(centred(v[0], r.q) == -std::int64_t{bound});
    }
  }
}

TEST_CASE("oracle verdicts: a bounded configuration is judged within its bounds", "[oracle]") {
  // Two primes hold hrss701's products only with a short second factor: on
  // full-range factors its sums would leave the CRT's exact range.
  const auto bounded = make_multiplier("ntru-hrss701", "ntt16", Params::parse("bound-b=6"), Isa::portable);
  const auto bounds = operand_bounds(*bounded);
  CHECK(bounds.a == 4096);
  CHECK(bounds.b == 6);
  const auto oracle = oracle_for(*bounded);
  CHECK(product_verdict(*bounded, *oracle) == "pass");
  // The same configuration on the full-range extremes (which a verdict on
  // canonical inputs would use) is wrong: the bounds decide what is checked.
  const RingInfo r = bounded->ring();
  std::mt19937_64 rng(5);
  const auto a = input(r, Shape::all_min, 1, r.q / 2, rng), b = input(r, Shape::all_min, 1, r.q / 2, rng);
  std::vector<std::uint16_t> got(r.n), want(r.n);
  bounded->mul(a, b, got);
  oracle->mul(a, b, want);
  CHECK(got != want);
  // Without parameters: any canonical input.
  const auto full = make_multiplier("ntru-hrss701", "ntt16", Params{}, Isa::portable);
  CHECK(operand_bounds(*full).b == 4096);
  CHECK(product_verdict(*full, *oracle) == "pass");
}

}  // namespace pqmul_tests::experiments_test_oracle_verdicts
