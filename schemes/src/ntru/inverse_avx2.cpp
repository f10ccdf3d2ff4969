// AVX2 kernels of the divstep loops (inverse_kernels.hpp): each plane is held
// in Y registers of four words; a shift by one bit moves the carry between
// words with a lane rotation and a blend. The sequence of operations is the
// one of the portable twins, with the same masks.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "pqmul/schemes/ntru/inverse_kernels.hpp"

namespace pqmul::ntru::detail {
namespace {

// x * x: word k takes its top bit from word k-1 (lane 3 of the previous
// register for lane 0).
// Only the first A registers (the others are zero and stay zero).
template <std::size_t A, std::size_t Y>
inline void shift_up(__m256i (&x)[Y], const __m256i (&keep)[Y]) {
  __m256i previous = _mm256_setzero_si256();
  for (std::size_t k = 0; k < A; ++k) {
    const __m256i rotated = _mm256_permute4x64_epi64(x[k], 0x93);  // lanes 3, 0, 1, 2
    const __m256i carry = _mm256_blend_epi32(rotated, previous, 0x03);
    previous = rotated;
    x[k] = _mm256_and_si256(_mm256_or_si256(_mm256_slli_epi64(x[k], 1), _mm256_srli_epi64(carry, 63)), keep[k]);
  }
}

// x / x on the first F registers: word k takes its bottom bit from word k+1,
// the top one a zero (the registers from F on are no longer read).
template <std::size_t F, std::size_t Y>
inline void shift_down(__m256i (&x)[Y]) {
  __m256i next = _mm256_setzero_si256();
  for (std::size_t k = F; k-- > 0;) {
    const __m256i rotated = _mm256_permute4x64_epi64(x[k], 0x39);  // lanes 1, 2, 3, 0
    const __m256i carry = _mm256_blend_epi32(rotated, next, 0xC0);
    next = rotated;
    x[k] = _mm256_or_si256(_mm256_srli_epi64(x[k], 1), _mm256_slli_epi64(carry, 63));
  }
}

// A step's decisions as all-ones / all-zero words in every lane.
struct Choice {
  __m256i swap, nonzero, c2;
};

inline Choice make_choice(std::uint64_t swap, std::uint64_t nonzero, std::uint64_t c2) {
  auto broadcast = [](std::uint64_t m) { return _mm256_set1_epi64x(static_cast<long long>(m)); };
  return {broadcast(swap), broadcast(nonzero), broadcast(c2)};
}

inline __m256i take_on_swap(const Choice& choice, __m256i kept, __m256i taken) {
  return _mm256_blendv_epi8(kept, taken, choice.swap);
}

// (ap, am) += c * (bp, bm) over GF(3), as detail::add_multiple: c * b is b
// with its planes exchanged when c = 2 (mask c2), cleared when c = 0 (mask
// nonzero off).
template <std::size_t A, std::size_t Y>
inline void add_multiple(__m256i (&ap)[Y], __m256i (&am)[Y], const __m256i (&bp)[Y], const __m256i (&bm)[Y],
                         const Choice& choice) {
  const __m256i nonzero = choice.nonzero, c2 = choice.c2;
  for (std::size_t k = 0; k < A; ++k) {
    const __m256i yp = _mm256_and_si256(_mm256_blendv_epi8(bp[k], bm[k], c2), nonzero);
    const __m256i ym = _mm256_and_si256(_mm256_blendv_epi8(bm[k], bp[k], c2), nonzero);
    const __m256i t = _mm256_xor_si256(_mm256_or_si256(ap[k], ym), _mm256_or_si256(am[k], yp));
    const __m256i sum_p = _mm256_xor_si256(_mm256_or_si256(am[k], ym), t);
    am[k] = _mm256_xor_si256(_mm256_or_si256(ap[k], yp), t);
    ap[k] = sum_p;
  }
}

// The driver of the S_3 divsteps over these primitives (shared with the AVX-512 build).
#include "inverse_s3_driver.inl"

// --- GF(2): divsteps in jumps ---------------------------------------------
//
// Over GF(2) a divstep is linear in (f, g) and in (v, w), through a matrix
// that depends on the constant terms only: per step, P (the swap or not),
// S = [[1, 0], [c, 1]] (g += c f, w += c v) and E = diag(x, 1), with
// x (f, g)' = E S P (f, g) and (v, w)' = S P E (v, w). So after J steps
// x^J (f, g) = A (f, g) for A = (E S P) ... (E S P), and (v, w) goes by
// E^-1 A E = [[A00, A01 / x], [x A10, A11]]. A jump of J <= 63 steps takes
// its decisions from the lowest words of f and g alone (after j steps bit 0
// of g depends on bits 0 .. j of the words the jump starts from), building A
// (row 0 of degree <= J, row 1 < J: words), then applies A to the planes by
// carry-less multiplication: 8 products of a word by a plane for 63 steps,
// where the steps one at a time touch every register of the four planes
// each step.
//
// After the last step only v, w, delta and f(0) are meaningful (the words of
// f and g the remaining steps no longer read are not kept exact), which is
// all the inversion reads. Requires f(0) = 1, as in an inversion: f starts as
// Phi_n and takes the place of g only when g(0) = 1.
constexpr std::size_t jump_steps = 63;
constexpr std::size_t max_words = 16;

// out[0 .. m] = a x + b y over GF(2) (x, y: m words, m even).
inline void multiply_words_add(std::uint64_t a, const std::uint64_t* x, std::uint64_t b, const std::uint64_t* y,
                               std::size_t m, std::uint64_t* out) {
  const __m128i av = _mm_cvtsi64_si128(static_cast<long long>(a)), bv = _mm_cvtsi64_si128(static_cast<long long>(b));
  __m128i carry = _mm_setzero_si128();
  for (std::size_t i = 0; i < m; i += 2) {
    const __m128i xv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + i));
    const __m128i yv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y + i));
    // Products of words i and i + 1: [lo_i, hi_i] and [lo_i+1, hi_i+1].
    const __m128i low = _mm_xor_si128(_mm_clmulepi64_si128(av, xv, 0x00), _mm_clmulepi64_si128(bv, yv, 0x00));
    const __m128i high = _mm_xor_si128(_mm_clmulepi64_si128(av, xv, 0x10), _mm_clmulepi64_si128(bv, yv, 0x10));
    const __m128i words = _mm_xor_si128(_mm_xor_si128(low, _mm_slli_si128(high, 8)), carry);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), words);
    carry = _mm_srli_si128(high, 8);
  }
  out[m] = static_cast<std::uint64_t>(_mm_cvtsi128_si64(carry));
}

std::int32_t run_s2(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps, std::int32_t delta) {
  std::uint64_t *f = state, *g = state + words, *v = state + 2 * words, *w = state + 3 * words;
  std::uint64_t t0[max_words + 1], t1[max_words + 1];
  for (std::size_t done = 0; done < steps;) {
    const std::size_t jump = steps - done < jump_steps ? steps - done : jump_steps;
    // The decisions, on the low words; A's rows (a00, a01), (a10, a11).
    // With f(0) = 1 the step needs no swap first: g(0) = 1 makes g + f the
    // new g whether f and g swap or not (and rows 0 + 1 the new row 1), so
    // the chain through g is short.
    std::uint64_t f0 = f[0], g0 = g[0], a00 = 1, a01 = 0, a10 = 0, a11 = 1;
    for (std::size_t step = 0; step < jump; ++step) {
      const std::uint64_t c = 0 - (g0 & 1), swap = swap_mask(delta, g0);
      delta = next_delta(delta, swap);
      const std::uint64_t new_f = f0 ^ (swap & (f0 ^ g0));
      g0 = (g0 ^ (c & f0)) >> 1;
      f0 = new_f;
      const std::uint64_t row0_0 = a00 ^ (swap & (a00 ^ a10)), row0_1 = a01 ^ (swap & (a01 ^ a11));
      a10 ^= c & a00, a11 ^= c & a01;
      a00 = row0_0 << 1, a01 = row0_1 << 1;
    }
    // f and g: the steps left read coefficients below `left` only, and the
    // words below m give those exactly after the division by x^jump.
    const std::size_t left = steps - done;
    std::size_t m = (left + 63) / 64;
    m = m + (m & 1) < words ? m + (m & 1) : words;
    multiply_words_add(a00, f, a01, g, m, t0);
    multiply_words_add(a10, f, a11, g, m, t1);
    for (std::size_t i = 0; i < m; ++i) {
      f[i] = (t0[i] >> jump) | (t0[i + 1] << (64 - jump));
      g[i] = (t1[i] >> jump) | (t1[i + 1] << (64 - jump));
    }
    // v and w fit in coefficients 0 .. done now and 0 .. done + jump after;
    // as the steps one at a time, they stay below coefficient n.
    std::size_t mv = done / 64 + 1;
    mv = mv + (mv & 1) < words ? mv + (mv & 1) : words;
    multiply_words_add(a00, v, a01 >> 1, w, mv, t0);
    multiply_words_add(a10 << 1, v, a11, w, mv, t1);
    const std::size_t out = mv + 1 < words ? mv + 1 : words;
    for (std::size_t i = 0; i < out; ++i) {
      const std::uint64_t keep = i < n / 64 ? ~std::uint64_t{0} : i == n / 64 ? (std::uint64_t{1} << (n % 64)) - 1 : 0;
      v[i] = t0[i] & keep;
      w[i] = t1[i] & keep;
    }
    done += jump;
  }
  return delta;
}

// --- conversions between coefficient bytes and reversed bit planes ----------

constexpr std::size_t max_n = 1024;

// rev[j] = a[n - 2 - j] for j < n - 1, zero up to a multiple of 64 (a: n bytes).
inline void reverse_bytes(const std::uint8_t* a, std::size_t n, std::uint8_t* rev) {
  alignas(32) std::uint8_t src[32 + max_n] = {};  // src[32 + i] = a[i]
  std::memcpy(src + 32, a, n - 1);
  const __m256i reverse = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11,
                                           10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const std::size_t count = n - 1, padded = (count + 63) / 64 * 64;
  for (std::size_t j = 0; j < padded; j += 32) {
    // rev[j .. j+31] = a[count-1-j-31 .. count-1-j] reversed; below a[0] the
    // zeros of src (and past count nothing: j + 31 >= count reads src < 32).
    const std::ptrdiff_t start = 32 + static_cast<std::ptrdiff_t>(count) - 1 - static_cast<std::ptrdiff_t>(j) - 31;
    const __m256i x = start >= 0 ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + start)) : _mm256_setzero_si256();
    const __m256i r = _mm256_permute2x128_si256(_mm256_shuffle_epi8(x, reverse), _mm256_shuffle_epi8(x, reverse), 0x01);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(rev + j), r);
  }
}

// Bit k of the 32-bit word w as byte k (0 or 1).
inline __m256i bits_to_bytes(std::uint32_t w) {
  const __m256i spread = _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(w)),
                                             _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2,
                                                              2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3));
  const __m256i bit = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ull));
  return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit), _mm256_set1_epi8(1));
}

// Bytes in {0 .. 6} -> mod 3.
inline __m256i small_mod3(__m256i x) {
  const __m256i two = _mm256_set1_epi8(2), three = _mm256_set1_epi8(3);
  x = _mm256_sub_epi8(x, _mm256_and_si256(_mm256_cmpgt_epi8(x, two), three));
  return _mm256_sub_epi8(x, _mm256_and_si256(_mm256_cmpgt_epi8(x, two), three));
}

// Clears the bits at and above `count` of the planes' last used word.
inline void clear_above(std::uint64_t* plane, std::size_t count) {
  if (count % 64 != 0) plane[count / 64] &= (std::uint64_t{1} << (count % 64)) - 1;
}

}  // namespace

void s3_planes_reversed_avx2(const std::uint8_t* a, std::size_t n, std::uint64_t* plane_p, std::uint64_t* plane_m) {
  alignas(32) std::uint8_t rev[max_n + 64];
  reverse_bytes(a, n, rev);
  const __m256i twice_top = _mm256_set1_epi8(static_cast<char>(2 * a[n - 1]));
  const __m256i one = _mm256_set1_epi8(1), two = _mm256_set1_epi8(2);
  const std::size_t count = n - 1;
  for (std::size_t j = 0; j < count; j += 32) {
    const __m256i t = small_mod3(_mm256_add_epi8(_mm256_load_si256(reinterpret_cast<const __m256i*>(rev + j)), twice_top));
    const auto p = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(t, one)));
    const auto m = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(t, two)));
    const unsigned shift = j % 64;
    if (shift == 0) {
      plane_p[j / 64] = p;
      plane_m[j / 64] = m;
    } else {
      plane_p[j / 64] |= std::uint64_t{p} << 32;
      plane_m[j / 64] |= std::uint64_t{m} << 32;
    }
  }
  clear_above(plane_p, count);
  clear_above(plane_m, count);
}

void s3_from_planes_reversed_avx2(const std::uint64_t* plane_p, const std::uint64_t* plane_m, std::size_t n,
                                  std::uint32_t f0, std::uint8_t* out) {
  alignas(32) std::uint8_t rev[max_n + 64];
  const __m256i times1 = _mm256_set1_epi8(static_cast<char>(0 - (f0 & 1))),
                times2 = _mm256_set1_epi8(static_cast<char>(0 - ((f0 >> 1) & 1)));
  const std::size_t count = n - 1;
  for (std::size_t j = 0; j < count; j += 32) {
    const auto p = static_cast<std::uint32_t>(plane_p[j / 64] >> (j % 64));
    const auto m = static_cast<std::uint32_t>(plane_m[j / 64] >> (j % 64));
    const __m256i pb = bits_to_bytes(p), mb = bits_to_bytes(m);
    const __m256i v = _mm256_add_epi8(pb, _mm256_add_epi8(mb, mb));  // 0 .. 3
    // f0 * v (at most 9) from f0's two bits, then mod 3.
    __m256i x = _mm256_add_epi8(_mm256_and_si256(v, times1), _mm256_and_si256(_mm256_add_epi8(v, v), times2));
    x = small_mod3(x);
    x = _mm256_sub_epi8(x, _mm256_and_si256(_mm256_cmpgt_epi8(x, _mm256_set1_epi8(2)), _mm256_set1_epi8(3)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(rev + j), x);
  }
  alignas(32) std::uint8_t forward[max_n + 64];
  reverse_bytes(rev, n, forward);
  std::memcpy(out, forward, count);
  out[count] = 0;
}

void s2_plane_reversed_avx2(const std::uint8_t* a, std::size_t n, std::uint64_t* plane) {
  alignas(32) std::uint8_t rev[max_n + 64];
  reverse_bytes(a, n, rev);
  const __m256i one = _mm256_set1_epi8(1), top = _mm256_set1_epi8(static_cast<char>(a[n - 1] & 1));
  const std::size_t count = n - 1;
  for (std::size_t j = 0; j < count; j += 32) {
    const __m256i bit = _mm256_xor_si256(_mm256_and_si256(_mm256_load_si256(reinterpret_cast<const __m256i*>(rev + j)), one), top);
    const auto b = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(bit, one)));
    if (j % 64 == 0)
      plane[j / 64] = b;
    else
      plane[j / 64] |= std::uint64_t{b} << 32;
  }
  clear_above(plane, count);
}

void s2_from_plane_reversed_avx2(const std::uint64_t* plane, std::size_t n, std::uint8_t* out) {
  alignas(32) std::uint8_t rev[max_n + 64];
  const std::size_t count = n - 1;
  for (std::size_t j = 0; j < count; j += 32)
    _mm256_store_si256(reinterpret_cast<__m256i*>(rev + j),
                       bits_to_bytes(static_cast<std::uint32_t>(plane[j / 64] >> (j % 64))));
  alignas(32) std::uint8_t forward[max_n + 64];
  reverse_bytes(rev, n, forward);
  std::memcpy(out, forward, count);
  out[count] = 0;
}

std::int32_t divsteps_s3_avx2(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta) {
  return run_s3_words(state, words, n, steps, delta);
}

std::int32_t divsteps_s2_avx2(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                              std::int32_t delta) {
  return run_s2(state, words, n, steps, delta);
}

}  // namespace pqmul::ntru::detail
