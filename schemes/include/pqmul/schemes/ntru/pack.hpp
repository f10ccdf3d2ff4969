#pragma once
// Byte encodings of NTRU round 3:
//   S_q / R_q:  coefficients 0 .. n-2, log2(q) bits each, as one little-endian
//               bit string (coefficient n-1 is 0 in S_q, and recovered from a
//               zero coefficient sum in R_q);
//   S_3:        coefficients 0 .. n-2, five trits per byte in base 3, the
//               lowest coefficient least significant.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqmul/schemes/ntru/arith.hpp"

namespace pqmul::ntru {

template <ParameterSet P>
void pack_sq(const Rq<P>& a, std::span<std::uint8_t, P::rq_bytes> out) {
  std::uint32_t buffer = 0;
  unsigned bits = 0;
  std::size_t o = 0;
  for (std::size_t i = 0; i < P::pack_degree; ++i) {
    buffer |= std::uint32_t{mod_q<P>(a[i])} << bits;
    bits += P::log_q;
    for (; bits >= 8; bits -= 8, buffer >>= 8) out[o++] = static_cast<std::uint8_t>(buffer);
  }
  if (bits > 0) out[o++] = static_cast<std::uint8_t>(buffer);
}

// Coefficient n-1 is set to 0 (an element of S_q). Coefficient i starts at
// bit log2(q) * i and fits in the three bytes from there (offset <= 7 and
// log2(q) <= 16), so each is read directly from a copy with two bytes of
// zero padding, with no bit buffer carried from one coefficient to the next.
template <ParameterSet P>
Rq<P> unpack_sq(std::span<const std::uint8_t, P::rq_bytes> in) {
  static_assert(P::log_q <= 16);
  std::array<std::uint8_t, P::rq_bytes + 2> padded{};
  std::copy(in.begin(), in.end(), padded.begin());
  Rq<P> a;
  for (std::size_t i = 0; i < P::pack_degree; ++i) {
    const std::size_t bit = P::log_q * i, byte = bit / 8;
    const std::uint32_t window = std::uint32_t{padded[byte]} | (std::uint32_t{padded[byte + 1]} << 8) |
                                 (std::uint32_t{padded[byte + 2]} << 16);
    a[i] = mod_q<P>(window >> (bit % 8));
  }
  a[P::n - 1] = 0;
  return a;
}

// Public keys and ciphertexts are elements of R_q with coefficient sum 0.
template <ParameterSet P>
Rq<P> unpack_rq_sum_zero(std::span<const std::uint8_t, P::rq_bytes> in) {
  Rq<P> a = unpack_sq<P>(in);
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i < P::pack_degree; ++i) sum += a[i];
  a[P::n - 1] = mod_q<P>(0u - sum);
  return a;
}

// 1 if the bits of the last byte beyond log2(q) * (n-1) are not all zero.
template <ParameterSet P>
std::uint8_t unused_bits_set(std::span<const std::uint8_t, P::rq_bytes> in) {
  constexpr unsigned used = (P::log_q * P::pack_degree) % 8;
  if constexpr (used == 0) {
    return 0;
  } else {
    const std::uint32_t extra = in[P::rq_bytes - 1] >> used;  // 0 .. 255
    return static_cast<std::uint8_t>((0u - extra) >> 31);
  }
}

// Whole bytes first (five coefficients each), then the last partial byte.
// A whole byte sum_j t_j 3^j is one multiplication: with the trits as the
// bytes of d, d * (81 + 27 2^8 + 9 2^16 + 3 2^24 + 2^32) holds it in byte 4,
// and no byte below carries (each is at most 2 * 120 < 256).
template <ParameterSet P>
void pack_s3(const S3<P>& a, std::span<std::uint8_t, P::trinary_bytes> out) {
  constexpr std::size_t full = P::pack_degree / 5;
  constexpr std::uint64_t powers = 0x0103091B51;
  for (std::size_t byte = 0; byte < full; ++byte) {
    const std::uint8_t* t = a.coeffs.data() + 5 * byte;
    const std::uint64_t digits = std::uint64_t{t[0]} | std::uint64_t{t[1]} << 8 | std::uint64_t{t[2]} << 16 |
                                 std::uint64_t{t[3]} << 24 | std::uint64_t{t[4]} << 32;
    out[byte] = static_cast<std::uint8_t>((digits * powers) >> 32);
  }
  if constexpr (full < P::trinary_bytes) {
    std::uint32_t c = 0;
    for (std::size_t j = P::pack_degree - 5 * full; j-- > 0;) c = 3 * c + a[5 * full + j];
    out[full] = static_cast<std::uint8_t>(c);
  }
}

namespace detail {
// floor(c / 3^j) for a byte c, as (c * ceil(2^16 / 3^j)) >> 16: the rounding
// error c * (ceil - exact) / 2^16 stays below 1/3^j for c < 256.
inline constexpr std::array<std::uint32_t, 5> pow3_reciprocal = {65536, 21846, 7282, 2428, 810};
constexpr std::uint32_t div_pow3(std::uint32_t c, std::size_t j) { return (c * pow3_reciprocal[j]) >> 16; }
constexpr bool div_pow3_exact() {
  std::uint32_t pow3 = 1;
  for (std::size_t j = 0; j < 5; ++j, pow3 *= 3)
    for (std::uint32_t c = 0; c < 256; ++c)
      if (div_pow3(c, j) != c / pow3) return false;
  return true;
}
static_assert(div_pow3_exact());
}  // namespace detail

// Each byte is read as sum_j d_j 3^j with d_j = floor(byte / 3^j) mod 3, so
// bytes above 242 (not produced by pack_s3) decode as the reference does.
template <ParameterSet P>
S3<P> unpack_s3(std::span<const std::uint8_t, P::trinary_bytes> in) {
  S3<P> a;
  constexpr std::size_t full = P::pack_degree / 5;
  for (std::size_t byte = 0; byte < full; ++byte)
    for (std::size_t j = 0; j < 5; ++j)
      a[5 * byte + j] = static_cast<std::uint8_t>(mod3(detail::div_pow3(in[byte], j)));
  for (std::size_t j = 0; 5 * full + j < P::pack_degree; ++j)
    a[5 * full + j] = static_cast<std::uint8_t>(mod3(detail::div_pow3(in[full], j)));
  a[P::n - 1] = 0;
  return a;
}

}  // namespace pqmul::ntru
