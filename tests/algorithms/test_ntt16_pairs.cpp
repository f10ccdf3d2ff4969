// The steps "ntt16-1024" (ntt16_pairs.hpp) adds to ntt16-1536's: the portable
// table of zetas against the roots its slots evaluate at; the base products
// of pairs, portable and on each SIMD ISA in its slot order, against their
// definition mod p at those roots (y = zeta: x_e y_e + zeta x_o y_o and x_e
// y_o + x_o y_e, times R^-1) and within the lanes' bound; the even/odd split
// and the fold against their index definitions.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "../common/isa_gate.hpp"
#include "ntt16_roots.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/ntt16_pairs.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"

namespace pqmul_tests::algorithms_test_ntt16_pairs {

namespace {

using namespace pqmul;
using namespace pqmul::ntt16;

using pqmul::test::layout_of_lanes;
using pqmul::test::mod;
using pqmul::test::power;
using pqmul::test::reversed8;

// The root natural slot t of tree `tree` (0 cyclic, 1 negacyclic) evaluates at.
std::int64_t root(std::size_t k, std::size_t tree, unsigned t) {
  const auto& c = kPrime[k];
  return power(c.psi, 2 * reversed8(t) + (tree == 1 ? 1 : 0), c.p);
}

std::vector<std::uint16_t> natural_layout() {
  std::vector<std::uint16_t> l(kLength);
  for (std::size_t s = 0; s < kLength; ++s) l[s] = static_cast<std::uint16_t>(s);
  return l;
}

using MultiplyPairs = void (*)(std::size_t, std::size_t, std::int16_t* const*, const std::int16_t* const*,
                               const std::int16_t* const*, bool);

// Forward outputs (the extremes first), stored or added onto any accumulator.
void check_multiply_pairs(MultiplyPairs multiply, const std::vector<std::uint16_t>& layout, std::mt19937_64& rng) {
  for (std::size_t k = 0; k < kMaxPrimes; ++k)
    for (std::size_t tree = 0; tree < 2; ++tree)
      for (const bool add : {false, true}) {
        const auto& c = kPrime[k];
        INFO("prime " << k << " tree " << tree << (add ? " add" : " store"));
        const std::int64_t r_inverse = power(65536, c.p - 2, c.p);
        const auto input = [&](std::size_t i) {
          const std::int32_t b = c.forward_output_bound;
          return static_cast<std::int16_t>(i < 2 ? (i ? b : -b) : std::int32_t(rng() % (2 * b + 1)) - b);
        };
        std::int16_t xe[256], xo[256], ye[256], yo[256], acc_e[256], acc_o[256], was_e[256], was_o[256];
        for (std::size_t i = 0; i < 256; ++i) {
          xe[i] = input(i), xo[i] = input(i), ye[i] = input(i), yo[i] = input(i);
          was_e[i] = acc_e[i] = static_cast<std::int16_t>(rng());
          was_o[i] = acc_o[i] = static_cast<std::int16_t>(rng());
        }
        std::int16_t* acc[2] = {acc_e, acc_o};
        const std::int16_t* x[2] = {xe, xo};
        const std::int16_t* y[2] = {ye, yo};
        multiply(k, tree, acc, x, y, add);
        const std::int32_t bound = (add ? c.accumulator_bound : 0) + kPairProducts * c.product_bound;
        bool ok = true;
        for (std::size_t s = 0; s < 256; ++s) {
          const std::int64_t zeta = root(k, tree, layout[s]);
          const std::int64_t even = (std::int64_t{xe[s]} * ye[s] + zeta * (std::int64_t{xo[s]} * yo[s] % c.p)) % c.p;
          const std::int64_t odd = std::int64_t{xe[s]} * yo[s] + std::int64_t{xo[s]} * ye[s];
          const std::int64_t e = even * r_inverse + (add ? was_e[s] : 0), o = odd % c.p * r_inverse + (add ? was_o[s] : 0);
          ok = ok && mod(acc_e[s] - e, c.p) == 0 && mod(acc_o[s] - o, c.p) == 0 && std::abs(acc_e[s]) <= bound &&
               std::abs(acc_o[s]) <= bound;
        }
        CHECK(ok);
      }
}

using PairSplit = void (*)(const std::uint16_t*, std::size_t, std::uint16_t, std::int16_t*, std::int16_t*,
                           std::int16_t*, std::int16_t*);
using PairFold = void (*)(const std::uint16_t*, const std::uint16_t*, std::size_t, std::uint16_t, std::uint16_t*);

// Odd n up to 511 (hps509's and the edges), q the NTRU sets' powers of two.
struct Shape {
  std::size_t n;
  std::uint16_t q;
};
constexpr Shape kShapes[] = {{509, 2048}, {511, 8192}, {481, 4096}, {497, 2048}};

void check_split(PairSplit split, std::mt19937_64& rng) {
  for (const Shape shape : kShapes) {
    const std::size_t n = shape.n;
    const std::uint16_t q = shape.q;
    INFO("n " << n << " q " << q);
    std::vector<std::uint16_t> a(n);
    for (std::size_t i = 0; i < n; ++i) a[i] = static_cast<std::uint16_t>(i < 4 ? (q / 2 - 1 + i) % q : rng() % q);
    constexpr std::int16_t kGap = 0x5a5a;
    std::vector<std::int16_t> rows(4 * 256 + 16, kGap);
    split(a.data(), n, q, rows.data(), rows.data() + 256, rows.data() + 512, rows.data() + 768);
    const auto lifted = [&](std::size_t i) -> std::int32_t {
      if (i >= n) return 0;
      return a[i] >= q / 2 ? std::int32_t{a[i]} - q : a[i];
    };
    bool ok = true;
    for (std::size_t t = 0; t < 256; ++t)
      ok = ok && rows[t] == lifted(2 * t) && rows[256 + t] == lifted(2 * t) && rows[512 + t] == lifted(2 * t + 1) &&
           rows[768 + t] == lifted(2 * t + 1);
    for (std::size_t i = 1024; i < rows.size(); ++i) ok = ok && rows[i] == kGap;
    CHECK(ok);
  }
}

// out[i] = c_i + c_(i+n) mod q with c_(2j) = even[j], c_(2j+1) = odd[j]
// (zero from 2n - 1 on, as the product's are).
void check_fold(PairFold fold, std::mt19937_64& rng) {
  for (const Shape shape : kShapes) {
    const std::size_t n = shape.n;
    const std::uint16_t q = shape.q;
    INFO("n " << n << " q " << q);
    std::vector<std::uint16_t> even(512), odd(512), c(1024);
    for (std::size_t i = 0; i < 1024; ++i) {
      c[i] = i < 2 * n - 1 ? static_cast<std::uint16_t>(rng()) : 0;
      (i % 2 ? odd : even)[i / 2] = c[i];
    }
    std::vector<std::uint16_t> out(n + 1, 0xbeef);  // one guard past the end
    fold(even.data(), odd.data(), n, q, out.data());
    bool ok = true;
    for (std::size_t i = 0; i < n; ++i) ok = ok && out[i] == static_cast<std::uint16_t>((c[i] + c[i + n]) & (q - 1));
    CHECK(ok);
    CHECK(out[n] == 0xbeef);
  }
}

}  // namespace

TEST_CASE("ntt16-1024 zetas: the portable table holds each slot's root, times R, with its p^-1 product", "[ntt16]") {
  const PairZetas& z = portable::pair_zetas();
  for (std::size_t k = 0; k < kMaxPrimes; ++k)
    for (std::size_t tree = 0; tree < 2; ++tree) {
      const auto& c = kPrime[k];
      INFO("prime " << k << " tree " << tree);
      bool ok = true;
      for (unsigned s = 0; s < 256; ++s) {
        const std::int64_t zeta = root(k, tree, s);
        // A root of y^256 - 1 (cyclic) or y^256 + 1 (negacyclic).
        ok = ok && power(zeta, 256, c.p) == (tree == 0 ? 1 : c.p - 1);
        ok = ok && mod(z.zeta[tree][k][0][s] - zeta * 65536, c.p) == 0 && std::abs(z.zeta[tree][k][0][s]) <= c.p / 2;
        ok = ok && mod(std::int64_t{z.zeta[tree][k][1][s]} - std::int64_t{z.zeta[tree][k][0][s]} * c.qinv, 65536) == 0;
      }
      CHECK(ok);
    }
}

TEST_CASE("ntt16-1024 base products of pairs at each slot's root, portable and in each ISA's slot order", "[ntt16]") {
  std::mt19937_64 rng(1024);
  check_multiply_pairs(
      [](std::size_t k, std::size_t tree, std::int16_t* const* acc, const std::int16_t* const* x,
         const std::int16_t* const* y, bool add) {
        PortablePairKernels<ntt_tally::Uncounted>{}.multiply_pairs(k, tree, acc, x, y, add);
      },
      natural_layout(), rng);
  for (Isa isa : kernel_isas()) {
    if (!pqmul::test::cpu_runs(isa)) continue;
    INFO(isa_name(isa));
    const KernelSet& set = kernel_set(isa);
    check_multiply_pairs(set.multiply_pairs,
                         layout_of_lanes(set.lanes), rng);
  }
}

TEST_CASE("ntt16-1024 index maps: the even/odd split and the fold by their definitions", "[ntt16]") {
  std::mt19937_64 rng(509);
  check_split(portable::pair_split, rng);
  check_fold(portable::pair_fold, rng);
  for (Isa isa : kernel_isas()) {
    if (!pqmul::test::cpu_runs(isa)) continue;
    INFO(isa_name(isa));
    check_split(kernel_set(isa).pair_split, rng);
    check_fold(kernel_set(isa).pair_fold, rng);
  }
}

}  // namespace pqmul_tests::algorithms_test_ntt16_pairs
