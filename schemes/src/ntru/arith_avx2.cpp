// AVX2 kernels of NTRU's coefficient arithmetic (arith_kernels.hpp): 16
// coefficients per 16-bit-lane register. The last n % 16 coefficients go
// through the same vector code on a zero-padded copy, so every coefficient
// takes the same instructions as its portable twin's arithmetic.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pqmul/schemes/ntru/arith_kernels.hpp"

namespace pqmul::ntru::kernels {
namespace {

using V = __m256i;

inline V load16(const std::uint16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const V*>(p)); }
inline void store16(std::uint16_t* p, V v) { _mm256_storeu_si256(reinterpret_cast<V*>(p), v); }
// 16 bytes <-> 16 words.
inline V load8(const std::uint8_t* p) {
  return _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}
inline void store8(std::uint8_t* p, V v) {  // values 0 .. 255
  const V packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(v, v), 0xD8);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm256_castsi256_si128(packed));
}
inline V set(std::uint16_t c) { return _mm256_set1_epi16(static_cast<std::int16_t>(c)); }

// x mod 3 for any 16-bit x: floor(x / 3) = (x * 43691) >> 17 on [0, 2^16).
inline V mod3(V x) {
  const V quotient = _mm256_srli_epi16(_mm256_mulhi_epu16(x, set(43691)), 1);
  return _mm256_sub_epi16(x, _mm256_mullo_epi16(quotient, set(3)));
}

// Runs body(in_offset, out_offset) on 16 coefficients at a time; the tail is
// copied into and out of zero-padded buffers of 16 elements.
template <class In, class Out, class Body>
void blocks_of_16(const In* in, std::size_t n, Out* out, Body body) {
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) body(in + i, out + i);
  if (i < n) {
    In in_tail[16] = {};
    Out out_tail[16] = {};
    std::memcpy(in_tail, in + i, (n - i) * sizeof(In));
    body(in_tail, out_tail);
    std::memcpy(out + i, out_tail, (n - i) * sizeof(Out));
  }
}

// Centred value mod 3 of v = a mod q (q = 2^log_q): v + [v >= q/2] * (-q mod 3), mod 3.
struct CentredMod3 {
  V mask, minus_q_mod3;
  int sign_shift;
  explicit CentredMod3(unsigned log_q) {
    const std::uint32_t q = std::uint32_t{1} << log_q;
    mask = set(static_cast<std::uint16_t>(q - 1));
    minus_q_mod3 = set(static_cast<std::uint16_t>((3 - q % 3) % 3));
    sign_shift = static_cast<int>(log_q) - 1;
  }
  V operator()(V a) const {
    const V v = _mm256_and_si256(a, mask);
    const V negative = _mm256_srl_epi16(v, _mm_cvtsi32_si128(sign_shift));
    return mod3(_mm256_add_epi16(v, _mm256_mullo_epi16(negative, minus_q_mod3)));
  }
};

}  // namespace

void trits_to_rq_avx2(const std::uint8_t* a, std::size_t n, std::uint16_t q, std::uint16_t* out) {
  const V mask = set(static_cast<std::uint16_t>(q - 1));
  blocks_of_16(a, n, out, [&](const std::uint8_t* in, std::uint16_t* o) {
    const V v = load8(in);
    const V minus = _mm256_sub_epi16(_mm256_setzero_si256(), _mm256_srli_epi16(v, 1));
    store16(o, _mm256_and_si256(_mm256_or_si256(v, _mm256_and_si256(minus, mask)), mask));
  });
}

void widen_trits_avx2(const std::uint8_t* a, std::size_t n, std::uint16_t* out) {
  blocks_of_16(a, n, out, [](const std::uint8_t* in, std::uint16_t* o) { store16(o, load8(in)); });
}

void rq_to_s3_avx2(const std::uint16_t* a, std::size_t n, unsigned log_q, std::uint8_t* out) {
  const CentredMod3 centred(log_q);
  // The top coefficient's residue t; subtracting it is adding 2t, mod 3.
  std::uint16_t top_block[16] = {};
  top_block[0] = a[n - 1];
  alignas(32) std::uint16_t top_residue[16];
  store16(top_residue, centred(load16(top_block)));
  const V twice_top = set(static_cast<std::uint16_t>(2 * top_residue[0]));
  blocks_of_16(a, n, out, [&](const std::uint16_t* in, std::uint8_t* o) {
    store8(o, mod3(_mm256_add_epi16(centred(load16(in)), twice_top)));
  });
}

void trinary_from_rq_avx2(const std::uint16_t* a, std::size_t n, unsigned log_q, std::uint8_t* out) {
  const V mask = set(static_cast<std::uint16_t>((std::uint32_t{1} << log_q) - 1)), three = set(3);
  const __m128i shift = _mm_cvtsi32_si128(static_cast<int>(log_q) - 1);
  blocks_of_16(a, n, out, [&](const std::uint16_t* in, std::uint8_t* o) {
    const V v = _mm256_and_si256(load16(in), mask);
    store8(o, _mm256_and_si256(_mm256_xor_si256(v, _mm256_srl_epi16(v, shift)), three));
  });
}

void reduce_phi_rq_avx2(std::uint16_t* a, std::size_t n, std::uint16_t q) {
  const V top = set(a[n - 1]), mask = set(static_cast<std::uint16_t>(q - 1));
  blocks_of_16(a, n, a, [&](const std::uint16_t* in, std::uint16_t* o) {
    store16(o, _mm256_and_si256(_mm256_sub_epi16(load16(in), top), mask));
  });
}

void add_rq_avx2(const std::uint16_t* a, const std::uint16_t* b, std::size_t n, std::uint16_t q, std::uint16_t* out) {
  const V mask = set(static_cast<std::uint16_t>(q - 1));
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) store16(out + i, _mm256_and_si256(_mm256_add_epi16(load16(a + i), load16(b + i)), mask));
  for (; i < n; ++i) out[i] = static_cast<std::uint16_t>((a[i] + b[i]) & (q - 1u));
}

void sub_rq_avx2(const std::uint16_t* a, const std::uint16_t* b, std::size_t n, std::uint16_t q, std::uint16_t* out) {
  const V mask = set(static_cast<std::uint16_t>(q - 1));
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) store16(out + i, _mm256_and_si256(_mm256_sub_epi16(load16(a + i), load16(b + i)), mask));
  for (; i < n; ++i) out[i] = static_cast<std::uint16_t>((a[i] + q - b[i]) & (q - 1u));
}

std::uint8_t invalid_r_avx2(const std::uint16_t* a, std::size_t n, std::uint16_t q) {
  // Per coefficient: (c + 1) & (q - 4) is 0 iff c + 1 is in {0 .. 3} mod q
  // (in 16-bit lanes too, as q divides 2^16), and (c + 2) & 4 rules out c = 2.
  const V one = set(1), two = set(2), four = set(4), not_small = set(static_cast<std::uint16_t>(q - 4));
  V bad = _mm256_setzero_si256();
  auto check = [&](V c) {
    bad = _mm256_or_si256(bad, _mm256_and_si256(_mm256_add_epi16(c, one), not_small));
    bad = _mm256_or_si256(bad, _mm256_and_si256(_mm256_add_epi16(c, two), four));
  };
  const std::size_t m = n - 1;  // coefficients checked for being ternary
  std::size_t i = 0;
  for (; i + 16 <= m; i += 16) check(load16(a + i));
  std::uint16_t tail[16] = {};  // zero passes the check
  std::memcpy(tail, a + i, (m - i) * sizeof(std::uint16_t));
  check(load16(tail));
  bad = _mm256_or_si256(bad, _mm256_zextsi128_si256(_mm_cvtsi32_si128(a[n - 1])));
  const std::uint32_t any = static_cast<std::uint32_t>(_mm256_testz_si256(bad, bad)) ^ 1u;
  return static_cast<std::uint8_t>(any);
}

void bytes_mod3_avx2(const std::uint8_t* a, std::size_t n, std::uint8_t* out) {
  blocks_of_16(a, n, out, [](const std::uint8_t* in, std::uint8_t* o) { store8(o, mod3(load8(in))); });
}

void lift_hrss_avx2(const std::uint8_t* m, std::size_t n, std::uint16_t q, std::uint16_t* out) {
  constexpr std::size_t max_n = 1024;
  // Integer prefix sums s_i = m_0 + ... + m_i (at most 2n < 2^16): a scan
  // inside each 128-bit half, the low half's total added to the high half,
  // and the running total of the blocks before.
  alignas(32) std::uint16_t prefix[max_n + 16];
  V carry = _mm256_setzero_si256();
  blocks_of_16(m, n, prefix, [&](const std::uint8_t* in, std::uint16_t* o) {
    V x = load8(in);
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 2));
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 8));
    const V low_total = _mm256_shufflehi_epi16(_mm256_permute4x64_epi64(x, 0x50), 0xff);  // lane 7 of the low half
    x = _mm256_add_epi16(x, _mm256_blend_epi32(_mm256_setzero_si256(), _mm256_unpackhi_epi64(low_total, low_total), 0xf0));
    x = _mm256_add_epi16(x, carry);
    store16(o, x);
    carry = _mm256_permutevar8x32_epi32(_mm256_shufflehi_epi16(x, 0xff), _mm256_set1_epi32(7));
  });
  for (std::size_t k = n; k < (n + 15) / 16 * 16; ++k) prefix[k] = 0;
  // c = m(1) / n mod 3; b_i = (i + 1) c - s_i mod 3 (plus a multiple of 3
  // that keeps it positive), then b as {0, 1, q-1}.
  const std::uint32_t sum = prefix[n - 1], n_inverse = n % 3 == 1 ? 1 : 2;
  const std::uint32_t c = (sum % 3) * n_inverse % 3;
  alignas(32) std::uint16_t b[max_n + 32];  // b[1 + i] = b_i, b[0] = b_{n-1}
  const V mask = set(static_cast<std::uint16_t>(q - 1)), c_v = set(static_cast<std::uint16_t>(c));
  const V offset = set(static_cast<std::uint16_t>(3 * max_n * 2));
  V index = _mm256_setr_epi16(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
  for (std::size_t i = 0; i < n; i += 16) {
    const V s = _mm256_loadu_si256(reinterpret_cast<const V*>(prefix + i));
    const V t = mod3(_mm256_sub_epi16(_mm256_add_epi16(_mm256_mullo_epi16(index, c_v), offset), s));
    const V minus = _mm256_sub_epi16(_mm256_setzero_si256(), _mm256_srli_epi16(t, 1));
    store16(b + 1 + i, _mm256_and_si256(_mm256_or_si256(t, _mm256_and_si256(minus, mask)), mask));
    index = _mm256_add_epi16(index, set(16));
  }
  b[0] = b[n];
  // (x - 1) b: out_i = b_{i-1} - b_i (indices mod n).
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) store16(out + i, _mm256_and_si256(_mm256_sub_epi16(load16(b + i), load16(b + 1 + i)), mask));
  for (; i < n; ++i) out[i] = static_cast<std::uint16_t>((b[i] + q - b[i + 1]) & (q - 1u));
}

}  // namespace pqmul::ntru::kernels
