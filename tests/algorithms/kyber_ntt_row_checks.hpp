#pragma once
// Checks of the Kyber NTT row kernels (base_multiply_row and its canonical
// twin) and of the SIMD multipliers' inverse_of_row, shared by the x86 test
// (test_kyber_ntt_simd.cpp, AVX2 and AVX-512) and the NEON test
// (test_kyber_ntt_neon.cpp): the kernels against the accumulator their ISA's
// base_multiply_accumulate builds, reduced by the portable
// montgomery_reduce_wide; the multipliers against the int64 definition.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <span>
#include <stdexcept>
#include <vector>

#include "kyber_ntt_cases.hpp"
#include "oracle.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"

namespace pqmul::test {

// One ISA's kernels, as function pointers.
struct KyberRowKernels {
  void (*clear)(std::int32_t*);
  void (*multiply_accumulate)(std::int32_t*, const std::int16_t*, const std::int16_t*);
  void (*row)(std::int16_t*, const std::int16_t* const*, const std::int16_t* const*, std::size_t);
  void (*row_canonical)(std::int16_t*, const std::uint16_t* const*, const std::int16_t* const*, std::size_t);
  void (*row_plus)(std::uint16_t*, const std::uint16_t* const*, const std::int16_t* const*, std::size_t,
                   const std::int16_t*, std::size_t, std::size_t);
  void (*accumulator_plus)(std::uint16_t*, const std::int32_t*, const std::int16_t*);
};

// Every count from 1 to the limit, on the extreme and random operands of
// kyber_operands and on the worst case (every factor +-(q-1)/2, signs
// alike, so every lane's sum is largest).
inline void check_row_kernels(const KyberRowKernels& k, std::uint64_t seed) {
  constexpr std::int16_t half = (3329 - 1) / 2;
  const auto ops = kyber_operands(half, seed, 30);
  KyberCoeffs plus, minus;
  plus.fill(half);
  minus.fill(-half);
  const std::size_t n = ops.size();
  for (std::size_t count = 1; count <= kyber_ntt::simd_max_row_products; ++count) {
    INFO("count " << count);
    for (std::size_t round = 0; round < n + 2; ++round) {
      std::array<const KyberCoeffs*, kyber_ntt::simd_max_row_products> a{}, b{};
      for (std::size_t j = 0; j < count; ++j) {
        const bool worst = round >= n;
        a[j] = worst ? (round == n ? &plus : &minus) : &ops[(round + 5 * j) % n];
        b[j] = worst ? &plus : &ops[(7 * round + 3 + 11 * j) % n];
      }
      KyberLanes acc;
      k.clear(acc.data());
      std::array<const std::int16_t*, kyber_ntt::simd_max_row_products> pa{}, pb{};
      std::array<std::array<std::uint16_t, 256>, kyber_ntt::simd_max_row_products> canonical{};
      std::array<const std::uint16_t*, kyber_ntt::simd_max_row_products> pc{};
      for (std::size_t j = 0; j < count; ++j) {
        k.multiply_accumulate(acc.data(), a[j]->data(), b[j]->data());
        pa[j] = a[j]->data();
        pb[j] = b[j]->data();
        for (std::size_t i = 0; i < 256; ++i) {
          const std::int16_t v = (*a[j])[i];
          canonical[j][i] = static_cast<std::uint16_t>(v < 0 ? v + 3329 : v);
        }
        pc[j] = canonical[j].data();
      }
      KyberCoeffs r, rc;
      r.fill(0x5A5A);
      rc.fill(0x5A5A);
      k.row(r.data(), pa.data(), pb.data(), count);
      k.row_canonical(rc.data(), pc.data(), pb.data(), count);
      for (std::size_t i = 0; i < 256; ++i) {
        INFO("round " << round << ", coefficient " << i);
        REQUIRE(r[i] == kyber_ntt::montgomery_reduce_wide(acc[i]));
        REQUIRE(r[i] > -kyber_ntt::simd_inverse_input_bound);
        REQUIRE(r[i] < kyber_ntt::simd_inverse_input_bound);
        REQUIRE(rc[i] == r[i]);
      }
      // Plus a term below 8q (the extremes, then mixed), by halves and
      // whole: the accumulator's values plus it, in [0, q).
      KyberCoeffs x;
      for (std::size_t i = 0; i < 256; ++i)
        x[i] =
            static_cast<std::int16_t>(round % 3 == 0 ? (i % 2 ? 1 - 8 * 3329 : 8 * 3329 - 1)
                                                     : static_cast<int>((round * 7919 + i * 104729) % 53263) - 26631);
      std::array<std::uint16_t, 256> want, whole, halves;
      k.accumulator_plus(want.data(), acc.data(), x.data());
      whole.fill(0xFFFF);
      halves.fill(0xFFFF);
      k.row_plus(whole.data(), pc.data(), pb.data(), count, x.data(), 0, 256);
      k.row_plus(halves.data(), pc.data(), pb.data(), count, x.data(), 128, 256);
      k.row_plus(halves.data(), pc.data(), pb.data(), count, x.data(), 0, 128);
      REQUIRE(whole == want);
      REQUIRE(halves == want);
    }
  }
}

// M::inverse_of_row and inverse_of_row_canonical: sum_j x_j * y_j by the
// definition, for every count and input shape; refusals of bad counts.
template <class M>
void check_inverse_of_row(std::uint64_t seed) {
  const M m;
  const RingInfo r = ring_info<KyberRing>();
  std::mt19937_64 rng(seed);
  for (std::size_t count = 1; count <= M::max_row_products; ++count)
    for (const auto shape : all_shapes) {
      INFO("count " << count);
      const auto a = make_input(r, shape, count, rng), b = make_input(r, Shape::random, count, rng);
      std::vector<typename M::operand> x(count), y(count);
      std::vector<std::array<std::uint16_t, 256>> c(count);
      std::vector<const std::array<std::uint16_t, 256>*> pc(count);
      std::vector<std::uint64_t> want(r.n, 0);
      for (std::size_t j = 0; j < count; ++j) {
        Poly<KyberRing> pa, pb;
        std::copy_n(a.begin() + static_cast<std::ptrdiff_t>(j * r.n), r.n, pa.coeffs.begin());
        std::copy_n(b.begin() + static_cast<std::ptrdiff_t>(j * r.n), r.n, pb.coeffs.begin());
        m.transform(pa, x[j]);
        m.transform(pb, y[j]);
        c[j] = M::ntt_coefficients(x[j]);
        pc[j] = &c[j];
        const auto p = definition_product(r, pa.coeffs, pb.coeffs);
        for (std::size_t i = 0; i < r.n; ++i) want[i] += p[i];
      }
      for (auto& w : want) w %= r.q;
      Poly<KyberRing> got, got_canonical;
      M::inverse_of_row(x, y, got);
      M::inverse_of_row_canonical(pc, y, got_canonical);
      REQUIRE(std::equal(want.begin(), want.end(), got.coeffs.begin()));
      REQUIRE(got_canonical.coeffs == got.coeffs);
      // A row of t^ = A^ o s^ + e^ in one pass: the accumulator path's values.
      Poly<KyberRing> e;
      const auto noise = make_input(r, Shape::random, 1, rng);
      std::copy(noise.begin(), noise.end(), e.coeffs.begin());
      typename M::operand e_hat;
      M::transform_unreduced(e, e_hat);
      typename M::accumulator acc;
      for (std::size_t j = 0; j < count; ++j) M::multiply_canonical(acc, c[j], y[j], j == 0);
      std::array<std::uint16_t, 256> by_accumulator, one_pass;
      M::ntt_sum_coefficients(by_accumulator, acc, e_hat, 0, 256);
      M::ntt_row_sum_coefficients(one_pass, pc, y, e_hat, 0, 128);
      M::ntt_row_sum_coefficients(one_pass, pc, y, e_hat, 128, 256);
      REQUIRE(one_pass == by_accumulator);
    }
  std::vector<typename M::operand> none, five(M::max_row_products + 1), two(2), three(3);
  Poly<KyberRing> out;
  CHECK_THROWS_AS(M::inverse_of_row(none, none, out), std::invalid_argument);
  CHECK_THROWS_AS(M::inverse_of_row(five, five, out), std::invalid_argument);
  CHECK_THROWS_AS(M::inverse_of_row(two, three, out), std::invalid_argument);
}

}  // namespace pqmul::test
