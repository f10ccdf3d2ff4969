#pragma once
// Inversion modulo Phi_n = 1 + x + ... + x^(n-1) in constant time.
//
// S_3 and S_2: Bernstein-Yang "divsteps" on reversed polynomials
// (Fast constant-time gcd computation and modular inversion, TCHES 2019).
// With d = n-1, F = reverse of Phi_n (= Phi_n) and G = x^(d-1) a(1/x), the
// loop keeps x^(k-1) f = v G and x^k g = w G modulo F after k steps. Each step
// multiplies v by x, swaps (f, g) and (v, w) when delta > 0 and g(0) != 0,
// cancels the constant term of g with f and divides g by x (over GF(3) in an
// order that spares exchanging g and w, see divsteps_s3_portable). After 2d-1 steps
// delta is twice the degree of gcd(a, Phi_n) (the polynomial case of
// Bernstein-Yang; NTRU Prime's reciprocals test delta the same way), so a is
// invertible exactly when delta ends at 0; f is then the constant f(0) and
// a^-1 = f(0)^-1 x^(d-1) v(1/x). The sequence of operations is fixed; swaps
// and multiples are applied through masks.
//
// The polynomials are bit-sliced, 64 coefficients per word: one bit plane
// over GF(2); over GF(3) two planes, "is 1" and "is 2" (= -1). The loop has a
// portable form here and an AVX2 twin (inverse_avx2.cpp), chosen by the
// Kernels parameter; both skip the words of v and w that are still zero and
// those of f and g that can no longer reach a decision.
//
// R_q (q = 2^k): the S_2 inverse lifted by Newton iteration r <- r (2 - a r),
// which doubles the number of correct bits each time, through a multiplier.
#include <array>
#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/schemes/ntru/arith.hpp"
#include "pqmul/schemes/ntru/inverse_kernels.hpp"
#include "pqmul/schemes/ntru/kernels.hpp"
#include "pqmul/schemes/ntru/products.hpp"

namespace pqmul::ntru {

namespace detail {

// The state of the divstep loop, bit-sliced: `Words` 64-bit words per plane,
// bit i of a plane is bit i % 64 of word i / 64. Over GF(3) the planes are
// f.p f.m g.p g.m v.p v.m w.p w.m ("coefficient is 1", "is 2 (= -1)"); over
// GF(2) f g v w. The AVX2 kernels use the same layout with Words a multiple
// of 4; bits at and above n are zero and stay zero.
enum S3Plane : std::size_t { f_p, f_m, g_p, g_m, v_p, v_m, w_p, w_m, s3_planes };
enum S2Plane : std::size_t { f_b, g_b, v_b, w_b, s2_planes };

inline std::uint64_t bit_of(const std::uint64_t* plane, std::size_t i) { return (plane[i / 64] >> (i % 64)) & 1; }
inline void set_bit(std::uint64_t* plane, std::size_t i, std::uint64_t b) { plane[i / 64] |= (b & 1) << (i % 64); }

// Bits 0 .. n-1 set (Phi_n), a word at a time.
inline void fill_ones(std::uint64_t* plane, std::size_t n) {
  for (std::size_t i = 0; i < n / 64; ++i) plane[i] = ~std::uint64_t{0};
  if (n % 64 != 0) plane[n / 64] = (std::uint64_t{1} << (n % 64)) - 1;
}

// Divide by x the first `active` words of x (coefficient 0 is zero where
// this is used), a zero entering the top: words from `active` on are no
// longer read (see fg_words).
inline void shift_down_active(std::uint64_t* x, std::size_t active) {
  for (std::size_t i = 0; i + 1 < active; ++i) x[i] = (x[i] >> 1) | (x[i + 1] << 63);
  x[active - 1] >>= 1;
}
inline void conditional_swap(std::uint64_t* a, std::uint64_t* b, std::uint64_t mask, std::size_t words) {
  for (std::size_t i = 0; i < words; ++i) {
    const std::uint64_t t = mask & (a[i] ^ b[i]);
    a[i] ^= t;
    b[i] ^= t;
  }
}

// a += c * b over GF(3), c given as masks (c_is_1, c_is_2). c * b swaps the
// planes of b for c = 2 and clears them for c = 0; the sum of one-hot trits
// x, y is t = (x.p | y.m) ^ (x.m | y.p), (x.m | y.m) ^ t, (x.p | y.p) ^ t.
inline void add_multiple(std::uint64_t* ap, std::uint64_t* am, const std::uint64_t* bp, const std::uint64_t* bm,
                         std::uint64_t c_is_1, std::uint64_t c_is_2, std::size_t words) {
  for (std::size_t i = 0; i < words; ++i) {
    const std::uint64_t yp = (bp[i] & c_is_1) | (bm[i] & c_is_2);
    const std::uint64_t ym = (bm[i] & c_is_1) | (bp[i] & c_is_2);
    const std::uint64_t t = (ap[i] | ym) ^ (am[i] | yp);
    const std::uint64_t sum_p = (am[i] | ym) ^ t;
    am[i] = (ap[i] | yp) ^ t;
    ap[i] = sum_p;
  }
}

// All-ones mask when delta > 0 and g0 != 0.
// g0_nonzero: bit 0 is 1 iff g(0) != 0 (higher bits are ignored).
inline std::uint64_t divstep_swap_mask(std::int32_t delta, std::uint64_t g0_nonzero) {
  const std::uint64_t positive = static_cast<std::uint32_t>(-delta) >> 31;
  return 0 - (positive & g0_nonzero & 1);
}

inline std::int32_t divstep_delta(std::int32_t delta, std::uint64_t swap) {
  const std::int32_t mask = -static_cast<std::int32_t>(swap & 1);
  return (delta ^ (mask & (delta ^ -delta))) + 1;
}

// The masks of c = -g(0) / f(0) over GF(3) from the constant terms; f(0) is
// 1 or 2, its own inverse, so c = 2 g(0) f(0): 0 when g(0) = 0, 2 when
// g(0) = f(0), 1 otherwise.
inline void divstep_multiple_s3(std::uint64_t f0p, std::uint64_t g0p, std::uint64_t g0m, std::uint64_t& c_is_1,
                                std::uint64_t& c_is_2) {
  const std::uint64_t g_nonzero = (g0p | g0m) & 1, same = ~(f0p ^ g0p) & 1;
  c_is_1 = 0 - (g_nonzero & (same ^ 1));
  c_is_2 = 0 - (g_nonzero & same);
}

// Multiply by x the first `active` words of v or w (the others are zero and
// stay zero), clearing coefficient n (the only one that could leave the range
// 0 .. n-1; it is never set where this is used).
inline void shift_up_active(std::uint64_t* x, std::size_t n, std::size_t active) {
  for (std::size_t i = active - 1; i > 0; --i) x[i] = (x[i] << 1) | (x[i - 1] >> 63);
  x[0] <<= 1;
  if (n / 64 < active) x[n / 64] &= ~(std::uint64_t{1} << (n % 64));
}

// Words of v and w that can be nonzero in step k when v = 0 and w has degree
// 0 at step 0: both fit in coefficients 0 .. k.
template <std::size_t Words>
std::size_t active_words(std::size_t k) {
  return k / 64 + 1 < Words ? k / 64 + 1 : Words;
}

// Words of f and g still read in step k of `steps`: a coefficient i of f or g
// reaches the constant terms, which alone decide the steps, i steps later at
// the earliest (each step divides g by x), so the last steps - k steps read
// coefficients below steps - k only. Counted in 256-bit registers of four
// words, as the AVX2 kernels hold the planes, so that both loops leave the
// same words behind. (Only f(0) is read after the loop; whether a was
// invertible is told by delta, see invert_s3.)
template <std::size_t Words>
std::size_t fg_words(std::size_t k, std::size_t steps) {
  const std::size_t needed = 4 * ((steps - k + 255) / 256);
  return needed < Words ? needed : Words;
}

// a += c b over GF(3), and b = a (the a before) where swap is set: the
// update of (g, f) and of (w, v) in a step of divsteps_s3_portable.
inline void cancel_and_hand_over(std::uint64_t* ap, std::uint64_t* am, std::uint64_t* bp, std::uint64_t* bm,
                                 std::uint64_t c_is_1, std::uint64_t c_is_2, std::uint64_t swap, std::size_t words) {
  for (std::size_t i = 0; i < words; ++i) {
    const std::uint64_t old_p = ap[i], old_m = am[i];
    add_multiple(ap + i, am + i, bp + i, bm + i, c_is_1, c_is_2, 1);
    bp[i] ^= swap & (bp[i] ^ old_p);
    bm[i] ^= swap & (bm[i] ^ old_m);
  }
}

// `steps` divsteps over GF(3) on state (S3Plane layout); returns delta.
// Portable twin of divsteps_s3_avx2. Requires v = 0 and w of degree 0 (at
// most) at the start, as the inversions begin.
//
// A step here cancels g(0) with the f it starts with, g += c f and
// w += c v (v already times x) for c = -g(0)/f(0), and on a swap hands f and
// v the old g and w. Swapping first and cancelling with the new f, as the
// step is usually written, gives the same f and v, and g and w times the
// unit c (c c' = 1 for the c' of that order): the invariants x^(k-1) f = v G,
// x^k g = w G hold either way, and the inverse, read from f and v, is the
// same. This order saves the exchange of g and w.
template <std::size_t Words>
std::int32_t divsteps_s3_portable(std::uint64_t* state, std::size_t n, std::size_t steps, std::int32_t delta) {
  auto plane = [state](std::size_t k) { return state + k * Words; };
  for (std::size_t step = 0; step < steps; ++step) {
    const std::size_t active = active_words<Words>(step), fg = fg_words<Words>(step, steps);
    shift_up_active(plane(v_p), n, active);
    shift_up_active(plane(v_m), n, active);
    const std::uint64_t swap = divstep_swap_mask(delta, plane(g_p)[0] | plane(g_m)[0]);
    delta = divstep_delta(delta, swap);
    std::uint64_t c_is_1, c_is_2;
    divstep_multiple_s3(plane(f_p)[0], plane(g_p)[0], plane(g_m)[0], c_is_1, c_is_2);
    cancel_and_hand_over(plane(g_p), plane(g_m), plane(f_p), plane(f_m), c_is_1, c_is_2, swap, fg);
    cancel_and_hand_over(plane(w_p), plane(w_m), plane(v_p), plane(v_m), c_is_1, c_is_2, swap, active);
    shift_down_active(plane(g_p), fg);
    shift_down_active(plane(g_m), fg);
  }
  return delta;
}

// The same over GF(2) (S2Plane layout); f(0) = 1, so c = g(0).
template <std::size_t Words>
std::int32_t divsteps_s2_portable(std::uint64_t* state, std::size_t n, std::size_t steps, std::int32_t delta) {
  std::uint64_t *f = state + f_b * Words, *g = state + g_b * Words, *v = state + v_b * Words, *w = state + w_b * Words;
  for (std::size_t step = 0; step < steps; ++step) {
    const std::size_t active = active_words<Words>(step), fg = fg_words<Words>(step, steps);
    shift_up_active(v, n, active);
    const std::uint64_t swap = divstep_swap_mask(delta, g[0]);
    delta = divstep_delta(delta, swap);
    conditional_swap(f, g, swap, fg);
    const std::uint64_t c = 0 - (g[0] & 1);
    for (std::size_t i = 0; i < fg; ++i) g[i] ^= c & f[i];
    for (std::size_t i = 0; i < active; ++i) {
      const std::uint64_t t = swap & (v[i] ^ w[i]);
      v[i] ^= t;
      w[i] ^= t ^ (c & v[i]);
    }
    shift_down_active(g, fg);
  }
  return delta;
}

// Words per plane: the portable loop uses as few as hold N bits, the SIMD
// kernels whole units of four words (256 bits).
template <std::size_t N, Kernels K>
inline constexpr std::size_t plane_words = K != Kernels::portable ? ((N + 255) / 256) * 4 : (N + 63) / 64;

}  // namespace detail

// out = a^-1 in S_3 (coefficient n-1 of out is 0). Returns false when a is
// not invertible modulo (3, Phi_n); out is then meaningless. Only that
// outcome is revealed. With the AVX2 kernels, Vbmi2 takes the AVX-512 VBMI2
// twin of the divstep loop (the same result; only where the CPU has it).
template <std::size_t N, Kernels K = Kernels::portable, bool Vbmi2 = false>
bool invert_s3(const Ternary<N>& a, Ternary<N>& out) {
  using namespace detail;
  constexpr std::size_t words = plane_words<N, K>;
  alignas(32) std::array<std::uint64_t, s3_planes * words> state{};
  auto plane = [&state](std::size_t k) { return state.data() + k * words; };
  fill_ones(plane(f_p), N);
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    s3_planes_reversed_avx2(a.coeffs.data(), N, plane(g_p), plane(g_m));
  } else
#endif
  {
    const std::uint32_t top = a[N - 1];
    for (std::size_t i = 0; i + 1 < N; ++i) {
      const std::uint32_t t = mod3(a[i] + 2 * top);  // reduced modulo Phi_n
      set_bit(plane(g_p), N - 2 - i, t & 1);
      set_bit(plane(g_m), N - 2 - i, t >> 1);
    }
  }
  set_bit(plane(w_p), 0, 1);
  constexpr std::size_t steps = 2 * (N - 1) - 1;
  std::int32_t delta;
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2)
    delta = Vbmi2 ? divsteps_s3_avx512(state.data(), words, N, steps, 1)
                  : divsteps_s3_avx2(state.data(), words, N, steps, 1);
  else
#endif
#if defined(PQMUL_ARM_SIMD)
      if constexpr (K == Kernels::neon)
    delta = divsteps_s3_neon(state.data(), words, N, steps, 1);
  else
#endif
    delta = divsteps_s3_portable<words>(state.data(), N, steps, 1);
  const std::uint32_t f0 = static_cast<std::uint32_t>(bit_of(plane(f_p), 0) + 2 * bit_of(plane(f_m), 0));
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    s3_from_planes_reversed_avx2(plane(v_p), plane(v_m), N, f0, out.coeffs.data());
  } else
#endif
  {
    for (std::size_t i = 0; i + 1 < N; ++i) {
      const auto v = static_cast<std::uint32_t>(bit_of(plane(v_p), N - 2 - i) + 2 * bit_of(plane(v_m), N - 2 - i));
      out[i] = static_cast<std::uint8_t>(mod3(f0 * v));
    }
    out[N - 1] = 0;
  }
  return delta == 0;
}

// The same over GF(2); a holds bits (0 or 1).
template <std::size_t N, Kernels K = Kernels::portable>
bool invert_s2(const std::array<std::uint8_t, N>& a, std::array<std::uint8_t, N>& out) {
  using namespace detail;
  constexpr std::size_t words = plane_words<N, K>;
  alignas(32) std::array<std::uint64_t, s2_planes * words> state{};
  std::uint64_t *f = state.data() + f_b * words, *g = state.data() + g_b * words, *v = state.data() + v_b * words,
                *w = state.data() + w_b * words;
  fill_ones(f, N);
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    s2_plane_reversed_avx2(a.data(), N, g);
  } else
#endif
  {
    const std::uint8_t top = a[N - 1] & 1;
    for (std::size_t i = 0; i + 1 < N; ++i) set_bit(g, N - 2 - i, (a[i] & 1) ^ top);
  }
  set_bit(w, 0, 1);
  constexpr std::size_t steps = 2 * (N - 1) - 1;
  std::int32_t delta;
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2)
    delta = divsteps_s2_avx2(state.data(), words, N, steps, 1);
  else
#endif
#if defined(PQMUL_ARM_SIMD)
      if constexpr (K == Kernels::neon)
    delta = divsteps_s2_neon(state.data(), words, N, steps, 1);
  else
#endif
    delta = divsteps_s2_portable<words>(state.data(), N, steps, 1);
#if defined(PQMUL_X86_SIMD)
  if constexpr (K == Kernels::avx2) {
    s2_from_plane_reversed_avx2(v, N, out.data());
  } else
#endif
  {
    for (std::size_t i = 0; i + 1 < N; ++i) out[i] = static_cast<std::uint8_t>(bit_of(v, N - 2 - i));
    out[N - 1] = 0;
  }
  return delta == 0;
}

// out = a^-1 modulo (q, Phi_n), as an element of R_q (its value at x = 1 is
// not meaningful). Returns false when a is not invertible modulo (2, Phi_n),
// which for q = 2^k is the same as modulo (q, Phi_n).
// invert_s2: the S_2 inversion to start from (invert_s2 below, or its AVX2 twin).
template <ParameterSet P, Multiplier M, class InvertS2>
requires std::same_as<typename M::ring, typename P::ring>
bool invert_rq(const M& multiplier, const Rq<P>& a, Rq<P>& out, const InvertS2& invert_s2) {
  std::array<std::uint8_t, P::n> bits, inverse_bits;
  for (std::size_t i = 0; i < P::n; ++i) bits[i] = static_cast<std::uint8_t>(a[i] & 1);
  const bool invertible = invert_s2(bits, inverse_bits);
  Rq<P> r, minus_a;
  for (std::size_t i = 0; i < P::n; ++i) {
    r[i] = inverse_bits[i];
    minus_a[i] = mod_q<P>(P::q - a[i]);
  }
  // Correct modulo 2^precision; each step doubles the precision. -a is
  // transformed once, and r once per step for its two products.
  auto minus_a_t = multiplier.make_operand(), r_t = multiplier.make_operand(), c_t = multiplier.make_operand();
  multiplier.transform(minus_a, minus_a_t);
  for (unsigned precision = 1; precision < P::log_q; precision *= 2) {
    multiplier.transform(r, r_t);
    Rq<P> c = transformed_product(multiplier, r_t, minus_a_t);
    c[0] = mod_q<P>(c[0] + 2u);
    multiplier.transform(c, c_t);
    r = transformed_product(multiplier, c_t, r_t);
  }
  out = r;
  return invertible;
}

template <ParameterSet P, Multiplier M>
requires std::same_as<typename M::ring, typename P::ring>
bool invert_rq(const M& multiplier, const Rq<P>& a, Rq<P>& out) {
  return invert_rq<P>(multiplier, a, out,
                      [](const auto& bits, auto& inverse) { return invert_s2<P::n>(bits, inverse); });
}

}  // namespace pqmul::ntru
