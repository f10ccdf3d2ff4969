// The steps "ntt16-1536" (ntt16_good.hpp) adds to ntt16's: the cyclic tree
// and the wide forward against evaluation at the roots, the split's inverse
// against the halves it must give back, Good's permutation and the fold
// against their index definitions, and each SIMD ISA's kernels against the
// portable steps (the transforms lane for lane in the ISA's slot order, the
// slice convolution and the halving on the same values).
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "../common/isa_gate.hpp"
#include "ntt16_roots.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"
#include "pqmul/algorithms/ntt/ntt16_good.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"

namespace pqmul_tests::algorithms_test_ntt16_split {

namespace {

using namespace pqmul;
using namespace pqmul::ntt16;

using pqmul::test::layout_of_lanes;
using pqmul::test::mod;
using pqmul::test::power;
using pqmul::test::reversed8;

// Slot s of g holds f at psi^(2 BitRev8(s)) (cyclic) or psi^(2 BitRev8(s) + 1)
// (negacyclic), mod p, within the forward's output bound.
bool evaluates_at_roots(std::size_t k, Tree tree, const std::int16_t* f, const std::int16_t* g) {
  const auto& c = kPrime[k];
  bool ok = true;
  for (unsigned s = 0; s < 256; ++s) {
    const std::int64_t x = power(c.psi, 2 * reversed8(s) + (tree == Tree::negacyclic ? 1 : 0), c.p);
    std::int64_t value = 0;
    for (int i = 255; i >= 0; --i) value = (value * x + f[i]) % c.p;
    ok = ok && mod(g[s] - value, c.p) == 0 && std::abs(g[s]) <= c.forward_output_bound;
  }
  return ok;
}

// Inputs of a wide forward: the extremes, then random values within the bound.
void wide_inputs(std::int16_t* f, int trial, std::mt19937_64& rng) {
  for (std::size_t i = 0; i < 256; ++i)
    f[i] = static_cast<std::int16_t>(trial == 0   ? -kWideInputBound
                                     : trial == 1 ? (i % 2 ? kWideInputBound : -kWideInputBound)
                                                  : std::int32_t(rng() % (2 * kWideInputBound + 1)) - kWideInputBound);
}

// Index i of the convolution of length 1536 <-> slice i mod 3, position i mod 512.
std::size_t good_index(std::size_t slice, std::size_t position) {
  for (std::size_t i = 0; i < kGoodLength; ++i)
    if (i % kGoodSlices == slice && i % kGoodSlice == position) return i;
  return kGoodLength;
}

// n and q of the NTRU sets that take ntt16-1536.
struct SetShape {
  std::size_t n;
  std::uint16_t q;
};
constexpr SetShape kShapes[] = {{509, 2048}, {677, 2048}, {701, 8192}};


using Split = void (*)(const std::uint16_t*, std::size_t, std::uint16_t, std::int16_t*, std::int16_t*, std::size_t);
using Fold = void (*)(std::uint16_t*, std::size_t, std::uint16_t, std::uint16_t*);

// u = lo + hi and v = lo - hi of every slice, lo and hi the centred lifts at
// Good's indices (zero from n on); for each NTRU n and q, with the edges.
// The slices kStride apart, the gaps between them left as they were.
void check_split(Split split, std::mt19937_64& rng) {
  constexpr std::size_t kStride = 256 + 40;
  constexpr std::int16_t kGap = 0x5a5a;
  for (const SetShape shape : kShapes) {
    const std::size_t n = shape.n;
    const std::uint16_t q = shape.q;
    INFO("n " << n << " q " << q);
    std::vector<std::uint16_t> a(n);
    for (std::size_t i = 0; i < n; ++i) a[i] = static_cast<std::uint16_t>(i < 4 ? (q / 2 - 1 + i) % q : rng() % q);
    std::vector<std::int16_t> u(kGoodSlices * kStride, kGap), v(kGoodSlices * kStride, kGap);
    split(a.data(), n, q, u.data(), v.data(), kStride);
    const auto lifted = [&](std::size_t i) -> std::int32_t {
      if (i >= n) return 0;
      return a[i] >= q / 2 ? std::int32_t{a[i]} - q : a[i];
    };
    bool ok = true;
    for (std::size_t r = 0; r < kGoodSlices; ++r)
      for (std::size_t j = 0; j < 256; ++j) {
        const std::int32_t lo = lifted(good_index(r, j)), hi = lifted(good_index(r, j + 256));
        ok = ok && u[r * kStride + j] == lo + hi && v[r * kStride + j] == lo - hi;
      }
    for (std::size_t r = 0; r < kGoodSlices; ++r)
      for (std::size_t j = 256; j < kStride; ++j) ok = ok && u[r * kStride + j] == kGap && v[r * kStride + j] == kGap;
    CHECK(ok);
  }
}

// out[i] = c at Good's index i plus at i + n, mod q (the slices' values past
// 2n - 1 are the product's zeros, as the fold may assume). The gaps between
// the slices hold garbage the fold must overwrite before it reads them.
void check_fold(Fold fold, std::mt19937_64& rng) {
  for (const SetShape shape : kShapes) {
    const std::size_t n = shape.n;
    const std::uint16_t q = shape.q;
    INFO("n " << n << " q " << q);
    std::vector<std::uint16_t> c(kGoodSlices * kGoodSliceStride, 0x7fff), flat(kGoodLength);
    for (std::size_t r = 0; r < kGoodSlices; ++r)
      for (std::size_t j = 0; j < kGoodSlice; ++j) {
        const std::size_t i = good_index(r, j);
        c[r * kGoodSliceStride + j] = i < 2 * n - 1 ? static_cast<std::uint16_t>(rng()) : 0;
        flat[i] = c[r * kGoodSliceStride + j];
      }
    std::vector<std::uint16_t> out(n + 1, 0xbeef);  // one guard past the end
    fold(c.data(), n, q, out.data());
    bool ok = true;
    for (std::size_t i = 0; i < n; ++i)
      ok = ok && out[i] == static_cast<std::uint16_t>((flat[i] + flat[i + n]) & (q - 1));
    CHECK(ok);
    CHECK(out[n] == 0xbeef);
  }
}

}  // namespace

TEST_CASE("ntt16 cyclic tree and wide forward: slot s holds f at its root, within the bound", "[ntt16]") {
  std::mt19937_64 rng(1536);
  for (std::size_t k = 0; k < kMaxPrimes; ++k)
    for (const Tree tree : {Tree::cyclic, Tree::negacyclic})
      for (int trial = 0; trial < 4; ++trial) {
        INFO("prime " << k << (tree == Tree::cyclic ? " cyclic" : " negacyclic") << " trial " << trial);
        std::int16_t f[256], g[256];
        wide_inputs(f, trial, rng);
        std::copy(f, f + 256, g);
        forward_tree<ntt_tally::Uncounted>(tree, true, k, g);
        CHECK(evaluates_at_roots(k, tree, f, g));
        if (tree == Tree::cyclic) {
          // The canonical schedule on inputs within kInputBound.
          for (auto& x : f) x = static_cast<std::int16_t>(x / 2);
          std::copy(f, f + 256, g);
          forward_tree<ntt_tally::Uncounted>(tree, false, k, g);
          CHECK(evaluates_at_roots(k, tree, f, g));
        }
      }
}

TEST_CASE("ntt16 split inverse: the two inverses halved give back lo and hi", "[ntt16]") {
  // Forward u = lo + hi (cyclic) and v = lo - hi (negacyclic), times 1 (a
  // product's R^-1, which the inverse undoes), then inverse_split: lo and hi
  // mod p, within the bound of the CRT's split inputs (twice the inverse's).
  std::mt19937_64 rng(512);
  const PortableGoodKernels<ntt_tally::Uncounted> kernels;
  for (std::size_t k = 0; k < kMaxPrimes; ++k) {
    const auto& c = kPrime[k];
    std::int16_t lo[256], hi[256], u[256], v[256], fu[256], fv[256], ru[256], rv[256];
    for (std::size_t i = 0; i < 256; ++i) {
      lo[i] = static_cast<std::int16_t>(i == 0 ? -kInputBound : std::int32_t(rng() % 8192) - 4096);
      hi[i] = static_cast<std::int16_t>(i == 0 ? -kInputBound : std::int32_t(rng() % 8192) - 4096);
      u[i] = static_cast<std::int16_t>(lo[i] + hi[i]);
      v[i] = static_cast<std::int16_t>(lo[i] - hi[i]);
    }
    kernels.forward_split(k, true, u, v, fu, fv);
    std::int16_t one[256];
    std::fill(one, one + 256, std::int16_t{1});
    std::fill(ru, ru + 256, std::int16_t{0});
    std::fill(rv, rv + 256, std::int16_t{0});
    multiply_accumulate<ntt_tally::Uncounted>(k, ru, fu, one, Step::store);
    multiply_accumulate<ntt_tally::Uncounted>(k, rv, fv, one, Step::store);
    std::int16_t out_lo[256], out_hi[256];
    kernels.inverse_split(k, ru, rv, out_lo, out_hi);
    bool ok = true;
    for (std::size_t i = 0; i < 256; ++i)
      ok = ok && mod(out_lo[i] - lo[i], c.p) == 0 && mod(out_hi[i] - hi[i], c.p) == 0 &&
           std::abs(out_lo[i]) <= crt_input_bound(k, CrtInputs::split_sums) &&
           std::abs(out_hi[i]) <= crt_input_bound(k, CrtInputs::split_sums);
    CHECK(ok);
  }
}

TEST_CASE("ntt16-1536 index maps: Good's permutation and the fold by their definitions", "[ntt16]") {
  std::mt19937_64 rng(3);
  check_split(portable::good_split, rng);
  check_fold(portable::good_fold, rng);
  for (Isa isa : kernel_isas()) {
    if (!pqmul::test::cpu_runs(isa)) continue;
    INFO(isa_name(isa));
    check_split(kernel_set(isa).good_split, rng);
    check_fold(kernel_set(isa).good_fold, rng);
  }
}

TEST_CASE("ntt16 split kernels equal the portable steps lane for lane", "[ntt16][simd]") {
  std::mt19937_64 rng(9);
  const PortableGoodKernels<ntt_tally::Uncounted> portable;
  for (Isa isa : kernel_isas()) {
    if (!pqmul::test::cpu_runs(isa)) continue;
    INFO(isa_name(isa));
    const KernelSet& set = kernel_set(isa);
    const std::vector<std::uint16_t> layout = layout_of_lanes(set.lanes);
    for (std::size_t k = 0; k < kMaxPrimes; ++k)
      for (int trial = 0; trial < 6; ++trial) {
        // Trials 0-2 on the wide schedule, 3-5 on the canonical one (inputs
        // within kInputBound: the wide ones halved).
        const bool wide = trial < 3;
        INFO("prime " << k << " trial " << trial);
        std::int16_t u[256], v[256], pu[256], pv[256], su[256], sv[256];
        wide_inputs(u, trial % 3, rng);
        wide_inputs(v, 2, rng);
        if (!wide)
          for (std::size_t i = 0; i < 256; ++i)
            u[i] = static_cast<std::int16_t>(u[i] / 2), v[i] = static_cast<std::int16_t>(v[i] / 2);
        portable.forward_split(k, wide, u, v, pu, pv);
        set.forward_split(k, wide, u, v, su, sv);
        bool same = true;
        for (std::size_t s = 0; s < 256; ++s) same = same && su[s] == pu[layout[s]] && sv[s] == pv[layout[s]];
        CHECK(same);
        // In place (the transform's use), the same values.
        std::int16_t iu[256], iv[256];
        std::copy(u, u + 256, iu);
        std::copy(v, v + 256, iv);
        set.forward_split(k, wide, iu, iv, iu, iv);
        CHECK(std::equal(su, su + 256, iu));
        CHECK(std::equal(sv, sv + 256, iv));
        // The inverse from the same NTT-domain values (any int16 is accepted).
        std::int16_t plo[256], phi[256], klo[256], khi[256];
        portable.inverse_split(k, pu, pv, plo, phi);
        set.inverse_split(k, su, sv, klo, khi);
        CHECK(std::equal(plo, plo + 256, klo));
        CHECK(std::equal(phi, phi + 256, khi));
        if (k == 1) {
          // Prime 1's inverse with the CRT of two primes in its last layer,
          // onto prime 0's lo and hi (any values within the CRT's input bound).
          const std::int32_t bound = crt_input_bound(0, CrtInputs::split_sums);
          std::uint16_t plifted[512], klifted[512];
          for (std::size_t i = 0; i < 512; ++i)
            plifted[i] = static_cast<std::uint16_t>(
                i % 97 == 0 ? bound : i % 97 == 1 ? -bound : std::int32_t(rng() % (2 * bound + 1)) - bound);
          std::copy(plifted, plifted + 512, klifted);
          std::int16_t pscratch[512], kscratch[512];
          portable.inverse_split_crt(pu, pv, pscratch, plifted);
          set.inverse_split_crt(su, sv, kscratch, klifted);
          CHECK(std::equal(plifted, plifted + 512, klifted));
        }
        // The slice convolution of forward outputs, stored or added onto any accumulator.
        const std::int16_t* x[3] = {pu, pv, su};
        const std::int16_t* y[3] = {sv, pu, pv};
        for (const bool add : {false, true}) {
          std::int16_t pacc[3][256], kacc[3][256];
          for (auto& row : pacc)
            for (auto& a : row) a = static_cast<std::int16_t>(rng());
          std::copy(&pacc[0][0], &pacc[0][0] + 3 * 256, &kacc[0][0]);
          std::int16_t* prows[3] = {pacc[0], pacc[1], pacc[2]};
          std::int16_t* krows[3] = {kacc[0], kacc[1], kacc[2]};
          portable.multiply_slices(k, prows, x, y, add);
          set.multiply_slices(k, krows, x, y, add);
          CHECK(std::equal(&pacc[0][0], &pacc[0][0] + 3 * 256, &kacc[0][0]));
        }
      }
  }
}

}  // namespace pqmul_tests::algorithms_test_ntt16_split
