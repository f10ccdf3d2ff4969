#pragma once
// AVX2 twin of kyber_ntt.hpp: the same NTT of Kyber / ML-KEM (FIPS 203 order,
// int16 centred coefficients, Montgomery R = 2^16, Barrett) on 16 lanes.
//
// The kernels (kyber_ntt_avx2.cpp, compiled with -mavx2) take raw pointers to
// 256 coefficients, any alignment; only call them when
// isa_available(Isa::avx2). This header is portable: it declares, it holds no
// intrinsics. Bounds are stated as in kyber_ntt.hpp (|x| < B means -B < x < B);
// each kernel's results are congruent mod q to its portable twin's, and equal
// to them where the comment says so.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "pqmul/algorithms/ntt/kyber_ntt.hpp"

namespace pqmul::kyber_ntt::avx2 {

// Forward NTT in place, FIPS 203 order in and out (the last three layers are
// done after in-register transposes, which are undone before the store).
//   |in| < q  ->  |out| < 8q; equal to kyber_ntt::forward's output.
void forward(std::int16_t* f);

// Inverse NTT in place including 1/128, FIPS 203 order in and out; the
// scaling is folded into the last layer's constants. The input bound is
// narrower than the portable inverse's (4q): it covers reduced (centred)
// input, and lets one layer of reductions go.
//   |in| < 2^11  ->  |out| < q, out = NTT^-1(in) mod q.
void inverse(std::int16_t* f);
inline constexpr std::int32_t inverse_input_bound = 1 << 11;
// As inverse(), input carrying R^-1: out = NTT^-1(in * R) mod q. Same bounds.
void inverse_from_montgomery(std::int16_t* f);

// acc[i] += (a o b)[i] in 32-bit lanes, wrapping. Each pair is two
// _mm256_madd_epi16 sums: acc_{2i} += a0 fqmul(b0, R) + a1 fqmul(b1, gamma_i R)
// (one Montgomery product of the whole register), acc_{2i+1} += a0 b1 + a1 b0.
// Congruent mod q to the portable lanes (which take fqmul(a1, b1) * gamma_i
// instead), no Montgomery factor.
//   |a|, |b| <= (q-1)/2  ->  each lane grows by at most product_lane_bound.
void base_multiply_accumulate(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b);

// Largest growth of one lane per product: 2 h f with h = (q-1)/2 and
// f = (h^2 + 2^15 q) / 2^16 >= |fqmul(b, c)| for |b|, |c| <= h (f > h, so it
// also covers |a0 b1 + a1 b0| <= 2 h^2).
inline constexpr std::int64_t product_lane_bound = [] {
  constexpr std::int64_t h = (q - 1) / 2;
  constexpr std::int64_t f = (h * h + (std::int64_t{q} << 15)) / (1 << 16);
  static_assert(f > h);
  return 2 * h * f;
}();

// r[i] = acc[i] * R^-1 mod q in [-(q-1)/2, (q-1)/2] for any int32 lanes;
// equal to kyber_ntt::reduce_accumulator's output. r and acc do not overlap.
void reduce_accumulator(std::int16_t* r, const std::int32_t* acc);

// r[i] = acc[i] mod q in [-(q-1)/2, (q-1)/2] for any int32 lanes (no
// Montgomery factor); equal to KyberNttMultiplier::to_ntt's output. r and acc
// do not overlap.
void accumulator_to_centred(std::int16_t* r, const std::int32_t* acc);

// Centred representatives in place: any int16 -> [-(q-1)/2, (q-1)/2]; equal
// to kyber_ntt::reduce's output.
void reduce(std::int16_t* f);

// out[i] = f[i] mod q in [0, q) for any int16 (kyber_ntt::to_canonical).
void to_canonical(std::uint16_t* out, const std::int16_t* f);

// The centred representative of each canonical c in [0, q): c, or c - q above (q-1)/2.
void centre_canonical(std::int16_t* out, const std::uint16_t* c);

}  // namespace pqmul::kyber_ntt::avx2

namespace pqmul {

// KyberNttMultiplier on AVX2: the same operand and accumulator types (FIPS 203
// NTT values centred; 32-bit lanes congruent mod q to sum a o b, no Montgomery
// factor), so the scheme's NTT-domain code and the static helpers below are
// shared with the portable multiplier. Products equal the portable ones.
class KyberNttAvx2Multiplier
    : public UnfilledStorage<KyberNttMultiplier::operand, KyberNttMultiplier::accumulator> {
 public:
  using ring = KyberRing;
  using operand = KyberNttMultiplier::operand;
  using accumulator = KyberNttMultiplier::accumulator;

  std::string name() const { return "ntt"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  // add_ntt terms (|x| <= (q-1)/2) grow a lane by less than one product does.
  static constexpr std::size_t max_products =
      static_cast<std::size_t>(INT32_MAX / kyber_ntt::avx2::product_lane_bound);
  std::size_t max_accumulated() const { return max_products; }

  // x = NTT(a), centred.
  void transform(const Poly<KyberRing>& a, operand& x) const;
  void clear(accumulator& acc) const { acc.data.fill(0); }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const;
  // out = NTT^-1(acc) in canonical coefficients.
  void inverse(const accumulator& acc, Poly<KyberRing>& out) const;

  static operand from_ntt(const std::array<std::uint16_t, 256>& fips_ntt);
  static operand from_ntt(const std::array<std::int16_t, 256>& fips_ntt);
  // x from canonical NTT-domain coefficients in [0, q) (sampled, or decoded and checked).
  static void from_canonical_ntt(const std::array<std::uint16_t, 256>& c, operand& x);
  static std::array<std::uint16_t, 256> ntt_coefficients(const operand& x);
  static void add_ntt(accumulator& acc, const operand& x);
  static void to_ntt(const accumulator& acc, operand& x);
};

static_assert(Multiplier<KyberNttAvx2Multiplier>);

}  // namespace pqmul
