// Domains are types: a transformed operand is not a polynomial, and two
// multipliers' operands are not interchangeable.
#include <catch2/catch.hpp>

#include "pqmul/algorithms/kronecker.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/toom_cook.hpp"

namespace pqmul_tests::algorithms_test_domains {

using namespace pqmul;

namespace {
using Toom = ToomCook<SaberRing>;
using Oracle = Kronecker<SaberRing>;

template <class M, class X, class Y>
concept can_multiply = requires(const M& m, typename M::accumulator& acc, const X& x, const Y& y) {
  m.multiply_accumulate(acc, x, y);
};
template <class M, class In>
concept can_inverse = requires(const M& m, const In& in, Poly<SaberRing>& out) {
  m.inverse(in, out);
};
}  // namespace

static_assert(Multiplier<Toom>);
static_assert(Multiplier<Oracle>);
static_assert(can_multiply<Toom, Toom::operand, Toom::operand>);
static_assert(!can_multiply<Toom, Poly<SaberRing>, Poly<SaberRing>>, "normal-domain polynomials are not operands");
static_assert(!can_multiply<Toom, Oracle::operand, Toom::operand>, "another multiplier's operand is refused");
static_assert(!can_inverse<Toom, Toom::operand>, "an operand is not an accumulator");
static_assert(!std::is_convertible_v<Poly<SaberRing>, Toom::operand>);

TEST_CASE("the domain rules hold at compile time", "[domains]") {
  // The assertions above are the test; this case makes it visible in ctest.
  SUCCEED("static_asserts compiled");
}

// pqmul::add (the eager strategy's running sum) against 32-bit arithmetic on
// every ring: sums of the extremes and of every residue with its mirror.
TEST_CASE("add is the sum mod q on every ring", "[poly]") {
  for_each_ring([]<RingDescription R>() {
    Poly<R> a, b;
    for (std::size_t i = 0; i < R::n; ++i) {
      a[i] = static_cast<std::uint16_t>(i % 3 == 0 ? R::q - 1 : (i * 7919) % R::q);
      b[i] = static_cast<std::uint16_t>(i % 3 == 1 ? R::q - 1 : (R::q - 1 - (i * 7919) % R::q));
    }
    const Poly<R> sum = add(a, b);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < R::n; ++i) wrong += sum[i] != (std::uint32_t{a[i]} + b[i]) % R::q;
    INFO(R::name);
    CHECK(wrong == 0);
  });
}

}  // namespace pqmul_tests::algorithms_test_domains
