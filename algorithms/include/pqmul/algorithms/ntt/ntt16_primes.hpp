#pragma once
// The compile-time side of "ntt16", the NTT multiplier of the NTT literature
// for Saber's power-of-two q (Chung et al., TCHES 2021(2)): complete
// negacyclic NTTs of length 256 over two or three primes below 2^14, every
// value an int16 lane, Montgomery products (R = 2^16) and Barrett reductions
// placed lazily, and a Garner CRT computed mod 2^16 (q divides 2^16, so the
// high part of the lift is never needed).
//
// Everything here is constexpr and free of intrinsics, so the portable
// multiplier (ntt16.hpp) and the SIMD kernels (ntt16_simd_layers.inl) read
// the same primes, twiddles, reduction schedule and bounds. Every bound is
// derived here from the arithmetic's worst case and checked by static_assert:
// no int16 lane can overflow for inputs |x| <= kInputBound.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace pqmul::ntt16 {

inline constexpr std::size_t kLength = 256;
inline constexpr unsigned kLayers = 8;
inline constexpr std::size_t kMaxPrimes = 3;
// p = 1 mod 512 (a primitive 512th root of unity exists), p < 2^14; the CRT
// base first. Two hold a Saber secret product, three any product mod 2^13.
inline constexpr std::int32_t kPrimes[kMaxPrimes] = {7681, 10753, 11777};
// Largest |centred coefficient| a transform accepts (q/2 for q <= 2^13).
inline constexpr std::int32_t kInputBound = 4096;
// Largest |input| of the wide forward: a sum or difference of two centred
// coefficients (ntt16_good.hpp's split of a cyclic length-512 convolution).
inline constexpr std::int32_t kWideInputBound = 2 * kInputBound;
// Products one multiply_row sums in a lane (ntt16_good.hpp: a length-3 cyclic
// convolution of slices), onto the Barrett-reduced accumulator or not.
inline constexpr std::int32_t kRowProducts = 3;
inline constexpr std::int32_t kLaneMax = 32767;
// The forward's output bound it reduces to if it would end above: then four
// products of two outputs add up in a lane without a reduction, for every
// prime but the third (three). (At 13000 the first prime's forward needed a
// second round of reductions.)
inline constexpr std::int32_t kForwardTarget = 14000;

constexpr std::int64_t pow_mod(std::int64_t base, std::uint64_t exponent, std::int64_t m) {
  std::int64_t result = 1;
  base %= m;
  if (base < 0) base += m;
  for (; exponent != 0; exponent >>= 1) {
    if (exponent & 1) result = result * base % m;
    base = base * base % m;
  }
  return result;
}
constexpr std::int16_t centred(std::int64_t v, std::int64_t p) {
  v %= p;
  if (v < 0) v += p;
  return static_cast<std::int16_t>(v > p / 2 ? v - p : v);
}
constexpr unsigned bit_reverse_8(unsigned k) {
  unsigned r = 0;
  for (unsigned b = 0; b < 8; ++b) r |= ((k >> b) & 1u) << (7 - b);
  return r;
}

// The lane arithmetic, exactly as the SIMD instructions compute it.
constexpr std::int16_t low16(std::int32_t v) { return static_cast<std::int16_t>(static_cast<std::uint16_t>(v)); }
// a c R^-1 for a constant c given with c_qinv = c p^-1 mod 2^16: the low halves
// of a c and t p agree, so (a c - t p) / 2^16 is exact.  |r| <= |a c| / 2^16 + p / 2.
constexpr std::int16_t fqmul(std::int16_t a, std::int16_t c, std::int16_t c_qinv, std::int32_t p) {
  const std::int16_t t = low16(std::int32_t{a} * c_qinv);
  return static_cast<std::int16_t>((std::int32_t{a} * c - std::int32_t{t} * p) >> 16);
}
// a b R^-1 of two variables (t from the low half of a b).
constexpr std::int16_t fqmul_var(std::int16_t a, std::int16_t b, std::int16_t qinv, std::int32_t p) {
  const std::int16_t t = low16(std::int32_t{low16(std::int32_t{a} * b)} * qinv);
  return static_cast<std::int16_t>((std::int32_t{a} * b - std::int32_t{t} * p) >> 16);
}
// a - round(a v / 2^26) p with v = round(2^26 / p): the high half of a v, then
// a rounding shift by 10 (vpmulhrsw by 2^5), then the low half of t p.
constexpr std::int16_t barrett(std::int16_t a, std::int16_t v, std::int32_t p) {
  const std::int32_t high = (std::int32_t{a} * v) >> 16;
  const std::int32_t t = (high + 512) >> 10;
  return low16(std::int32_t{a} - low16(t * p));
}

// Worst |fqmul(a, c)| for |a| <= a_bound, |c| <= c_bound.
constexpr std::int32_t product_bound(std::int64_t a_bound, std::int64_t c_bound, std::int32_t p) {
  return static_cast<std::int32_t>((a_bound * c_bound + 65535) / 65536 + p / 2);
}
// Worst |barrett(a)| for any int16 a: |a / p - t| <= 1/2 + 2^-12 + 2^-10
// (v is within 1/2 of 2^26 / p, the floor of the high half loses < 1).
constexpr std::int32_t barrett_bound(std::int32_t p) { return p / 2 + (5 * p + 4095) / 4096 + 1; }
// a - round(a w / 2^15) p with w = round(2^15 / p): one rounding high product
// (vpmulhrsw, vqrdmulh) where barrett takes two, so one multiplication fewer.
// The quotient is coarser: w / 2^15 misses 1 / p by |p w - 2^15| / (2^15 p),
// so the result keeps that share of a besides the rounding's p / 2.
constexpr std::int16_t loose_barrett(std::int16_t a, std::int16_t w, std::int32_t p) {
  const std::int32_t t = (std::int32_t{a} * w + (1 << 14)) >> 15;
  return low16(std::int32_t{a} - low16(t * p));
}
// Worst |loose_barrett(a)| for |a| <= a_bound.
constexpr std::int32_t loose_barrett_bound(std::int32_t p, std::int32_t w, std::int64_t a_bound) {
  const std::int64_t miss = std::int64_t{p} * w - 32768;
  return static_cast<std::int32_t>((a_bound * (miss < 0 ? -miss : miss) + 32767) / 32768 + p / 2 + 1);
}
// Which of the two a transform uses. Each transform of each prime takes the
// one whose cheapest reduction schedule costs fewer multiplications (tight on
// a tie): the loose one needs more reductions where its coarser results leave
// less room (for 7681's canonical forward, one more half layer).
enum class BarrettKind : std::uint8_t { tight, loose };
constexpr int multiplications(BarrettKind kind) { return kind == BarrettKind::tight ? 3 : 2; }
// The kind to take, given each kind's cheapest schedule in reductions.
constexpr BarrettKind cheaper_kind(int tight_reductions, int loose_reductions) {
  return loose_reductions * multiplications(BarrettKind::loose) <
                 tight_reductions * multiplications(BarrettKind::tight)
             ? BarrettKind::loose
             : BarrettKind::tight;
}

// The two transforms of length 256 on the same butterflies: mod x^256 + 1
// (Saber's, at the odd powers of psi) or mod x^256 - 1 (at the even powers;
// ntt16_good.hpp's cyclic pieces). Only the twiddles differ, so the bounds
// and the reduction schedule are the same.
enum class Tree : std::uint8_t { negacyclic, cyclic };

// Which lanes a forward layer reduces first. A Cooley-Tukey butterfly (a, b)
// -> (a + t, a - t), t = b zeta R^-1, passes b's size on only as |b zeta| /
// 2^16 (at most p / 4 for any int16 b): reducing the tops a alone, half the
// Barretts, leaves the outputs nearly as small as reducing every lane.
enum class ForwardReduction : std::uint8_t { none, tops, all };

struct PrimeConstants {
  std::int32_t p = 0;
  std::int16_t qinv = 0;       // p^-1 mod 2^16
  std::int16_t barrett_v = 0;  // round(2^26 / p)
  std::int16_t loose_barrett_w = 0;  // round(2^15 / p)
  std::int16_t psi = 0;        // of order 512: psi^256 = -1
  // Forward CT layer with blocks of 2 len, block g: zeta[256 / (2 len) + g] =
  // psi^BitRev8(k) R; the inverse GS butterfly uses psi^-BitRev8(k) R, the
  // last layer's times the scale.
  // The cyclic tree's node k at depth d splits x^m - psi^(2e) with psi^e:
  // zeta[k] = psi^(BitRev8(k) - 128 / 2^d) R (1 at the root).
  std::array<std::int16_t, 256> zeta{}, zeta_qinv{}, zeta_inverse{}, zeta_inverse_qinv{};
  // 2^-8 R^2: the last inverse layer's fqmul removes the R^-1 of the products
  // and the 2^8 of the transforms.
  std::int16_t scale = 0, scale_qinv = 0, last_zeta_scaled = 0, last_zeta_scaled_qinv = 0;
  // Lazy reduction: Barrett before forward layer L (1..8) as forward_reduction
  // says, on the sums after inverse layer L; the bounds that result.
  std::array<ForwardReduction, kLayers + 1> forward_reduction{};
  std::array<bool, kLayers + 1> reduce_sums_after_inverse{};
  // The reductions' kind in the forward (canonical and wide inputs) and in the
  // inverse; multiply-accumulate's reduction of the accumulator is tight.
  BarrettKind forward_barrett = BarrettKind::tight, wide_forward_barrett = BarrettKind::tight,
              inverse_barrett = BarrettKind::tight;
  std::int32_t forward_output_bound = 0;  // |NTT(a)| for |a| <= kInputBound
  // The forward's schedule for inputs up to kWideInputBound; its output bound
  // is at most forward_output_bound (checked below), so the products' bounds hold.
  std::array<ForwardReduction, kLayers + 1> wide_forward_reduction{};
  std::int32_t wide_forward_output_bound = 0;
  // The last layer's constants times 2^-1, for the two inverses of
  // ntt16_good.hpp's split: lo = (U + V) / 2 and hi = (U - V) / 2 are then a
  // sum and a difference, with no product of their own.
  std::int16_t halved_scale = 0, halved_scale_qinv = 0, halved_last_zeta_scaled = 0, halved_last_zeta_scaled_qinv = 0;
  std::int32_t product_bound = 0;         // |x y R^-1| of two forward outputs
  std::int32_t accumulator_bound = 0;     // |Barrett(acc)|
  std::int32_t inverse_output_bound = 0;
};

constexpr std::int16_t times_qinv(std::int16_t c, std::int16_t qinv) { return low16(std::int32_t{c} * qinv); }

// a reduced mod c.p by the kind's Barrett.
constexpr std::int16_t reduce(BarrettKind kind, std::int16_t a, const PrimeConstants& c) {
  return kind == BarrettKind::tight ? barrett(a, c.barrett_v, c.p) : loose_barrett(a, c.loose_barrett_w, c.p);
}

consteval PrimeConstants make_prime(std::int32_t p, Tree tree = Tree::negacyclic) {
  PrimeConstants c;
  c.p = p;
  std::uint32_t x = 1;  // Newton: each step doubles the correct low bits
  for (int i = 0; i < 4; ++i) x = (x * (2u - static_cast<std::uint32_t>(p) * x)) & 0xffffu;
  c.qinv = static_cast<std::int16_t>(x);
  c.barrett_v = static_cast<std::int16_t>(((std::int64_t{1} << 26) + p / 2) / p);
  c.loose_barrett_w = static_cast<std::int16_t>((32768 + p / 2) / p);
  std::int64_t psi = 2;
  while (pow_mod(psi, 256, p) != p - 1) ++psi;
  c.psi = static_cast<std::int16_t>(psi);
  const std::int64_t psi_inverse = pow_mod(psi, 511, p);
  const auto exponent = [tree](unsigned k) {
    return bit_reverse_8(k) - (tree == Tree::cyclic ? 128u >> (std::bit_width(k) - 1) : 0u);
  };
  for (unsigned k = 1; k < 256; ++k) {
    c.zeta[k] = centred(pow_mod(psi, exponent(k), p) << 16, p);
    c.zeta_inverse[k] = centred(pow_mod(psi_inverse, exponent(k), p) << 16, p);
    c.zeta_qinv[k] = times_qinv(c.zeta[k], c.qinv);
    c.zeta_inverse_qinv[k] = times_qinv(c.zeta_inverse[k], c.qinv);
  }
  const std::int64_t inverse_256 = pow_mod(256, p - 2, p);
  const std::int64_t r2 = pow_mod(65536, 2, p);
  c.scale = centred(inverse_256 * r2, p);
  c.scale_qinv = times_qinv(c.scale, c.qinv);
  c.last_zeta_scaled = centred(pow_mod(psi_inverse, exponent(1), p) * inverse_256 % p * r2, p);
  c.last_zeta_scaled_qinv = times_qinv(c.last_zeta_scaled, c.qinv);
  const std::int64_t inverse_two = pow_mod(2, p - 2, p);
  c.halved_scale = centred(c.scale * inverse_two, p);
  c.halved_scale_qinv = times_qinv(c.halved_scale, c.qinv);
  c.halved_last_zeta_scaled = centred(c.last_zeta_scaled * inverse_two, p);
  c.halved_last_zeta_scaled_qinv = times_qinv(c.halved_last_zeta_scaled, c.qinv);

  // Every constant above is centred: |c| <= (p - 1) / 2. A forward's
  // schedule, for each kind of Barrett, is the one with the fewest reductions
  // (tops count half) that keeps every lane within int16 and ends at or below
  // kForwardTarget, and of those the one with the smallest output bound: a
  // depth-first search over the 3^8 schedules, cut where a lane would
  // overflow or the count exceeds the best so far (a few hundred nodes).
  const std::int32_t half = (p - 1) / 2;
  const std::int32_t w = c.loose_barrett_w;
  const auto reduced = [&](BarrettKind kind, std::int32_t input) {
    return kind == BarrettKind::tight ? barrett_bound(p) : loose_barrett_bound(p, w, input);
  };
  struct Schedule {
    int cost = 0;  // half layers reduced
    std::int32_t bound = 0;
    std::array<ForwardReduction, kLayers + 1> reduction{};
  };
  constexpr int kNoSchedule = 1000;
  const auto derive_for = [&](std::int32_t input, BarrettKind kind) {
    Schedule best{kNoSchedule, 0, {}};
    std::array<ForwardReduction, kLayers + 1> path{};
    const auto search = [&](const auto& self, unsigned layer, std::int32_t b, int cost) -> void {
      if (cost > best.cost) return;
      if (layer > kLayers) {
        if (b <= kForwardTarget && (cost < best.cost || b < best.bound)) best = {cost, b, path};
        return;
      }
      for (const ForwardReduction r : {ForwardReduction::none, ForwardReduction::tops, ForwardReduction::all}) {
        const std::int32_t top = r == ForwardReduction::none ? b : reduced(kind, b);
        const std::int32_t bottom = r == ForwardReduction::all ? reduced(kind, b) : b;
        const std::int32_t next = top + product_bound(bottom, half, p);
        if (next > kLaneMax) continue;
        path[layer] = r;
        self(self, layer + 1, next, cost + static_cast<int>(r));
      }
    };
    search(search, 1, input, 0);
    return best;
  };
  // The kind whose schedule costs fewer multiplications (tight on a tie).
  const auto derive = [&](std::int32_t input, std::array<ForwardReduction, kLayers + 1>& reduction,
                          BarrettKind& kind) {
    const Schedule tight = derive_for(input, BarrettKind::tight), loose = derive_for(input, BarrettKind::loose);
    if (tight.cost == kNoSchedule && loose.cost == kNoSchedule)
      throw "ntt16: no forward reduction schedule fits int16 lanes";
    kind = cheaper_kind(tight.cost, loose.cost);
    const Schedule& chosen = kind == BarrettKind::loose ? loose : tight;
    reduction = chosen.reduction;
    return chosen.bound;
  };
  // One bound for both forwards' outputs: the products take either.
  c.wide_forward_output_bound = derive(kWideInputBound, c.wide_forward_reduction, c.wide_forward_barrett);
  c.forward_output_bound =
      std::max(derive(kInputBound, c.forward_reduction, c.forward_barrett), c.wide_forward_output_bound);
  c.product_bound = product_bound(c.forward_output_bound, c.forward_output_bound, p);
  c.accumulator_bound = barrett_bound(p);
  // Inverse: a reduction of every input lane (any int16) first; then the sums
  // double, the differences become Montgomery products, and the sums are
  // reduced after a layer whose next one would overflow. Of the two kinds the
  // one with fewer multiplications (the input counts two half layers).
  struct InverseSchedule {
    int cost = 0;
    std::array<bool, kLayers + 1> reduce_sums{};
    std::int32_t output_bound = 0;
  };
  const auto inverse_for = [&](BarrettKind kind) {
    InverseSchedule s{2, {}, 0};
    std::int32_t b = reduced(kind, kLaneMax + 1);
    for (unsigned layer = 1; layer < kLayers; ++layer) {
      std::int32_t sums = 2 * b;
      const std::int32_t differences = product_bound(2 * b, half, p);
      if (2 * std::max(sums, differences) > kLaneMax) {
        s.reduce_sums[layer] = true;
        ++s.cost;
        sums = reduced(kind, sums);
      }
      b = std::max(sums, differences);
    }
    s.output_bound = product_bound(2 * b, half, p);
    return s;
  };
  const InverseSchedule tight = inverse_for(BarrettKind::tight), loose = inverse_for(BarrettKind::loose);
  c.inverse_barrett = cheaper_kind(tight.cost, loose.cost);
  const InverseSchedule& inverse = c.inverse_barrett == BarrettKind::loose ? loose : tight;
  c.reduce_sums_after_inverse = inverse.reduce_sums;
  c.inverse_output_bound = inverse.output_bound;
  return c;
}

inline constexpr PrimeConstants kPrime[kMaxPrimes] = {make_prime(kPrimes[0]), make_prime(kPrimes[1]),
                                                      make_prime(kPrimes[2])};
inline constexpr PrimeConstants kCyclicPrime[kMaxPrimes] = {make_prime(kPrimes[0], Tree::cyclic),
                                                            make_prime(kPrimes[1], Tree::cyclic),
                                                            make_prime(kPrimes[2], Tree::cyclic)};
// The kernels' tables by one index: prime k's negacyclic tree is k, its cyclic
// tree kMaxPrimes + k.
constexpr std::size_t tree_index(std::size_t prime, Tree tree) {
  return tree == Tree::cyclic ? kMaxPrimes + prime : prime;
}
// The inverse's last layer multiplies its sums by scale and its differences
// by zeta (each with its p^-1 product): the plain constants, or the halved
// ones of ntt16_good.hpp's split.
struct LastLayerConstants {
  std::int16_t scale, scale_qinv, zeta, zeta_qinv;
};
constexpr LastLayerConstants last_layer(const PrimeConstants& c, bool halved) {
  if (halved) return {c.halved_scale, c.halved_scale_qinv, c.halved_last_zeta_scaled, c.halved_last_zeta_scaled_qinv};
  return {c.scale, c.scale_qinv, c.last_zeta_scaled, c.last_zeta_scaled_qinv};
}
constexpr const PrimeConstants& tree_constants(std::size_t index) {
  return index < kMaxPrimes ? kPrime[index] : kCyclicPrime[index - kMaxPrimes];
}

consteval bool lanes_never_overflow() {
  for (const auto& c : kPrime) {
    if (c.forward_output_bound > kLaneMax || c.inverse_output_bound > kLaneMax) return false;
    if (c.accumulator_bound + c.product_bound > kLaneMax) return false;  // see next_step
    if (c.accumulator_bound + kRowProducts * c.product_bound > kLaneMax) return false;
    // The wide forward feeds the same products.
    if (c.wide_forward_output_bound > c.forward_output_bound) return false;
    // The split's lo and hi: a sum or difference of two inverse outputs fits a lane.
    if (2 * c.inverse_output_bound > kLaneMax) return false;
  }
  for (std::size_t k = 0; k < kMaxPrimes; ++k) {
    // The cyclic tree's magnitudes are the negacyclic one's.
    const PrimeConstants &a = kPrime[k], &b = kCyclicPrime[k];
    if (a.forward_reduction != b.forward_reduction ||
        a.reduce_sums_after_inverse != b.reduce_sums_after_inverse ||
        a.forward_output_bound != b.forward_output_bound || a.inverse_output_bound != b.inverse_output_bound ||
        a.wide_forward_reduction != b.wide_forward_reduction || a.forward_barrett != b.forward_barrett ||
        a.wide_forward_barrett != b.wide_forward_barrett || a.inverse_barrett != b.inverse_barrett)
      return false;
  }
  return true;
}
static_assert(lanes_never_overflow());

// How multiply-accumulate treats prime k's accumulator lanes, from their
// worst-case bound (a public count: it depends on how many products were
// added, never on values): the first product is stored, the next ones added
// while the bound stays within int16, else the lanes are Barrett-reduced
// before the addition. Returns the step and updates the bound.
enum class Step : std::uint8_t { store, add, reduce_then_add };
constexpr Step next_step(std::int32_t& bound, std::size_t k) {
  const PrimeConstants& c = kPrime[k];
  if (bound == 0) {
    bound = c.product_bound;
    return Step::store;
  }
  if (bound + c.product_bound <= kLaneMax) {
    bound += c.product_bound;
    return Step::add;
  }
  bound = c.accumulator_bound + c.product_bound;
  return Step::reduce_then_add;
}

// Garner's CRT: u_1 = (r_1 - r_0) p_0^-1 mod p_1, u_2 = (r_2 - (r_0 + p_0 u_1))
// (p_0 p_1)^-1 mod p_2, x = r_0 + p_0 u_1 + p_0 p_1 u_2, all three digits from
// Montgomery products (|u_k| up to about p_k / 2 + a little), x kept mod 2^16.
//
// What the CRT lifts: each prime's residues as one inverse leaves them
// (|r| <= inverse_output_bound), or as ntt16_good.hpp's split leaves them, the
// sum or difference of two inverse outputs (twice that bound).
enum class CrtInputs : std::uint8_t { inverse_outputs, split_sums };
constexpr std::int64_t crt_input_bound(std::size_t prime, CrtInputs inputs) {
  return (inputs == CrtInputs::split_sums ? 2 : 1) * std::int64_t{kPrime[prime].inverse_output_bound};
}
// |c| below these is lifted exactly, with two and with three primes.
struct CrtExactness {
  std::int64_t two = 0, three = 0;
};
consteval CrtExactness crt_exactness(CrtInputs inputs) {
  const std::int64_t p0 = kPrimes[0], p1 = kPrimes[1], p2 = kPrimes[2];
  const std::int64_t r0 = crt_input_bound(0, inputs), r1 = crt_input_bound(1, inputs),
                     r2 = crt_input_bound(2, inputs);
  const std::int64_t u1 = product_bound(r0 + r1, (p1 - 1) / 2, static_cast<std::int32_t>(p1));
  const std::int64_t x01_mod_p2 = product_bound(u1, (p2 - 1) / 2, static_cast<std::int32_t>(p2));
  const std::int64_t u2 = product_bound(r2 + r0 + x01_mod_p2, (p2 - 1) / 2, static_cast<std::int32_t>(p2));
  // The lanes the lift subtracts in must not wrap.
  if (r0 + r1 > kLaneMax || r2 + r0 + x01_mod_p2 > kLaneMax) throw "ntt16: the CRT's differences overflow int16";
  // The lift x is congruent to c mod M and |x| <= L; x = c while |c| + L < M.
  const std::int64_t lift_two = r0 + p0 * u1, lift_three = lift_two + p0 * p1 * u2;
  return {p0 * p1 - lift_two - 1, p0 * p1 * p2 - lift_three - 1};
}

struct CrtConstants {
  std::int16_t p0_inverse = 0, p0_inverse_qinv = 0;    // p0^-1 R mod p1
  std::int16_t p0_mod_p2 = 0, p0_mod_p2_qinv = 0;      // p0 R mod p2
  std::int16_t p01_inverse = 0, p01_inverse_qinv = 0;  // (p0 p1)^-1 R mod p2
  std::int16_t p01_low = 0;                            // p0 p1 mod 2^16
  CrtExactness exact{};                                // of one inverse's outputs
  CrtExactness split_exact{};                          // of the split's sums
};
consteval CrtConstants make_crt() {
  CrtConstants c;
  const std::int64_t p0 = kPrimes[0], p1 = kPrimes[1], p2 = kPrimes[2];
  c.p0_inverse = centred(pow_mod(p0, p1 - 2, p1) << 16, p1);
  c.p0_inverse_qinv = times_qinv(c.p0_inverse, kPrime[1].qinv);
  c.p0_mod_p2 = centred(p0 << 16, p2);
  c.p0_mod_p2_qinv = times_qinv(c.p0_mod_p2, kPrime[2].qinv);
  c.p01_inverse = centred(pow_mod(p0 * p1 % p2, p2 - 2, p2) << 16, p2);
  c.p01_inverse_qinv = times_qinv(c.p01_inverse, kPrime[2].qinv);
  c.p01_low = low16(static_cast<std::int32_t>((p0 * p1) & 0xffff));
  c.exact = crt_exactness(CrtInputs::inverse_outputs);
  c.split_exact = crt_exactness(CrtInputs::split_sums);
  return c;
}
inline constexpr CrtConstants kCrt = make_crt();
constexpr const CrtExactness& crt_exactness_of(CrtInputs inputs) {
  return inputs == CrtInputs::split_sums ? kCrt.split_exact : kCrt.exact;
}
static_assert(kCrt.exact.two > 0 && kCrt.exact.three > kCrt.exact.two);
static_assert(kCrt.split_exact.two > 0 && kCrt.split_exact.three > kCrt.split_exact.two);

// Where the SIMD kernels keep each coefficient of the NTT domain. With W
// lanes the transform works on pairs of registers (x, y) = 2W consecutive
// coefficients; before each layer of length len < W, x and y are exchanged
// in units of len lanes (within each block of 2 len lanes, x keeps its first
// unit and takes y's first, y gets x's second and keeps its own) so the two
// inputs of every butterfly sit in the same lane. The result is stored as it
// stands: slot s of the stored array holds natural position layout[s] (the
// position of the in-place, bit-reversed transform). W = 1 is the identity.
template <std::size_t W>
struct SimdOrder {
  static constexpr std::size_t in_pair_layers = std::bit_width(W);  // len = W, W/2, ..., 1
  // x_position[j][pair W + l]: the position lane l of x holds in the layer of
  // length W >> j (y's lane l holds that plus the length).
  std::array<std::array<std::uint16_t, kLength / 2>, in_pair_layers> x_position{};
  std::array<std::uint16_t, kLength> layout{};
};
template <std::size_t W>
consteval SimdOrder<W> make_simd_order() {
  SimdOrder<W> order;
  for (std::size_t pair = 0; pair < kLength; pair += 2 * W) {
    std::array<std::uint16_t, 2 * W> xy{};
    for (std::size_t l = 0; l < 2 * W; ++l) xy[l] = static_cast<std::uint16_t>(pair + l);
    for (std::size_t j = 0, len = W; j < order.in_pair_layers; ++j, len /= 2) {
      if (j > 0) {
        std::array<std::uint16_t, 2 * W> next{};
        for (std::size_t block = 0; block < W; block += 2 * len)
          for (std::size_t l = 0; l < len; ++l) {
            next[block + l] = xy[block + l];
            next[block + len + l] = xy[W + block + l];
            next[W + block + l] = xy[block + len + l];
            next[W + block + len + l] = xy[W + block + len + l];
          }
        xy = next;
      }
      for (std::size_t l = 0; l < W; ++l) {
        // Not a constant expression (the build stops) unless lane l of x and
        // of y are the two inputs of one butterfly.
        if ((xy[l] / len) % 2 != 0 || xy[W + l] != xy[l] + len) throw "ntt16: lanes do not pair butterflies";
        order.x_position[j][pair / 2 + l] = xy[l];
      }
    }
    for (std::size_t l = 0; l < 2 * W; ++l) order.layout[pair + l] = xy[l];
  }
  return order;
}
}  // namespace pqmul::ntt16
