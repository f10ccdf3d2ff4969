// AVX2 kernels of the Kyber / ML-KEM NTT (declared in kyber_ntt_avx2.hpp).
// Only kernels live here (see cmake/simd.cmake): the twiddle tables are built
// at compile time by helpers of this file, nothing from a project header is
// called.
//
// Data layout: 256 coefficients are 16 registers of 16 lanes. Layers of
// length 128, 64 and 32 pair whole registers; layers 16 to 2 stay inside a
// pair of registers (32 coefficients). The passes run layer by layer over
// many registers, so many independent butterflies are in flight. Before the
// length-8, -4 and -2 layers the pair is transposed so that the two halves of
// every butterfly sit in the same lane of two registers:
//   P: 128-bit halves  (vperm2i128)        for length 8,
//   U: 64-bit units    (vpunpck[lh]qdq)    for length 4,
//   B: 32-bit units    (shift + vpblendd)  for length 2.
// Each of P, U, B is its own inverse; FIPS 203 order is restored before the
// store (and, in the inverse, left after the load) with the shorter
// equivalents to_fips_order / from_fips_order.
#include <immintrin.h>

#include <cstdint>

#include "kyber_ntt_simd_constants.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_avx2.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"

namespace pqmul::kyber_ntt::avx2 {
namespace {

using V = __m256i;

using namespace simd_constants;

// 128^-1 * 2^16 and 128^-1 * 2^32 mod q: the inverse's scaling for plain and
// for R^-1-carrying input, in Montgomery form (one fqmul removes one R).
constexpr std::int64_t kInv128 = power_mod(128, kQ - 2);
constexpr std::int16_t kScalePlain = centred_mod(kInv128 << 16);
constexpr std::int16_t kScaleMontgomery = centred_mod(kInv128 * power_mod(1 << 16, 2));

// A vector constant c for a Montgomery product: lanes of c and of c q^-1.
struct alignas(32) Twiddle {
  std::int16_t c[16];
  std::int16_t c_qinv[16];
};
consteval Twiddle make_twiddle(const std::int16_t (&c)[16]) {
  Twiddle t{};
  for (int i = 0; i < 16; ++i) {
    t.c[i] = c[i];
    t.c_qinv[i] = times_qinv(c[i]);
  }
  return t;
}
// Lane l holds zeta(first + l / run).
consteval Twiddle zeta_runs(int first, int run) {
  std::int16_t c[16]{};
  for (int l = 0; l < 16; ++l) c[l] = zeta(first + l / run);
  return make_twiddle(c);
}
// As zeta_runs, for the inverse: zeta(last - l / run), times s (Montgomery form) if s != 0.
consteval Twiddle zeta_runs_down(int last, int run, std::int16_t s = 0) {
  std::int16_t c[16]{};
  for (int l = 0; l < 16; ++l) {
    c[l] = zeta(last - l / run);
    if (s != 0) c[l] = centred_mod(std::int64_t{c[l]} * s * power_mod(1 << 16, kQ - 2));
  }
  return make_twiddle(c);
}
consteval Twiddle broadcast(std::int16_t v) {
  std::int16_t c[16]{};
  for (auto& x : c) x = v;
  return make_twiddle(c);
}

// Forward: zeta_1 .. zeta_7 for the register layers, then per pair j the
// constants of lengths 16, 8, 4, 2.
struct ForwardTable {
  Twiddle outer[8];  // [k] = zeta_k broadcast, k = 1..7
  Twiddle inner[8][4];
};
consteval ForwardTable make_forward_table() {
  ForwardTable t{};
  for (int k = 1; k < 8; ++k) t.outer[k] = zeta_runs(k, 16);
  for (int j = 0; j < 8; ++j) {
    t.inner[j][0] = zeta_runs(8 + j, 16);
    t.inner[j][1] = zeta_runs(16 + 2 * j, 8);
    t.inner[j][2] = zeta_runs(32 + 4 * j, 4);
    t.inner[j][3] = zeta_runs(64 + 8 * j, 2);
  }
  return t;
}
// Inverse: per pair j the constants of lengths 2, 4, 8, 16 (k counting down
// from 127), then zeta_7 .. zeta_2 and, for length 128, zeta_1 times the
// scaling and the scaling alone, for both scalings.
struct InverseTable {
  Twiddle inner[8][4];
  Twiddle outer[8];    // [k] = zeta_k broadcast, k = 2..7
  Twiddle last[2][2];  // [montgomery?][0] = zeta_1 * s, [1] = s
};
consteval InverseTable make_inverse_table() {
  InverseTable t{};
  for (int j = 0; j < 8; ++j) {
    t.inner[j][0] = zeta_runs_down(127 - 8 * j, 2);
    t.inner[j][1] = zeta_runs_down(63 - 4 * j, 4);
    t.inner[j][2] = zeta_runs_down(31 - 2 * j, 8);
    t.inner[j][3] = zeta_runs_down(15 - j, 16);
  }
  for (int k = 2; k < 8; ++k) t.outer[k] = zeta_runs(k, 16);
  const std::int16_t scales[2] = {kScalePlain, kScaleMontgomery};
  for (int m = 0; m < 2; ++m) {
    t.last[m][0] = zeta_runs_down(1, 16, scales[m]);
    t.last[m][1] = broadcast(scales[m]);
  }
  return t;
}
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

alignas(64) constexpr ForwardTable forward_table = make_forward_table();
alignas(64) constexpr InverseTable inverse_table = make_inverse_table();
alignas(64) constexpr GammaTable gamma_table = make_gamma_table();

// The tables read through a pointer the compiler cannot see through: it then
// takes the constants from memory (as instruction operands) instead of
// rebuilding each broadcast from an immediate in three instructions.
template <class T>
[[gnu::always_inline]] inline const T& from_memory(const T& table) {
  const T* p = &table;
  __asm__("" : "+r"(p));
  return *p;
}

// --- vector helpers ---
// Loops over registers are unrolled completely (the pragmas) so that the
// register arrays stay in registers whatever the optimisation level.

[[gnu::always_inline]] inline V load(const std::int16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const V*>(p)); }
[[gnu::always_inline]] inline void store(std::int16_t* p, V v) { _mm256_storeu_si256(reinterpret_cast<V*>(p), v); }
[[gnu::always_inline]] inline V load32(const std::int32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const V*>(p)); }
[[gnu::always_inline]] inline void store32(std::int32_t* p, V v) { _mm256_storeu_si256(reinterpret_cast<V*>(p), v); }

[[gnu::always_inline]] inline V q_vector() { return _mm256_set1_epi16(static_cast<short>(kQ)); }

// Results of fqmul and barrett pass through an empty asm: it keeps each one a
// single value, which stops the compiler from reassociating the additions
// of the next layer into their parts (more additions, and spills).
[[gnu::always_inline]] inline V opaque(V v) {
  __asm__("" : "+x"(v));
  return v;
}

// a * c * R^-1 per lane, exactly kyber_ntt::fqmul: the low halves of a c and
// of t q agree, so the difference of the high halves is (a c - t q) / 2^16.
//   any int16 a, |c| <= (q-1)/2  ->  |r| < q.
[[gnu::always_inline]] inline V fqmul(V a, V c, V c_qinv, V q) {
  const V t = _mm256_mullo_epi16(a, c_qinv);
  const V high = _mm256_mulhi_epi16(a, c);
  return opaque(_mm256_sub_epi16(high, _mm256_mulhi_epi16(t, q)));
}
[[gnu::always_inline]] inline V fqmul(V a, const Twiddle& w, V q) { return fqmul(a, load(w.c), load(w.c_qinv), q); }

// Exactly kyber_ntt::barrett_reduce for every int16: floor((floor(a v / 2^16)
// + 2^9) / 2^10) = floor((a v + 2^25) / 2^26), and vpmulhrsw by 2^5 computes
// the outer rounding shift.
[[gnu::always_inline]] inline V barrett(V a, V q) {
  V t = _mm256_mulhi_epi16(a, _mm256_set1_epi16(kBarrettV));
  t = _mm256_mulhrs_epi16(t, _mm256_set1_epi16(1 << 5));
  return opaque(_mm256_sub_epi16(a, _mm256_mullo_epi16(t, q)));
}

// Cooley-Tukey: (a, b) -> (a + b zeta, a - b zeta).
[[gnu::always_inline]] inline void ct(V& a, V& b, V z, V zq, V q) {
  const V t = fqmul(b, z, zq, q);
  b = _mm256_sub_epi16(a, t);
  a = _mm256_add_epi16(a, t);
}
[[gnu::always_inline]] inline void ct(V& a, V& b, const Twiddle& w, V q) { ct(a, b, load(w.c), load(w.c_qinv), q); }

// Gentleman-Sande: (a, b) -> (a + b, (b - a) zeta); the sum Barrett-reduced if asked.
template <bool reduce_sum>
[[gnu::always_inline]] inline void gs(V& a, V& b, const Twiddle& w, V q) {
  const V d = _mm256_sub_epi16(b, a);
  a = _mm256_add_epi16(a, b);
  if constexpr (reduce_sum) a = barrett(a, q);
  b = fqmul(d, w, q);
}

// The in-pair transposes (see the top of the file); each is an involution.
[[gnu::always_inline]] inline void transpose_128(V& x, V& y) {
  const V lo = _mm256_permute2x128_si256(x, y, 0x20);
  y = _mm256_permute2x128_si256(x, y, 0x31);
  x = lo;
}
[[gnu::always_inline]] inline void transpose_64(V& x, V& y) {
  const V lo = _mm256_unpacklo_epi64(x, y);
  y = _mm256_unpackhi_epi64(x, y);
  x = lo;
}
[[gnu::always_inline]] inline void transpose_32(V& x, V& y) {
  const V lo = _mm256_blend_epi32(x, _mm256_slli_epi64(y, 32), 0xAA);
  y = _mm256_blend_epi32(_mm256_srli_epi64(x, 32), y, 0xAA);
  x = lo;
}

// B(U(P(.))) in four instructions instead of eight: the 32-bit units of
// the FIPS-order pair (x, y) whose index is 0 mod 2 within a 128-bit half of
// P(x, y) go to x, the others to y.
[[gnu::always_inline]] inline void from_fips_order(V& x, V& y) {
  transpose_128(x, y);
  const V even = _mm256_castps_si256(
      _mm256_shuffle_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), _MM_SHUFFLE(2, 0, 2, 0)));
  y = _mm256_castps_si256(
      _mm256_shuffle_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), _MM_SHUFFLE(3, 1, 3, 1)));
  x = even;
}
// Its inverse, P(U(B(.))): interleave the 32-bit units, then the halves.
[[gnu::always_inline]] inline void to_fips_order(V& x, V& y) {
  const V lo = _mm256_unpacklo_epi32(x, y);
  const V hi = _mm256_unpackhi_epi32(x, y);
  x = _mm256_permute2x128_si256(lo, hi, 0x20);
  y = _mm256_permute2x128_si256(lo, hi, 0x31);
}

// Forward layers 128, 64, 32 on the registers g, g + kOuterStride, ...: all
// sixteen at once (gcc keeps what it can in registers, and layer by layer
// gives the out-of-order core many independent butterflies), or the even and
// the odd ones in turn (clang, whose register allocator spills much more).
#if defined(__clang__)
constexpr int kOuterStride = 2;
#else
constexpr int kOuterStride = 1;
#endif
[[gnu::always_inline]] inline void forward_outer(std::int16_t* f, int g, V q) {
  constexpr int G = kOuterStride, M = 16 / G;
  V r[M];
#pragma GCC unroll 16
  for (int i = 0; i < M; ++i) r[i] = load(f + 16 * (G * i + g));
  const auto& t = from_memory(forward_table).outer;
  // The layer of length 16 len (len registers): zeta_k, k = first + block.
  const auto layer = [&](int len, int first) __attribute__((always_inline)) {
    const int d = len / G;
#pragma GCC unroll 16
    for (int i = 0; i < M; ++i)
      if ((i / d) % 2 == 0) ct(r[i], r[i + d], t[first + (G * i + g) / (2 * len)], q);
  };
  layer(8, 1);
  layer(4, 2);
  layer(2, 4);
#pragma GCC unroll 16
  for (int i = 0; i < M; ++i) store(f + 16 * (G * i + g), r[i]);
}

// How many pairs of registers the inner passes take at once. Each pair alone
// is a long chain of dependent instructions, so the passes run layer by layer
// over several pairs; gcc does best with all eight, clang (whose register
// allocator then spills much more) with four.
#if defined(__clang__)
constexpr int kPairsPerPass = 4;
#else
constexpr int kPairsPerPass = 8;
#endif

// Forward layers 16, 8, 4, 2 on the pairs j0 .. j0 + kPairsPerPass - 1
// (pair j: coefficients 32j .. 32j+31), layer by layer.
[[gnu::always_inline]] inline void forward_inner(std::int16_t* f0, V q, int j0) {
  const auto* t = from_memory(forward_table).inner + j0;
  std::int16_t* f = f0 + 32 * j0;
  constexpr int N = kPairsPerPass;
  V x[N], y[N];
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) x[j] = load(f + 32 * j), y[j] = load(f + 32 * j + 16);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) ct(x[j], y[j], t[j][0], q);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) transpose_128(x[j], y[j]);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) ct(x[j], y[j], t[j][1], q);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) transpose_64(x[j], y[j]);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) ct(x[j], y[j], t[j][2], q);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) transpose_32(x[j], y[j]);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) ct(x[j], y[j], t[j][3], q);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) {
    to_fips_order(x[j], y[j]);
    store(f + 32 * j, x[j]);
    store(f + 32 * j + 16, y[j]);
  }
}

// Inverse layers 2, 4, 8, 16 on the pairs j0 .. j0 + kPairsPerPass - 1,
// layer by layer. With |in| < 2^11 every value stays below 2^(11+L) after
// layer L (q < 2^12), so only the sums of the fourth layer (< 2^15) need a
// reduction.
[[gnu::always_inline]] inline void inverse_inner(std::int16_t* f0, V q, int j0) {
  const auto* t = from_memory(inverse_table).inner + j0;
  std::int16_t* f = f0 + 32 * j0;
  constexpr int N = kPairsPerPass;
  V x[N], y[N];
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) {
    x[j] = load(f + 32 * j), y[j] = load(f + 32 * j + 16);
    from_fips_order(x[j], y[j]);
  }
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) gs<false>(x[j], y[j], t[j][0], q);  // < 2^12
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) transpose_32(x[j], y[j]);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) gs<false>(x[j], y[j], t[j][1], q);  // < 2^13
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) transpose_64(x[j], y[j]);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) gs<false>(x[j], y[j], t[j][2], q);  // < 2^14
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) transpose_128(x[j], y[j]);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) {
    gs<true>(x[j], y[j], t[j][3], q);  // sums < 2^15, reduced: all < q
    store(f + 32 * j, x[j]);
    store(f + 32 * j + 16, y[j]);
  }
}

// Inverse layers 32, 64, 128 on the registers g, g+2, ..., g+14, the last
// with the scaling folded in: sums times s, differences times zeta_1 s.
[[gnu::always_inline]] inline void inverse_outer(std::int16_t* f, int g, int montgomery, V q) {
  V r[8];
  #pragma GCC unroll 16
  for (int i = 0; i < 8; ++i) r[i] = load(f + 16 * (2 * i + g));
  const auto& t = from_memory(inverse_table).outer;
  #pragma GCC unroll 16
  for (int i = 0; i < 8; i += 2) gs<false>(r[i], r[i + 1], t[7 - i / 2], q);  // < 2q
  #pragma GCC unroll 16
  for (int i = 0; i < 2; ++i) gs<false>(r[i], r[i + 2], t[3], q);             // < 4q
  #pragma GCC unroll 16
  for (int i = 4; i < 6; ++i) gs<false>(r[i], r[i + 2], t[2], q);
  const auto& last = from_memory(inverse_table).last[montgomery];
  #pragma GCC unroll 16
  for (int i = 0; i < 4; ++i) {
    const V d = _mm256_sub_epi16(r[i + 4], r[i]);
    const V s = _mm256_add_epi16(r[i], r[i + 4]);  // < 8q < 2^15
    r[i] = fqmul(s, last[1], q);
    r[i + 4] = fqmul(d, last[0], q);
  }
  #pragma GCC unroll 16
  for (int i = 0; i < 8; ++i) store(f + 16 * (2 * i + g), r[i]);
}

[[gnu::always_inline]] inline void inverse_with(std::int16_t* f, int montgomery) {
  const V q = q_vector();
#pragma GCC unroll 2
  for (int j0 = 0; j0 < 8; j0 += kPairsPerPass) inverse_inner(f, q, j0);
  inverse_outer(f, 0, montgomery, q);
  inverse_outer(f, 1, montgomery, q);
}

}  // namespace

// The bounds of kyber_ntt_avx2.hpp, checked in the debug build.
constexpr std::int64_t kHalf = (kQ - 1) / 2;

void forward(std::int16_t* f) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::forward", "input", f, 256, 1 - kQ, kQ - 1);
  const V q = q_vector();
#pragma GCC unroll 2
  for (int g = 0; g < kOuterStride; ++g) forward_outer(f, g, q);
#pragma GCC unroll 2
  for (int j0 = 0; j0 < 8; j0 += kPairsPerPass) forward_inner(f, q, j0);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::forward", "output", f, 256, 1 - 8 * kQ, 8 * kQ - 1);
}

void inverse(std::int16_t* f) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::inverse", "input", f, 256, 1 - inverse_input_bound, inverse_input_bound - 1);
  inverse_with(f, 0);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::inverse", "output", f, 256, 1 - kQ, kQ - 1);
}

void inverse_from_montgomery(std::int16_t* f) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::inverse_from_montgomery", "input", f, 256, 1 - inverse_input_bound,
                     inverse_input_bound - 1);
  inverse_with(f, 1);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::inverse_from_montgomery", "output", f, 256, 1 - kQ, kQ - 1);
}

void base_multiply_accumulate(std::int32_t* acc, const std::int16_t* a, const std::int16_t* b) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_accumulate", "a", a, 256, -kHalf, kHalf);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::base_multiply_accumulate", "b", b, 256, -kHalf, kHalf);
  const V q = q_vector();
  // Swaps the two int16 of every 32-bit pair: (b0, b1) -> (b1, b0). Opaque,
  // so that the compiler keeps one vpshufb (clang would use two shuffles).
  const V swap = opaque(_mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,  //
                                         2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
  #pragma GCC unroll 16
  for (int r = 0; r < 16; ++r) {
    const V va = load(a + 16 * r), vb = load(b + 16 * r);
    const V even = fqmul(vb, gamma_table.v[r], q);               // (b0, b1 gamma) mod q
    const V odd = _mm256_shuffle_epi8(vb, swap);                 // (b1, b0)
    const V c0 = _mm256_madd_epi16(va, even);                    // a0 b0 + a1 b1 gamma mod q
    const V c1 = _mm256_madd_epi16(va, odd);                     // a0 b1 + a1 b0
    // Interleaved per 128-bit half: lanes 0-3 | 8-11 and 4-7 | 12-15.
    const V lo = _mm256_unpacklo_epi32(c0, c1);
    const V hi = _mm256_unpackhi_epi32(c0, c1);
    std::int32_t* out = acc + 16 * r;
    store32(out, _mm256_add_epi32(load32(out), _mm256_permute2x128_si256(lo, hi, 0x20)));
    store32(out + 8, _mm256_add_epi32(load32(out + 8), _mm256_permute2x128_si256(lo, hi, 0x31)));
  }
}

void reduce_accumulator(std::int16_t* r, const std::int32_t* acc) {
  const V q = q_vector();
  const V qinv = _mm256_set1_epi16(kQinv);
  const V low_mask = _mm256_set1_epi32(0xffff);
  #pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) {
    const V x = load32(acc + 16 * i), y = load32(acc + 16 * i + 8);
    // Low and high halves of the 16 lanes, in order (packs work per 128-bit
    // half, the permutation puts the halves back in place).
    V low = _mm256_packus_epi32(_mm256_and_si256(x, low_mask), _mm256_and_si256(y, low_mask));
    V high = _mm256_packs_epi32(_mm256_srai_epi32(x, 16), _mm256_srai_epi32(y, 16));
    low = _mm256_permute4x64_epi64(low, 0xD8);
    high = _mm256_permute4x64_epi64(high, 0xD8);
    // Montgomery: lane * R^-1 = high - (t q) / 2^16 with t = low q^-1. The
    // high half is Barrett-reduced first so the difference fits int16.
    const V m = _mm256_mulhi_epi16(_mm256_mullo_epi16(low, qinv), q);
    store(r + 16 * i, barrett(_mm256_sub_epi16(barrett(high, q), m), q));
  }
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::reduce_accumulator", "output", r, 256, -kHalf, kHalf);
}

void accumulator_to_centred(std::int16_t* r, const std::int32_t* acc) {
  reduce_accumulator(r, acc);  // acc R^-1, centred
  // Times R^2 R^-1 = R removes the R^-1; then centre again (the portable
  // to_ntt's steps, lane for lane).
  const V q = q_vector();
  const V r2v = _mm256_set1_epi16(kR2), r2_qinv = _mm256_set1_epi16(times_qinv(kR2));
  #pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) store(r + 16 * i, barrett(fqmul(load(r + 16 * i), r2v, r2_qinv, q), q));
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::accumulator_to_centred", "output", r, 256, -kHalf, kHalf);
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
  for (int i = 0; i < 16; ++i) {
    const V r = barrett(load(f + 16 * i), q);
    const V v = _mm256_add_epi16(r, _mm256_and_si256(q, _mm256_srai_epi16(r, 15)));
    _mm256_storeu_si256(reinterpret_cast<V*>(out + 16 * i), v);
  }
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::to_canonical", "output", out, 256, 0, kQ - 1);
}

void centre_canonical(std::int16_t* out, const std::uint16_t* c) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::centre_canonical", "input", c, 256, 0, kQ - 1);
  const V q = q_vector();
  const V half = _mm256_set1_epi16(static_cast<short>((kQ - 1) / 2));
  #pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) {
    // Canonical values are below 2^15, so the signed compare holds.
    const V v = _mm256_loadu_si256(reinterpret_cast<const V*>(c + 16 * i));
    const V centred = _mm256_sub_epi16(v, _mm256_and_si256(q, _mm256_cmpgt_epi16(v, half)));
    _mm256_storeu_si256(reinterpret_cast<V*>(out + 16 * i), centred);
  }
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::centre_canonical", "output", out, 256, -kHalf, kHalf);
}

}  // namespace pqmul::kyber_ntt::avx2
