#pragma once
// "ntt16-1536" on NTRU's rings with 2n - 1 <= 1536 (hps509, hps677, hrss701):
// the whole product as one cyclic convolution of length 1536 = 3 x 512, as the
// NTT literature multiplies NTRU (Chung et al., TCHES 2021(2)), on ntt16's
// primes, kernels and Garner CRT (ntt16.hpp). The product of two polynomials
// of degree below n has degree below 1536, so mod x^1536 - 1 it does not
// wrap; it is folded mod x^n - 1 at the end.
//
//   - Good's permutation: 3 and 512 are coprime, so index i <-> (i mod 3,
//     i mod 512) maps Z[x]/(x^1536 - 1) onto Z[y, z]/(y^3 - 1, z^512 - 1):
//     three slices of 512, multiplied as a cyclic convolution of length 3
//     whose entries are products mod z^512 - 1.
//   - z^512 - 1 = (z^256 - 1)(z^256 + 1): a slice's lower and upper halves
//     give u = lo + hi (mod z^256 - 1) and v = lo - hi (mod z^256 + 1), each
//     an NTT of length 256: v on Saber's negacyclic tree, u on the cyclic
//     tree of the same butterflies (ntt16_primes.hpp's Tree). u and v are
//     exact integers up to q in size, so for q = 8192 the forward is the
//     wide one; for q <= 4096 the canonical schedule holds them.
//   - In the NTT domain, per half, the 3 x 3 slice products (9 pointwise
//     products) sum into 3 output slices, each a row of three products in
//     registers (multiply_slices: one store a lane); an output slice's two
//     inverses, each halved in its last layer's constants, give lo =
//     (U + V) / 2 and hi = (U - V) / 2 mod p as a sum and a difference,
//     lifted by the CRT (whose inputs are then twice an inverse's bound:
//     CrtInputs::split_sums), with two primes from the registers of the
//     second prime's last inverse (inverse_split_crt); the inverse
//     permutation and the fold make the product.
//
// Against the pieces of 128 (ntt16_pieces.hpp, "ntt16"), per product and
// prime for hps677: 12 forward transforms (6 an operand), 18 pointwise
// products and 6 inverses instead of 12 half-size forwards, 36 and 11. The
// counting twin (ntt_tally.hpp) counts ntt16's steps, the additions of the
// split and of lo and hi, and the fold's n additions.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"
#include "pqmul/algorithms/ntt/ntt16_pieces.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"

namespace pqmul {
namespace ntt16 {

inline constexpr std::size_t kGoodSlices = 3, kGoodSlice = 2 * kLength, kGoodLength = kGoodSlices * kGoodSlice;
// The fold's input: the slices this far apart, each followed by a copy of its
// first 16 values (which the fold writes), so that a block read at any
// position wraps within its slice.
inline constexpr std::size_t kGoodSliceStride = kGoodSlice + 16;
// Rows of the NTT domain: half h (0: u, cyclic; 1: v, negacyclic) of slice r
// is row h * kGoodSlices + r.
inline constexpr std::size_t kGoodRows = 2 * kGoodSlices;
static_assert(kRowProducts == kGoodSlices, "a row of the slice convolution sums kRowProducts products");
constexpr std::size_t good_row(std::size_t half, std::size_t slice) { return half * kGoodSlices + slice; }

template <RingDescription R>
inline constexpr bool good_fits = R::wrap == Wrap::cyclic && std::has_single_bit(R::q) &&
                                  R::q / 2 <= kInputBound && 2 * R::n - 1 <= kGoodLength;

// The operands and accumulators of the whole-product plans ("ntt16-1536",
// "ntt16-1024"): rows of residues, each the NTT domain of one part.
template <std::size_t Rows>
struct RowsOperand {
  std::array<Residues, Rows> rows;
  WrittenRows written;
  void wipe() noexcept {
    for (auto& r : rows) written.wipe(r);
  }
};
template <std::size_t Rows>
struct RowsAccumulation {
  std::array<Residues, Rows> rows;
  std::array<std::array<std::int32_t, kMaxPrimes>, Rows> bounds{};
  WrittenRows written;
  void wipe() noexcept {
    for (auto& r : rows) written.wipe(r);
  }
  // Row s's sum for prime k: zeros while nothing was added.
  const std::int16_t* row(std::size_t s, std::size_t k) const {
    static constexpr std::array<std::int16_t, kLength> zeros{};
    return bounds[s][k] == 0 ? zeros.data() : rows[s].data() + k * kLength;
  }
};
using GoodOperand = RowsOperand<kGoodRows>;
using GoodAccumulation = RowsAccumulation<kGoodRows>;

namespace portable {
// ntt16_good_glue.inl compiled for the baseline (ntt16_good.cpp).
//   u, v: slice r's u = lo + hi and v = lo - hi (256 each, at r *
//   slice_stride) of the centred lift of a (n canonical coefficients mod q)
//   permuted onto the slices.
void good_split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* u, std::int16_t* v,
                std::size_t slice_stride);
//   c: slice r's coefficients mod 2^16 at r * kGoodSliceStride, the product's
//   (zero from 2n - 1 on); out[i] = coefficients i and i + n added, & (q - 1),
//   i < n.
void good_fold(std::uint16_t* c, std::size_t n, std::uint16_t q, std::uint16_t* out);
}  // namespace portable

// The portable steps, natural order: the pieces' (the CRT, the counting of
// additions) and the split's own.
template <class Tally>
struct PortableGoodKernels : PortableKernels<Tally> {
  using PortableKernels<Tally>::count_additions;
  void split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* u, std::int16_t* v,
             std::size_t slice_stride) const {
    portable::good_split(a, n, q, u, v, slice_stride);
    count_additions(2 * kGoodSlices * kLength);
  }
  void forward_split(std::size_t prime, bool wide, const std::int16_t* u, const std::int16_t* v, std::int16_t* fu,
                     std::int16_t* fv) const {
    if (fu != u) std::copy_n(u, kLength, fu);
    ntt16::forward_tree<Tally>(Tree::cyclic, wide, prime, fu);
    if (fv != v) std::copy_n(v, kLength, fv);
    ntt16::forward_tree<Tally>(Tree::negacyclic, wide, prime, fv);
  }
  // acc[s] = the sum of x[t] y[(s - t) mod 3] R^-1 (+ Barrett(acc[s])).
  void multiply_slices(std::size_t prime, std::int16_t* const* acc, const std::int16_t* const* x,
                       const std::int16_t* const* y, bool add_to_acc) const {
    constexpr std::size_t m = kGoodSlices;
    const PrimeConstants& c = kPrime[prime];
    for (std::size_t s = 0; s < m; ++s)
      for (std::size_t i = 0; i < kLength; ++i) {
        std::int32_t sum = 0;
        for (std::size_t t = 0; t < m; ++t) {
          Tally::product();
          sum += fqmul_var(x[t][i], y[(s + m - t) % m][i], c.qinv, c.p);
        }
        count_additions(m - 1);
        if (add_to_acc) {
          sum += barrett(acc[s][i], c.barrett_v, c.p);
          Tally::addition();
        }
        acc[s][i] = static_cast<std::int16_t>(sum);
      }
  }
  void inverse_split(std::size_t prime, const std::int16_t* su, const std::int16_t* sv, std::int16_t* lo,
                     std::int16_t* hi) const {
    std::copy_n(su, kLength, lo);
    ntt16::inverse_tree<Tally>(Tree::cyclic, prime, lo, true);
    std::copy_n(sv, kLength, hi);
    ntt16::inverse_tree<Tally>(Tree::negacyclic, prime, hi, true);
    for (std::size_t i = 0; i < kLength; ++i) {
      const std::int16_t a = lo[i], b = hi[i];
      lo[i] = static_cast<std::int16_t>(a + b);
      hi[i] = static_cast<std::int16_t>(a - b);
    }
    count_additions(2 * kLength);
  }
  // Prime 1's inverse_split, its lo and hi lifted by the CRT of two primes
  // with prime 0's, which `lifted` holds (int16 at 0 and kLength) and gets
  // back mod 2^16; scratch: 2 kLength values.
  void inverse_split_crt(const std::int16_t* su, const std::int16_t* sv, std::int16_t* scratch,
                         std::uint16_t* lifted) const {
    inverse_split(1, su, sv, scratch, scratch + kLength);
    const auto* x0 = reinterpret_cast<const std::int16_t*>(lifted);
    this->crt(2, x0, scratch, lifted, 0xffff);
    this->crt(2, x0 + kLength, scratch + kLength, lifted + kLength, 0xffff);
  }
  void fold(std::uint16_t* c, std::size_t n, std::uint16_t q, std::uint16_t* out) const {
    portable::good_fold(c, n, q, out);
    count_additions(n);
  }
};

// One SIMD ISA's kernels (throws std::invalid_argument as kernel_set does):
// the pieces' table and CRT, and the split's own entries.
struct SimdGoodKernels : SimdKernels {
  using SimdKernels::SimdKernels;
  void split(const std::uint16_t* a, std::size_t n, std::uint16_t q, std::int16_t* u, std::int16_t* v,
             std::size_t slice_stride) const {
    set->good_split(a, n, q, u, v, slice_stride);
  }
  void forward_split(std::size_t prime, bool wide, const std::int16_t* u, const std::int16_t* v, std::int16_t* fu,
                     std::int16_t* fv) const {
    set->forward_split(prime, wide, u, v, fu, fv);
  }
  void multiply_slices(std::size_t prime, std::int16_t* const* acc, const std::int16_t* const* x,
                       const std::int16_t* const* y, bool add_to_acc) const {
    set->multiply_slices(prime, acc, x, y, add_to_acc);
  }
  void inverse_split(std::size_t prime, const std::int16_t* su, const std::int16_t* sv, std::int16_t* lo,
                     std::int16_t* hi) const {
    set->inverse_split(prime, su, sv, lo, hi);
  }
  void inverse_split_crt(const std::int16_t* su, const std::int16_t* sv, std::int16_t* scratch,
                         std::uint16_t* lifted) const {
    set->inverse_split_crt(su, sv, scratch, lifted);
  }
  void fold(std::uint16_t* c, std::size_t n, std::uint16_t q, std::uint16_t* out) const {
    set->good_fold(c, n, q, out);
  }
};

// One split part's two halves of the NTT domain (sums(tree, k): tree 0's,
// the cyclic one, or tree 1's row for prime k) back to its lo and hi, lifted
// by the CRT mod 2^16 into c (lo at 0, hi at kLength); "ntt16-1536" runs it
// per slice, "ntt16-1024" per part. Prime 0's lo and hi go straight into c,
// where the CRT lifts them in place: with two primes inside prime 1's second
// inverse (inverse_split_crt), with three from the other primes' rows in
// rest (2 (kMaxPrimes - 1) kLength values, which the caller wipes).
template <class Kernels, class Sums>
void inverse_split_lifted(const Kernels& kernels, std::size_t primes, const Sums& sums, std::uint16_t* c,
                          std::int16_t* rest) {
  auto* lo0 = reinterpret_cast<std::int16_t*>(c);
  kernels.inverse_split(0, sums(0, 0), sums(1, 0), lo0, lo0 + kLength);
  if (primes == 2) {
    kernels.inverse_split_crt(sums(0, 1), sums(1, 1), rest, c);
    return;
  }
  // rest: lo of primes 1 and 2, then their hi (prime-major, as crt reads them).
  for (std::size_t k = 1; k < primes; ++k)
    kernels.inverse_split(k, sums(0, k), sums(1, k), rest + (k - 1) * kLength, rest + (primes - 1 + k - 1) * kLength);
  kernels.crt(primes, lo0, rest, c, 0xffff);
  kernels.crt(primes, lo0 + kLength, rest + (primes - 1) * kLength, c + kLength, 0xffff);
}

}  // namespace ntt16

template <RingDescription R, class Kernels = ntt16::PortableGoodKernels<ntt_tally::Uncounted>>
class Ntt16Good : public UnfilledStorage<Transformed<Ntt16Good<R, Kernels>, ntt16::GoodOperand>,
                                         Transformed<ntt16::AccumulatorOf<Ntt16Good<R, Kernels>>,
                                                     ntt16::GoodAccumulation>> {
  static_assert(ntt16::good_fits<R>, "ntt16-1536 needs x^n - 1, q = 2^k <= 2^13 and 2n - 1 <= 1536");
  static constexpr std::size_t kHalf = ntt16::kLength;
  // |u|, |v| <= q: up to q = 4096 (hps509, hps677) within the canonical
  // forward's input bound, whose schedule has fewer reductions.
  static constexpr bool kWideSplit = R::q > ntt16::kInputBound;

 public:
  using ring = R;
  static constexpr ntt16::CrtInputs kCrtInputs = ntt16::CrtInputs::split_sums;
  using operand = Transformed<Ntt16Good, ntt16::GoodOperand>;
  using accumulator = Transformed<ntt16::AccumulatorOf<Ntt16Good>, ntt16::GoodAccumulation>;

  // (A template, so that an explicit instantiation over SimdGoodKernels,
  // which needs its ISA, leaves it out.)
  template <class Default = Kernels>
    requires std::is_default_constructible_v<Default>
  explicit Ntt16Good(ntt16::Config config = {}) : Ntt16Good(config, Default{}) {}
  Ntt16Good(ntt16::Config config, Kernels kernels)
      : config_(ntt16::resolve(config, R::q, R::n, kCrtInputs)),
        max_(ntt16::max_accumulated(config_, R::n, kCrtInputs)),
        kernels_(kernels) {}

  Isa isa() const { return kernels_.isa; }
  const ntt16::Config& config() const { return config_; }
  std::string name() const { return "ntt16-1536"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  std::size_t max_accumulated() const { return max_; }

  // The split goes into the rows of the last prime, whose forwards then run
  // in place: no copy of the secret outside the operand to wipe.
  void transform(const Poly<R>& a, operand& x) const {
    const std::size_t last = primes() - 1;
    const auto row = [&](std::size_t half, std::size_t slice, std::size_t k) {
      return x.data.rows[ntt16::good_row(half, slice)].data() + k * kHalf;
    };
    static_assert(sizeof(ntt16::Residues) == ntt16::kMaxPrimes * kHalf * sizeof(std::int16_t));
    kernels_.split(a.coeffs.data(), R::n, R::q, row(0, 0, last), row(1, 0, last), ntt16::kMaxPrimes * kHalf);
    for (std::size_t r = 0; r < ntt16::kGoodSlices; ++r)
      for (std::size_t k = 0; k <= last; ++k)
        kernels_.forward_split(k, kWideSplit, row(0, r, last), row(1, r, last), row(0, r, k), row(1, r, k));
    x.data.written.wrote(primes());
  }
  void clear(accumulator& acc) const {
    for (auto& b : acc.data.bounds) b.fill(0);
  }
  // Per half and prime, output slice s sums the products of slices i and j
  // with i + j = s mod 3: the three rows of three products in one kernel call
  // (onto the reduced sums of earlier products, whose bound then stays below
  // the lane's).
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
    constexpr std::size_t m = ntt16::kGoodSlices;
    for (std::size_t h = 0; h < 2; ++h)
      for (std::size_t k = 0; k < primes(); ++k) {
        const std::size_t o = k * kHalf;
        std::array<std::int16_t*, m> sums;
        std::array<const std::int16_t*, m> xs, ys;
        for (std::size_t i = 0; i < m; ++i) {
          sums[i] = acc.data.rows[ntt16::good_row(h, i)].data() + o;
          xs[i] = x.data.rows[ntt16::good_row(h, i)].data() + o;
          ys[i] = y.data.rows[ntt16::good_row(h, i)].data() + o;
        }
        // The rows of a half and prime are always written together.
        const bool add_to_acc = acc.data.bounds[ntt16::good_row(h, 0)][k] != 0;
        kernels_.multiply_slices(k, sums.data(), xs.data(), ys.data(), add_to_acc);
        const ntt16::PrimeConstants& c = ntt16::kPrime[k];
        for (std::size_t s = 0; s < m; ++s)
          acc.data.bounds[ntt16::good_row(h, s)][k] =
              (add_to_acc ? c.accumulator_bound : 0) + ntt16::kRowProducts * c.product_bound;
      }
    acc.data.written.wrote(primes());
  }
  // Each slice's lo and hi (inverse_split_lifted), then the inverse permutation and the fold.
  void inverse(const accumulator& acc, Poly<R>& out) const {
    alignas(64) std::array<std::int16_t, 2 * (ntt16::kMaxPrimes - 1) * kHalf> rest;
    alignas(64) std::array<std::uint16_t, ntt16::kGoodSlices * ntt16::kGoodSliceStride> slices;
    for (std::size_t r = 0; r < ntt16::kGoodSlices; ++r) {
      const auto sums = [&](std::size_t half, std::size_t k) { return acc.data.row(ntt16::good_row(half, r), k); };
      ntt16::inverse_split_lifted(kernels_, primes(), sums, slices.data() + r * ntt16::kGoodSliceStride, rest.data());
    }
    kernels_.fold(slices.data(), R::n, R::q, out.coeffs.data());
    wipe_bytes(rest.data(), 2 * (primes() - 1) * kHalf * sizeof(std::int16_t));
    wipe(slices);
  }

 private:
  // 2 or 3 (resolve checks it); the bound also tells the compiler the rows stay in Residues.
  std::size_t primes() const { return std::min<std::size_t>(config_.primes, ntt16::kMaxPrimes); }

  ntt16::Config config_;
  std::size_t max_;
  Kernels kernels_;
};

template <RingDescription R>
using Ntt16GoodSimd = Ntt16Good<R, ntt16::SimdGoodKernels>;

extern template class Ntt16Good<NtruHps2048509Ring>;
extern template class Ntt16Good<NtruHps2048677Ring>;
extern template class Ntt16Good<NtruHrss701Ring>;
extern template class Ntt16Good<NtruHps2048509Ring, ntt16::PortableGoodKernels<ntt_tally::Counted>>;
extern template class Ntt16Good<NtruHps2048677Ring, ntt16::PortableGoodKernels<ntt_tally::Counted>>;
extern template class Ntt16Good<NtruHrss701Ring, ntt16::PortableGoodKernels<ntt_tally::Counted>>;
extern template class Ntt16Good<NtruHps2048509Ring, ntt16::SimdGoodKernels>;
extern template class Ntt16Good<NtruHps2048677Ring, ntt16::SimdGoodKernels>;
extern template class Ntt16Good<NtruHrss701Ring, ntt16::SimdGoodKernels>;

}  // namespace pqmul
