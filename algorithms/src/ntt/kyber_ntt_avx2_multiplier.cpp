// KyberNttAvx2Multiplier: the typed multiplier over the AVX2 kernels
// (kyber_ntt_avx2.cpp). Compiled for baseline x86-64; its callers choose it
// only when isa_available(Isa::avx2).
#include "pqmul/algorithms/ntt/kyber_ntt_avx2.hpp"

#include <cassert>

// The kernels exist only in x86-64 builds (cmake/simd.cmake).
#if defined(PQMUL_X86_SIMD)

namespace pqmul {

namespace avx2 = kyber_ntt::avx2;

namespace {
// The operand contract (centred), checked in debug builds as the portable
// multiplier checks it.
[[maybe_unused]] bool centred(const std::array<std::int16_t, 256>& f) {
  for (auto c : f)
    if (c < -(kyber_ntt::q - 1) / 2 || c > (kyber_ntt::q - 1) / 2) return false;
  return true;
}
}  // namespace

void KyberNttAvx2Multiplier::transform(const Poly<KyberRing>& a, operand& x) const {
  assert(is_canonical(a));
  for (std::size_t i = 0; i < KyberRing::n; ++i) x.data[i] = static_cast<std::int16_t>(a[i]);
  avx2::forward(x.data.data());
  avx2::reduce(x.data.data());
}

void KyberNttAvx2Multiplier::multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
  assert(centred(x.data) && centred(y.data));
  avx2::base_multiply_accumulate(acc.data.data(), x.data.data(), y.data.data());
}

void KyberNttAvx2Multiplier::inverse(const accumulator& acc, Poly<KyberRing>& out) const {
  kyber_ntt::Coeffs f;
  avx2::reduce_accumulator(f.data(), acc.data.data());  // carries R^-1 ...
  avx2::inverse_from_montgomery(f.data());              // ... which this removes
  avx2::to_canonical(out.coeffs.data(), f.data());
}

// The NTT-domain helpers act lane by lane on the shared domain types: the
// portable ones give the same values.
// Any uint16: shift into int16 by -2^15, reduce, add 2^15 mod q back, reduce
// again (the portable twin's two Barrett steps, on the reduce kernel).
auto KyberNttAvx2Multiplier::from_ntt(const std::array<std::uint16_t, 256>& fips_ntt) -> operand {
  constexpr std::int16_t shift = (1 << 15) % kyber_ntt::q;
  operand x;
  for (std::size_t i = 0; i < KyberRing::n; ++i) x.data[i] = static_cast<std::int16_t>(fips_ntt[i] - (1 << 15));
  avx2::reduce(x.data.data());
  for (auto& c : x.data) c = static_cast<std::int16_t>(c + shift);
  avx2::reduce(x.data.data());
  return x;
}

auto KyberNttAvx2Multiplier::from_ntt(const std::array<std::int16_t, 256>& fips_ntt) -> operand {
  operand x;
  x.data = fips_ntt;
  avx2::reduce(x.data.data());
  return x;
}

void KyberNttAvx2Multiplier::from_canonical_ntt(const std::array<std::uint16_t, 256>& c, operand& x) {
  avx2::centre_canonical(x.data.data(), c.data());
}

std::array<std::uint16_t, 256> KyberNttAvx2Multiplier::ntt_coefficients(const operand& x) {
  std::array<std::uint16_t, 256> c;
  avx2::to_canonical(c.data(), x.data.data());
  return c;
}

void KyberNttAvx2Multiplier::add_ntt(accumulator& acc, const operand& x) { KyberNttMultiplier::add_ntt(acc, x); }

void KyberNttAvx2Multiplier::to_ntt(const accumulator& acc, operand& x) {
  avx2::accumulator_to_centred(x.data.data(), acc.data.data());
}

}  // namespace pqmul

#endif  // PQMUL_X86_SIMD
