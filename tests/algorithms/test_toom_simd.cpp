// The AVX2 Toom-4 kernels (plans toom4-k2 and toom4-k3 on Saber's rings,
// toom4-k4 on NTRU's): each kernel against a scalar twin written here (zeros,
// single coefficients, constants, 16-bit extremes, seeded random), the full
// products and the lazy / cached module products against the int64
// definition, and the registry's choice of ISA (including the forced-portable
// path).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

#include "oracle.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/algorithms/toom_simd.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::algorithms_test_toom_simd {

using namespace pqmul;

#if defined(PQMUL_X86_SIMD)

namespace {

namespace k = toom_avx2;
using Values = std::vector<std::int16_t>;

// 32-byte aligned int16 storage, as the kernels' operands and accumulators need.
struct Aligned {
  explicit Aligned(std::size_t count) : raw(count + 16) {
    auto address = reinterpret_cast<std::uintptr_t>(raw.data());
    offset = ((32 - address % 32) % 32) / sizeof(std::int16_t);
  }
  std::int16_t* data() { return raw.data() + offset; }
  std::vector<std::int16_t> raw;
  std::size_t offset = 0;
};

std::int16_t wrap(long long v) { return static_cast<std::int16_t>(static_cast<std::uint16_t>(v & 0xffff)); }

// --- scalar twins -----------------------------------------------------------

// Toom-4 evaluation of 4 pieces of 16m values at inf, 2, 1, -1, 8*(1/2), 8*(-1/2), 0.
Values toom4_evaluate_twin(const Values& a, std::size_t m) {
  const std::size_t len = 16 * m;
  Values w(7 * len);
  for (std::size_t i = 0; i < len; ++i) {
    const long long r0 = a[i], r1 = a[len + i], r2 = a[2 * len + i], r3 = a[3 * len + i];
    const long long values[7] = {r3,      r0 + 2 * r1 + 4 * r2 + 8 * r3, r0 + r1 + r2 + r3, r0 - r1 + r2 - r3,
                                 8 * r0 + 4 * r1 + 2 * r2 + r3, 8 * r0 - 4 * r1 + 2 * r2 - r3, r0};
    for (std::size_t p = 0; p < 7; ++p) w[p * len + i] = wrap(values[p]);
  }
  return w;
}

// Karatsuba down to leaves of one block.
void karatsuba_evaluate_twin(const std::int16_t* a, std::size_t m, Values& leaves) {
  if (m == 1) {
    leaves.insert(leaves.end(), a, a + 16);
    return;
  }
  if (m == 3) {  // three-way Karatsuba: a0, a1, a2, a0+a1, a0+a2, a1+a2
    leaves.insert(leaves.end(), a, a + 48);
    for (auto [x, y] : {std::pair{0, 1}, std::pair{0, 2}, std::pair{1, 2}})
      for (std::size_t i = 0; i < 16; ++i) leaves.push_back(wrap(a[16 * x + i] + a[16 * y + i]));
    return;
  }
  const std::size_t h = (m + 1) / 2, r = m - h;
  Values sum(a, a + 16 * h);
  for (std::size_t i = 0; i < 16 * r; ++i) sum[i] = wrap(sum[i] + a[16 * h + i]);
  karatsuba_evaluate_twin(a, h, leaves);
  karatsuba_evaluate_twin(sum.data(), h, leaves);
  karatsuba_evaluate_twin(a + 16 * h, r, leaves);
}

// Exact leaves: two Karatsuba levels on `len` values split at len/2 and
// len/4 (low, sum, high), each leaf zero-padded to `padded` values.
void exact_evaluate_twin(const std::int16_t* a, std::size_t len, std::size_t padded, int levels, Values& leaves) {
  if (levels == 0) {
    leaves.insert(leaves.end(), a, a + len);
    leaves.insert(leaves.end(), padded - len, 0);
    return;
  }
  const std::size_t h = len / 2;
  Values sum(h);
  for (std::size_t i = 0; i < h; ++i) sum[i] = wrap(a[i] + a[h + i]);
  exact_evaluate_twin(a, h, padded, levels - 1, leaves);
  exact_evaluate_twin(sum.data(), h, padded, levels - 1, leaves);
  exact_evaluate_twin(a + h, h, padded, levels - 1, leaves);
}

// Leaves of 16s values -> groups of 16s rows, row j holding value j of 16 leaves.
Values transpose_twin(const Values& leaves, std::size_t count, std::size_t s) {
  const std::size_t groups = (count + 15) / 16, rows = 16 * s;
  Values out(groups * 16 * rows, 0);
  for (std::size_t leaf = 0; leaf < count; ++leaf)
    for (std::size_t j = 0; j < rows; ++j) out[((leaf / 16) * rows + j) * 16 + leaf % 16] = leaves[leaf * rows + j];
  return out;
}

// Plain product mod 2^16 of two polynomials of `len` values (2*len values, last zero).
Values plain_product(const std::int16_t* a, const std::int16_t* b, std::size_t len) {
  Values out(2 * len, 0);
  for (std::size_t i = 0; i < len; ++i)
    for (std::size_t j = 0; j < len; ++j) out[i + j] = wrap(out[i + j] + static_cast<long long>(a[i]) * b[j]);
  return out;
}

// acc (transposed groups of 32s rows) += leafwise products of the first
// `used` of the 16s rows of x and y.
void multiply_accumulate_twin(Values& acc, const Values& x, const Values& y, std::size_t groups, std::size_t s,
                              std::size_t used) {
  const std::size_t rows = 16 * s;
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t lane = 0; lane < 16; ++lane)
      for (std::size_t i = 0; i < used; ++i)
        for (std::size_t j = 0; j < used; ++j) {
          auto& c = acc[(g * 2 * rows + i + j) * 16 + lane];
          c = wrap(c + static_cast<long long>(x[(g * rows + i) * 16 + lane]) * y[(g * rows + j) * 16 + lane]);
        }
}

// --- inputs -------------------------------------------------------------------

enum class Pattern { zeros, single, constant, all_ones, min_max, random };
constexpr Pattern all_patterns[] = {Pattern::zeros,   Pattern::single,  Pattern::constant,
                                    Pattern::all_ones, Pattern::min_max, Pattern::random};

// Arbitrary 16-bit values (the kernels' contract allows any bit pattern).
Values pattern(Pattern p, std::size_t count, std::mt19937_64& rng) {
  Values v(count, 0);
  std::uniform_int_distribution<int> any(-32768, 32767);
  for (std::size_t i = 0; i < count; ++i) switch (p) {
      case Pattern::zeros: break;
      case Pattern::single: v[i] = i == (count * 5) / 7 ? wrap(0xffff) : 0; break;
      case Pattern::constant: v[i] = 8191; break;
      case Pattern::all_ones: v[i] = wrap(0xffff); break;
      case Pattern::min_max: v[i] = i % 2 ? 32767 : -32768; break;
      case Pattern::random: v[i] = static_cast<std::int16_t>(any(rng)); break;
    }
  return v;
}

constexpr std::size_t test_ms[] = {1, 2, 3, 4, 5, 8, 11, 13, 16};

}  // namespace

TEST_CASE("toom avx2: shape helpers", "[toom-avx2]") {
  CHECK(k::karatsuba_leaves(4) == 9);
  CHECK(k::karatsuba_leaves(3) == 6);
  CHECK(k::karatsuba_leaves(11) == 51);
  CHECK(k::karatsuba_leaves(13) == 66);  // 7 + 7 + 6 blocks: 24 + 24 + 18
  CHECK(k::best_blocks(256) == 16);
  CHECK_FALSE(k::exact_leaves(4));
  CHECK(k::leaf_blocks(4) == 1);
  CHECK(k::group_count(16) == 4);  // Saber: 63 leaves of one block
  CHECK(k::best_blocks(509) == 32);
  CHECK(k::exact_leaves(8));
  CHECK(k::leaf_blocks(8) == 2);
  CHECK(k::best_blocks(677) == 44);
  CHECK(k::leaf_blocks(11) == 3);  // leaves of 44 coefficients in 3 columns
  CHECK(k::group_count(44) == 4);  // 63 exact leaves
  CHECK(k::best_blocks(821) == 52);
  CHECK(k::leaf_blocks(13) == 4);  // leaves of 52 coefficients in 4 columns
  CHECK(k::group_count(52) == 4);
  CHECK_FALSE(k::exact_leaves(14));
  CHECK(k::group_count(56) == 32);  // 7 * 72 leaves of one block
  for (std::size_t m = 1; m <= k::max_blocks / 4; ++m) CHECK(k::leaf_blocks(m) <= 4);
  for (std::size_t n : {509u, 677u, 701u, 821u}) {
    INFO(n);
    CHECK(16 * k::best_blocks(n) >= n);
    CHECK(k::best_blocks(n) % 4 == 0);
    const std::size_t m = k::best_blocks(n) / 4, s = k::leaf_blocks(m);
    CHECK(k::operand_values(4 * m) == k::group_count(4 * m) * 256 * s);
  }
}

TEST_CASE("toom avx2: Toom-4 and Karatsuba evaluation equal their scalar twins", "[toom-avx2]") {
  std::mt19937_64 rng(1);
  for (std::size_t m : test_ms)
    for (Pattern p : all_patterns) {
      INFO("m=" << m << " pattern " << int(p));
      const Values a = pattern(p, 64 * m, rng);
      Values w(7 * 16 * m);
      k::toom4_evaluate(a.data(), m, w.data());
      CHECK(w == toom4_evaluate_twin(a, m));

      const Values piece(a.begin(), a.begin() + 16 * m);
      Values leaves(16 * k::karatsuba_leaves(m)), twin;
      k::karatsuba_evaluate(piece.data(), m, leaves.data());
      karatsuba_evaluate_twin(piece.data(), m, twin);
      CHECK(leaves == twin);
    }
}

TEST_CASE("toom avx2: transpositions equal their scalar twins", "[toom-avx2]") {
  std::mt19937_64 rng(2);
  for (std::size_t s = 1; s <= 4; ++s)  // every leaf size leaf_blocks() gives
    for (std::size_t count : {1u, 15u, 16u, 17u, 42u, 63u})
      for (Pattern p : all_patterns) {
        INFO("leaf blocks=" << s << " leaves=" << count << " pattern " << int(p));
        const std::size_t groups = (count + 15) / 16;
        const Values leaves = pattern(p, 16 * s * count, rng);
        Values out(256 * s * groups);
        k::transpose_leaves(leaves.data(), count, s, out.data());
        CHECK(out == transpose_twin(leaves, count, s));

        if (s != 1) continue;  // (products of exact leaves come back by columns, inside the steps)
        const Values acc = pattern(p, 512 * groups, rng);
        Values products(32 * count);
        k::untranspose_products(acc.data(), count, products.data());
        Values twin(32 * count);
        for (std::size_t leaf = 0; leaf < count; ++leaf)
          for (std::size_t r = 0; r < 32; ++r) twin[leaf * 32 + r] = acc[((leaf / 16) * 32 + r) * 16 + leaf % 16];
        CHECK(products == twin);
      }
}

TEST_CASE("toom avx2: batched leaf products accumulate like the scalar twin", "[toom-avx2]") {
  std::mt19937_64 rng(3);
  // One-block leaves (m = 4, 16) and exact leaves of 20 to 52 rows in 2 to 4 columns.
  for (std::size_t m : {4u, 16u, 5u, 8u, 9u, 11u, 12u, 13u})
    for (std::size_t groups : {1u, 4u})
      for (Pattern p : all_patterns) {
        const std::size_t s = k::leaf_blocks(m), used = k::exact_leaves(m) ? 4 * m : 16;
        INFO("m=" << m << " groups=" << groups << " pattern " << int(p));
        const Values x = pattern(p, 256 * s * groups, rng), y = pattern(Pattern::random, 256 * s * groups, rng);
        const Values start = pattern(p == Pattern::zeros ? Pattern::zeros : Pattern::random, 512 * s * groups, rng);
        Aligned ax(x.size()), ay(y.size()), acc(start.size());
        std::copy(x.begin(), x.end(), ax.data());
        std::copy(y.begin(), y.end(), ay.data());
        std::copy(start.begin(), start.end(), acc.data());
        Values twin = start;
        for (int round = 0; round < 2; ++round) {  // accumulates: twice
          k::multiply_accumulate_groups(acc.data(), ax.data(), ay.data(), groups, m);
          multiply_accumulate_twin(twin, x, y, groups, s, used);
        }
        CHECK(Values(acc.data(), acc.data() + twin.size()) == twin);
      }
}

TEST_CASE("toom avx2: one or two more Karatsuba levels on the rows accumulate like the schoolbook's scalar twin",
          "[toom-avx2]") {
  std::mt19937_64 rng(4);
  for (std::size_t levels = 1; levels <= k::max_row_levels; ++levels) {
    for (std::size_t groups : {1u, 4u})
      for (Pattern p : all_patterns) {
        INFO("levels=" << levels << " groups=" << groups << " pattern " << int(p));
        const Values x = pattern(p, 256 * groups, rng), y = pattern(Pattern::random, 256 * groups, rng);
        const Values start = pattern(p == Pattern::zeros ? Pattern::zeros : Pattern::random, 512 * groups, rng);
        Aligned ax(x.size()), ay(y.size()), acc(start.size());
        std::copy(x.begin(), x.end(), ax.data());
        std::copy(y.begin(), y.end(), ay.data());
        std::copy(start.begin(), start.end(), acc.data());
        Values twin = start;
        for (int round = 0; round < 2; ++round) {
          k::multiply_accumulate_groups_row_karatsuba(acc.data(), ax.data(), ay.data(), groups, levels);
          multiply_accumulate_twin(twin, x, y, groups, 1, 16);
        }
        CHECK(Values(acc.data(), acc.data() + twin.size()) == twin);
      }
  }
  // Only pieces of 4 blocks have those steps, with 1 or 2 levels.
  const std::size_t saber_blocks = k::row_karatsuba_blocks;
  CHECK(&k::row_karatsuba_steps_for(saber_blocks, 1) != &k::steps_for(saber_blocks));
  CHECK(&k::row_karatsuba_steps_for(saber_blocks, 2) != &k::row_karatsuba_steps_for(saber_blocks, 1));
  for (std::size_t levels : {std::size_t{0}, k::max_row_levels + 1})
    CHECK_THROWS_AS(k::row_karatsuba_steps_for(saber_blocks, levels), std::invalid_argument);
  for (std::size_t blocks : {std::size_t{0}, std::size_t{20}, std::size_t{44}, k::max_blocks})
    CHECK_THROWS_AS(k::row_karatsuba_steps_for(blocks, 1), std::invalid_argument);
  // Two levels keep the nine schoolbook products apart: the accumulator
  // holds twice the rows of the plans that recombine at once.
  CHECK(k::used_accumulator_values(saber_blocks, 2) == k::accumulator_values(saber_blocks));
  CHECK(2 * k::used_accumulator_values(saber_blocks, 1) == k::accumulator_values(saber_blocks));
  CHECK(k::used_accumulator_values(saber_blocks, 0) == k::used_accumulator_values(saber_blocks, 1));
}

TEST_CASE("toom avx2: Karatsuba recombination gives the plain product mod 2^16", "[toom-avx2]") {
  std::mt19937_64 rng(4);
  for (std::size_t m : test_ms)
    for (Pattern p : all_patterns) {
      INFO("m=" << m << " pattern " << int(p));
      const Values a = pattern(p, 16 * m, rng), b = pattern(Pattern::random, 16 * m, rng);
      const std::size_t len = 16;
      Values la, lb;
      karatsuba_evaluate_twin(a.data(), m, la);
      karatsuba_evaluate_twin(b.data(), m, lb);
      Values products;
      for (std::size_t leaf = 0; leaf < la.size() / len; ++leaf) {
        const Values prod = plain_product(la.data() + len * leaf, lb.data() + len * leaf, len);
        products.insert(products.end(), prod.begin(), prod.end());
      }
      Values out(32 * m);
      k::karatsuba_interpolate(products.data(), m, out.data());
      CHECK(out == plain_product(a.data(), b.data(), 16 * m));
    }
}

TEST_CASE("toom avx2: Toom-4 interpolation gives the plain product mod 2^13", "[toom-avx2]") {
  std::mt19937_64 rng(5);
  for (std::size_t m : {1u, 4u, 11u})
    for (Pattern p : all_patterns) {
      INFO("m=" << m << " pattern " << int(p));
      const Values a = pattern(p, 64 * m, rng), b = pattern(Pattern::random, 64 * m, rng);
      const Values wa = toom4_evaluate_twin(a, m), wb = toom4_evaluate_twin(b, m);
      Values w;
      for (std::size_t point = 0; point < 7; ++point) {
        const Values prod = plain_product(wa.data() + point * 16 * m, wb.data() + point * 16 * m, 16 * m);
        w.insert(w.end(), prod.begin(), prod.end());
      }
      Values out(128 * m);
      k::toom4_interpolate(w.data(), m, out.data());
      const Values want = plain_product(a.data(), b.data(), 64 * m);
      bool equal = true;
      for (std::size_t i = 0; i < out.size(); ++i) equal = equal && ((out[i] - want[i]) & 0x1fff) == 0;
      CHECK(equal);
    }
}

namespace {

// Both kernel builds: the AVX2 one, and the AVX-512VL one where it can run.
std::vector<Isa> kernel_builds() {
  std::vector<Isa> builds{Isa::avx2};
  if (isa_available(Isa::avx512)) builds.push_back(Isa::avx512);
  return builds;
}

// plan: the ring's toom_simd_plan, or toom4-k3 / toom4-k4 (one or two more
// Karatsuba levels on the rows: a table of their own, and no general steps).
template <class R>
void check_ring_products(std::string_view plan = toom_simd_plan<R>) {
  const RingInfo r = ring_info<R>();
  std::mt19937_64 rng(6);
  std::size_t row_levels = 0;
  for (std::size_t levels = 1; levels <= k::max_row_levels; ++levels)
    if (toom_simd_row_karatsuba<R> && plan == k::row_karatsuba_plan(levels)) row_levels = levels;
  const bool row_karatsuba = row_levels > 0;
  for (Isa build : kernel_builds()) {
    const Toom4Simd<R> m{build, plan};
    CHECK(m.name() == plan);
    // The general steps and the table of this ring's length (the multiplier's).
    const k::Steps& general = build == Isa::avx512 ? toom_avx512::steps : k::steps;
    const bool wide = build == Isa::avx512;
    const k::Steps& shaped =
        row_karatsuba ? (wide ? toom_avx512::row_karatsuba_steps_for(m.blocks, row_levels)
                              : k::row_karatsuba_steps_for(m.blocks, row_levels))
                      : (wide ? toom_avx512::steps_for(m.blocks) : k::steps_for(m.blocks));
    CHECK(&shaped != &general);
    std::vector<const k::Steps*> tables{&shaped};
    if (!row_karatsuba) tables.push_back(&general);
    for (const k::Steps* table : tables)
    for (test::Shape shape : test::all_shapes) {
      const k::Steps& steps = *table;
      INFO(r.name << " kernels " << isa_name(build) << (table == &general ? " general" : " shaped") << " shape "
                  << int(shape));
      const auto a = test::make_input(r, shape, 1, rng), b = test::make_input(r, test::Shape::random, 1, rng);
      Poly<R> pa, pb;
      std::copy(a.begin(), a.end(), pa.coeffs.begin());
      std::copy(b.begin(), b.end(), pb.coeffs.begin());
      const Poly<R> got = mul(m, pa, pb);
      const auto want = test::definition_product(r, a, b);
      CHECK(std::equal(want.begin(), want.end(), got.coeffs.begin()));

      // The kernel steps directly: evaluate, accumulate (twice: a + a, b), interpolate.
      Aligned x(m.operand_values), y(m.operand_values), acc(m.accumulator_values);
      std::fill_n(acc.data(), m.accumulator_values, 0);
      steps.evaluate(a.data(), r.n, m.blocks, x.data());
      steps.evaluate(b.data(), r.n, m.blocks, y.data());
      steps.multiply_accumulate(acc.data(), x.data(), y.data(), m.blocks);
      std::vector<std::uint16_t> out(r.n);
      steps.interpolate(acc.data(), m.blocks, r.n, r.wrap == Wrap::negacyclic, static_cast<std::uint16_t>(r.q),
                        out.data());
      CHECK(out == want);
      steps.multiply_accumulate(acc.data(), x.data(), y.data(), m.blocks);
      steps.interpolate(acc.data(), m.blocks, r.n, r.wrap == Wrap::negacyclic, static_cast<std::uint16_t>(r.q),
                        out.data());
      std::vector<std::uint16_t> twice(r.n);
      for (std::size_t i = 0; i < r.n; ++i) twice[i] = static_cast<std::uint16_t>(2 * want[i] % r.q);
      CHECK(out == twice);
      // multiply: a first product stored, every value of the accumulator the
      // plan uses written (the bytes it held before make no difference),
      // equal to a zeroed accumulator and multiply_accumulate; the values past
      // those untouched.
      const std::size_t used = k::used_accumulator_values(m.blocks, row_levels);
      for (std::int16_t fill : {std::int16_t{0}, std::int16_t{-1}, std::int16_t{0x5a5a}}) {
        Aligned fresh(m.accumulator_values), zeroed(m.accumulator_values);
        std::fill_n(fresh.data(), m.accumulator_values, fill);
        std::fill_n(zeroed.data(), m.accumulator_values, 0);
        steps.multiply(fresh.data(), x.data(), y.data(), m.blocks);
        steps.multiply_accumulate(zeroed.data(), x.data(), y.data(), m.blocks);
        CHECK(std::equal(fresh.data(), fresh.data() + used, zeroed.data()));
        CHECK(std::all_of(fresh.data() + used, fresh.data() + m.accumulator_values,
                          [fill](std::int16_t v) { return v == fill; }));
      }
      // Through the multiplier: clear() only marks the accumulator; a cleared
      // one inverts to zero, and its next product is stored, not added.
      auto mac = m.make_accumulator();
      Poly<R> sum;
      m.clear(mac);
      m.inverse(mac, sum);
      CHECK(std::all_of(sum.coeffs.begin(), sum.coeffs.end(), [](std::uint16_t c) { return c == 0; }));
      Poly<R> px, py;
      std::copy(a.begin(), a.end(), px.coeffs.begin());
      std::copy(b.begin(), b.end(), py.coeffs.begin());
      auto ox = m.make_operand(), oy = m.make_operand();
      m.transform(px, ox);
      m.transform(py, oy);
      for (int round = 0; round < 2; ++round) {  // (the second after a product: clear again)
        m.clear(mac);
        m.multiply_accumulate(mac, ox, oy);
        m.inverse(mac, sum);
        CHECK(std::equal(want.begin(), want.end(), sum.coeffs.begin()));
      }
      m.multiply_accumulate(mac, ox, oy);
      m.inverse(mac, sum);
      CHECK(std::equal(twice.begin(), twice.end(), sum.coeffs.begin()));
      // A wipe clears every value the plan wrote, the values the multiplier
      // reports for the module's memory figures.
      CHECK(mac.data.used == used);
      CHECK(m.accumulator_bytes() == used * sizeof(std::int16_t));
      CHECK(std::any_of(mac.data.v.begin(), mac.data.v.begin() + used, [](std::int16_t v) { return v != 0; }));
      wipe(mac);
      CHECK(std::all_of(mac.data.v.begin(), mac.data.v.begin() + used, [](std::int16_t v) { return v == 0; }));

      // evaluate = Toom-4, Karatsuba, transposition (the scalar twins).
      const std::size_t quarter = m.blocks / 4, s = k::leaf_blocks(quarter);
      Values padded(16 * m.blocks, 0);
      std::copy(a.begin(), a.end(), padded.begin());
      const Values pieces = toom4_evaluate_twin(padded, quarter);
      Values leaves;
      for (std::size_t p = 0; p < 7; ++p) {
        const std::int16_t* piece = pieces.data() + p * 16 * quarter;
        if (k::exact_leaves(quarter))
          exact_evaluate_twin(piece, 16 * quarter, 16 * s, 2, leaves);
        else
          karatsuba_evaluate_twin(piece, quarter, leaves);
      }
      const Values twin = transpose_twin(leaves, leaves.size() / (16 * s), s);
      CHECK(Values(x.data(), x.data() + twin.size()) == twin);
    }
  }
}

}  // namespace

TEST_CASE("toom avx2: full products equal the definition on every supported ring", "[toom-avx2]") {
  if (!pqmul::test::runs_here(Isa::avx2)) {
    CHECK_FALSE(isa_unavailable_reason(Isa::avx2).empty());
    return;
  }
  // Lengths the kernels have no table for get the general steps.
  for (std::size_t blocks : {std::size_t{0}, std::size_t{6}, k::max_blocks + 4}) {
    CHECK(&k::steps_for(blocks) == &k::steps);
    CHECK(&toom_avx512::steps_for(blocks) == &toom_avx512::steps);
  }
  check_ring_products<SaberRing>();
  check_ring_products<SaberPRing>();
  for (std::size_t levels = 1; levels <= k::max_row_levels; ++levels) {
    check_ring_products<SaberRing>(k::row_karatsuba_plan(levels));
    check_ring_products<SaberPRing>(k::row_karatsuba_plan(levels));
  }
  // Only Saber's rings (pieces of 4 blocks) have toom4-k3 kernels.
  CHECK_THROWS_AS(Toom4Simd<NtruHps2048509Ring>(Isa::avx2, "toom4-k3"), std::invalid_argument);
  CHECK_THROWS_AS(Toom4Simd<SaberRing>(Isa::avx2, "toom4-k5"), std::invalid_argument);
  CHECK_THROWS_AS(Toom4Simd<SaberRing>(Isa::portable), std::invalid_argument);  // no kernels of that ISA
  check_ring_products<NtruHps2048509Ring>();
  check_ring_products<NtruHps2048677Ring>();
  check_ring_products<NtruHrss701Ring>();
  check_ring_products<NtruHps4096821Ring>();
}

namespace {

std::vector<std::uint16_t> oracle_inner(const RingInfo& r, std::span<const std::uint16_t> a,
                                        std::span<const std::uint16_t> b, std::size_t rank) {
  std::vector<std::uint16_t> out(r.n, 0);
  for (std::size_t j = 0; j < rank; ++j) {
    const auto p = test::definition_product(r, a.subspan(j * r.n, r.n), b.subspan(j * r.n, r.n));
    for (std::size_t c = 0; c < r.n; ++c) out[c] = static_cast<std::uint16_t>((out[c] + p[c]) % r.q);
  }
  return out;
}

// The registry versions of the kernels on `isa`: each plan on each ring, as
// products and lazy and cached module products against the definition.
void check_registry_versions(Isa isa, std::mt19937_64& rng) {
  const std::string suffix = "/" + std::string(isa_name(isa));
  for (const char* ring : {"saber", "saber-p", "ntru-hps2048509", "ntru-hps2048677", "ntru-hrss701",
                           "ntru-hps4096821"}) {
    // The plans the kernels compute: toom4-k2, toom4-k3 and toom4-k4 on Saber's rings, toom4-k4 on NTRU's.
    const bool saber = std::string_view(ring).starts_with("saber");
    for (const std::string& plan : saber ? std::vector<std::string>{"toom4-k2", "toom4-k3", "toom4-k4"}
                                         : std::vector<std::string>{"toom4-k4"}) {
      auto m = make_multiplier(ring, plan, {}, isa);
      REQUIRE(m->isa() == isa_name(isa));
      CHECK(m->id() == std::string(ring) + "/" + plan + suffix);
      CHECK(make_multiplier(ring, plan)->isa() != "portable");  // the best ISA by default
      if (!saber) {
        CHECK_THROWS_AS(make_multiplier(ring, "toom4-k2", {}, isa), UnknownChoice);
        CHECK_THROWS_AS(make_multiplier(ring, "toom4-k3", {}, isa), UnknownChoice);
      }
      const RingInfo r = m->ring();
      // Module products on the Saber rings (NTRU has none, one rank suffices there).
      for (std::size_t rank : saber ? std::vector<std::size_t>{2, 3, 4} : std::vector<std::size_t>{2}) {
        for (Strategy s : all_strategies) {
          INFO(ring << suffix << " rank " << rank << " " << to_string(s));
          const auto a = test::make_input(r, test::Shape::random, rank, rng);
          const auto b = test::make_input(r, rank == 3 ? test::Shape::all_max : test::Shape::random, rank, rng);
          std::vector<std::uint16_t> got(r.n);
          m->inner_product(a, b, got, rank, s, nullptr);
          CHECK(got == oracle_inner(r, a, b, rank));
          if (!saber) continue;
          const auto A = test::make_input(r, test::Shape::random, rank * rank, rng);
          for (Transpose t : {Transpose::no, Transpose::yes}) {
            std::vector<std::uint16_t> mv(rank * r.n);
            m->matrix_vector(A, b, mv, rank, t, s, nullptr);
            for (std::size_t i = 0; i < rank; ++i) {
              std::vector<std::uint16_t> row;
              for (std::size_t j = 0; j < rank; ++j) {
                const std::size_t e = t == Transpose::no ? i * rank + j : j * rank + i;
                row.insert(row.end(), A.begin() + e * r.n, A.begin() + (e + 1) * r.n);
              }
              const auto want = oracle_inner(r, row, b, rank);
              CHECK(std::equal(mv.begin() + i * r.n, mv.begin() + (i + 1) * r.n, want.begin()));
            }
          }
        }
      }
    }
  }
}

}  // namespace

// Both kernel builds (AVX2 and AVX-512VL) are registry versions of each plan.
TEST_CASE("toom avx2: registry versions, lazy and cached module products", "[toom-avx2]") {
  if (!pqmul::test::runs_here(Isa::avx2)) {
    CHECK_THROWS_AS(make_multiplier("saber", "toom4-k2", {}, Isa::avx2), UnknownChoice);
    return;
  }
  std::mt19937_64 rng(7);
  for (const Isa isa : {Isa::avx2, Isa::avx512}) {
    if (isa_available(isa))
      check_registry_versions(isa, rng);
    else
      CHECK_THROWS_AS(make_multiplier("saber", "toom4-k2", {}, isa), UnknownChoice);
  }
  CHECK_THROWS_AS(make_multiplier("saber", "toom4-k2", Params::parse("word=32"), Isa::avx2), UnknownChoice);
  CHECK_THROWS_AS(make_multiplier("kyber", "toom4-k2", {}, Isa::avx2), UnknownChoice);  // q not a power of two
}

TEST_CASE("toom avx2: forced portable refuses the avx2 version, and restores", "[toom-avx2]") {
  {
    const pqmul::test::ForcePortable forced;
    CHECK_THROWS_AS(make_multiplier("saber", "toom4-k2", {}, Isa::avx2), UnknownChoice);
    CHECK(make_multiplier("saber", "toom4-k2")->isa() == "portable");
  }
  if (isa_available(Isa::avx2)) CHECK(make_multiplier("saber", "toom4-k2", {}, Isa::avx2)->isa() == "avx2");
}

#else

TEST_CASE("toom avx2: not built on this architecture", "[toom-avx2]") {
  CHECK_THROWS_AS(make_multiplier("saber", "toom4-k2", {}, Isa::avx2), UnknownChoice);
}

#endif

}  // namespace pqmul_tests::algorithms_test_toom_simd
