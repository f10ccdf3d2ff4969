// The portable steps of "ntt16" (ntt16.hpp): the in-place transforms in
// natural order, the pointwise products and the Garner CRT. The SIMD kernels
// (ntt16_simd_layers.inl) compute the same lane values in another slot order.
#include "pqmul/algorithms/ntt/ntt16.hpp"

#include <algorithm>
#include <cassert>
#include <string>

namespace pqmul {
namespace ntt16 {
namespace {

template <class Tally>
std::int16_t add(std::int16_t a, std::int16_t b) {
  Tally::addition();
  return static_cast<std::int16_t>(a + b);
}
template <class Tally>
std::int16_t sub(std::int16_t a, std::int16_t b) {
  Tally::addition();
  return static_cast<std::int16_t>(a - b);
}
template <class Tally>
std::int16_t mul_const(std::int16_t a, std::int16_t c, std::int16_t c_qinv, std::int32_t p) {
  Tally::constant_mult();
  return fqmul(a, c, c_qinv, p);
}

// Layers first_layer .. 8 of the forward transform of c's tree, reducing
// before each layer the lanes `reduce` names (the tops: each block's first len).
template <class Tally>
void forward_layers(const PrimeConstants& c, const std::array<ForwardReduction, kLayers + 1>& reduction,
                    BarrettKind kind, std::int16_t* f, std::size_t first_layer) {
  // Layer L has 2^(L-1) blocks of 2 len; block g takes zeta[2^(L-1) + g].
  for (std::size_t layer = first_layer, len = kLength >> first_layer, blocks = std::size_t{1} << (first_layer - 1);
       layer <= kLayers; ++layer, len >>= 1, blocks <<= 1) {
    // (len is a power of two: i & len tells a top from a bottom without a division.)
    if (reduction[layer] != ForwardReduction::none)
      for (std::size_t i = 0; i < kLength; ++i)
        if (reduction[layer] == ForwardReduction::all || (i & len) == 0) f[i] = reduce(kind, f[i], c);
    for (std::size_t start = 0, k = blocks; start < kLength; start += 2 * len, ++k)
      for (std::size_t j = start; j < start + len; ++j) {
        const std::int16_t t = mul_const<Tally>(f[j + len], c.zeta[k], c.zeta_qinv[k], c.p);
        f[j + len] = sub<Tally>(f[j], t);
        f[j] = add<Tally>(f[j], t);
      }
  }
}
}  // namespace

template <class Tally>
void forward(std::size_t prime, std::int16_t* f) {
  forward_tree<Tally>(Tree::negacyclic, false, prime, f);
}

template <class Tally>
void forward_tree(Tree tree, bool wide, std::size_t prime, std::int16_t* f) {
  const PrimeConstants& c = tree_constants(tree_index(prime, tree));
  if (wide)
    forward_layers<Tally>(c, c.wide_forward_reduction, c.wide_forward_barrett, f, 1);
  else
    forward_layers<Tally>(c, c.forward_reduction, c.forward_barrett, f, 1);
}

template <class Tally>
void forward_lower_half(std::size_t prime, std::int16_t* f) {
  // Layer 1 maps (a, 0) to (a + zeta 0, a - zeta 0) = (a, a), after the
  // reduction forward would apply to a first (a is the tops; 0 stays 0).
  const PrimeConstants& c = kPrime[prime];
  constexpr std::size_t half = kLength / 2;
  if (c.forward_reduction[1] != ForwardReduction::none)
    for (std::size_t i = 0; i < half; ++i) f[i] = reduce(c.forward_barrett, f[i], c);
  std::copy_n(f, half, f + half);
  forward_layers<Tally>(c, c.forward_reduction, c.forward_barrett, f, 2);
}

template <class Tally>
void multiply_accumulate(std::size_t prime, std::int16_t* acc, const std::int16_t* x, const std::int16_t* y,
                         Step step) {
  const PrimeConstants& c = kPrime[prime];
  for (std::size_t i = 0; i < kLength; ++i) {
    Tally::product();
    const std::int16_t r = fqmul_var(x[i], y[i], c.qinv, c.p);
    if (step == Step::store) {
      acc[i] = r;
    } else {
      const std::int16_t a = step == Step::add ? acc[i] : barrett(acc[i], c.barrett_v, c.p);
      acc[i] = add<Tally>(a, r);
    }
  }
}

template <class Tally>
void inverse(std::size_t prime, std::int16_t* f) {
  inverse_tree<Tally>(Tree::negacyclic, prime, f);
}

template <class Tally>
void inverse_tree(Tree tree, std::size_t prime, std::int16_t* f, bool halved) {
  const PrimeConstants& c = tree_constants(tree_index(prime, tree));
  for (std::size_t i = 0; i < kLength; ++i) f[i] = reduce(c.inverse_barrett, f[i], c);
  // Inverse layer L has blocks of 2 len = 2^L, as many as forward layer 9 - L.
  for (std::size_t layer = 1, len = 1, blocks = kLength / 2; layer < kLayers; ++layer, len <<= 1, blocks >>= 1) {
    for (std::size_t start = 0, k = blocks; start < kLength; start += 2 * len, ++k)
      for (std::size_t j = start; j < start + len; ++j) {
        const std::int16_t a = f[j], b = f[j + len];
        const std::int16_t s = add<Tally>(a, b);
        f[j] = c.reduce_sums_after_inverse[layer] ? reduce(c.inverse_barrett, s, c) : s;
        f[j + len] = mul_const<Tally>(sub<Tally>(a, b), c.zeta_inverse[k], c.zeta_inverse_qinv[k], c.p);
      }
  }
  // The last layer (length 128, zeta index 1) with the scale folded in.
  const LastLayerConstants last = last_layer(c, halved);
  for (std::size_t j = 0; j < kLength / 2; ++j) {
    const std::int16_t a = f[j], b = f[j + kLength / 2];
    f[j] = mul_const<Tally>(add<Tally>(a, b), last.scale, last.scale_qinv, c.p);
    f[j + kLength / 2] = mul_const<Tally>(sub<Tally>(a, b), last.zeta, last.zeta_qinv, c.p);
  }
}

template <class Tally>
void crt(std::size_t primes, const std::int16_t* r0, const std::int16_t* rest, std::uint16_t* out, std::uint16_t q_mask,
         std::size_t n) {
  assert(primes == 2 || primes == 3);
  const std::int16_t* r1 = rest;
  const std::int16_t* r2 = rest + kLength;
  const std::int32_t p1 = kPrimes[1], p2 = kPrimes[2];
  const auto p0 = static_cast<std::int16_t>(kPrimes[0]);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int16_t u1 = mul_const<Tally>(sub<Tally>(r1[i], r0[i]), kCrt.p0_inverse, kCrt.p0_inverse_qinv, p1);
    Tally::constant_mult();
    std::int16_t x = add<Tally>(r0[i], low16(std::int32_t{u1} * p0));
    if (primes == 3) {
      const std::int16_t x01 = mul_const<Tally>(u1, kCrt.p0_mod_p2, kCrt.p0_mod_p2_qinv, p2);
      const std::int16_t w = sub<Tally>(sub<Tally>(r2[i], r0[i]), x01);
      const std::int16_t u2 = mul_const<Tally>(w, kCrt.p01_inverse, kCrt.p01_inverse_qinv, p2);
      Tally::constant_mult();
      x = add<Tally>(x, low16(std::int32_t{u2} * kCrt.p01_low));
    }
    out[i] = static_cast<std::uint16_t>(x) & q_mask;
  }
}

void lift_centred(const std::uint16_t* a, std::int16_t* f, std::uint16_t q, std::size_t n) {
  const auto half = static_cast<std::int32_t>(q / 2);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int32_t v = a[i];
    // v >= q/2 stands for v - q; the comparison's sign bit makes the mask.
    f[i] = static_cast<std::int16_t>(v - (static_cast<std::int32_t>(q) & ((half - 1 - v) >> 31)));
  }
}

Config resolve(Config c, std::uint32_t q, std::size_t n, CrtInputs inputs) {
  const std::uint32_t full = q / 2;
  if (c.bound_a == 0) c.bound_a = full;
  if (c.bound_b == 0) c.bound_b = full;
  if (c.bound_a > full || c.bound_b > full)
    throw std::invalid_argument("ntt16: operand bounds must be between 1 and q/2 = " + std::to_string(full));
  const std::uint64_t one = std::uint64_t{n} * c.bound_a * c.bound_b;
  const CrtExactness& exact = crt_exactness_of(inputs);
  if (c.primes == 0) c.primes = one <= static_cast<std::uint64_t>(exact.two) ? 2 : 3;
  if (c.primes < 2 || c.primes > 3)
    throw std::invalid_argument("ntt16: primes must be 2 or 3, not " + std::to_string(c.primes));
  if (max_accumulated(c, n, inputs) == 0)
    throw std::invalid_argument("ntt16: two primes hold |c| <= " + std::to_string(exact.two) +
                                " but one product reaches " + std::to_string(one) + "; use primes=3 or smaller bounds");
  return c;
}

std::size_t max_accumulated(const Config& c, std::size_t n, CrtInputs inputs) {
  const std::uint64_t one = std::uint64_t{n} * c.bound_a * c.bound_b;
  const CrtExactness& exact = crt_exactness_of(inputs);
  return static_cast<std::size_t>(static_cast<std::uint64_t>(c.primes == 3 ? exact.three : exact.two) / one);
}

Config config_from(const Params& params, std::uint32_t q, std::size_t n, CrtInputs inputs) {
  params.require_only({"primes", "bound-a", "bound-b"});
  const auto narrow = [](std::size_t v, const char* key, std::size_t lo, std::size_t hi) {
    if (v < lo || v > hi)
      throw std::invalid_argument(std::string("ntt16: ") + key + " must be between " + std::to_string(lo) + " and " +
                                  std::to_string(hi) + ", not " + std::to_string(v));
    return static_cast<std::uint32_t>(v);
  };
  Config c;
  c.bound_a = narrow(params.get_size("bound-a", q / 2), "bound-a", 1, q / 2);
  c.bound_b = narrow(params.get_size("bound-b", q / 2), "bound-b", 1, q / 2);
  if (params.has("primes")) c.primes = narrow(params.get_size("primes", 3), "primes", 2, 3);
  return resolve(c, q, n, inputs);
}

template void forward<ntt_tally::Uncounted>(std::size_t, std::int16_t*);
template void forward<ntt_tally::Counted>(std::size_t, std::int16_t*);
template void forward_lower_half<ntt_tally::Uncounted>(std::size_t, std::int16_t*);
template void forward_lower_half<ntt_tally::Counted>(std::size_t, std::int16_t*);
template void multiply_accumulate<ntt_tally::Uncounted>(std::size_t, std::int16_t*, const std::int16_t*,
                                                        const std::int16_t*, Step);
template void multiply_accumulate<ntt_tally::Counted>(std::size_t, std::int16_t*, const std::int16_t*,
                                                      const std::int16_t*, Step);
template void inverse<ntt_tally::Uncounted>(std::size_t, std::int16_t*);
template void inverse<ntt_tally::Counted>(std::size_t, std::int16_t*);
template void forward_tree<ntt_tally::Uncounted>(Tree, bool, std::size_t, std::int16_t*);
template void forward_tree<ntt_tally::Counted>(Tree, bool, std::size_t, std::int16_t*);
template void inverse_tree<ntt_tally::Uncounted>(Tree, std::size_t, std::int16_t*, bool);
template void inverse_tree<ntt_tally::Counted>(Tree, std::size_t, std::int16_t*, bool);
template void crt<ntt_tally::Uncounted>(std::size_t, const std::int16_t*, const std::int16_t*, std::uint16_t*, std::uint16_t,
                                        std::size_t);
template void crt<ntt_tally::Counted>(std::size_t, const std::int16_t*, const std::int16_t*, std::uint16_t*, std::uint16_t,
                                      std::size_t);

}  // namespace ntt16

template class Ntt16<SaberRing>;
template class Ntt16<SaberPRing>;
template class Ntt16<SaberRing, ntt_tally::Counted>;
template class Ntt16<SaberPRing, ntt_tally::Counted>;

}  // namespace pqmul
