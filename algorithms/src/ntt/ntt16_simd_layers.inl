// The "ntt16" kernels (ntt16_kernels.hpp) written once for every register
// width: ntt16_avx2.cpp (16 lanes) and ntt16_avx512.cpp (32) define the
// vector steps, then include this file inside their namespace:
//   V, W; load, store, set1; add, sub, mullo, and_bits, signed_low_bits(a,
//   k) (the low k bits of each lane as a two's-complement value) (16-bit
//   lanes); high_difference(a, c, t, p) = floor(a c / 2^16) - floor(t p /
//   2^16) where a c = t p mod 2^16;
//   barrett_quotient(a, v) = round(floor(a v / 2^16) / 2^10); rounded_high(a, w) = round(a w / 2^15);
//   exchange<len>(x, y) for len = W/2, ..., 1
//   (ntt16_primes.hpp, SimdOrder, says what it does); opaque(v); kLaneTwiddlesAsLoads (below).
// Every lane value equals the portable code's (ntt16.cpp): the same fqmul,
// Barrett and additions at the same places, only the slot order differs.
// No include guard: included once per ISA.

namespace {

using namespace ::pqmul::ntt16;

// The layer loops are lambdas over index sequences; inlined always, or the
// compiler may call one out of line (it did once forward_inner had two
// callers), and the registers of a transform go through memory.
#define PQMUL_LAYERS_INLINE __attribute__((always_inline))

[[gnu::always_inline]] inline V fqmul(V a, V c, V c_qinv, V p) {
  return opaque(high_difference(a, c, mullo(a, c_qinv), p));
}
[[gnu::always_inline]] inline V fqmul_var(V a, V b, V qinv, V p) {
  return opaque(high_difference(a, b, mullo(mullo(a, b), qinv), p));
}
// A constant in a register the compiler cannot see into (the prime, a
// Montgomery factor p^-1): a low product by a known constant would become
// shifts and additions, more instructions than the one multiply.
[[gnu::always_inline]] inline V unfolded(std::int32_t c) { return opaque(set1(static_cast<std::int16_t>(c))); }
// The kind's Barrett (ntt16_primes.hpp: barrett, loose_barrett), v the
// kind's constant (TreeTables::barrett).
template <BarrettKind K>
[[gnu::always_inline]] inline V barrett(V a, V v, V p) {
  const V t = K == BarrettKind::tight ? barrett_quotient(a, v) : rounded_high(a, v);
  return opaque(sub(a, mullo(t, p)));
}
template <std::size_t S, bool Wide>
constexpr BarrettKind forward_kind() {
  return Wide ? tree_constants(S).wide_forward_barrett : tree_constants(S).forward_barrett;
}

constexpr std::size_t kRegisters = kLength / W;
constexpr std::size_t kPairs = kRegisters / 2;
constexpr std::size_t kInPair = SimdOrder<W>::in_pair_layers;
// Forward layer of length len: 1 + log2(128 / len) (inverse layer: 1 + log2(len)).
constexpr unsigned layer_of(std::size_t len) { return static_cast<unsigned>(8 - std::bit_width(len) + 1); }

#include "ntt16_simd_tables.inl"

template <std::size_t len>
[[gnu::always_inline]] inline void exchange_before(V& x, V& y) {
  if constexpr (len < W) exchange<len>(x, y);
}

// The forward's reductions (schedule tree S, ntt16_primes.hpp's tree_index)
// for canonical or for wide inputs: the lanes reduced before a layer, none,
// the butterflies' tops or all.
template <std::size_t S, bool Wide>
constexpr ForwardReduction reduction_before(unsigned layer) {
  const PrimeConstants& c = tree_constants(S);
  return (Wide ? c.wide_forward_reduction : c.forward_reduction)[layer];
}
template <std::size_t S, bool Wide>
constexpr bool reduces_tops(unsigned layer) {
  return reduction_before<S, Wide>(layer) != ForwardReduction::none;
}
template <std::size_t S, bool Wide>
constexpr bool reduces_bottoms(unsigned layer) {
  return reduction_before<S, Wide>(layer) == ForwardReduction::all;
}
// The kind's reduction constant and the prime, from the tree's tables.
template <BarrettKind K>
[[gnu::always_inline]] inline V barrett_constant(const TreeTables& t) {
  return load(t.barrett[static_cast<std::size_t>(K)]);
}
[[gnu::always_inline]] inline V prime_of(const TreeTables& t) { return opaque(load(t.p)); }

// Forward layers of length 128 .. 2W between registers, all registers at
// once, on the centred lift of the canonical a (as ntt16::lift_centred: a
// above q/2 - 1 stands for a - q, i.e. a's low log2(q) bits read as signed),
// or (Signed) on a's int16 values as they are: |a| <= kWideInputBound on
// the Wide schedule, |a| <= kInputBound on the canonical one.
// LowerHalf: a has 128 coefficients, the upper ones zero; the first layer,
// (x, 0) -> (x, x), is a copy (as the portable forward_lower_half).
template <std::size_t S, bool LowerHalf, bool Wide, bool Signed>
[[gnu::always_inline]] inline void forward_outer(const TreeTables& tables, const std::uint16_t* a, std::uint16_t q,
                                                 std::int16_t* f) {
  constexpr BarrettKind K = forward_kind<S, Wide>();
  const V p = prime_of(tables), v = barrett_constant<K>(tables);
  const int bits = std::countr_zero(q);
  const OuterTwiddles& tw = unseen(tables.outer);
  constexpr std::size_t loaded = LowerHalf ? kRegisters / 2 : kRegisters;
  V r[kRegisters];
#pragma GCC unroll 32
  for (std::size_t i = 0; i < loaded; ++i) {
    const V x = load(reinterpret_cast<const std::int16_t*>(a) + W * i);
    r[i] = Signed ? x : signed_low_bits(x, bits);
  }
  if constexpr (LowerHalf) {
    if constexpr (reduces_tops<S, Wide>(1)) {
#pragma GCC unroll 32
      for (std::size_t i = 0; i < loaded; ++i) r[i] = barrett<K>(r[i], v, p);
    }
#pragma GCC unroll 32
    for (std::size_t i = 0; i < loaded; ++i) r[i + loaded] = r[i];
  }
  [&]<std::size_t... L>(std::index_sequence<L...>) PQMUL_LAYERS_INLINE {
    (
        [&]() PQMUL_LAYERS_INLINE {
          constexpr std::size_t len = kLength / 2 >> L, d = len / W;
          if constexpr (len >= 2 * W && !(LowerHalf && L == 0)) {
            if constexpr (reduces_tops<S, Wide>(L + 1)) {
#pragma GCC unroll 32
              for (std::size_t i = 0; i < kRegisters; ++i)
                if ((i / d) % 2 == 0 || reduces_bottoms<S, Wide>(L + 1)) r[i] = barrett<K>(r[i], v, p);
            }
#pragma GCC unroll 32
            for (std::size_t i = 0; i < kRegisters; ++i)
              if ((i / d) % 2 == 0) {
                const std::size_t k = kLength / (2 * len) + i * W / (2 * len);
                const auto& z = tw.forward[k];
                const V t = fqmul(r[i + d], load(z[0]), load(z[1]), p);
                r[i + d] = sub(r[i], t);
                r[i] = add(r[i], t);
              }
          }
        }(),
        ...);
  }
  (std::make_index_sequence<8>{});
#pragma GCC unroll 32
  for (std::size_t i = 0; i < kRegisters; ++i) store(f + W * i, r[i]);
}

// Forward layers of length W .. 1 inside each pair, all pairs layer by layer.
template <std::size_t S, bool Wide>
[[gnu::always_inline]] inline void forward_inner(const TreeTables& tables, std::int16_t* f) {
  const auto& t = lane_twiddles(tables).forward;
  constexpr BarrettKind K = forward_kind<S, Wide>();
  const V p = prime_of(tables), v = barrett_constant<K>(tables);
  V x[kPairs], y[kPairs];
#pragma GCC unroll 16
  for (std::size_t j = 0; j < kPairs; ++j) x[j] = load(f + 2 * W * j), y[j] = load(f + 2 * W * j + W);
  [&]<std::size_t... J>(std::index_sequence<J...>) PQMUL_LAYERS_INLINE {
    (
        [&]() PQMUL_LAYERS_INLINE {
          constexpr std::size_t len = W >> J;
#pragma GCC unroll 16
          for (std::size_t j = 0; j < kPairs; ++j) {
            exchange_before<len>(x[j], y[j]);
            if constexpr (reduces_tops<S, Wide>(layer_of(len))) x[j] = barrett<K>(x[j], v, p);
            if constexpr (reduces_bottoms<S, Wide>(layer_of(len))) y[j] = barrett<K>(y[j], v, p);
            const V u = fqmul(y[j], load(t[J][j][0]), load(t[J][j][1]), p);
            y[j] = sub(x[j], u);
            x[j] = add(x[j], u);
          }
        }(),
        ...);
  }
  (std::make_index_sequence<kInPair>{});
#pragma GCC unroll 16
  for (std::size_t j = 0; j < kPairs; ++j) store(f + 2 * W * j, x[j]), store(f + 2 * W * j + W, y[j]);
}

// Inverse layers of length 1 .. W inside each pair (back to natural order),
// from Barrett(in) into f.
template <std::size_t S>
[[gnu::always_inline]] inline void inverse_inner(const TreeTables& tables, const std::int16_t* in, std::int16_t* f) {
  const auto& t = lane_twiddles(tables).inverse;
  constexpr BarrettKind K = tree_constants(S).inverse_barrett;
  const V p = prime_of(tables), v = barrett_constant<K>(tables);
  V x[kPairs], y[kPairs];
#pragma GCC unroll 16
  for (std::size_t j = 0; j < kPairs; ++j) {
    x[j] = barrett<K>(load(in + 2 * W * j), v, p);
    y[j] = barrett<K>(load(in + 2 * W * j + W), v, p);
  }
  [&]<std::size_t... J>(std::index_sequence<J...>) PQMUL_LAYERS_INLINE {
    (
        [&]() PQMUL_LAYERS_INLINE {
          constexpr std::size_t jj = kInPair - 1 - J, len = W >> jj;
#pragma GCC unroll 16
          for (std::size_t j = 0; j < kPairs; ++j) {
            const V s = add(x[j], y[j]);
            y[j] = fqmul(sub(x[j], y[j]), load(t[jj][j][0]), load(t[jj][j][1]), p);
            if constexpr (tree_constants(S).reduce_sums_after_inverse[std::bit_width(len)])
              x[j] = barrett<K>(s, v, p);
            else
              x[j] = s;
            exchange_before<len>(x[j], y[j]);
          }
        }(),
        ...);
  }
  (std::make_index_sequence<kInPair>{});
#pragma GCC unroll 16
  for (std::size_t j = 0; j < kPairs; ++j) store(f + 2 * W * j, x[j]), store(f + 2 * W * j + W, y[j]);
}

// Garner's lift of prime 0's x0 and prime 1's x1 (the portable crt's), not
// yet masked: x0 + ((x1 - x0) p0^-1 mod p1) p0 mod 2^16. u1 is kept for a
// third prime's term.
struct Garner {
  V p0 = unfolded(kPrimes[0]), p1 = set1(static_cast<std::int16_t>(kPrimes[1]));
  V c1 = set1(kCrt.p0_inverse), c1q = set1(kCrt.p0_inverse_qinv);
};
[[gnu::always_inline]] inline V garner_two(const Garner& g, V x0, V x1, V& u1) {
  u1 = fqmul(sub(x1, x0), g.c1, g.c1q, g.p1);
  return add(x0, mullo(u1, g.p0));
}

// Inverse layers of length 2W .. 128 between registers, the last scaled
// (Halved: by last_layer's halved constants, as the portable inverse_tree).
// With a partner (the split's lo, already U / 2), f's result V / 2 goes out
// as partner = U / 2 + V / 2 and f = U / 2 - V / 2 from the registers. With
// `lifted` too (prime 1's tables only; lifted holds prime 0's lo and hi),
// those two are lifted at once by the CRT of the two primes into lifted
// (mod 2^16), and neither partner nor f is written: no pass of the CRT over
// stored values.
template <std::size_t S, bool Halved>
[[gnu::always_inline]] inline void inverse_outer(const TreeTables& tables, std::int16_t* f, std::int16_t* partner,
                                                 std::uint16_t* lifted) {
  constexpr BarrettKind K = tree_constants(S).inverse_barrett;
  const V p = prime_of(tables), v = barrett_constant<K>(tables);
  const OuterTwiddles& tw = unseen(tables.outer);
  V r[kRegisters];
#pragma GCC unroll 32
  for (std::size_t i = 0; i < kRegisters; ++i) r[i] = load(f + W * i);
  [&]<std::size_t... L>(std::index_sequence<L...>) PQMUL_LAYERS_INLINE {
    (
        [&]() PQMUL_LAYERS_INLINE {
          constexpr std::size_t len = 2 * W << L, d = len / W;
          if constexpr (len < kLength / 2) {
#pragma GCC unroll 32
            for (std::size_t i = 0; i < kRegisters; ++i)
              if ((i / d) % 2 == 0) {
                const std::size_t k = kLength / (2 * len) + i * W / (2 * len);
                const V s = add(r[i], r[i + d]);
                const auto& z = tw.inverse[k];
                r[i + d] = fqmul(sub(r[i], r[i + d]), load(z[0]), load(z[1]), p);
                if constexpr (tree_constants(S).reduce_sums_after_inverse[std::bit_width(len)])
                  r[i] = barrett<K>(s, v, p);
                else
                  r[i] = s;
              }
          }
        }(),
        ...);
  }
  (std::make_index_sequence<8>{});
  const auto& last = tables.last[Halved];
  const V s = load(last[0]), sq = opaque(load(last[1])), z = load(last[2]), zq = opaque(load(last[3]));
#pragma GCC unroll 32
  for (std::size_t i = 0; i < kRegisters / 2; ++i) {
    const V a = r[i], b = r[i + kRegisters / 2];
    r[i] = fqmul(add(a, b), s, sq, p);
    r[i + kRegisters / 2] = fqmul(sub(a, b), z, zq, p);
  }
  if constexpr (Halved) {
    if (lifted != nullptr) {
      auto* x0 = reinterpret_cast<std::int16_t*>(lifted);
      const Garner g;
#pragma GCC unroll 32
      for (std::size_t i = 0; i < kRegisters; ++i) {
        const V u = load(partner + W * i);
        V u1;
        store(x0 + W * i, garner_two(g, load(x0 + W * i), add(u, r[i]), u1));
        store(x0 + kLength + W * i, garner_two(g, load(x0 + kLength + W * i), sub(u, r[i]), u1));
      }
      return;
    }
  }
  if (partner == nullptr) {
#pragma GCC unroll 32
    for (std::size_t i = 0; i < kRegisters; ++i) store(f + W * i, r[i]);
  } else {
#pragma GCC unroll 32
    for (std::size_t i = 0; i < kRegisters; ++i) {
      const V u = load(partner + W * i);
      store(partner + W * i, add(u, r[i]));
      store(f + W * i, sub(u, r[i]));
    }
  }
}

// A whole transform on schedule tree S's code with a tree's tables.
template <std::size_t S, bool LowerHalf, bool Wide, bool Signed>
[[gnu::always_inline]] inline void forward_body(const TreeTables& tables, const std::uint16_t* a, std::uint16_t q,
                                                std::int16_t* f) {
  forward_outer<S, LowerHalf, Wide, Signed>(tables, a, q, f);
  forward_inner<S, Wide>(tables, f);
}
template <std::size_t S, bool Halved>
[[gnu::always_inline]] inline void inverse_body(const TreeTables& tables, const std::int16_t* in, std::int16_t* f,
                                                std::int16_t* partner, std::uint16_t* lifted) {
  inverse_inner<S>(tables, in, f);
  inverse_outer<S, Halved>(tables, f, partner, lifted);
}
// The one body of schedule tree S, run on the tables of any tree with S's
// schedule (kShareSchedules).
template <std::size_t S, bool LowerHalf, bool Wide, bool Signed>
[[gnu::noinline]] void forward_on(const TreeTables& tables, const std::uint16_t* a, std::uint16_t q, std::int16_t* f) {
  forward_body<S, LowerHalf, Wide, Signed>(tables, a, q, f);
}
template <std::size_t S, bool Halved>
[[gnu::noinline]] void inverse_on(const TreeTables& tables, const std::int16_t* in, std::int16_t* f,
                                  std::int16_t* partner, std::uint16_t* lifted) {
  inverse_body<S, Halved>(tables, in, f, partner, lifted);
}
// Tree P's transforms: where trees share bodies, P's tables go through a
// pointer the compiler cannot follow, or it would clone the body per tree;
// elsewhere P's own body sees its tables.
template <std::size_t P, bool LowerHalf, bool Wide = false, bool Signed = Wide>
void forward_prime(const std::uint16_t* a, std::uint16_t q, std::int16_t* f) {
  constexpr std::size_t S = forward_schedule_tree<Wide>(P);
  if constexpr (kShareSchedules)
    forward_on<S, LowerHalf, Wide, Signed>(unseen(tree_tables_table<P>), a, q, f);
  else
    forward_body<S, LowerHalf, Wide, Signed>(tree_tables_table<P>, a, q, f);
}
template <std::size_t P, bool Halved = false>
void inverse_prime(const std::int16_t* in, std::int16_t* f, std::int16_t* partner = nullptr,
                   std::uint16_t* lifted = nullptr) {
  constexpr std::size_t S = inverse_schedule_tree(P);
  if constexpr (kShareSchedules)
    inverse_on<S, Halved>(unseen(tree_tables_table<P>), in, f, partner, lifted);
  else
    inverse_body<S, Halved>(tree_tables_table<P>, in, f, partner, lifted);
}
template <std::size_t P, Step S>
void multiply_accumulate_prime(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y) {
  const PrimeConstants& c = tree_constants(P);
  const V p = unfolded(c.p), v = set1(c.barrett_v), qinv = unfolded(c.qinv);
#pragma GCC unroll 4
  for (std::size_t i = 0; i < kLength; i += W) {
    const V r = fqmul_var(load(x + i), load(y + i), qinv, p);
    if constexpr (S == Step::store)
      store(acc + i, r);
    else if constexpr (S == Step::add)
      store(acc + i, add(load(acc + i), r));
    else
      store(acc + i, add(barrett<BarrettKind::tight>(load(acc + i), v, p), r));
  }
}
template <std::size_t P>
void multiply_accumulate_prime(std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, Step step) {
  switch (step) {
    case Step::store:
      return multiply_accumulate_prime<P, Step::store>(acc, x, y);
    case Step::add:
      return multiply_accumulate_prime<P, Step::add>(acc, x, y);
    default:
      return multiply_accumulate_prime<P, Step::reduce_then_add>(acc, x, y);
  }
}

// ntt16_good.hpp's split slice: the cyclic transform of u and the
// negacyclic one of v, both on the wide schedule or both on the canonical one.
template <std::size_t K, bool Wide>
void forward_split_prime(const std::int16_t* u, const std::int16_t* v, std::int16_t* fu, std::int16_t* fv) {
  forward_prime<tree_index(K, Tree::cyclic), false, Wide, true>(reinterpret_cast<const std::uint16_t*>(u), 0, fu);
  forward_prime<tree_index(K, Tree::negacyclic), false, Wide, true>(reinterpret_cast<const std::uint16_t*>(v), 0, fv);
}
// Both inverses halved, U / 2 into lo; then V / 2, stored as lo = U / 2 +
// V / 2 and hi = U / 2 - V / 2.
template <std::size_t K>
void inverse_split_prime(const std::int16_t* su, const std::int16_t* sv, std::int16_t* lo, std::int16_t* hi) {
  inverse_prime<tree_index(K, Tree::cyclic), true>(su, lo);
  inverse_prime<tree_index(K, Tree::negacyclic), true>(sv, hi, lo);
}

// acc[s] = x[0] y[s] + x[1] y[s - 1] + x[2] y[s - 2] (indices mod 3, each
// times R^-1), or that added to Barrett(acc[s]): the whole slice convolution
// of ntt16_good.hpp in registers, each input loaded once and each y's
// product by p^-1 taken once for its three products (fqmul_var's t is the
// same mod 2^16: x (y p^-1) = (x y) p^-1).
template <std::size_t P, bool Add>
void multiply_slices_prime(std::int16_t* const* acc, const std::int16_t* const* x, const std::int16_t* const* y) {
  const PrimeConstants& c = kPrime[P];
  const V p = unfolded(c.p), v = set1(c.barrett_v), qinv = unfolded(c.qinv);
  constexpr std::size_t m = kRowProducts;
  for (std::size_t i = 0; i < kLength; i += W) {
    V xs[m], ys[m], yq[m];
#pragma GCC unroll 3
    for (std::size_t t = 0; t < m; ++t) xs[t] = load(x[t] + i), ys[t] = load(y[t] + i), yq[t] = mullo(ys[t], qinv);
    const auto product = [&](std::size_t t, std::size_t u) {
      return opaque(high_difference(xs[t], ys[u], mullo(xs[t], yq[u]), p));
    };
#pragma GCC unroll 3
    for (std::size_t s = 0; s < m; ++s) {
      V r = add(add(product(0, s), product(1, (s + m - 1) % m)), product(2, (s + m - 2) % m));
      if constexpr (Add) r = add(barrett<BarrettKind::tight>(load(acc[s] + i), v, p), r);
      store(acc[s] + i, r);
    }
  }
}

// ntt16_pairs.hpp's base products of pairs on one tree: acc[0] = x_e y_e +
// zeta (x_o y_o), acc[1] = x_e y_o + x_o y_e (each times R^-1), or those
// added to Barrett(acc); y's products by p^-1 taken once for its two products each.
template <std::size_t P, bool Add>
void multiply_pairs_prime(const std::int16_t* zeta, const std::int16_t* zeta_qinv, std::int16_t* const* acc,
                          const std::int16_t* const* x, const std::int16_t* const* y) {
  const PrimeConstants& c = kPrime[P];
  const V p = unfolded(c.p), v = set1(c.barrett_v), qinv = unfolded(c.qinv);
  for (std::size_t i = 0; i < kLength; i += W) {
    const V xe = load(x[0] + i), xo = load(x[1] + i), ye = load(y[0] + i), yo = load(y[1] + i);
    const V yeq = mullo(ye, qinv), yoq = mullo(yo, qinv);
    const auto product = [&](V a, V b, V bq) { return opaque(high_difference(a, b, mullo(a, bq), p)); };
    const V odd_odd = fqmul(product(xo, yo, yoq), load(zeta + i), load(zeta_qinv + i), p);
    V even = add(product(xe, ye, yeq), odd_odd);
    V odd = add(product(xe, yo, yoq), product(xo, ye, yeq));
    if constexpr (Add) {
      even = add(barrett<BarrettKind::tight>(load(acc[0] + i), v, p), even);
      odd = add(barrett<BarrettKind::tight>(load(acc[1] + i), v, p), odd);
    }
    store(acc[0] + i, even);
    store(acc[1] + i, odd);
  }
}

}  // namespace

void multiply_slices(std::size_t prime, std::int16_t* const* acc, const std::int16_t* const* x,
                     const std::int16_t* const* y, bool add_to_acc) {
  switch (prime) {
    case 0:
      return add_to_acc ? multiply_slices_prime<0, true>(acc, x, y) : multiply_slices_prime<0, false>(acc, x, y);
    case 1:
      return add_to_acc ? multiply_slices_prime<1, true>(acc, x, y) : multiply_slices_prime<1, false>(acc, x, y);
    default:
      return add_to_acc ? multiply_slices_prime<2, true>(acc, x, y) : multiply_slices_prime<2, false>(acc, x, y);
  }
}

void forward_split(std::size_t prime, bool wide, const std::int16_t* u, const std::int16_t* v, std::int16_t* fu,
                   std::int16_t* fv) {
  switch (prime) {
    case 0:
      return wide ? forward_split_prime<0, true>(u, v, fu, fv) : forward_split_prime<0, false>(u, v, fu, fv);
    case 1:
      return wide ? forward_split_prime<1, true>(u, v, fu, fv) : forward_split_prime<1, false>(u, v, fu, fv);
    default:
      return wide ? forward_split_prime<2, true>(u, v, fu, fv) : forward_split_prime<2, false>(u, v, fu, fv);
  }
}

void inverse_split(std::size_t prime, const std::int16_t* su, const std::int16_t* sv, std::int16_t* lo,
                   std::int16_t* hi) {
  switch (prime) {
    case 0:
      return inverse_split_prime<0>(su, sv, lo, hi);
    case 1:
      return inverse_split_prime<1>(su, sv, lo, hi);
    default:
      return inverse_split_prime<2>(su, sv, lo, hi);
  }
}

void inverse_split_crt(const std::int16_t* su, const std::int16_t* sv, std::int16_t* scratch, std::uint16_t* lifted) {
  inverse_prime<tree_index(1, Tree::cyclic), true>(su, scratch);
  inverse_prime<tree_index(1, Tree::negacyclic), true>(sv, scratch + kLength, scratch, lifted);
}

void forward(std::size_t prime, const std::uint16_t* a, std::uint16_t q, std::int16_t* f) {
  switch (prime) {
    case 0:
      return forward_prime<0, false>(a, q, f);
    case 1:
      return forward_prime<1, false>(a, q, f);
    default:
      return forward_prime<2, false>(a, q, f);
  }
}

void forward_lower_half(std::size_t prime, const std::uint16_t* a, std::uint16_t q, std::int16_t* f) {
  switch (prime) {
    case 0:
      return forward_prime<0, true>(a, q, f);
    case 1:
      return forward_prime<1, true>(a, q, f);
    default:
      return forward_prime<2, true>(a, q, f);
  }
}

void inverse(std::size_t prime, const std::int16_t* in, std::int16_t* f) {
  switch (prime) {
    case 0:
      return inverse_prime<0>(in, f);
    case 1:
      return inverse_prime<1>(in, f);
    default:
      return inverse_prime<2>(in, f);
  }
}

void multiply_accumulate(std::size_t prime, std::int16_t* acc, const std::int16_t* x, const std::int16_t* y,
                         Step step) {
  switch (prime) {
    case 0:
      return multiply_accumulate_prime<0>(acc, x, y, step);
    case 1:
      return multiply_accumulate_prime<1>(acc, x, y, step);
    default:
      return multiply_accumulate_prime<2>(acc, x, y, step);
  }
}

void crt(std::size_t primes, const std::int16_t* r0, const std::int16_t* rest, std::uint16_t* out,
         std::uint16_t q_mask) {
  const Garner g;
  const V p2 = set1(static_cast<std::int16_t>(kPrimes[2])), mask = set1(static_cast<std::int16_t>(q_mask));
  const V c2 = set1(kCrt.p0_mod_p2), c2q = set1(kCrt.p0_mod_p2_qinv);
  const V c3 = set1(kCrt.p01_inverse), c3q = set1(kCrt.p01_inverse_qinv), p01 = set1(kCrt.p01_low);
  auto* o = reinterpret_cast<std::int16_t*>(out);
  for (std::size_t i = 0; i < kLength; i += W) {
    const V x0 = load(r0 + i);
    V u1;
    V x = garner_two(g, x0, load(rest + i), u1);
    if (primes == 3) {
      const V w = sub(sub(load(rest + kLength + i), x0), fqmul(u1, c2, c2q, p2));
      x = add(x, mullo(fqmul(w, c3, c3q, p2), p01));
    }
    store(o + i, and_bits(x, mask));
  }
}

// The zetas in this ISA's slot order, from its own forwards (ntt16_pairs.hpp).
void multiply_pairs(std::size_t prime, std::size_t tree, std::int16_t* const* acc, const std::int16_t* const* x,
                    const std::int16_t* const* y, bool add_to_acc) {
  static const PairZetas zetas = pair_zetas_of(forward_split);
  const auto& z = zetas.zeta[tree][prime];
  switch (prime) {
    case 0:
      return add_to_acc ? multiply_pairs_prime<0, true>(z[0], z[1], acc, x, y)
                        : multiply_pairs_prime<0, false>(z[0], z[1], acc, x, y);
    case 1:
      return add_to_acc ? multiply_pairs_prime<1, true>(z[0], z[1], acc, x, y)
                        : multiply_pairs_prime<1, false>(z[0], z[1], acc, x, y);
    default:
      return add_to_acc ? multiply_pairs_prime<2, true>(z[0], z[1], acc, x, y)
                        : multiply_pairs_prime<2, false>(z[0], z[1], acc, x, y);
  }
}
