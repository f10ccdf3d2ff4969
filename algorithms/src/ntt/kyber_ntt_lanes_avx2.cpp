// AVX2 lane-wise kernels of the Kyber / ML-KEM NTT multiplier
// (kyber_ntt_simd_kernels.inl): base multiplication and the reductions, on
// 16 lanes; the AVX-512 twins (kyber_ntt_avx512.cpp) give the same values on 32.
#include <immintrin.h>

#include <cassert>
#include <cstddef>
#include <cstdint>

#include "kyber_ntt_avx2_vectors.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"

namespace pqmul::kyber_ntt::avx2 {
namespace {

using namespace simd_constants;
using namespace vectors;

// Base multiplication: lane 2i+1 holds gamma_i (the lane that multiplies b1),
// even lanes R mod q, the Montgomery form of 1 (b0 passes through, mod q).
struct alignas(32) GammaTable {
  Twiddle v[16];
};
consteval GammaTable make_gamma_table() {
  GammaTable t{};
  for (int r = 0; r < 16; ++r) {
    std::int16_t c[16]{};
    for (int p = 0; p < 8; ++p) {
      c[2 * p] = centred_mod(std::int64_t{1} << 16);
      c[2 * p + 1] = gamma(8 * r + p);
    }
    t.v[r] = make_twiddle(c);
  }
  return t;
}

alignas(64) constexpr GammaTable gamma_table = make_gamma_table();

// Canonical values ([0, q), below 2^15 so the signed compare holds) centred.
[[gnu::always_inline]] inline V centre(V v, V q) {
  const V half = _mm256_set1_epi16(static_cast<short>((kQ - 1) / 2));
  return _mm256_sub_epi16(v, _mm256_and_si256(q, _mm256_cmpgt_epi16(v, half)));
}

// A value within (-q, q) (Barrett-reduced, or a Montgomery product) moved into [0, q).
[[gnu::always_inline]] inline V canonical(V r, V q) {
  return _mm256_add_epi16(r, _mm256_and_si256(q, _mm256_srai_epi16(r, 15)));
}

// acc += a o b (pairs 2i, 2i + 1 as in kyber_ntt::base_multiply_accumulate),
// or acc = a o b without reading acc (Accumulate false); Canonical: a holds
// values in [0, q), centred in registers first. Registers [begin, end) only
// (16 coefficients each), for part of a row.
template <bool Canonical, bool Accumulate = true>
[[gnu::always_inline]] inline void multiply_accumulate_pairs(std::int32_t* acc, const void* a, const std::int16_t* b,
                                                             int begin = 0, int end = 16) {
  const V q = q_vector();
  // Swaps the two int16 of every 32-bit pair: (b0, b1) -> (b1, b0). Opaque,
  // so that the compiler keeps one vpshufb (clang would use two shuffles).
  const V swap = opaque(_mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,  //
                                         2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
#pragma GCC unroll 16
  for (int r = begin; r < end; ++r) {
    V va = load(static_cast<const std::int16_t*>(a) + 16 * r);
    if constexpr (Canonical) va = centre(va, q);
    const V vb = load(b + 16 * r);
    const V even = fqmul(vb, gamma_table.v[r], q);  // (b0, b1 gamma) mod q
    const V odd = _mm256_shuffle_epi8(vb, swap);    // (b1, b0)
    const V c0 = _mm256_madd_epi16(va, even);       // a0 b0 + a1 b1 gamma mod q
    const V c1 = _mm256_madd_epi16(va, odd);        // a0 b1 + a1 b0
    // Interleaved per 128-bit half: lanes 0-3 | 8-11 and 4-7 | 12-15.
    const V lo = _mm256_unpacklo_epi32(c0, c1);
    const V hi = _mm256_unpackhi_epi32(c0, c1);
    std::int32_t* out = acc + 16 * r;
    const V first = _mm256_permute2x128_si256(lo, hi, 0x20), second = _mm256_permute2x128_si256(lo, hi, 0x31);
    if constexpr (Accumulate) {
      store32(out, _mm256_add_epi32(load32(out), first));
      store32(out + 8, _mm256_add_epi32(load32(out + 8), second));
    } else {
      store32(out, first);
      store32(out + 8, second);
    }
  }
}

// A row of Count products in registers: each register's pair sums (c0 the
// even lanes, c1 the odd ones, as multiply_accumulate_pairs forms them) are
// added up, then reduced once without leaving the register. Blending c0's
// halves into even int16 lanes and c1's into odd ones gives the low and the
// high halves of the sums already in pair order (no packs, no shuffle back).
// |high| stays small (simd_max_row_products), so no Barrett step precedes
// the Montgomery correction (montgomery_pair's, which takes any lane).
// Plus: x (|x| < 8q, even and odd int16 lanes widened into c0 and c1) is
// added before the reduction, and the result times R (a Montgomery product by
// R^2, |.| < q) moved into [0, q) is stored into `plus_out` instead: the
// values of accumulator_plus_to_canonical. Registers [begin, end).
template <bool Canonical, int Count, bool Plus = false>
[[gnu::always_inline]] inline void multiply_row(std::int16_t* r, const void* const* a, const std::int16_t* const* b,
                                                const std::int16_t* x = nullptr, std::uint16_t* plus_out = nullptr,
                                                int begin = 0, int end = 16) {
  static_assert(Count >= 1 && Count <= static_cast<int>(max_row_products));
  const V q = q_vector();
  const V swap = opaque(_mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,  //
                                         2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
#pragma GCC unroll 16
  for (int i = begin; i < end; ++i) {
    const V gamma = load(gamma_table.v[i].c), gamma_qinv = load(gamma_table.v[i].c_qinv);
    V c0, c1;
#pragma GCC unroll 4
    for (int j = 0; j < Count; ++j) {
      V va = load(static_cast<const std::int16_t*>(a[j]) + 16 * i);
      if constexpr (Canonical) va = centre(va, q);
      const V vb = load(b[j] + 16 * i);
      const V even = _mm256_madd_epi16(va, fqmul(vb, gamma, gamma_qinv, q));
      const V odd = _mm256_madd_epi16(va, _mm256_shuffle_epi8(vb, swap));
      c0 = j == 0 ? even : _mm256_add_epi32(c0, even);
      c1 = j == 0 ? odd : _mm256_add_epi32(c1, odd);
    }
    if constexpr (Plus) {
      const V vx = load(x + 16 * i);
      c0 = _mm256_add_epi32(c0, _mm256_srai_epi32(_mm256_slli_epi32(vx, 16), 16));
      c1 = _mm256_add_epi32(c1, _mm256_srai_epi32(vx, 16));
    }
    const V low = _mm256_blend_epi16(c0, _mm256_slli_epi32(c1, 16), 0xAA);
    const V high = _mm256_blend_epi16(_mm256_srli_epi32(c0, 16), c1, 0xAA);
    const V m = _mm256_mulhi_epi16(_mm256_mullo_epi16(low, _mm256_set1_epi16(kQinv)), q);
    const V reduced = _mm256_sub_epi16(high, m);
    if constexpr (Plus) {
      const V times_r = fqmul(reduced, _mm256_set1_epi16(kR2), _mm256_set1_epi16(times_qinv(kR2)), q);
      _mm256_storeu_si256(reinterpret_cast<V*>(plus_out + 16 * i), canonical(times_r, q));
    } else {
      store(r + 16 * i, reduced);
    }
  }
}

// multiply_row for a count known at run time (1 to max_row_products).
template <bool Canonical>
void multiply_row_of(std::int16_t* r, const void* const* a, const std::int16_t* const* b, std::size_t count) {
  with_row_count(count, [&]<int N>() __attribute__((always_inline)) { multiply_row<Canonical, N>(r, a, b); });
}

// The 16 int32 lanes x, y (in order) times R^-1, centred: the low and high
// halves of the lanes in order (packs work per 128-bit half, the permutation
// puts the halves back in place); lane * R^-1 = high - (t q) / 2^16 with
// t = low q^-1, the high half Barrett-reduced first so the difference fits int16.
[[gnu::always_inline]] inline V montgomery_pair(V x, V y, V q) {
  const V low_mask = _mm256_set1_epi32(0xffff);
  V low = _mm256_packus_epi32(_mm256_and_si256(x, low_mask), _mm256_and_si256(y, low_mask));
  V high = _mm256_packs_epi32(_mm256_srai_epi32(x, 16), _mm256_srai_epi32(y, 16));
  low = _mm256_permute4x64_epi64(low, 0xD8);
  high = _mm256_permute4x64_epi64(high, 0xD8);
  const V m = _mm256_mulhi_epi16(_mm256_mullo_epi16(low, _mm256_set1_epi16(kQinv)), q);
  return barrett(_mm256_sub_epi16(barrett(high, q), m), q);
}

// Times R^2 R^-1 = R: removes the R^-1 a Montgomery reduction left, centred again.
[[gnu::always_inline]] inline V remove_inverse_r(V r, V q) {
  return barrett(fqmul(r, _mm256_set1_epi16(kR2), _mm256_set1_epi16(times_qinv(kR2)), q), q);
}


// run(begin, end) over the registers of coefficients [from, to); the halves
// of a row (the parts key generation asks for) with constant bounds, so that
// the loops in run unroll.
template <class Run>
[[gnu::always_inline]] inline void over_registers(std::size_t from, std::size_t to, Run&& run) {
  if (from == 0 && to == 128) {
    run(0, 8);
  } else if (from == 128 && to == 256) {
    run(8, 16);
  } else {
    run(static_cast<int>(from / 16), static_cast<int>(to / 16));
  }
}

// out = (acc + x) R^-1 R mod q in [0, q), registers [begin, end).
[[gnu::always_inline]] inline void plus_to_canonical(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x,
                                                     int begin, int end) {
  const V q = q_vector();
#pragma GCC unroll 16
  for (int i = begin; i < end; ++i) {
    const __m128i x_first = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + 16 * i));
    const __m128i x_second = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + 16 * i + 8));
    const V first = _mm256_add_epi32(load32(acc + 16 * i), _mm256_cvtepi16_epi32(x_first));
    const V second = _mm256_add_epi32(load32(acc + 16 * i + 8), _mm256_cvtepi16_epi32(x_second));
    _mm256_storeu_si256(reinterpret_cast<V*>(out + 16 * i),
                        canonical(remove_inverse_r(montgomery_pair(first, second, q), q), q));
  }
}

}  // namespace

// The bounds of kyber_ntt_simd_kernels.inl, checked in the debug build.
constexpr std::int64_t kHalf = (kQ - 1) / 2;

void base_multiply_accumulate(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_accumulate", "a", a, 256, -kHalf, kHalf);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_accumulate", "b", b, 256, -kHalf, kHalf);
  multiply_accumulate_pairs<false>(acc, a, b);
}

void base_multiply_accumulate_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_accumulate_canonical", "a", a, 256, 0, kQ - 1);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_accumulate_canonical", "b", b, 256, -kHalf, kHalf);
  multiply_accumulate_pairs<true>(acc, a, b);
}

void base_multiply_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_canonical", "a", a, 256, 0, kQ - 1);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_canonical", "b", b, 256, -kHalf, kHalf);
  multiply_accumulate_pairs<true, false>(acc, a, b);
}

void base_multiply_canonical_part(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b, bool first,
                                  std::size_t from, std::size_t to) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_canonical_part", "a", a + from, to - from, 0, kQ - 1);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_canonical_part", "b", b + from, to - from, -kHalf, kHalf);
  over_registers(from, to, [&](int begin, int end) {
    if (first) {
      multiply_accumulate_pairs<true, false>(acc, a, b, begin, end);
    } else {
      multiply_accumulate_pairs<true>(acc, a, b, begin, end);
    }
  });
}

void base_multiply_row(std::int16_t* r, const std::int16_t* const* a, const std::int16_t* const* b, std::size_t count) {
  assert(count >= 1 && count <= max_row_products);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx2::base_multiply_row", "a", a, count, 0, 256, -kHalf, kHalf);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx2::base_multiply_row", "b", b, count, 0, 256, -kHalf, kHalf);
  multiply_row_of<false>(r, reinterpret_cast<const void* const*>(a), b, count);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_row", "output", r, 256, -inverse_input_bound + 1,
                     inverse_input_bound - 1);
}

void base_multiply_row_canonical(std::int16_t* r, const std::uint16_t* const* a, const std::int16_t* const* b,
                                 std::size_t count) {
  assert(count >= 1 && count <= max_row_products);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx2::base_multiply_row_canonical", "a", a, count, 0, 256, 0, kQ - 1);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx2::base_multiply_row_canonical", "b", b, count, 0, 256, -kHalf, kHalf);
  multiply_row_of<true>(r, reinterpret_cast<const void* const*>(a), b, count);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_row_canonical", "output", r, 256, -inverse_input_bound + 1,
                     inverse_input_bound - 1);
}

void base_multiply_row_plus_to_canonical_part(std::uint16_t* out, const std::uint16_t* const* a,
                                              const std::int16_t* const* b, std::size_t count, const std::int16_t* x,
                                              std::size_t from, std::size_t to) {
  assert(count >= 1 && count <= max_row_products);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx2::base_multiply_row_plus_to_canonical_part", "a", a,
                          count, from, to - from, 0, kQ - 1);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx2::base_multiply_row_plus_to_canonical_part", "b", b,
                          count, from, to - from, -kHalf, kHalf);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_row_plus_to_canonical_part", "x", x + from, to - from,
                     1 - 8 * kQ, 8 * kQ - 1);
  const auto* pa = reinterpret_cast<const void* const*>(a);
  over_registers(from, to, [&](int begin, int end) {
    with_row_count(count, [&]<int N>() __attribute__((always_inline)) {
      multiply_row<true, N, true>(nullptr, pa, b, x, out, begin, end);
    });
  });
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_row_plus_to_canonical_part", "output", out + from, to - from, 0,
                     kQ - 1);
}

void clear_accumulator(std::int32_t* acc) {
#pragma GCC unroll 32
  for (int i = 0; i < 32; ++i) store32(acc + 8 * i, _mm256_setzero_si256());
}

void reduce_accumulator(std::int16_t* r, const std::int32_t* acc) {
  const V q = q_vector();
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) store(r + 16 * i, montgomery_pair(load32(acc + 16 * i), load32(acc + 16 * i + 8), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::reduce_accumulator", "output", r, 256, -kHalf, kHalf);
}

void accumulator_to_centred(std::int16_t* r, const std::int32_t* acc) {
  const V q = q_vector();
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i)
    store(r + 16 * i, remove_inverse_r(montgomery_pair(load32(acc + 16 * i), load32(acc + 16 * i + 8), q), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::accumulator_to_centred", "output", r, 256, -kHalf, kHalf);
}

void accumulator_plus_to_canonical_part(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x,
                                        std::size_t from, std::size_t to) {
  over_registers(from, to, [&](int begin, int end) { plus_to_canonical(out, acc, x, begin, end); });
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::accumulator_plus_to_canonical_part", "output", out + from, to - from, 0, kQ - 1);
}

void accumulator_plus_to_canonical(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x) {
  plus_to_canonical(out, acc, x, 0, 16);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::accumulator_plus_to_canonical", "output", out, 256, 0, kQ - 1);
}

void copy_coefficients(std::int16_t* f, const std::uint16_t* a) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::copy_coefficients", "input", a, 256, 0, (1 << 15) - 1);
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i)
    _mm256_storeu_si256(reinterpret_cast<V*>(f + 16 * i), _mm256_loadu_si256(reinterpret_cast<const V*>(a + 16 * i)));
}

void reduce(std::int16_t* f) {
  const V q = q_vector();
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) store(f + 16 * i, barrett(load(f + 16 * i), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::reduce", "output", f, 256, -kHalf, kHalf);
}

void to_canonical(std::uint16_t* out, const std::int16_t* f) {
  const V q = q_vector();
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i)
    _mm256_storeu_si256(reinterpret_cast<V*>(out + 16 * i), canonical(barrett(load(f + 16 * i), q), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::to_canonical", "output", out, 256, 0, kQ - 1);
}

void centre_canonical(std::int16_t* out, const std::uint16_t* c) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::centre_canonical", "input", c, 256, 0, kQ - 1);
  const V q = q_vector();
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i)
    _mm256_storeu_si256(reinterpret_cast<V*>(out + 16 * i),
                        centre(_mm256_loadu_si256(reinterpret_cast<const V*>(c + 16 * i)), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::centre_canonical", "output", out, 256, -kHalf, kHalf);
}

}  // namespace pqmul::kyber_ntt::avx2
