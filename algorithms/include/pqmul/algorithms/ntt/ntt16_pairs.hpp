#pragma once
// "ntt16-1024" on NTRU's rings with 2n - 1 <= 1024 (hps509): the whole product
// as one cyclic convolution of length 1024, as the NTT literature multiplies
// ntruhps2048509 (Chung et al., TCHES 2021(2): x^1024 - 1, primes 7681 and
// 10753), on ntt16's primes, trees and Garner CRT (ntt16.hpp). The product of
// two polynomials of degree below n has degree below 1024, so mod x^1024 - 1
// it does not wrap; it is folded mod x^n - 1 at the end.
//
//   - The primes have 512th roots of unity but no 1024th, so x^1024 - 1 does
//     not split into linear factors: with y = x^2, a = A_e(y) + x A_o(y) (its
//     even and odd coefficients, 256 each), and mod y^512 - 1
//       c_e = A_e B_e + y A_o B_o,  c_o = A_e B_o + A_o B_e.
//   - y^512 - 1 = (y^256 - 1)(y^256 + 1): each of A_e, A_o goes through the
//     cyclic and the negacyclic tree of length 256 (ntt16_primes.hpp's Tree,
//     the transforms of "ntt16-1536"'s split). At a tree's slot, y is that
//     slot's root zeta: the products are of degree 1 in x mod x^2 - zeta,
//     four pointwise products and one by zeta (multiply_pairs).
//   - c_e's (and c_o's) two halves of the NTT domain invert as "ntt16-1536"'s
//     split: both inverses halved, lo = (U + V) / 2 and hi = (U - V) / 2 as a
//     sum and a difference, lifted by the CRT (CrtInputs::split_sums), with
//     two primes inside the second prime's last inverse; the fold interleaves
//     c_e and c_o and adds c_i + c_(i+n).
//
// Against "ntt16-1536" on the same ring, per product and prime: 8 forward
// transforms (4 an operand), 4 x 256 base products of pairs and 4 inverses
// instead of 12, 18 x 256 pointwise products and 6. A slot's zeta is where the
// tree's forward evaluates it: the forward of y over the forward of 1
// (pair_zetas), so each ISA's table is in its own slot order.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"
#include "pqmul/algorithms/ntt/ntt16_good.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"

namespace pqmul {
namespace ntt16 {

inline constexpr std::size_t kPairsLength = 4 * kLength;
// Rows of an operand or accumulator: tree h (0: cyclic, 1: negacyclic) of
// part e (0: even coefficients, 1: odd) is row 2 e + h.
inline constexpr std::size_t kPairRows = 4;
constexpr std::size_t pair_row(std::size_t part, std::size_t tree) { return 2 * part + tree; }
// Products one multiply_pairs sums in a lane: A_e B_e + zeta (A_o B_o), the
// product by zeta no larger than a pointwise one (checked below).
inline constexpr std::int32_t kPairProducts = 2;

template <RingDescription R>
inline constexpr bool pairs_fit = R::wrap == Wrap::cyclic && std::has_single_bit(R::q) &&
                                  R::q / 2 <= kInputBound && 2 * R::n - 1 <= kPairsLength && R::n % 2 == 1;

consteval bool zeta_products_fit() {
  for (const auto& c : kPrime)
    if (product_bound(c.product_bound, (c.p - 1) / 2, c.p) > c.product_bound ||
        c.accumulator_bound + kPairProducts * c.product_bound > kLaneMax)
      return false;
  return true;
}
static_assert(zeta_products_fit(), "a pair's sum of two products must fit a lane");

// Per tree and prime, slot s's root zeta_s (y's value there) as zeta_s R mod p
// and its p^-1 product, for fqmul.
struct PairZetas {
  alignas(64) std::int16_t zeta[2][kMaxPrimes][2][kLength];
};
// From a forward_split(prime, wide, u, v, fu, fv) of the kernels whose slot
// order the table is for: zeta_s = NTT(y)_s / NTT(1)_s mod p.
template <class ForwardSplit>
PairZetas pair_zetas_of(ForwardSplit forward_split) {
  PairZetas z{};
  for (std::size_t k = 0; k < kMaxPrimes; ++k) {
    alignas(64) std::array<std::int16_t, kLength> one{}, y{}, one_c, one_n, y_c, y_n;
    one[0] = 1;
    y[1] = 1;
    forward_split(k, false, one.data(), one.data(), one_c.data(), one_n.data());
    forward_split(k, false, y.data(), y.data(), y_c.data(), y_n.data());
    const PrimeConstants& c = kPrime[k];
    for (std::size_t tree = 0; tree < 2; ++tree)
      for (std::size_t s = 0; s < kLength; ++s) {
        const std::int64_t at_one = tree == 0 ? one_c[s] : one_n[s], at_y = tree == 0 ? y_c[s] : y_n[s];
        const std::int64_t zeta = at_y * pow_mod(at_one, static_cast<std::uint64_t>(c.p - 2), c.p) % c.p;
        const std::int16_t montgomery = centred(zeta << 16, c.p);
        z.zeta[tree][k][0][s] = montgomery;
        z.zeta[tree][k][1][s] = times_qinv(montgomery, c.qinv);
      }
  }
  return z;
}

using PairsOperand = RowsOperand<kPairRows>;
using PairsAccumulation = RowsAccumulation<kPairRows>;

namespace portable {
// The index maps compiled for the baseline (ntt16_good.cpp, from
// ntt16_good_glue.inl):
//   pair_split: the centred lift of a (n canonical coefficients mod q), its
//   even coefficients into even_c and even_n, its odd ones into odd_c and
//   odd_n (256 each, zero from n on).
void pair_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* even_c, std::int16_t* even_n,
                std::int16_t* odd_c, std::int16_t* odd_n);
//   pair_fold: c_e and c_o (512 each, mod 2^16, the product's even and odd
//   coefficients) -> out[i] = (c_i + c_(i+n)) & (q - 1), i < n, n odd.
void pair_fold(const std::uint16_t* even, const std::uint16_t* odd, std::size_t n, std::uint16_t q,
               std::uint16_t* out);
// The table in the portable forward's natural order.
const PairZetas& pair_zetas();
}  // namespace portable

// The portable steps: "ntt16-1536"'s transforms, CRT and counting, and the
// pairs' own.
template <class Tally>
struct PortablePairKernels : PortableGoodKernels<Tally> {
  using PortableKernels<Tally>::count_additions;
  void pair_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* even_c, std::int16_t* even_n,
                  std::int16_t* odd_c, std::int16_t* odd_n) const {
    portable::pair_split(a, n, q, even_c, even_n, odd_c, odd_n);
  }
  // acc[0] = x_e y_e + zeta (x_o y_o), acc[1] = x_e y_o + x_o y_e (each
  // product times R^-1), or those added to Barrett(acc), on tree `tree`.
  void multiply_pairs(std::size_t prime, std::size_t tree, std::int16_t* const* acc, const std::int16_t* const* x,
                      const std::int16_t* const* y, bool add_to_acc) const {
    const PrimeConstants& c = kPrime[prime];
    const auto& zeta = portable::pair_zetas().zeta[tree][prime];
    for (std::size_t i = 0; i < kLength; ++i) {
      const auto product = [&](std::int16_t a, std::int16_t b) {
        Tally::product();
        return fqmul_var(a, b, c.qinv, c.p);
      };
      Tally::constant_mult();
      const std::int16_t odd_odd = fqmul(product(x[1][i], y[1][i]), zeta[0][i], zeta[1][i], c.p);
      std::int32_t even = product(x[0][i], y[0][i]) + std::int32_t{odd_odd};
      std::int32_t odd = product(x[0][i], y[1][i]) + std::int32_t{product(x[1][i], y[0][i])};
      count_additions(2);
      if (add_to_acc) {
        even += barrett(acc[0][i], c.barrett_v, c.p);
        odd += barrett(acc[1][i], c.barrett_v, c.p);
        count_additions(2);
      }
      acc[0][i] = static_cast<std::int16_t>(even);
      acc[1][i] = static_cast<std::int16_t>(odd);
    }
  }
  void pair_fold(const std::uint16_t* even, const std::uint16_t* odd, std::size_t n, std::uint16_t q,
                 std::uint16_t* out) const {
    portable::pair_fold(even, odd, n, q, out);
    count_additions(n);
  }
};

// One SIMD ISA's kernels (throws std::invalid_argument as kernel_set does).
struct SimdPairKernels : SimdGoodKernels {
  using SimdGoodKernels::SimdGoodKernels;
  void pair_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* even_c, std::int16_t* even_n,
                  std::int16_t* odd_c, std::int16_t* odd_n) const {
    set->pair_split(a, n, q, even_c, even_n, odd_c, odd_n);
  }
  void multiply_pairs(std::size_t prime, std::size_t tree, std::int16_t* const* acc, const std::int16_t* const* x,
                      const std::int16_t* const* y, bool add_to_acc) const {
    set->multiply_pairs(prime, tree, acc, x, y, add_to_acc);
  }
  void pair_fold(const std::uint16_t* even, const std::uint16_t* odd, std::size_t n, std::uint16_t q,
                 std::uint16_t* out) const {
    set->pair_fold(even, odd, n, q, out);
  }
};

}  // namespace ntt16

template <RingDescription R, class Kernels = ntt16::PortablePairKernels<ntt_tally::Uncounted>>
class Ntt16Pairs : public UnfilledStorage<Transformed<Ntt16Pairs<R, Kernels>, ntt16::PairsOperand>,
                                          Transformed<ntt16::AccumulatorOf<Ntt16Pairs<R, Kernels>>,
                                                      ntt16::PairsAccumulation>> {
  static_assert(ntt16::pairs_fit<R>, "ntt16-1024 needs x^n - 1, n odd, q = 2^k <= 2^13 and 2n - 1 <= 1024");
  static constexpr std::size_t kHalf = ntt16::kLength;

 public:
  using ring = R;
  static constexpr ntt16::CrtInputs kCrtInputs = ntt16::CrtInputs::split_sums;
  using operand = Transformed<Ntt16Pairs, ntt16::PairsOperand>;
  using accumulator = Transformed<ntt16::AccumulatorOf<Ntt16Pairs>, ntt16::PairsAccumulation>;

  // (A template, so that an explicit instantiation over SimdPairKernels,
  // which needs its ISA, leaves it out.)
  template <class Default = Kernels>
    requires std::is_default_constructible_v<Default>
  explicit Ntt16Pairs(ntt16::Config config = {}) : Ntt16Pairs(config, Default{}) {}
  Ntt16Pairs(ntt16::Config config, Kernels kernels)
      : config_(ntt16::resolve(config, R::q, R::n, kCrtInputs)),
        max_(ntt16::max_accumulated(config_, R::n, kCrtInputs)),
        kernels_(kernels) {}

  Isa isa() const { return kernels_.isa; }
  const ntt16::Config& config() const { return config_; }
  std::string name() const { return "ntt16-1024"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  std::size_t max_accumulated() const { return max_; }

  // The split goes into the rows of the last prime, whose forwards then run
  // in place: no copy of the secret outside the operand to wipe. |A_e|,
  // |A_o| <= q / 2: the canonical forward.
  void transform(const Poly<R>& a, operand& x) const {
    const std::size_t last = primes() - 1;
    const auto row = [&](std::size_t part, std::size_t tree, std::size_t k) {
      return x.data.rows[ntt16::pair_row(part, tree)].data() + k * kHalf;
    };
    kernels_.pair_split(a.coeffs.data(), R::n, R::q, row(0, 0, last), row(0, 1, last), row(1, 0, last),
                        row(1, 1, last));
    for (std::size_t part = 0; part < 2; ++part)
      for (std::size_t k = 0; k <= last; ++k)
        kernels_.forward_split(k, false, row(part, 0, last), row(part, 1, last), row(part, 0, k), row(part, 1, k));
    x.data.written.wrote(primes());
  }
  void clear(accumulator& acc) const {
    for (auto& b : acc.data.bounds) b.fill(0);
  }
  // Per tree and prime, both parts' sums in one kernel call (onto the reduced
  // sums of earlier products, whose bound then stays below the lane's).
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
    for (std::size_t h = 0; h < 2; ++h)
      for (std::size_t k = 0; k < primes(); ++k) {
        const std::size_t o = k * kHalf;
        std::array<std::int16_t*, 2> sums;
        std::array<const std::int16_t*, 2> xs, ys;
        for (std::size_t part = 0; part < 2; ++part) {
          sums[part] = acc.data.rows[ntt16::pair_row(part, h)].data() + o;
          xs[part] = x.data.rows[ntt16::pair_row(part, h)].data() + o;
          ys[part] = y.data.rows[ntt16::pair_row(part, h)].data() + o;
        }
        // Both parts of a tree and prime are always written together.
        const bool add_to_acc = acc.data.bounds[ntt16::pair_row(0, h)][k] != 0;
        kernels_.multiply_pairs(k, h, sums.data(), xs.data(), ys.data(), add_to_acc);
        const ntt16::PrimeConstants& c = ntt16::kPrime[k];
        for (std::size_t part = 0; part < 2; ++part)
          acc.data.bounds[ntt16::pair_row(part, h)][k] =
              (add_to_acc ? c.accumulator_bound : 0) + ntt16::kPairProducts * c.product_bound;
      }
    acc.data.written.wrote(primes());
  }
  // Each part's lo and hi (ntt16-1536's inverse_split_lifted), then the fold.
  void inverse(const accumulator& acc, Poly<R>& out) const {
    alignas(64) std::array<std::int16_t, 2 * (ntt16::kMaxPrimes - 1) * kHalf> rest;
    alignas(64) std::array<std::uint16_t, 2 * 2 * kHalf> parts;
    for (std::size_t part = 0; part < 2; ++part) {
      const auto sums = [&](std::size_t tree, std::size_t k) { return acc.data.row(ntt16::pair_row(part, tree), k); };
      ntt16::inverse_split_lifted(kernels_, primes(), sums, parts.data() + part * 2 * kHalf, rest.data());
    }
    kernels_.pair_fold(parts.data(), parts.data() + 2 * kHalf, R::n, R::q, out.coeffs.data());
    wipe_bytes(rest.data(), 2 * (primes() - 1) * kHalf * sizeof(std::int16_t));
    wipe(parts);
  }

 private:
  // 2 or 3 (resolve checks it); the bound also tells the compiler the rows stay in Residues.
  std::size_t primes() const { return std::min<std::size_t>(config_.primes, ntt16::kMaxPrimes); }

  ntt16::Config config_;
  std::size_t max_;
  Kernels kernels_;
};

template <RingDescription R>
using Ntt16PairsSimd = Ntt16Pairs<R, ntt16::SimdPairKernels>;

extern template class Ntt16Pairs<NtruHps2048509Ring>;
extern template class Ntt16Pairs<NtruHps2048509Ring, ntt16::PortablePairKernels<ntt_tally::Counted>>;
extern template class Ntt16Pairs<NtruHps2048509Ring, ntt16::SimdPairKernels>;

}  // namespace pqmul
