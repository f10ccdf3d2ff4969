// The S_3 divstep loop over planes held in vector registers (included by
// inverse_avx2.cpp, inverse_s3_avx512vbmi2.cpp and inverse_neon.cpp inside
// their anonymous namespaces, each compiled with its own flags). The
// including file supplies the register type Vec of `lanes` 64-bit words, and
// the vector primitives: shift_up<A>(x, keep) (x * x on the first A
// registers, coefficient n cleared), shift_down<F>(x) (x / x on the first F),
// Choice and make_choice(swap, nonzero, c2) (a step's decisions as the
// primitives want them), add_multiple<A>(ap, am, bp, bm, choice)
// ((ap, am) += c (bp, bm) over GF(3)) and take_on_swap(choice, kept, taken).
// It defines load and store of rows, and low_word, for the includer too.
//
// The loop counts the planes in units of four words (256 bits), as the
// portable twin counts the words of f and g it still reads (fg_words in
// inverse.hpp), so that every kernel leaves the same words behind: a unit is
// unit_registers registers.
#if defined(__AVX2__)
using Vec = __m256i;
constexpr std::size_t lanes = 4;
inline Vec load(const std::uint64_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }
inline void store(std::uint64_t* p, Vec v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }
inline std::uint64_t low_word(Vec x) {
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm256_castsi256_si128(x)));
}
#elif defined(__ARM_NEON)
using Vec = uint64x2_t;
constexpr std::size_t lanes = 2;
inline Vec load(const std::uint64_t* p) { return vld1q_u64(p); }
inline void store(std::uint64_t* p, Vec v) { vst1q_u64(p, v); }
inline std::uint64_t low_word(Vec x) { return vgetq_lane_u64(x, 0); }
#endif
constexpr std::size_t unit_words = 4, unit_registers = unit_words / lanes, unit_bits = 64 * unit_words;

inline std::uint64_t swap_mask(std::int32_t delta, std::uint64_t g0_nonzero) {
  const std::uint64_t positive = static_cast<std::uint32_t>(-delta) >> 31;
  return 0 - (positive & g0_nonzero & 1);
}

inline std::int32_t next_delta(std::int32_t delta, std::uint64_t swap) {
  const std::int32_t mask = -static_cast<std::int32_t>(swap & 1);
  return (delta ^ (mask & (delta ^ -delta))) + 1;
}

// All ones except coefficient n (cleared after a multiplication by x).
template <std::size_t R>
inline void keep_masks(Vec (&keep)[R], std::size_t n) {
  alignas(32) std::uint64_t words[lanes * R];
  for (std::size_t i = 0; i < lanes * R; ++i) words[i] = ~std::uint64_t{0};
  if (n / 64 < lanes * R) words[n / 64] &= ~(std::uint64_t{1} << (n % 64));
  for (std::size_t k = 0; k < R; ++k) keep[k] = load(words + lanes * k);
}

template <std::size_t R>
void load_planes(Vec (&x)[R], const std::uint64_t* p) {
  for (std::size_t k = 0; k < R; ++k) x[k] = load(p + lanes * k);
}
template <std::size_t R>
void store_planes(std::uint64_t* p, const Vec (&x)[R]) {
  for (std::size_t k = 0; k < R; ++k) store(p + lanes * k, x[k]);
}

// The decisions of a divstep (swap, and the multiple of f added to g) depend
// on the constant terms only, and after j steps bit 0 of g depends on bits
// 0 .. j of the initial f and g. So a batch of up to 63 steps is decided from
// scalar copies of the lowest words, which the vector registers never have to
// hand back in between: the scalar and vector dependency chains overlap.
//
// v and w start with no coefficient above 0, so during step k they fit in
// coefficients 0 .. k: a batch works on the A = k / 256 + 1 units of v and w
// that can be nonzero (batches do not cross multiples of 256 steps). The
// last r steps read the coefficients of f and g below r only (fg_words in
// inverse.hpp): a batch works on the F = ceil(r / 256) units of f and g
// still read (batches do not cross the steps where F drops either).
constexpr std::size_t batch_steps = 63;

template <std::size_t Y>
struct TritState;
template <std::size_t Y, std::size_t Units_a, std::size_t Units_f>
void batch_s3(TritState<Y>& x, std::size_t batch, std::int32_t& delta);

// Planes of Y units. A state type gives run() its units and its batch of
// steps (a GF(2) state may do the same, see inverse_neon.cpp).
template <std::size_t Y>
struct TritState {
  static constexpr std::size_t units = Y, R = Y * unit_registers;
  Vec fp[R], fm[R], gp[R], gm[R], vp[R], vm[R], wp[R], wm[R], keep[R];
  template <std::size_t Units_a, std::size_t Units_f>
  static void batch(TritState& x, std::size_t steps, std::int32_t& delta) {
    batch_s3<Y, Units_a, Units_f>(x, steps, delta);
  }
};

// The step of divsteps_s3_portable: g += c f and w += c v with the f and v
// the step starts from (v already times x), then f and v take the old g and w
// on a swap; no exchange of g and w.
template <std::size_t Y, std::size_t Units_a, std::size_t Units_f>
void batch_s3(TritState<Y>& x, std::size_t batch, std::int32_t& delta) {
  constexpr std::size_t A = Units_a * unit_registers, F = Units_f * unit_registers;
  std::uint64_t f0p = low_word(x.fp[0]), f0m = low_word(x.fm[0]), g0p = low_word(x.gp[0]), g0m = low_word(x.gm[0]);
  for (std::size_t step = 0; step < batch; ++step) {
    // Scalar: the decisions, and the low words advanced by one step.
    const std::uint64_t swap = swap_mask(delta, g0p | g0m);
    delta = next_delta(delta, swap);
    const std::uint64_t g_nonzero = 0 - ((g0p | g0m) & 1), same = 0 - (~(f0p ^ g0p) & 1);
    const std::uint64_t c2 = g_nonzero & same;
    const std::uint64_t yp = ((f0p & ~c2) | (f0m & c2)) & g_nonzero, ym = ((f0m & ~c2) | (f0p & c2)) & g_nonzero;
    const std::uint64_t t = (g0p | ym) ^ (g0m | yp);
    const std::uint64_t sum_p = (g0m | ym) ^ t, sum_m = (g0p | yp) ^ t;
    f0p ^= swap & (f0p ^ g0p), f0m ^= swap & (f0m ^ g0m);
    g0p = sum_p >> 1;
    g0m = sum_m >> 1;
    // Vectors: the same step on the whole state.
    shift_up<A>(x.vp, x.keep);
    shift_up<A>(x.vm, x.keep);
    const Choice choice = make_choice(swap, g_nonzero, c2);
    Vec old_gp[F], old_gm[F], old_wp[A], old_wm[A];
    for (std::size_t k = 0; k < F; ++k) old_gp[k] = x.gp[k], old_gm[k] = x.gm[k];
    for (std::size_t k = 0; k < A; ++k) old_wp[k] = x.wp[k], old_wm[k] = x.wm[k];
    add_multiple<F>(x.gp, x.gm, x.fp, x.fm, choice);
    add_multiple<A>(x.wp, x.wm, x.vp, x.vm, choice);
    for (std::size_t k = 0; k < F; ++k) {
      x.fp[k] = take_on_swap(choice, x.fp[k], old_gp[k]);
      x.fm[k] = take_on_swap(choice, x.fm[k], old_gm[k]);
    }
    for (std::size_t k = 0; k < A; ++k) {
      x.vp[k] = take_on_swap(choice, x.vp[k], old_wp[k]);
      x.vm[k] = take_on_swap(choice, x.vm[k], old_wm[k]);
    }
    shift_down<F>(x.gp);
    shift_down<F>(x.gm);
  }
}

// Runs the state's batch<active, fg>; both (1 .. Y) depend on the step count only.
template <class State, std::size_t A, std::size_t F>
void dispatch(State& x, std::size_t active, std::size_t fg, std::size_t batch, std::int32_t& delta) {
  constexpr std::size_t Y = State::units;
  if constexpr (A < Y) {
    if (active != A) return dispatch<State, A + 1, F>(x, active, fg, batch, delta);
  }
  if constexpr (F < Y) {
    if (fg != F) return dispatch<State, A, F + 1>(x, active, fg, batch, delta);
  }
  State::template batch<A, F>(x, batch, delta);
}

template <class State>
std::int32_t run(State& x, std::size_t steps, std::int32_t delta) {
  constexpr std::size_t Y = State::units;
  for (std::size_t done = 0; done < steps;) {
    const std::size_t phase_end = (done / unit_bits + 1) * unit_bits;
    const std::size_t fg_units = (steps - done + unit_bits - 1) / unit_bits;  // constant until `steps - done`
    const std::size_t fg_end = steps - unit_bits * (fg_units - 1);  // reaches the next multiple of 256 below it
    std::size_t end = done + batch_steps;
    if (end > phase_end) end = phase_end;
    if (end > fg_end) end = fg_end;
    const std::size_t active = done / unit_bits + 1 < Y ? done / unit_bits + 1 : Y;
    dispatch<State, 1, 1>(x, active, fg_units < Y ? fg_units : Y, end - done, delta);
    done = end;
  }
  return delta;
}

template <std::size_t Y>
std::int32_t run_s3(std::uint64_t* state, std::size_t n, std::size_t steps, std::int32_t delta) {
  constexpr std::size_t W = unit_words * Y;
  TritState<Y> x;
  load_planes(x.fp, state + 0 * W), load_planes(x.fm, state + 1 * W), load_planes(x.gp, state + 2 * W);
  load_planes(x.gm, state + 3 * W), load_planes(x.vp, state + 4 * W), load_planes(x.vm, state + 5 * W);
  load_planes(x.wp, state + 6 * W), load_planes(x.wm, state + 7 * W);
  keep_masks(x.keep, n);
  delta = run(x, steps, delta);
  store_planes(state + 0 * W, x.fp), store_planes(state + 1 * W, x.fm), store_planes(state + 2 * W, x.gp);
  store_planes(state + 3 * W, x.gm), store_planes(state + 4 * W, x.vp), store_planes(state + 5 * W, x.vm);
  store_planes(state + 6 * W, x.wp), store_planes(state + 7 * W, x.wm);
  return delta;
}

// Calls run<Y>() for a state of `words` words per plane (4, 8, 12 or 16).
template <class Run>
std::int32_t with_units(std::size_t words, Run&& run) {
  switch (words) {
    case 4: return run.template operator()<1>();
    case 8: return run.template operator()<2>();
    case 12: return run.template operator()<3>();
    default: return run.template operator()<4>();
  }
}

std::int32_t run_s3_words(std::uint64_t* state, std::size_t words, std::size_t n, std::size_t steps,
                          std::int32_t delta) {
  return with_units(words, [&]<std::size_t Y>() { return run_s3<Y>(state, n, steps, delta); });
}
