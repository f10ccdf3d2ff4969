// AVX-512 kernels of the Kyber / ML-KEM NTT multiplier
// (kyber_ntt_simd_kernels.inl): base multiply-accumulate and the reductions
// on 32 lanes, the same arithmetic as the AVX2 kernels lane for lane, so the
// results are equal to theirs; the transforms are the AVX2 ones. Only kernels live here (see
// cmake/simd.cmake); the constants come from consteval helpers.
// GCC 12 reports its own AVX-512 headers' deliberately undefined vectors
// (self-initialised) as uninitialised wherever those intrinsics are inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <cassert>
#include <cstddef>
#include <cstdint>

#include "kyber_ntt_simd_constants.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"

namespace pqmul::kyber_ntt::avx512 {
namespace {

using V = __m512i;

using namespace simd_constants;

// Base multiplication constants of register r (pairs 16 r .. 16 r + 15): odd
// lanes gamma_i, even lanes R mod q (b0 passes through, mod q), and the
// lanes times q^-1.
struct alignas(64) GammaTable {
  std::int16_t c[8][32];
  std::int16_t c_qinv[8][32];
};
consteval GammaTable make_gamma_table() {
  GammaTable t{};
  for (int r = 0; r < 8; ++r)
    for (int p = 0; p < 16; ++p) {
      t.c[r][2 * p] = centred_mod(std::int64_t{1} << 16);
      t.c[r][2 * p + 1] = gamma(16 * r + p);
      t.c_qinv[r][2 * p] = times_qinv(t.c[r][2 * p]);
      t.c_qinv[r][2 * p + 1] = times_qinv(t.c[r][2 * p + 1]);
    }
  return t;
}
alignas(64) constexpr GammaTable gamma_table = make_gamma_table();

[[gnu::always_inline]] inline V load(const void* p) { return _mm512_loadu_si512(p); }
[[gnu::always_inline]] inline void store(void* p, V v) { _mm512_storeu_si512(p, v); }
// 32 int16 at p in two 256-bit loads, for data the AVX2 kernels (NTT,
// decoding) may have just stored: a 512-bit load cannot take its bytes from
// two 256-bit stores in flight and waits for them to retire.
[[gnu::always_inline]] inline V load_halves(const std::int16_t* p) {
  const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 16));
  return _mm512_inserti64x4(_mm512_castsi256_si512(low), high, 1);
}
[[gnu::always_inline]] inline V q_vector() { return _mm512_set1_epi16(static_cast<short>(kQ)); }

// a * c * R^-1 per lane (kyber_ntt::fqmul): any int16 a, |c| <= (q-1)/2 -> |r| < q.
[[gnu::always_inline]] inline V fqmul(V a, V c, V c_qinv, V q) {
  const V t = _mm512_mullo_epi16(a, c_qinv);
  return _mm512_sub_epi16(_mm512_mulhi_epi16(a, c), _mm512_mulhi_epi16(t, q));
}

// kyber_ntt::barrett_reduce for every int16 (see the AVX2 twin).
[[gnu::always_inline]] inline V barrett(V a, V q) {
  V t = _mm512_mulhi_epi16(a, _mm512_set1_epi16(kBarrettV));
  t = _mm512_mulhrs_epi16(t, _mm512_set1_epi16(1 << 5));
  return _mm512_sub_epi16(a, _mm512_mullo_epi16(t, q));
}

// The 32 int32 lanes x, y (in order) times R^-1, centred (|r| < q): the
// low and high 16-bit halves of the lanes, in order (truncating narrowing
// keeps the order, unlike the AVX2 packs); lane * R^-1 = high - (t q) / 2^16
// with t = low q^-1, the high half Barrett-reduced first so the difference
// fits int16.
[[gnu::always_inline]] inline V montgomery_pair(V x, V y, V q) {
  const V low = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi32_epi16(x)), _mm512_cvtepi32_epi16(y), 1);
  const V high = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi32_epi16(_mm512_srai_epi32(x, 16))),
                                    _mm512_cvtepi32_epi16(_mm512_srai_epi32(y, 16)), 1);
  const V m = _mm512_mulhi_epi16(_mm512_mullo_epi16(low, _mm512_set1_epi16(kQinv)), q);
  return barrett(_mm512_sub_epi16(barrett(high, q), m), q);
}

// Times R^2 R^-1 = R: removes the R^-1 a Montgomery reduction left, centred again.
[[gnu::always_inline]] inline V remove_inverse_r(V r, V q) {
  return barrett(fqmul(r, _mm512_set1_epi16(kR2), _mm512_set1_epi16(times_qinv(kR2)), q), q);
}

// A Barrett-reduced (centred) value moved into [0, q).
[[gnu::always_inline]] inline V canonical(V r, V q) {
  return _mm512_add_epi16(r, _mm512_and_si512(q, _mm512_srai_epi16(r, 15)));
}

// A row of Count products in registers, reduced once (the AVX2 twin's steps
// on 32 lanes).
// Plus: as the AVX2 twin (x added before the reduction, the result times R
// in [0, q) into plus_out). Registers [begin, end).
template <bool Canonical, int Count, bool Plus = false>
[[gnu::always_inline]] inline void multiply_row(std::int16_t* r, const void* const* a, const std::int16_t* const* b,
                                                const std::int16_t* x = nullptr, std::uint16_t* plus_out = nullptr,
                                                int begin = 0, int end = 8) {
  static_assert(Count >= 1 && Count <= static_cast<int>(max_row_products));
  const V q = q_vector();
  const V half = _mm512_set1_epi16((kQ - 1) / 2);
  const V swap = _mm512_set4_epi32(0x0d0c0f0e, 0x09080b0a, 0x05040706, 0x01000302);
#pragma GCC unroll 8
  for (int i = begin; i < end; ++i) {
    const V gamma = load(gamma_table.c[i]), gamma_qinv = load(gamma_table.c_qinv[i]);
    V c0, c1;
#pragma GCC unroll 4
    for (int j = 0; j < Count; ++j) {
      V va = load_halves(static_cast<const std::int16_t*>(a[j]) + 32 * i);
      if constexpr (Canonical) va = _mm512_mask_sub_epi16(va, _mm512_cmpgt_epi16_mask(va, half), va, q);
      const V vb = load_halves(b[j] + 32 * i);
      const V even = _mm512_madd_epi16(va, fqmul(vb, gamma, gamma_qinv, q));
      const V odd = _mm512_madd_epi16(va, _mm512_shuffle_epi8(vb, swap));
      c0 = j == 0 ? even : _mm512_add_epi32(c0, even);
      c1 = j == 0 ? odd : _mm512_add_epi32(c1, odd);
    }
    if constexpr (Plus) {
      const V vx = load_halves(x + 32 * i);
      c0 = _mm512_add_epi32(c0, _mm512_srai_epi32(_mm512_slli_epi32(vx, 16), 16));
      c1 = _mm512_add_epi32(c1, _mm512_srai_epi32(vx, 16));
    }
    constexpr __mmask32 odd_lanes = 0xAAAAAAAA;
    const V low = _mm512_mask_blend_epi16(odd_lanes, c0, _mm512_slli_epi32(c1, 16));
    const V high = _mm512_mask_blend_epi16(odd_lanes, _mm512_srli_epi32(c0, 16), c1);
    const V m = _mm512_mulhi_epi16(_mm512_mullo_epi16(low, _mm512_set1_epi16(kQinv)), q);
    const V reduced = _mm512_sub_epi16(high, m);
    if constexpr (Plus) {
      const V times_r = fqmul(reduced, _mm512_set1_epi16(kR2), _mm512_set1_epi16(times_qinv(kR2)), q);
      store(plus_out + 32 * i, canonical(times_r, q));
    } else {
      store(r + 32 * i, reduced);
    }
  }
}

// multiply_row for a count known at run time (1 to max_row_products).
template <bool Canonical>
void multiply_row_of(std::int16_t* r, const void* const* a, const std::int16_t* const* b, std::size_t count) {
  with_row_count(count, [&]<int N>() __attribute__((always_inline)) { multiply_row<Canonical, N>(r, a, b); });
}

// acc += a o b (pairs 2i, 2i + 1 as in kyber_ntt::base_multiply_accumulate),
// or acc = a o b without reading acc (Accumulate false); Canonical: a holds
// values in [0, q), centred in registers first.
// Registers [begin, end) only (32 coefficients each), for part of a row.
template <bool Canonical, bool Accumulate = true>
[[gnu::always_inline]] inline void multiply_accumulate_pairs(std::int32_t* acc, const void* a, const std::int16_t* b,
                                                             int begin = 0, int end = 8) {
  const V q = q_vector();
  const V half = _mm512_set1_epi16((kQ - 1) / 2);
  // Swaps the two int16 of every 32-bit pair: (b0, b1) -> (b1, b0).
  const V swap = _mm512_set4_epi32(0x0d0c0f0e, 0x09080b0a, 0x05040706, 0x01000302);
  // Pair sums c0 (even lanes of acc) and c1 (odd lanes) interleave per
  // 128-bit block; these 64-bit indices put blocks 0, 1 (first store) and
  // 2, 3 (second) of the low and high interleavings back in order.
  const V first = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
  const V second = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
#pragma GCC unroll 8
  for (int r = begin; r < end; ++r) {
    V va = load_halves(static_cast<const std::int16_t*>(a) + 32 * r);
    if constexpr (Canonical) va = _mm512_mask_sub_epi16(va, _mm512_cmpgt_epi16_mask(va, half), va, q);
    const V vb = load_halves(b + 32 * r);
    const V even = fqmul(vb, load(gamma_table.c[r]), load(gamma_table.c_qinv[r]), q);  // (b0, b1 gamma) mod q
    const V odd = _mm512_shuffle_epi8(vb, swap);                                        // (b1, b0)
    const V c0 = _mm512_madd_epi16(va, even);                                           // a0 b0 + a1 b1 gamma
    const V c1 = _mm512_madd_epi16(va, odd);                                            // a0 b1 + a1 b0
    const V lo = _mm512_unpacklo_epi32(c0, c1);
    const V hi = _mm512_unpackhi_epi32(c0, c1);
    std::int32_t* out = acc + 32 * r;
    const V first_sums = _mm512_permutex2var_epi64(lo, first, hi);
    const V second_sums = _mm512_permutex2var_epi64(lo, second, hi);
    if constexpr (Accumulate) {
      store(out, _mm512_add_epi32(load(out), first_sums));
      store(out + 16, _mm512_add_epi32(load(out + 16), second_sums));
    } else {
      store(out, first_sums);
      store(out + 16, second_sums);
    }
  }
}

}  // namespace

// The bounds of kyber_ntt_simd_kernels.inl, checked in the debug build.
constexpr std::int64_t kHalf = (kQ - 1) / 2;

void base_multiply_accumulate(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_accumulate", "a", a, 256, -kHalf, kHalf);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_accumulate", "b", b, 256, -kHalf, kHalf);
  multiply_accumulate_pairs<false>(acc, a, b);
}

void base_multiply_accumulate_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_accumulate_canonical", "a", a, 256, 0, kQ - 1);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_accumulate_canonical", "b", b, 256, -kHalf, kHalf);
  multiply_accumulate_pairs<true>(acc, a, b);
}

void base_multiply_canonical(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_canonical", "a", a, 256, 0, kQ - 1);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_canonical", "b", b, 256, -kHalf, kHalf);
  multiply_accumulate_pairs<true, false>(acc, a, b);
}

namespace {

// run(begin, end) over the registers of coefficients [from, to); the halves
// of a row (the parts key generation asks for) with constant bounds, so that
// the loops in run unroll.
template <class Run>
[[gnu::always_inline]] inline void over_registers(std::size_t from, std::size_t to, Run&& run) {
  if (from == 0 && to == 128) {
    run(0, 4);
  } else if (from == 128 && to == 256) {
    run(4, 8);
  } else {
    run(static_cast<int>(from / 32), static_cast<int>(to / 32));
  }
}

}  // namespace

void base_multiply_canonical_part(std::int32_t* acc, const std::uint16_t* a, const std::int16_t* b, bool first,
                                  std::size_t from, std::size_t to) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_canonical_part", "a", a + from, to - from, 0, kQ - 1);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_canonical_part", "b", b + from, to - from, -kHalf, kHalf);
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
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx512::base_multiply_row", "a", a, count, 0, 256, -kHalf, kHalf);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx512::base_multiply_row", "b", b, count, 0, 256, -kHalf, kHalf);
  multiply_row_of<false>(r, reinterpret_cast<const void* const*>(a), b, count);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_row", "output", r, 256, -inverse_input_bound + 1,
                     inverse_input_bound - 1);
}

void base_multiply_row_canonical(std::int16_t* r, const std::uint16_t* const* a, const std::int16_t* const* b,
                                 std::size_t count) {
  assert(count >= 1 && count <= max_row_products);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx512::base_multiply_row_canonical", "a", a, count, 0, 256, 0, kQ - 1);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx512::base_multiply_row_canonical", "b", b, count, 0, 256, -kHalf, kHalf);
  multiply_row_of<true>(r, reinterpret_cast<const void* const*>(a), b, count);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_row_canonical", "output", r, 256, -inverse_input_bound + 1,
                     inverse_input_bound - 1);
}

void base_multiply_row_plus_to_canonical_part(std::uint16_t* out, const std::uint16_t* const* a,
                                              const std::int16_t* const* b, std::size_t count, const std::int16_t* x,
                                              std::size_t from, std::size_t to) {
  assert(count >= 1 && count <= max_row_products);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx512::base_multiply_row_plus_to_canonical_part", "a", a,
                          count, from, to - from, 0, kQ - 1);
  PQMUL_KERNEL_BOUND_EACH("kyber_ntt::avx512::base_multiply_row_plus_to_canonical_part", "b", b,
                          count, from, to - from, -kHalf, kHalf);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_row_plus_to_canonical_part", "x", x + from, to - from,
                     1 - 8 * kQ, 8 * kQ - 1);
  const auto* pa = reinterpret_cast<const void* const*>(a);
  over_registers(from, to, [&](int begin, int end) {
    with_row_count(count, [&]<int N>() __attribute__((always_inline)) {
      multiply_row<true, N, true>(nullptr, pa, b, x, out, begin, end);
    });
  });
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::base_multiply_row_plus_to_canonical_part", "output", out + from, to - from, 0,
                     kQ - 1);
}

void clear_accumulator(std::int32_t* acc) {
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) store(acc + 16 * i, _mm512_setzero_si512());
}

void reduce_accumulator(std::int16_t* r, const std::int32_t* acc) {
  const V q = q_vector();
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) store(r + 32 * i, montgomery_pair(load(acc + 32 * i), load(acc + 32 * i + 16), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::reduce_accumulator", "output", r, 256, -kHalf, kHalf);
}

void accumulator_to_centred(std::int16_t* r, const std::int32_t* acc) {
  const V q = q_vector();
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i)
    store(r + 32 * i, remove_inverse_r(montgomery_pair(load(acc + 32 * i), load(acc + 32 * i + 16), q), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::accumulator_to_centred", "output", r, 256, -kHalf, kHalf);
}

namespace {

[[gnu::always_inline]] inline void plus_to_canonical(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x,
                                                     int begin, int end) {
  const V q = q_vector();
#pragma GCC unroll 8
  for (int i = begin; i < end; ++i) {
    // Lanes 32 i .. 32 i + 15 and the next 16, each with its term of x widened
    // (x in 256-bit loads, as load_halves: it comes straight from the AVX2 NTT).
    const __m256i x_first = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 32 * i));
    const __m256i x_second = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 32 * i + 16));
    const V first = _mm512_add_epi32(load(acc + 32 * i), _mm512_cvtepi16_epi32(x_first));
    const V second = _mm512_add_epi32(load(acc + 32 * i + 16), _mm512_cvtepi16_epi32(x_second));
    store(out + 32 * i, canonical(remove_inverse_r(montgomery_pair(first, second, q), q), q));
  }
}

}  // namespace

void accumulator_plus_to_canonical_part(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x,
                                        std::size_t from, std::size_t to) {
  over_registers(from, to, [&](int begin, int end) { plus_to_canonical(out, acc, x, begin, end); });
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::accumulator_plus_to_canonical_part", "output", out + from, to - from, 0,
                     kQ - 1);
}

void accumulator_plus_to_canonical(std::uint16_t* out, const std::int32_t* acc, const std::int16_t* x) {
  plus_to_canonical(out, acc, x, 0, 8);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::accumulator_plus_to_canonical", "output", out, 256, 0, kQ - 1);
}

void copy_coefficients(std::int16_t* f, const std::uint16_t* a) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::copy_coefficients", "input", a, 256, 0, (1 << 15) - 1);
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(f + 16 * i),
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + 16 * i)));
}

void reduce(std::int16_t* f) {
  const V q = q_vector();
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) store(f + 32 * i, barrett(load(f + 32 * i), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::reduce", "output", f, 256, -kHalf, kHalf);
}

void to_canonical(std::uint16_t* out, const std::int16_t* f) {
  const V q = q_vector();
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) store(out + 32 * i, canonical(barrett(load_halves(f + 32 * i), q), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::to_canonical", "output", out, 256, 0, kQ - 1);
}

void centre_canonical(std::int16_t* out, const std::uint16_t* c) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::centre_canonical", "input", c, 256, 0, kQ - 1);
  const V q = q_vector();
  const V half = _mm512_set1_epi16((kQ - 1) / 2);
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) {
    const V v = load(c + 32 * i);
    store(out + 32 * i, _mm512_mask_sub_epi16(v, _mm512_cmpgt_epi16_mask(v, half), v, q));
  }
  PQMUL_KERNEL_BOUND("kyber_ntt::avx512::centre_canonical", "output", out, 256, -kHalf, kHalf);
}

// The transforms: the AVX2 kernels, whose in-register transposes are written
// for 16 lanes. The reduction after the forward NTT is the AVX2 one too: its
// 256-bit loads meet the NTT's 256-bit stores, where 512-bit loads would wait
// for them to retire.
void forward(std::int16_t* f) { avx2::forward(f); }
void forward_centred(std::int16_t* f) { avx2::forward_centred(f); }
void forward_centred_from(std::int16_t* f, const std::uint16_t* a) { avx2::forward_centred_from(f, a); }
void inverse(std::int16_t* f) { avx2::inverse(f); }
void inverse_from_montgomery(std::int16_t* f) { avx2::inverse_from_montgomery(f); }
void inverse_from_montgomery_to_canonical(std::uint16_t* out, std::int16_t* f) {
  avx2::inverse_from_montgomery_to_canonical(out, f);
}

}  // namespace pqmul::kyber_ntt::avx512
