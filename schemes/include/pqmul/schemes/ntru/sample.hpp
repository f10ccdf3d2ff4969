#pragma once
// Sampling of ternary polynomials from uniform bytes, as NTRU round 3 defines
// it (the KAT files fix every bit of these maps).
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "pqmul/schemes/ntru/arith.hpp"
#include "pqmul/schemes/ntru/kernels.hpp"
#include "pqmul/schemes/ntru/pack_kernels.hpp"
#include "pqmul/schemes/ntru/sort.hpp"

namespace pqmul::ntru {

// One byte per coefficient 0 .. n-2, reduced mod 3; coefficient n-1 is 0.
template <ParameterSet P>
S3<P> sample_iid(std::span<const std::uint8_t, P::iid_bytes> bytes) {
  S3<P> r;
  for (std::size_t i = 0; i < P::n - 1; ++i) r[i] = static_cast<std::uint8_t>(mod3(bytes[i]));
  r[P::n - 1] = 0;
  return r;
}

// HRSS: sample_iid, then negate the even-index coefficients when the
// correlation <x*r, r> = sum r_i r_{i+1} is negative, so that it is >= 0.
template <ParameterSet P>
S3<P> sample_iid_plus(std::span<const std::uint8_t, P::iid_bytes> bytes) {
  S3<P> r = sample_iid<P>(bytes);
  auto centred = [](std::uint8_t v) { return static_cast<std::int32_t>(v) - 3 * (v >> 1); };  // 2 -> -1
  std::int32_t correlation = 0;
  for (std::size_t i = 0; i + 1 < P::n; ++i) correlation += centred(r[i]) * centred(r[i + 1]);
  const std::uint8_t flip = static_cast<std::uint8_t>(0u - (static_cast<std::uint32_t>(correlation) >> 31));
  for (std::size_t i = 0; i < P::n; i += 2) {
    const std::uint8_t negated = static_cast<std::uint8_t>(mod3(3u - r[i]));
    r[i] = static_cast<std::uint8_t>(r[i] ^ (flip & (r[i] ^ negated)));
  }
  return r;
}

// HPS: a uniformly random ternary polynomial with weight/2 coefficients +1,
// weight/2 coefficients -1 and coefficient n-1 equal to 0. Each of the n-1
// positions gets a 30-bit random key (bits 2..31 of a 32-bit word) and a
// label in bits 0..1 (1 for the first weight/2 positions, 2 for the next
// weight/2, 0 after); sorting the words in constant time shuffles the labels.
// Key i is bits 30i .. 30i+29 of the bytes read as one little-endian bit
// string; they are assembled per group of four keys (15 bytes).
// (Before October 2020 the reference placed byte 13 of a group at bit 15
// instead of 16; the round-3 KAT files follow the corrected reading.)
// The keys are padded with INT32_MAX to a power of two for the sorting network.
template <ParameterSet P, Kernels K = Kernels::portable>
S3<P> sample_fixed_type(std::span<const std::uint8_t, P::fixed_type_bytes> u) {
  static_assert(P::variant == Variant::hps && (P::n - 1) % 4 == 0);
  constexpr std::size_t padded = std::bit_ceil(P::n - 1);
  alignas(32) std::array<std::int32_t, padded> keys;
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    kernels::fixed_type_keys_avx2(u.data(), P::n - 1, keys.data());
  } else
#endif
  {
    for (std::size_t i = 0; i < (P::n - 1) / 4; ++i) {
      const std::uint8_t* b = u.data() + 15 * i;
      auto at = [b](std::size_t k) { return std::uint32_t{b[k]}; };
      const std::uint32_t k0 = (at(0) << 2) + (at(1) << 10) + (at(2) << 18) + (at(3) << 26);
      const std::uint32_t k1 = ((at(3) & 0xc0) >> 4) + (at(4) << 4) + (at(5) << 12) + (at(6) << 20) + (at(7) << 28);
      const std::uint32_t k2 = ((at(7) & 0xf0) >> 2) + (at(8) << 6) + (at(9) << 14) + (at(10) << 22) + (at(11) << 30);
      const std::uint32_t k3 = (at(11) & 0xfc) + (at(12) << 8) + (at(13) << 16) + (at(14) << 24);
      keys[4 * i + 0] = static_cast<std::int32_t>(k0);
      keys[4 * i + 1] = static_cast<std::int32_t>(k1);
      keys[4 * i + 2] = static_cast<std::int32_t>(k2);
      keys[4 * i + 3] = static_cast<std::int32_t>(k3);
    }
  }
  for (std::size_t i = 0; i < P::weight / 2; ++i) keys[i] |= 1;
  for (std::size_t i = P::weight / 2; i < P::weight; ++i) keys[i] |= 2;
  for (std::size_t i = P::n - 1; i < padded; ++i) keys[i] = std::numeric_limits<std::int32_t>::max();
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2)
    sort_int32_pow2_avx2(keys.data(), padded, P::n - 1);
  else
#endif
    sort_int32_pow2_portable(keys.data(), padded);
  S3<P> r(uninitialized);
  for (std::size_t i = 0; i < P::n - 1; ++i) r[i] = static_cast<std::uint8_t>(keys[i] & 3);
  r[P::n - 1] = 0;
  return r;
}

}  // namespace pqmul::ntru
