#pragma once
// AVX-512 twin of the lane-wise kernels of kyber_ntt_avx2.hpp (base
// multiply-accumulate and the reductions) on 32 lanes, and the NTT multiplier
// that uses them around the AVX2 forward and inverse NTT (whose in-register
// transposes are written for 16 lanes).
//
// The kernels (kyber_ntt_avx512.cpp, compiled with the AVX-512 flags) take raw
// pointers to 256 coefficients, any alignment; only call them when
// isa_available(Isa::avx512). Each gives exactly the values of its AVX2 twin,
// with the same bounds. This header is portable: it declares, it holds no
// intrinsics.
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/ntt/kyber_ntt_avx2.hpp"

namespace pqmul::kyber_ntt::avx512 {

void base_multiply_accumulate(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b);
// The same with a canonical (values in [0, q), as sampled or decoded), centred
// on the way in: base_multiply_accumulate of a's centred values.
void base_multiply_accumulate_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b);
// acc = a o b (as base_multiply_accumulate_canonical on a zero acc; acc only written).
void base_multiply_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b);
// Coefficients [from, to) only (multiples of 32) of base_multiply_canonical
// (`first`) or base_multiply_accumulate_canonical: part of a row.
void base_multiply_canonical_part(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b, bool first,
                                  std::size_t from, std::size_t to);
void reduce_accumulator(std::int16_t* r, const std::int32_t* acc);
// acc = 0 (256 lanes) in 512-bit stores.
void clear_accumulator(std::int32_t* acc);
void accumulator_to_centred(std::int16_t* r, const std::int32_t* acc);
void reduce(std::int16_t* f);
void to_canonical(std::uint16_t* out, const std::int16_t* f);
// f = a (256 coefficients below 2^15, so the same bits) in 256-bit moves: the
// NTT's loads can take their data from these stores in flight, and a reads
// well from the AVX2 samplers' stores (a plain copy became rep movs).
void copy_coefficients(std::int16_t* f, const std::uint16_t* a);
// out = acc + x lane by lane (int32, wrapping) reduced into [0, q): the values
// of add_ntt, to_ntt and ntt_coefficients in one pass.
void accumulator_plus_to_canonical(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x);
// The same for coefficients [from, to) only (multiples of 32).
void accumulator_plus_to_canonical_part(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x,
                                        std::size_t from, std::size_t to);

}  // namespace pqmul::kyber_ntt::avx512

namespace pqmul {

// KyberNttMultiplier on AVX-512 (forward and inverse NTT on the AVX2 kernels):
// the same operand and accumulator types and values as KyberNttAvx2Multiplier.
class KyberNttAvx512Multiplier
    : public UnfilledStorage<KyberNttMultiplier::operand, KyberNttMultiplier::accumulator> {
 public:
  using ring = KyberRing;
  using operand = KyberNttMultiplier::operand;
  using accumulator = KyberNttMultiplier::accumulator;

  std::string name() const { return "ntt"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  static constexpr std::size_t max_products = KyberNttAvx2Multiplier::max_products;
  std::size_t max_accumulated() const { return max_products; }

  void transform(const Poly<KyberRing>& a, operand& x) const;
  void clear(accumulator& acc) const;  // in 512-bit stores, which the first product's loads can read
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const;
  // multiply_accumulate(acc, x, y) with x = from_canonical_ntt(c), without
  // forming x; `first`: into acc as if cleared (acc is only written).
  static void multiply_canonical(accumulator& acc, const std::array<std::uint16_t, 256>& c, const operand& y,
                                 bool first);
  void inverse(const accumulator& acc, Poly<KyberRing>& out) const;

  static operand from_ntt(const std::array<std::uint16_t, 256>& fips_ntt);
  static operand from_ntt(const std::array<std::int16_t, 256>& fips_ntt);
  static void from_canonical_ntt(const std::array<std::uint16_t, 256>& c, operand& x) {
    KyberNttAvx2Multiplier::from_canonical_ntt(c, x);
  }
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
  static void ntt_sum_coefficients(std::array<std::uint16_t, 256>& out, const accumulator& acc,
                                   const operand& e_hat, std::size_t from, std::size_t to);
};

static_assert(Multiplier<KyberNttAvx512Multiplier>);

}  // namespace pqmul
