#pragma once
// Compile-time constants of the Kyber NTT shared by its SIMD kernel files
// (kyber_ntt_avx2.cpp, kyber_ntt_avx512.cpp). Every function is consteval, so
// no code is ever emitted from this header: nothing compiled with one file's
// target flags can be linked into another's callers (see cmake/simd.cmake).
#include <cstdint>

namespace pqmul::kyber_ntt::simd_constants {

inline constexpr std::int32_t kQ = 3329;

consteval std::int64_t power_mod(std::int64_t base, std::int64_t exponent) {
  std::int64_t result = 1;
  base %= kQ;
  for (; exponent != 0; exponent >>= 1) {
    if (exponent & 1) result = result * base % kQ;
    base = base * base % kQ;
  }
  return result;
}
// The representative of v mod q in [-(q-1)/2, (q-1)/2].
consteval std::int16_t centred_mod(std::int64_t v) {
  v %= kQ;
  if (v < 0) v += kQ;
  return static_cast<std::int16_t>(v > kQ / 2 ? v - kQ : v);
}
// q^-1 mod 2^16 by Newton iteration (each step doubles the correct bits).
consteval std::int16_t q_inverse_16() {
  std::uint32_t x = 1;
  for (int i = 0; i < 4; ++i) x = (x * (2u - static_cast<std::uint32_t>(kQ) * x)) & 0xffffu;
  return static_cast<std::int16_t>(x);
}
inline constexpr std::int16_t kQinv = q_inverse_16();
consteval int bit_reverse_7(int k) {
  int r = 0;
  for (int b = 0; b < 7; ++b) r |= ((k >> b) & 1) << (6 - b);
  return r;
}
// 17^BitRev7(k) * R, centred (FIPS 203 zeta_k in Montgomery form).
consteval std::int16_t zeta(int k) { return centred_mod(power_mod(17, bit_reverse_7(k)) << 16); }
// 17^(2 BitRev7(i) + 1) * R, centred: the modulus x^2 - gamma_i of pair i.
consteval std::int16_t gamma(int i) { return centred_mod(power_mod(17, 2 * bit_reverse_7(i) + 1) << 16); }
// c * q^-1 mod 2^16: the second constant of a Montgomery product by c.
consteval std::int16_t times_qinv(std::int16_t c) {
  const std::uint32_t low = (std::uint32_t{static_cast<std::uint16_t>(c)} * static_cast<std::uint16_t>(kQinv)) & 0xffffu;
  return static_cast<std::int16_t>(low);
}
// Barrett: round(2^26 / q).
inline constexpr std::int16_t kBarrettV = static_cast<std::int16_t>(((1 << 26) + kQ / 2) / kQ);
// R^2 mod q, centred: a Montgomery product by it removes an R^-1.
inline constexpr std::int16_t kR2 = centred_mod(power_mod(std::int64_t{1} << 16, 2));

}  // namespace pqmul::kyber_ntt::simd_constants
