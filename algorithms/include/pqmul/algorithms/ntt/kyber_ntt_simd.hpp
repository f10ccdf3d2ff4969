#pragma once
// The Kyber / ML-KEM NTT (FIPS 203 order, int16 centred coefficients,
// Montgomery R = 2^16, Barrett) on SIMD registers: the kernels of each ISA
// (one list, kyber_ntt_simd_kernels.inl, in namespaces kyber_ntt::avx2 and
// kyber_ntt::avx512) and one typed multiplier over them,
// KyberNttSimdMultiplier<Isa>. This header is portable: it declares, it holds
// no intrinsics; the kernels exist in x86-64 builds only.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"

namespace pqmul::kyber_ntt {

// The SIMD inverse's input bound (see inverse() in the kernel list).
inline constexpr std::int32_t simd_inverse_input_bound = 1 << 11;

// Largest growth of one lane per SIMD product: 2 h f with h = (q-1)/2 and
// f = (h^2 + 2^15 q) / 2^16 >= |fqmul(b, c)| for |b|, |c| <= h (f > h, so it
// also covers |a0 b1 + a1 b0| <= 2 h^2).
inline constexpr std::int64_t simd_product_lane_bound = [] {
  constexpr std::int64_t h = (q - 1) / 2;
  constexpr std::int64_t f = (h * h + (std::int64_t{q} << 15)) / (1 << 16);
  static_assert(f > h);
  return 2 * h * f;
}();

// How many products a row kernel (base_multiply_row) sums in 32-bit lanes
// and reduces once, straight into the inverse's input range: the sum's high
// half less a Montgomery correction (|t q / 2^16| <= (q+1)/2) stays below
// simd_inverse_input_bound. The lanes are the x86 kernels' (simd_product_lane_bound)
// or the portable ones' (NEON), whichever is wider.
// A row may carry one more term below 8q (an unreduced NTT, added before
// the reduction), which this leaves room for.
inline constexpr std::size_t simd_max_row_products = [] {
  constexpr std::int64_t lane = std::max<std::int64_t>(simd_product_lane_bound, product_lane_bound);
  std::size_t n = 0;
  while (((static_cast<std::int64_t>(n + 1) * lane + 8 * q) >> 16) + 1 + (q + 1) / 2 < simd_inverse_input_bound) ++n;
  return n;
}();
static_assert(simd_max_row_products >= 4, "a row of every Kyber rank reduces once");

// run.template operator()<N>() for a row's count N (1 to 4, the rank: public)
// known at run time, so that the row kernels unroll their loop over the
// products for each count. Instantiated by each kernel file with its own
// lambda, so under that file's ISA flags only.
template <class Run>
[[gnu::always_inline]] inline void with_row_count(std::size_t count, Run&& run) {
  switch (count) {
    case 1: return run.template operator()<1>();
    case 2: return run.template operator()<2>();
    case 3: return run.template operator()<3>();
    default: return run.template operator()<4>();
  }
}

namespace avx2 {
#include "pqmul/algorithms/ntt/kyber_ntt_simd_kernels.inl"
}  // namespace avx2

namespace avx512 {
#include "pqmul/algorithms/ntt/kyber_ntt_simd_kernels.inl"
}  // namespace avx512

namespace neon {
#include "pqmul/algorithms/ntt/kyber_ntt_simd_kernels.inl"
}  // namespace neon

}  // namespace pqmul::kyber_ntt

namespace pqmul {

// KyberNttMultiplier on the kernels of ISA `I` (avx2 or avx512): the same
// operand and accumulator types (FIPS 203 NTT values centred; 32-bit lanes
// congruent mod q to sum a o b, no Montgomery factor), so the scheme's
// NTT-domain code and the static helpers are shared with the portable
// multiplier. Products equal the portable ones; the two ISAs give equal
// values. Defined (and instantiated for both ISAs) in kyber_ntt_simd_multiplier.cpp.
template <Isa I>
class KyberNttSimdMultiplier : public UnfilledStorage<KyberNttMultiplier::operand, KyberNttMultiplier::accumulator> {
  static_assert(I == Isa::avx2 || I == Isa::avx512 || I == Isa::neon);

 public:
  using ring = KyberRing;
  using operand = KyberNttMultiplier::operand;
  using accumulator = KyberNttMultiplier::accumulator;

  std::string name() const { return "ntt"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  // add_ntt terms (|x| <= (q-1)/2) grow a lane by less than one product does.
  static constexpr std::size_t max_products = static_cast<std::size_t>(INT32_MAX / kyber_ntt::simd_product_lane_bound);
  std::size_t max_accumulated() const { return max_products; }

  // x = NTT(a), centred.
  void transform(const Poly<KyberRing>& a, operand& x) const;
  void clear(accumulator& acc) const;
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const;
  // multiply_accumulate(acc, x, y) with x = from_canonical_ntt(c), without
  // forming x; `first`: into acc as if cleared (acc is only written).
  static void multiply_canonical(accumulator& acc, const std::array<std::uint16_t, 256>& c, const operand& y,
                                 bool first);
  // out = NTT^-1(acc) in canonical coefficients.
  void inverse(const accumulator& acc, Poly<KyberRing>& out) const;
  // A whole row without an accumulator: out = NTT^-1(sum_j x_j o y_j) in
  // canonical coefficients, for 1 to max_row_products terms; the products are
  // summed in registers and reduced once, into the inverse's input. Equal to
  // clear, multiply_accumulate of each term and inverse.
  static constexpr std::size_t max_row_products = kyber_ntt::simd_max_row_products;
  static void inverse_of_row(std::span<const operand> x, std::span<const operand> y, Poly<KyberRing>& out);
  // The same with x_j = from_canonical_ntt(*c[j]) (sampled or decoded values in [0, q)).
  static void inverse_of_row_canonical(std::span<const std::array<std::uint16_t, 256>* const> c,
                                       std::span<const operand> y, Poly<KyberRing>& out);
  // Coefficients [from, to) (multiples of 32) of the FIPS 203 values in [0, q)
  // of sum_j from_canonical_ntt(*c[j]) o y_j + e_hat, e_hat from
  // transform_unreduced: a row of t^ = A^ o s^ + e^ by parts in one pass
  // (multiply_canonical over the row, then ntt_sum_coefficients).
  static void ntt_row_sum_coefficients(std::array<std::uint16_t, 256>& out,
                                       std::span<const std::array<std::uint16_t, 256>* const> c,
                                       std::span<const operand> y, const operand& e_hat, std::size_t from,
                                       std::size_t to);

  static operand from_ntt(const std::array<std::uint16_t, 256>& fips_ntt);
  static operand from_ntt(const std::array<std::int16_t, 256>& fips_ntt);
  // x from canonical NTT-domain coefficients in [0, q) (sampled, or decoded and checked).
  static void from_canonical_ntt(const std::array<std::uint16_t, 256>& c, operand& x);
  static std::array<std::uint16_t, 256> ntt_coefficients(const operand& x);
  static void add_ntt(accumulator& acc, const operand& x);
  static void to_ntt(const accumulator& acc, operand& x);
  // ntt_coefficients of acc + NTT(e) (transform, add_ntt, to_ntt), e canonical
  // and acc with room for one more term, as add_ntt requires: the transform
  // is not reduced (|NTT(e)| < 8q), the sum is reduced once.
  static std::array<std::uint16_t, 256> ntt_sum_coefficients(const accumulator& acc, const Poly<KyberRing>& e);

  // The same by parts of a row: coefficients [from, to) (multiples of 32) of
  // multiply_canonical and of ntt_sum_coefficients, the latter given
  // e_hat = transform_unreduced(e) (NTT(e) not reduced, |e_hat| < 8q: an
  // operand only for this sum). ntt_sum_coefficients writes out[from, to) only.
  static void multiply_canonical(accumulator& acc, const std::array<std::uint16_t, 256>& c, const operand& y,
                                 bool first, std::size_t from, std::size_t to);
  static void transform_unreduced(const Poly<KyberRing>& e, operand& e_hat);
  static void ntt_sum_coefficients(std::array<std::uint16_t, 256>& out, const accumulator& acc, const operand& e_hat,
                                   std::size_t from, std::size_t to);
};

using KyberNttAvx2Multiplier = KyberNttSimdMultiplier<Isa::avx2>;
using KyberNttAvx512Multiplier = KyberNttSimdMultiplier<Isa::avx512>;
using KyberNttNeonMultiplier = KyberNttSimdMultiplier<Isa::neon>;
#if defined(PQMUL_X86_SIMD)
extern template class KyberNttSimdMultiplier<Isa::avx2>;
extern template class KyberNttSimdMultiplier<Isa::avx512>;
#endif
#if defined(PQMUL_ARM_SIMD)
extern template class KyberNttSimdMultiplier<Isa::neon>;
#endif
static_assert(Multiplier<KyberNttAvx2Multiplier>);
static_assert(Multiplier<KyberNttAvx512Multiplier>);
static_assert(Multiplier<KyberNttNeonMultiplier>);

}  // namespace pqmul
