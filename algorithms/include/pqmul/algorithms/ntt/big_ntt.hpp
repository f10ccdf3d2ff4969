#pragma once
// An NTT over one or two NTT-friendly primes below 2^31 (joined by CRT), large
// enough to hold the exact integer product of two centred polynomials; the
// result is then reduced mod q. This makes any ring of the catalogue
// multipliable by an NTT, in particular the power-of-two q rings of Saber and
// NTRU (DESIGN.md section 2).
//
//  * Negacyclic rings (x^n + 1, n a power of two): negacyclic NTT of length n.
//  * Cyclic rings of prime n (x^n - 1): the full linear product is computed by
//    a negacyclic NTT of length N = bit_ceil(2n - 1) (the product has degree
//    2n - 2 < N, so no wrap occurs), then folded mod x^n - 1 in each prime's
//    field before the CRT.
//  * Complete (log2 N layers) or incomplete: with L layers the base
//    polynomials have degree d = N / 2^L and are multiplied schoolbook mod
//    (x^d - zeta_i).
//
// Why the modulus is large enough: every output coefficient of one product is
// a sum of exactly n products a_i b_j of centred values (negacyclic: each a_i
// meets one b_j with i + j = k mod n, up to sign; cyclic after folding: linear
// coefficient k collects k + 1 terms and k + n collects n - 1 - k), so
// |c| <= n * bound_a * bound_b per product and T times that for T accumulated
// products. The centred CRT lift is exact while the modulus M > 2 |c|, which
// fixes max_accumulated(); a configuration holding not even one product is
// refused with std::invalid_argument.
//
// Arithmetic: Montgomery with R = 2^32 and 64-bit intermediates, values kept in
// [0, p) by branch-free conditional subtraction; the final mod q is a mask
// (power-of-two q) or a Barrett reduction. Nothing divides coefficient data.
//
// Counting: every operation on coefficient data goes through PrimeOps<Tally>
// or IntegerOps<Tally> (ntt_tally.hpp states the convention). BigNtt<R> is
// the plain multiplier; BigNtt<R, ntt_tally::Counted>, built from the same
// config(), runs the same code and tallies it. Per prime, with N = length,
// L layers and base degree d = N / 2^L:
//   forward   L * N/2 butterflies: L N/2 constant products, L N additions;
//   product   2^L base products, each d^2 products, d - 1 constant products
//             (gamma) and d^2 additions (the schoolbook sums, the gamma terms
//             and the d accumulations into the lanes);
//   inverse   L N/2 butterflies as forward, then N constant products (the
//             2^-L scale); cyclic rings add the n - 1 folding additions.
// Two primes then join by CRT: 3 constant products and 3 additions per output
// coefficient (the difference times p1^-1 mod p2, the lift r1 + p1 u, and
// its image mod q).
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/ntt/ntt_tally.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/ring.hpp"

namespace pqmul {

namespace big_ntt_detail {

// Arithmetic modulo an odd prime p < 2^31 in Montgomery form, R = 2^32.
struct MontgomeryPrime {
  std::uint32_t p = 0;
  std::uint32_t minus_p_inverse = 0;  // -p^-1 mod 2^32
  std::uint32_t r2 = 0;               // 2^64 mod p

  explicit MontgomeryPrime(std::uint32_t prime = 3);

  // t * 2^-32 mod p in [0, p), for t < p * 2^32.
  std::uint32_t reduce(std::uint64_t t) const {
    const std::uint32_t m = static_cast<std::uint32_t>(t) * minus_p_inverse;
    const auto u = static_cast<std::uint32_t>((t + static_cast<std::uint64_t>(m) * p) >> 32);  // < 2p
    return subtract_if_at_least_p(u);
  }
  // a * b * 2^-32 mod p (b usually a constant in Montgomery form, i.e. times 2^32).
  std::uint32_t mul(std::uint32_t a, std::uint32_t b) const {
    return reduce(static_cast<std::uint64_t>(a) * b);
  }
  std::uint32_t add(std::uint32_t a, std::uint32_t b) const { return subtract_if_at_least_p(a + b); }
  std::uint32_t sub(std::uint32_t a, std::uint32_t b) const {
    const std::uint32_t d = a - b;
    return d + (p & (0u - (d >> 31)));
  }
  // x * 2^32 mod p.
  std::uint32_t to_montgomery(std::uint32_t x) const { return mul(x, r2); }
  // a in [0, 2p) -> [0, p); 2p < 2^32 and |a - p| < 2^31.
  std::uint32_t subtract_if_at_least_p(std::uint32_t a) const {
    const std::uint32_t d = a - p;
    return d + (p & (0u - (d >> 31)));
  }
};

// One prime's arithmetic as the transforms use it, noting each operation with
// Tally; the values are MontgomeryPrime's.
template <class Tally>
struct PrimeOps {
  MontgomeryPrime m;
  std::uint32_t add(std::uint32_t a, std::uint32_t b) const {
    Tally::addition();
    return m.add(a, b);
  }
  std::uint32_t sub(std::uint32_t a, std::uint32_t b) const {
    Tally::addition();
    return m.sub(a, b);
  }
  // a * b * 2^-32 of two variables.
  std::uint32_t mul(std::uint32_t a, std::uint32_t b) const {
    Tally::product();
    return m.mul(a, b);
  }
  // a * c * 2^-32 for a constant c (twiddle, gamma, scale, CRT constant).
  std::uint32_t mul_const(std::uint32_t a, std::uint32_t c) const {
    Tally::constant_mult();
    return m.mul(a, c);
  }
};

// Plain unsigned integer operations of the CRT, noting each with Tally.
template <class Tally>
struct IntegerOps {
  template <class T>
  static T mul_const(T a, T c) {
    Tally::constant_mult();
    return a * c;
  }
  template <class T>
  static T add(T a, T b) {
    Tally::addition();
    return a + b;
  }
};

// The `count` largest primes p < 2^31 with p = 1 mod `step` (descending).
std::vector<std::uint32_t> ntt_friendly_primes(std::size_t count, std::uint64_t step);
// An element of multiplicative order exactly `order` (a power of two dividing p - 1).
std::uint32_t root_of_unity(std::uint32_t p, std::uint64_t order);
std::uint64_t pow_mod(std::uint64_t base, std::uint64_t exponent, std::uint64_t m);

// Per-prime twiddle tables for a negacyclic NTT of length N with L layers.
struct PrimeTables {
  MontgomeryPrime arithmetic;
  std::vector<std::uint32_t> zetas;   // psi^BitRev_L(k) * R, k < 2^L (psi of order 2^(L+1))
  std::vector<std::uint32_t> gammas;  // psi^(2 BitRev_L(i) + 1) * R: base ring x^d - gamma_i
  std::uint32_t inverse_scale = 0;    // R^2 * 2^-L: undoes 2^L and the R^-1 of base products
};
PrimeTables make_prime_tables(std::uint32_t p, unsigned layers);

// In-place transforms of one prime's residues (length N = d * 2^L).
// Instantiated for ntt_tally::Uncounted and ntt_tally::Counted in big_ntt.cpp.
template <class Tally = ntt_tally::Uncounted>
void forward(const PrimeTables& t, std::uint32_t* f, std::size_t length, unsigned layers);
template <class Tally = ntt_tally::Uncounted>
void inverse(const PrimeTables& t, std::uint32_t* f, std::size_t length, unsigned layers);
// acc += a * b in each base ring Z_p[x]/(x^d - gamma_i); results carry R^-1.
template <class Tally = ntt_tally::Uncounted>
void base_multiply_accumulate(const PrimeTables& t, std::uint32_t* acc, const std::uint32_t* a,
                              const std::uint32_t* b, std::size_t length, unsigned layers);

std::string describe_modulus(const std::vector<std::uint32_t>& primes);

}  // namespace big_ntt_detail

// What a BigNtt runs with; every field is checked by the constructor.
struct BigNttConfig {
  unsigned primes = 2;       // 1 or 2
  unsigned layers = 0;       // 0 means complete (log2 N)
  std::uint32_t bound_a = 0;  // max |centred coefficient| of one factor; 0 means q/2
  std::uint32_t bound_b = 0;  // ... of the other factor; 0 means q/2
};

template <RingDescription R, class Tally = ntt_tally::Uncounted>
class BigNtt {
 public:
  using ring = R;
  static constexpr bool cyclic = R::wrap == Wrap::cyclic;
  // Length of the negacyclic transform.
  static constexpr std::size_t length = cyclic ? std::bit_ceil(2 * R::n - 1) : R::n;
  static constexpr unsigned complete_layers = std::countr_zero(length);
  static constexpr std::uint32_t full_bound = R::q / 2;  // largest |centred canonical value|
  static_assert(cyclic || std::has_single_bit(R::n), "negacyclic NTT needs a power-of-two n");

  struct OperandData {
    std::vector<std::uint32_t> residues;  // primes x length, NTT domain
    std::uint32_t max_abs = 0;            // debug builds: largest |centred input|
    void wipe() noexcept { pqmul::wipe(residues); }
  };
  struct AccumulatorData {
    std::vector<std::uint32_t> residues;  // primes x length, NTT domain, times R^-1
    std::uint64_t weight = 0;             // debug builds: sum of max_abs products (informative)
    void wipe() noexcept { pqmul::wipe(residues); }
  };
  struct AccumulatorTag;
  using operand = Transformed<BigNtt, OperandData>;
  using accumulator = Transformed<AccumulatorTag, AccumulatorData>;

  explicit BigNtt(BigNttConfig config = {}) : config_(resolve(config)) {
    const std::uint64_t per_product = product_bound(config_);
    primes_ = big_ntt_detail::ntt_friendly_primes(config_.primes, 2 * length);
    modulus_ = 1;
    for (auto p : primes_) modulus_ *= p;
    const std::uint64_t half = (modulus_ - 1) / 2;
    max_accumulated_ = static_cast<std::size_t>(half / per_product);
    if (max_accumulated_ == 0)
      throw std::invalid_argument(
          "ntt: one product on ring " + std::string(R::name) + " reaches |coefficient| <= " +
          std::to_string(per_product) + " (n=" + std::to_string(R::n) + " x " + std::to_string(config_.bound_a) +
          " x " + std::to_string(config_.bound_b) + ") but the modulus " +
          big_ntt_detail::describe_modulus(primes_) + " only represents |c| <= " + std::to_string(half) +
          "; use primes=2 or smaller bounds");
    for (auto p : primes_) tables_.push_back(big_ntt_detail::make_prime_tables(p, config_.layers));
    // CRT constants (two primes): x = r1 + p1 * ((r2 - r1) * p1^-1 mod p2).
    if (primes_.size() == 2) {
      assert(primes_[0] > primes_[1] && primes_[0] / 2 < primes_[1]);  // r1 mod p2 is one subtraction
      const auto& m2 = tables_[1].arithmetic;
      p1_inverse_mod_p2_ = m2.to_montgomery(static_cast<std::uint32_t>(
          big_ntt_detail::pow_mod(primes_[0] % primes_[1], primes_[1] - 2, primes_[1])));
    }
    p1_mod_q_ = static_cast<std::uint32_t>(primes_[0] % R::q);
    modulus_mod_q_ = static_cast<std::uint32_t>(modulus_ % R::q);
  }

  const BigNttConfig& config() const { return config_; }
  const std::vector<std::uint32_t>& primes() const { return primes_; }
  std::uint64_t modulus() const { return modulus_; }
  // |coefficient| of one product: n * bound_a * bound_b.
  std::uint64_t bound_per_product() const { return product_bound(config_); }
  // The largest number of products whose exact sum the modulus still holds.
  static std::size_t max_accumulated_for(BigNttConfig c) {
    c = resolve(c);
    std::uint64_t m = 1;
    for (auto p : big_ntt_detail::ntt_friendly_primes(c.primes, 2 * length)) m *= p;
    return static_cast<std::size_t>(((m - 1) / 2) / product_bound(c));
  }

  std::string name() const { return "ntt"; }
  operand make_operand() const { return {{std::vector<std::uint32_t>(primes_.size() * length), 0}}; }
  accumulator make_accumulator() const {
    return {{std::vector<std::uint32_t>(primes_.size() * length), 0}};
  }
  std::size_t operand_bytes() const { return sizeof(operand) + primes_.size() * length * sizeof(std::uint32_t); }
  std::size_t accumulator_bytes() const {
    return sizeof(accumulator) + primes_.size() * length * sizeof(std::uint32_t);
  }
  std::size_t max_accumulated() const { return max_accumulated_; }

  void transform(const Poly<R>& a, operand& x) const {
    assert(is_canonical(a));
    assert(x.data.residues.size() == primes_.size() * length);
    std::uint32_t max_abs = 0;
    for (std::size_t k = 0; k < primes_.size(); ++k) {
      std::uint32_t* f = x.data.residues.data() + k * length;
      const std::uint32_t p = primes_[k];
      for (std::size_t i = 0; i < R::n; ++i) {
        const std::int32_t c = centre(a[i]);
        f[i] = static_cast<std::uint32_t>(c) + (p & static_cast<std::uint32_t>(c >> 31));
#ifndef NDEBUG
        max_abs = std::max(max_abs, static_cast<std::uint32_t>(c < 0 ? -c : c));
#endif
      }
      std::fill(f + R::n, f + length, 0u);
      big_ntt_detail::forward<Tally>(tables_[k], f, length, config_.layers);
    }
    x.data.max_abs = max_abs;
  }

  void clear(accumulator& acc) const {
    std::fill(acc.data.residues.begin(), acc.data.residues.end(), 0u);
    acc.data.weight = 0;
  }

  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
#ifndef NDEBUG
    // The factors really are within the bounds the modulus was chosen for (the
    // number of terms is checked by the module code against max_accumulated()).
    const std::uint64_t w = std::uint64_t{x.data.max_abs} * y.data.max_abs;
    assert(w <= std::uint64_t{config_.bound_a} * config_.bound_b);
    acc.data.weight += w;
#endif
    for (std::size_t k = 0; k < primes_.size(); ++k)
      big_ntt_detail::base_multiply_accumulate<Tally>(tables_[k], acc.data.residues.data() + k * length,
                                               x.data.residues.data() + k * length,
                                               y.data.residues.data() + k * length, length, config_.layers);
  }

  void inverse(const accumulator& acc, Poly<R>& out) const {
    std::vector<std::uint32_t> f(acc.data.residues);
    for (std::size_t k = 0; k < primes_.size(); ++k) {
      std::uint32_t* g = f.data() + k * length;
      big_ntt_detail::inverse<Tally>(tables_[k], g, length, config_.layers);
      if constexpr (cyclic) {
        // x^n = 1: the linear coefficient i + n lands on i (degree <= 2n - 2).
        const big_ntt_detail::PrimeOps<Tally> m{tables_[k].arithmetic};
        for (std::size_t i = 0; i + R::n < 2 * R::n - 1; ++i) g[i] = m.add(g[i], g[i + R::n]);
      }
    }
    if (primes_.size() == 1) {
      const std::uint32_t p = primes_[0], half = (p - 1) / 2;
      for (std::size_t i = 0; i < R::n; ++i) {
        const std::uint32_t r = f[i];
        // Centred lift: r > (p-1)/2 stands for r - p.
        const std::uint32_t negative = 0u - static_cast<std::uint32_t>(r > half);
        out[i] = static_cast<std::uint16_t>(sub_mod_q(reduce_mod_q(r), p1_mod_q_ & negative));
      }
    } else {
      using I = big_ntt_detail::IntegerOps<Tally>;
      const big_ntt_detail::PrimeOps<Tally> m2{tables_[1].arithmetic};
      const std::uint64_t p1 = primes_[0], half = (modulus_ - 1) / 2;
      for (std::size_t i = 0; i < R::n; ++i) {
        const std::uint32_t r1 = f[i], r2 = f[length + i];
        const std::uint32_t r1_mod_p2 = m2.m.subtract_if_at_least_p(r1);
        const std::uint32_t u = m2.mul_const(m2.sub(r2, r1_mod_p2), p1_inverse_mod_p2_);
        const std::uint64_t x = I::add(std::uint64_t{r1}, I::mul_const(p1, std::uint64_t{u}));  // in [0, p1 p2)
        const std::uint32_t negative = 0u - static_cast<std::uint32_t>(x > half);
        // p1 mod q and u mod q are below q < 2^16: the product fits 32 bits.
        const std::uint32_t x_mod_q = reduce_mod_q(I::add(reduce_mod_q(r1), I::mul_const(p1_mod_q_, reduce_mod_q(u))));
        out[i] = static_cast<std::uint16_t>(sub_mod_q(x_mod_q, modulus_mod_q_ & negative));
      }
    }
  }

 private:
  static BigNttConfig resolve(BigNttConfig c) {
    if (c.layers == 0) c.layers = complete_layers;
    if (c.bound_a == 0) c.bound_a = full_bound;
    if (c.bound_b == 0) c.bound_b = full_bound;
    if (c.primes < 1 || c.primes > 2)
      throw std::invalid_argument("ntt: primes must be 1 or 2, not " + std::to_string(c.primes));
    if (c.layers > complete_layers)
      throw std::invalid_argument("ntt: layers must be between 1 and " + std::to_string(complete_layers) +
                                  " for ring " + std::string(R::name) + " (transform length " +
                                  std::to_string(length) + "), not " + std::to_string(c.layers));
    if (c.bound_a > full_bound || c.bound_b > full_bound)
      throw std::invalid_argument("ntt: operand bounds must be between 1 and q/2 = " +
                                  std::to_string(full_bound) + " for ring " + std::string(R::name));
    return c;
  }
  static std::uint64_t product_bound(const BigNttConfig& c) {
    // Each output coefficient sums exactly n products a_i b_j (see the header comment).
    return std::uint64_t{R::n} * c.bound_a * c.bound_b;
  }
  // Canonical [0, q) -> centred: [-q/2, q/2) for even q, [-(q-1)/2, (q-1)/2] for odd.
  static std::int32_t centre(std::uint16_t c) {
    const std::int32_t v = c;
    const std::int32_t above = -static_cast<std::int32_t>(v > static_cast<std::int32_t>((R::q - 1) / 2));
    return v - (static_cast<std::int32_t>(R::q) & above);
  }
  // x mod q for any uint32, without division.
  static std::uint32_t reduce_mod_q(std::uint32_t x) {
    if constexpr (std::has_single_bit(R::q)) {
      return x & (R::q - 1);
    } else {
      // Barrett: m = floor(2^s / q) with x * m < 2^64; the estimate is at most one short.
      constexpr unsigned s = 32 + std::bit_width(R::q) - 1;
      constexpr std::uint64_t m = (std::uint64_t{1} << s) / R::q;
      const auto estimate = static_cast<std::uint32_t>((std::uint64_t{x} * m) >> s);
      const std::uint32_t r = x - estimate * R::q;  // in [0, 2q)
      const std::uint32_t d = r - R::q;
      return d + (R::q & (0u - (d >> 31)));
    }
  }
  // a - b mod q for a, b in [0, q).
  static std::uint32_t sub_mod_q(std::uint32_t a, std::uint32_t b) {
    const std::uint32_t d = a - b;
    return d + (R::q & (0u - (d >> 31)));
  }

  BigNttConfig config_;
  std::vector<std::uint32_t> primes_;
  std::uint64_t modulus_ = 1;
  std::size_t max_accumulated_ = 0;
  std::vector<big_ntt_detail::PrimeTables> tables_;
  std::uint32_t p1_inverse_mod_p2_ = 0, p1_mod_q_ = 0, modulus_mod_q_ = 0;
};

// Builds a BigNtt from "primes=1|2;layers=L;bound-a=A;bound-b=B". Defaults:
// complete, q/2 bounds, and the fewest primes whose sum of 4 products (a rank-4
// lazy row) still fits. Throws std::invalid_argument for unknown keys or an
// invalid / overflowing combination.
template <RingDescription R>
BigNtt<R> make_big_ntt(const Params& params) {
  params.require_only({"primes", "layers", "bound-a", "bound-b"});
  BigNttConfig c;
  const auto narrow = [](std::size_t v, const char* key, std::size_t lo, std::size_t hi) {
    if (v < lo || v > hi)
      throw std::invalid_argument(std::string("ntt: ") + key + " must be between " + std::to_string(lo) +
                                  " and " + std::to_string(hi) + ", not " + std::to_string(v));
    return static_cast<std::uint32_t>(v);
  };
  c.layers = narrow(params.get_size("layers", BigNtt<R>::complete_layers), "layers", 1, BigNtt<R>::complete_layers);
  c.bound_a = narrow(params.get_size("bound-a", BigNtt<R>::full_bound), "bound-a", 1, BigNtt<R>::full_bound);
  c.bound_b = narrow(params.get_size("bound-b", BigNtt<R>::full_bound), "bound-b", 1, BigNtt<R>::full_bound);
  if (params.has("primes")) {
    c.primes = narrow(params.get_size("primes", 2), "primes", 1, 2);
  } else {
    constexpr std::size_t default_rank = 4;
    BigNttConfig one = c;
    one.primes = 1;
    c.primes = BigNtt<R>::max_accumulated_for(one) >= default_rank ? 1 : 2;
  }
  return BigNtt<R>(c);
}

}  // namespace pqmul
