#pragma once
// "ntt16": Saber's NTT multiplier as the NTT literature builds it (Chung et
// al., TCHES 2021(2)): complete negacyclic NTTs of length 256 over two or
// three 16-bit primes (ntt16_primes.hpp), pointwise Montgomery products
// accumulated in the NTT domain, and a Garner CRT kept mod 2^16. Two primes
// (modulus 7681 * 10753) hold |c| <= 33.4 million: a Saber row of secret
// products; three hold any product of canonical operands.
//
// Ntt16<R> is the portable multiplier (natural order: slot s of a prime's
// 256 values is position s of the in-place, bit-reversed transform);
// Ntt16Simd<R> (ntt16_simd.hpp) runs the same arithmetic on AVX2 / AVX-512
// with its own slot order, so its operands are another type. Both give the
// same products. Ntt16<R, ntt_tally::Counted> counts (ntt_tally.hpp): per
// prime, forward 8 x 128 butterflies (a constant product, two additions
// each), a product and an addition per pointwise multiply-accumulate, the
// inverse as the forward; the CRT 2 constant products and 2 additions per
// coefficient (two primes) or 5 and 5 (three). Barrett reductions are not
// counted.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/ntt/ntt16_primes.hpp"
#include "pqmul/algorithms/ntt/ntt_tally.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/ring.hpp"
#include "pqmul/algorithms/wipe.hpp"

namespace pqmul {

namespace ntt16 {

// The residues of one polynomial, prime-major (kMaxPrimes x 256; only the
// first `primes` rows are used).
using Residues = std::array<std::int16_t, kMaxPrimes * kLength>;
// Residues that held a secret are cleared up to the highest row ever written
// (two of the three for a Saber secret), not the whole capacity.
struct WrittenRows {
  std::uint8_t rows = 0;
  void wrote(std::size_t primes) { rows = static_cast<std::uint8_t>(std::max<std::size_t>(rows, primes)); }
  void wipe(Residues& r) noexcept { wipe_bytes(r.data(), std::size_t{rows} * kLength * sizeof(std::int16_t)); }
};
// An operand: the transform's residues.
struct Operand {
  Residues residues;
  WrittenRows written;
  void wipe() noexcept { written.wipe(residues); }
};
// An accumulator: the residues and, per prime, the worst-case bound of its
// lanes (next_step in ntt16_primes.hpp; 0 = cleared, the residues unset).
struct Accumulation {
  Residues residues;
  std::array<std::int32_t, kMaxPrimes> bounds{};
  WrittenRows written;
  void wipe() noexcept { written.wipe(residues); }
  // Prime k's sum: a cleared row holds no residues yet, so zeros.
  const std::int16_t* row(std::size_t k) const {
    static constexpr std::array<std::int16_t, kLength> zeros{};
    return bounds[k] == 0 ? zeros.data() : residues.data() + k * kLength;
  }
};

// The portable steps, in natural order; each states the bounds it relies on
// (ntt16_primes.hpp derives them). Instantiated for ntt_tally::Uncounted and
// ntt_tally::Counted in ntt16.cpp.
//   forward: |f| <= kInputBound -> |NTT(f)| <= forward_output_bound.
template <class Tally>
void forward(std::size_t prime, std::int16_t* f);
//   forward of f whose upper 128 coefficients are zero (they are overwritten,
//   never read): the first layer only copies the lower half up, so it is
//   skipped; the values equal forward's on the zero-padded f.
template <class Tally>
void forward_lower_half(std::size_t prime, std::int16_t* f);
//   acc = x y R^-1 (store), acc + x y R^-1 (add) or Barrett(acc) + x y R^-1,
//   pointwise, as next_step says.
template <class Tally>
void multiply_accumulate(std::size_t prime, std::int16_t* acc, const std::int16_t* x, const std::int16_t* y, Step step);
//   any int16 f -> NTT^-1(Barrett(f)) R (undoes the products' R^-1).
template <class Tally>
void inverse(std::size_t prime, std::int16_t* f);
//   forward and inverse on either tree (ntt16_primes.hpp's Tree); wide: the
//   forward of |f| <= kWideInputBound, on its own reduction schedule;
//   halved: the inverse times 2^-1 (its last layer's halved constants).
template <class Tally>
void forward_tree(Tree tree, bool wide, std::size_t prime, std::int16_t* f);
template <class Tally>
void inverse_tree(Tree tree, std::size_t prime, std::int16_t* f, bool halved = false);
//   out[i] = (Garner lift of prime 0's r0[i] and prime k's rest[(k - 1) *
//   256 + i], 0 < k < primes) & q_mask, i < n; r0 may be out's own storage
//   (each value read before its place is written).
template <class Tally>
void crt(std::size_t primes, const std::int16_t* r0, const std::int16_t* rest, std::uint16_t* out, std::uint16_t q_mask,
         std::size_t n);

// Centred lift of canonical coefficients (q a power of two <= 2^13), no branch.
void lift_centred(const std::uint16_t* a, std::int16_t* f, std::uint16_t q, std::size_t n);

struct Config {
  std::uint32_t bound_a = 0, bound_b = 0;  // max |centred coefficient| per factor; 0 means q/2
  unsigned primes = 0;                     // 2 or 3; 0 means the fewest that hold one product
};
// The configuration with defaults filled in; throws std::invalid_argument if
// it is out of range or cannot hold one product. `inputs`: what the
// multiplier's CRT lifts (ntt16_primes.hpp), which sets how large a
// coefficient two or three primes hold.
Config resolve(Config c, std::uint32_t q, std::size_t n, CrtInputs inputs = CrtInputs::inverse_outputs);
// How many products with those bounds the accumulator sums exactly.
std::size_t max_accumulated(const Config& resolved, std::size_t n, CrtInputs inputs = CrtInputs::inverse_outputs);
// Builds a Config from "primes=2|3;bound-a=A;bound-b=B" (std::invalid_argument
// for unknown keys or bad values).
Config config_from(const Params& params, std::uint32_t q, std::size_t n,
                   CrtInputs inputs = CrtInputs::inverse_outputs);

}  // namespace ntt16

namespace ntt16 {
// Each multiplier's accumulators are a type of their own.
template <class Multiplier>
struct AccumulatorOf;
}  // namespace ntt16

template <RingDescription R, class Tally = ntt_tally::Uncounted>
class Ntt16 : public UnfilledStorage<Transformed<Ntt16<R, Tally>, ntt16::Operand>,
                                     Transformed<ntt16::AccumulatorOf<Ntt16<R, Tally>>, ntt16::Accumulation>> {
  static_assert(R::n == ntt16::kLength && R::wrap == Wrap::negacyclic, "ntt16 is a length-256 negacyclic NTT");
  static_assert(std::has_single_bit(R::q) && R::q / 2 <= ntt16::kInputBound, "ntt16 needs q = 2^k <= 2^13");

 public:
  using ring = R;
  // The CRT lifts each inverse's outputs as they are.
  static constexpr ntt16::CrtInputs kCrtInputs = ntt16::CrtInputs::inverse_outputs;
  using operand = Transformed<Ntt16<R, Tally>, ntt16::Operand>;
  using accumulator = Transformed<ntt16::AccumulatorOf<Ntt16>, ntt16::Accumulation>;

  explicit Ntt16(ntt16::Config config = {})
      : config_(ntt16::resolve(config, R::q, R::n, kCrtInputs)),
        max_(ntt16::max_accumulated(config_, R::n, kCrtInputs)) {}

  const ntt16::Config& config() const { return config_; }
  std::string name() const { return "ntt16"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  std::size_t max_accumulated() const { return max_; }

  void transform(const Poly<R>& a, operand& x) const {
    // The centred lift is the same for every prime: once, then copied.
    std::int16_t* first = x.data.residues.data();
    ntt16::lift_centred(a.coeffs.data(), first, R::q, R::n);
    for (std::size_t k = config_.primes; k-- > 0;) {
      std::int16_t* f = first + k * ntt16::kLength;
      if (k != 0) std::copy_n(first, ntt16::kLength, f);
      ntt16::forward<Tally>(k, f);
    }
    x.data.written.wrote(config_.primes);
  }
  void clear(accumulator& acc) const { acc.data.bounds.fill(0); }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
    for (std::size_t k = 0; k < config_.primes; ++k) {
      const std::size_t o = k * ntt16::kLength;
      ntt16::multiply_accumulate<Tally>(k, acc.data.residues.data() + o, x.data.residues.data() + o,
                                        y.data.residues.data() + o, ntt16::next_step(acc.data.bounds[k], k));
    }
    acc.data.written.wrote(config_.primes);
  }
  void inverse(const accumulator& acc, Poly<R>& out) const {
    // Only the rows in use are written (a configuration has two or three primes).
    ntt16::Residues r;
    const auto row = [&](std::size_t k) {
      std::int16_t* f = r.data() + k * ntt16::kLength;
      std::copy_n(acc.data.row(k), ntt16::kLength, f);
      ntt16::inverse<Tally>(k, f);
    };
    row(0);
    row(1);
    if (config_.primes == 3) row(2);
    ntt16::crt<Tally>(config_.primes, r.data(), r.data() + ntt16::kLength, out.coeffs.data(), R::q - 1, R::n);
    wipe_bytes(r.data(), config_.primes * ntt16::kLength * sizeof(std::int16_t));
  }

 private:
  ntt16::Config config_;
  std::size_t max_;
};

template <RingDescription R>
Ntt16<R> make_ntt16(const Params& params) {
  return Ntt16<R>(ntt16::config_from(params, R::q, R::n));
}

extern template class Ntt16<SaberRing>;
extern template class Ntt16<SaberPRing>;
extern template class Ntt16<SaberRing, ntt_tally::Counted>;
extern template class Ntt16<SaberPRing, ntt_tally::Counted>;

}  // namespace pqmul
