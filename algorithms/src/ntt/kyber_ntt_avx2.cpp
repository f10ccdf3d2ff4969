// AVX2 kernels of the Kyber / ML-KEM NTT transforms (kyber_ntt_simd_kernels.inl;
// the lane-wise kernels are in kyber_ntt_lanes_avx2.cpp).
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
#include "kyber_ntt_avx2_vectors.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"

namespace pqmul::kyber_ntt::avx2 {
namespace {

using namespace simd_constants;
using namespace vectors;

// 128^-1 * 2^16 and 128^-1 * 2^32 mod q: the inverse's scaling for plain and
// for R^-1-carrying input, in Montgomery form (one fqmul removes one R).
constexpr std::int64_t kInv128 = power_mod(128, kQ - 2);
constexpr std::int16_t kScalePlain = centred_mod(kInv128 << 16);
constexpr std::int16_t kScaleMontgomery = centred_mod(kInv128 * power_mod(1 << 16, 2));

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
alignas(64) constexpr ForwardTable forward_table = make_forward_table();
alignas(64) constexpr InverseTable inverse_table = make_inverse_table();

// The tables read through a pointer the compiler cannot see through: it then
// takes the constants from memory (as instruction operands) instead of
// rebuilding each broadcast from an immediate in three instructions.
template <class T>
[[gnu::always_inline]] inline const T& from_memory(const T& table) {
  const T* p = &table;
  __asm__("" : "+r"(p));
  return *p;
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
// The input is read from f, or from `canonical` (values in [0, q) < 2^15:
// the same bits as int16) where given, so a transform needs no copy first.
[[gnu::always_inline]] inline void forward_outer(std::int16_t* f, int g, V q,
                                                 const std::uint16_t* canonical = nullptr) {
  constexpr int G = kOuterStride, M = 16 / G;
  V r[M];
#pragma GCC unroll 16
  for (int i = 0; i < M; ++i)
    r[i] = canonical != nullptr ? _mm256_loadu_si256(reinterpret_cast<const V*>(canonical + 16 * (G * i + g)))
                                : load(f + 16 * (G * i + g));
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
// (pair j: coefficients 32j .. 32j+31), layer by layer; `centred`: each value
// Barrett-reduced as it is stored (reduce() without a pass of its own).
[[gnu::always_inline]] inline void forward_inner(std::int16_t* f0, V q, int j0, bool centred) {
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
    if (centred) {
      x[j] = barrett(x[j], q);
      y[j] = barrett(y[j], q);
    }
    store(f + 32 * j, x[j]);
    store(f + 32 * j + 16, y[j]);
  }
}

[[gnu::always_inline]] inline void forward_with(std::int16_t* f, bool centred,
                                                const std::uint16_t* canonical = nullptr) {
  const V q = q_vector();
#pragma GCC unroll 2
  for (int g = 0; g < kOuterStride; ++g) forward_outer(f, g, q, canonical);
#pragma GCC unroll 2
  for (int j0 = 0; j0 < 8; j0 += kPairsPerPass) forward_inner(f, q, j0, centred);
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
// Stored into f, or (canonical_out given) moved into [0, q) on the way to
// canonical_out: the scaled values lie within (-q, q), so adding q to the
// negative ones is the whole reduction.
[[gnu::always_inline]] inline void inverse_outer(std::int16_t* f, int g, int montgomery, V q,
                                                 std::uint16_t* canonical_out = nullptr) {
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
  for (int i = 0; i < 8; ++i) {
    if (canonical_out != nullptr) {
      const V c = _mm256_add_epi16(r[i], _mm256_and_si256(q, _mm256_srai_epi16(r[i], 15)));
      _mm256_storeu_si256(reinterpret_cast<V*>(canonical_out + 16 * (2 * i + g)), c);
    } else {
      store(f + 16 * (2 * i + g), r[i]);
    }
  }
}

[[gnu::always_inline]] inline void inverse_with(std::int16_t* f, int montgomery,
                                                std::uint16_t* canonical_out = nullptr) {
  const V q = q_vector();
#pragma GCC unroll 2
  for (int j0 = 0; j0 < 8; j0 += kPairsPerPass) inverse_inner(f, q, j0);
  inverse_outer(f, 0, montgomery, q, canonical_out);
  inverse_outer(f, 1, montgomery, q, canonical_out);
}

}  // namespace

// (The bounds of kyber_ntt_simd_kernels.inl are checked in the debug build.)
void forward(std::int16_t* f) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::forward", "input", f, 256, 1 - kQ, kQ - 1);
  forward_with(f, false);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::forward", "output", f, 256, 1 - 8 * kQ, 8 * kQ - 1);
}

void forward_centred(std::int16_t* f) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::forward_centred", "input", f, 256, 1 - kQ, kQ - 1);
  forward_with(f, true);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::forward_centred", "output", f, 256, -(kQ - 1) / 2, (kQ - 1) / 2);
}

void forward_centred_from(std::int16_t* f, const std::uint16_t* a) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::forward_centred_from", "input", a, 256, 0, kQ - 1);
  forward_with(f, true, a);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::forward_centred_from", "output", f, 256, -(kQ - 1) / 2, (kQ - 1) / 2);
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

void inverse_from_montgomery_to_canonical(std::uint16_t* out, std::int16_t* f) {
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::inverse_from_montgomery_to_canonical", "input", f, 256, 1 - inverse_input_bound,
                     inverse_input_bound - 1);
  inverse_with(f, 1, out);
  PQMUL_KERNEL_BOUND("kyber_ntt::avx2::inverse_from_montgomery_to_canonical", "output", out, 256, 0, kQ - 1);
}

}  // namespace pqmul::kyber_ntt::avx2
