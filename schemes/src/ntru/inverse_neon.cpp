// NEON kernels of the divstep loops (inverse_kernels.hpp): each plane is held
// in registers of two words, and a batch of steps runs as in the AVX2 kernel
// (inverse_s3_driver.inl), with the decisions taken on scalar copies of the
// lowest words. A shift by one bit across words is one extraction (ext) and
// one shift-and-insert (sli / sri); the choices are bit selects (bsl). Both
// kernels are the portable twins step for step, so they leave the whole state
// as the portable loops leave it.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/schemes/ntru/inverse_kernels.hpp"

namespace pqmul::ntru::detail {
namespace {

// x * x on the first A registers (the others are zero and stay zero): each
// word takes its top bit from the word below (word 1 of the register below
// for word 0). From the top down, so that the register below is unshifted.
template <std::size_t A, std::size_t R>
inline void shift_up(uint64x2_t (&x)[R], const uint64x2_t (&keep)[R]) {
  for (std::size_t k = A; k-- > 0;) {
    const uint64x2_t below = k == 0 ? vdupq_n_u64(0) : x[k - 1];
    const uint64x2_t carry = vextq_u64(below, x[k], 1);  // words: below[1], x[0]
    x[k] = vandq_u64(vsriq_n_u64(vshlq_n_u64(x[k], 1), carry, 63), keep[k]);
  }
}

// x / x on the first F registers: each word takes its bottom bit from the word
// above (a zero above register F - 1). From the bottom up.
template <std::size_t F, std::size_t R>
inline void shift_down(uint64x2_t (&x)[R]) {
  for (std::size_t k = 0; k < F; ++k) {
    const uint64x2_t above = k + 1 < F ? x[k + 1] : vdupq_n_u64(0);
    const uint64x2_t carry = vextq_u64(x[k], above, 1);  // words: x[1], above[0]
    x[k] = vsliq_n_u64(vshrq_n_u64(x[k], 1), carry, 63);
  }
}

// A step's decisions as all-ones / all-zero words.
struct Choice {
  uint64x2_t swap, nonzero, c2;
};

inline Choice make_choice(std::uint64_t swap, std::uint64_t nonzero, std::uint64_t c2) {
  return {vdupq_n_u64(swap), vdupq_n_u64(nonzero), vdupq_n_u64(c2)};
}

inline uint64x2_t take_on_swap(const Choice& choice, uint64x2_t kept, uint64x2_t taken) {
  return vbslq_u64(choice.swap, taken, kept);
}

// (ap, am) += c * (bp, bm) over GF(3), as detail::add_multiple: c * b is b
// with its planes exchanged when c = 2 (mask c2), cleared when c = 0.
template <std::size_t A, std::size_t R>
inline void add_multiple(uint64x2_t (&ap)[R], uint64x2_t (&am)[R], const uint64x2_t (&bp)[R], const uint64x2_t (&bm)[R],
                         const Choice& choice) {
  for (std::size_t k = 0; k < A; ++k) {
    const uint64x2_t yp = vandq_u64(vbslq_u64(choice.c2, bm[k], bp[k]), choice.nonzero);
    const uint64x2_t ym = vandq_u64(vbslq_u64(choice.c2, bp[k], bm[k]), choice.nonzero);
    const uint64x2_t t = veorq_u64(vorrq_u64(ap[k], ym), vorrq_u64(am[k], yp));
    const uint64x2_t sum_p = veorq_u64(vorrq_u64(am[k], ym), t);
    am[k] = veorq_u64(vorrq_u64(ap[k], yp), t);
    ap[k] = sum_p;
  }
}

#include "inverse_s3_driver.inl"

// --- GF(2) -------------------------------------------------------------------

template <std::size_t Y>
struct BitState;
template <std::size_t Y, std::size_t Units_a, std::size_t Units_f>
void batch_s2(BitState<Y>& x, std::size_t batch, std::int32_t& delta);

template <std::size_t Y>
struct BitState {
  static constexpr std::size_t units = Y, R = Y * unit_registers;
  uint64x2_t f[R], g[R], v[R], w[R], keep[R];
  template <std::size_t Units_a, std::size_t Units_f>
  static void batch(BitState& x, std::size_t steps, std::int32_t& delta) {
    batch_s2<Y, Units_a, Units_f>(x, steps, delta);
  }
};

// The step of divsteps_s2_portable: f and g exchanged on a swap, then
// g += g(0) f; v and w likewise (v already times x), w += g(0) v.
template <std::size_t Y, std::size_t Units_a, std::size_t Units_f>
void batch_s2(BitState<Y>& x, std::size_t batch, std::int32_t& delta) {
  constexpr std::size_t A = Units_a * unit_registers, F = Units_f * unit_registers;
  std::uint64_t f0 = low_word(x.f[0]), g0 = low_word(x.g[0]);
  for (std::size_t step = 0; step < batch; ++step) {
    const std::uint64_t swap = swap_mask(delta, g0);
    delta = next_delta(delta, swap);
    const std::uint64_t new_f = f0 ^ (swap & (f0 ^ g0)), swapped_g = g0 ^ (swap & (f0 ^ g0));
    const std::uint64_t c = 0 - (swapped_g & 1);
    f0 = new_f;
    g0 = (swapped_g ^ (c & f0)) >> 1;
    shift_up<A>(x.v, x.keep);
    const uint64x2_t swap_v = vdupq_n_u64(swap), c_v = vdupq_n_u64(c);
    for (std::size_t k = 0; k < F; ++k) {
      const uint64x2_t kept_f = vbslq_u64(swap_v, x.g[k], x.f[k]);
      x.g[k] = veorq_u64(vbslq_u64(swap_v, x.f[k], x.g[k]), vandq_u64(c_v, kept_f));
      x.f[k] = kept_f;
    }
    for (std::size_t k = 0; k < A; ++k) {
      const uint64x2_t kept_v = vbslq_u64(swap_v, x.w[k], x.v[k]);
      x.w[k] = veorq_u64(vbslq_u64(swap_v, x.v[k], x.w[k]), vandq_u64(c_v, kept_v));
      x.v[k] = kept_v;
    }
    shift_down<F>(x.g);
  }
}

template <std::size_t Y>
std::int32_t run_s2(std::uint64_t* state, std::size_t n, std::size_t steps, std::int32_t delta) {
  constexpr std::size_t W = unit_words * Y;
  BitState<Y> x;
  load_planes(x.f, state), load_planes(x.g, state + W), load_planes(x.v, state + 2 * W);
  load_planes(x.w, state + 3 * W);
  keep_masks(x.keep, n);
  delta = run(x, steps, delta);
  store_planes(state, x.f), store_planes(state + W, x.g), store_planes(state + 2 * W, x.v);
  store_planes(state + 3 * W, x.w);
  return delta;
}

}  // namespace

std::int32_t divsteps_s3_neon(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta) {
  return run_s3_words(state, words, n, steps, delta);
}

std::int32_t divsteps_s2_neon(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta) {
  return with_units(words, [&]<std::size_t Y>() { return run_s2<Y>(state, n, steps, delta); });
}

}  // namespace pqmul::ntru::detail
