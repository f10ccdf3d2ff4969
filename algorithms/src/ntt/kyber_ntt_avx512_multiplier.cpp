// KyberNttAvx512Multiplier: the typed multiplier over the AVX-512 lane-wise
// kernels (kyber_ntt_avx512.cpp) and the AVX2 transforms. Compiled for
// baseline x86-64; its callers choose it only when isa_available(Isa::avx512).
#include "pqmul/algorithms/ntt/kyber_ntt_avx512.hpp"

#include <cassert>

#if defined(PQMUL_X86_SIMD)

namespace pqmul {

namespace avx2 = kyber_ntt::avx2;
namespace avx512 = kyber_ntt::avx512;

namespace {

// The coefficients of canonical a (below 2^15: the same bits as int16) into f,
// in 256-bit moves (see avx512::copy_coefficients).
void copy_coefficients(kyber_ntt::Coeffs& f, const Poly<KyberRing>& a) {
  assert(is_canonical(a));
  avx512::copy_coefficients(f.data(), a.coeffs.data());
}

}  // namespace

// (The reduction after the forward NTT is the AVX2 one: its 256-bit loads meet
// the NTT's 256-bit stores, where 512-bit loads would wait for them to retire.)
void KyberNttAvx512Multiplier::transform(const Poly<KyberRing>& a, operand& x) const {
  copy_coefficients(x.data, a);
  avx2::forward(x.data.data());
  avx2::reduce(x.data.data());
}

void KyberNttAvx512Multiplier::clear(accumulator& acc) const { avx512::clear_accumulator(acc.data.data()); }

void KyberNttAvx512Multiplier::multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
  avx512::base_multiply_accumulate(acc.data.data(), x.data.data(), y.data.data());
}

void KyberNttAvx512Multiplier::multiply_canonical(accumulator& acc, const std::array<std::uint16_t, 256>& c,
                                                  const operand& y, bool first) {
  if (first) {
    avx512::base_multiply_canonical(acc.data.data(), c.data(), y.data.data());
  } else {
    avx512::base_multiply_accumulate_canonical(acc.data.data(), c.data(), y.data.data());
  }
}

void KyberNttAvx512Multiplier::multiply_canonical(accumulator& acc, const std::array<std::uint16_t, 256>& c,
                                                  const operand& y, bool first, std::size_t from, std::size_t to) {
  assert(from <= to && to <= 256 && from % 32 == 0 && to % 32 == 0);
  avx512::base_multiply_canonical_part(acc.data.data(), c.data(), y.data.data(), first, from, to);
}

void KyberNttAvx512Multiplier::inverse(const accumulator& acc, Poly<KyberRing>& out) const {
  kyber_ntt::Coeffs f;
  avx512::reduce_accumulator(f.data(), acc.data.data());  // carries R^-1 ...
  avx2::inverse_from_montgomery(f.data());                // ... which this removes
  avx512::to_canonical(out.coeffs.data(), f.data());
}

// The NTT-domain helpers give the AVX2 multiplier's values (the same lanes).
auto KyberNttAvx512Multiplier::from_ntt(const std::array<std::uint16_t, 256>& fips_ntt) -> operand {
  return KyberNttAvx2Multiplier::from_ntt(fips_ntt);
}

auto KyberNttAvx512Multiplier::from_ntt(const std::array<std::int16_t, 256>& fips_ntt) -> operand {
  operand x;
  x.data = fips_ntt;
  avx512::reduce(x.data.data());
  return x;
}

std::array<std::uint16_t, 256> KyberNttAvx512Multiplier::ntt_coefficients(const operand& x) {
  std::array<std::uint16_t, 256> c;
  avx512::to_canonical(c.data(), x.data.data());
  return c;
}

void KyberNttAvx512Multiplier::add_ntt(accumulator& acc, const operand& x) { KyberNttMultiplier::add_ntt(acc, x); }

std::array<std::uint16_t, 256> KyberNttAvx512Multiplier::ntt_sum_coefficients(const accumulator& acc,
                                                                              const Poly<KyberRing>& e) {
  operand e_hat;
  transform_unreduced(e, e_hat);
  std::array<std::uint16_t, 256> c;
  avx512::accumulator_plus_to_canonical(c.data(), acc.data.data(), e_hat.data.data());
  return c;
}

// |NTT(e)| < 8q: the int32 sum with an accumulator needs no reduction first.
void KyberNttAvx512Multiplier::transform_unreduced(const Poly<KyberRing>& e, operand& x) {
  copy_coefficients(x.data, e);
  avx2::forward(x.data.data());
}

void KyberNttAvx512Multiplier::ntt_sum_coefficients(std::array<std::uint16_t, 256>& out, const accumulator& acc,
                                                    const operand& e_hat, std::size_t from, std::size_t to) {
  assert(from <= to && to <= 256 && from % 32 == 0 && to % 32 == 0);
  avx512::accumulator_plus_to_canonical_part(out.data(), acc.data.data(), e_hat.data.data(), from, to);
}

void KyberNttAvx512Multiplier::to_ntt(const accumulator& acc, operand& x) {
  avx512::accumulator_to_centred(x.data.data(), acc.data.data());
}

}  // namespace pqmul

#endif  // PQMUL_X86_SIMD
