#pragma once
// "ntt16" on NTRU's rings (x^n - 1, n prime, q = 2^k <= 2^13): the length-256
// negacyclic NTTs of Saber's "ntt16" (ntt16.hpp: the same primes, kernels and
// Garner CRT) applied to pieces of 128 coefficients. A product of two pieces
// has degree below 255, so x^256 + 1 never wraps it: in the NTT domain the
// pieces are multiplied schoolbook (output piece s sums the products of
// pieces i + j = s), each output piece is inverted once, lifted by the CRT
// mod 2^16, and added at 128 s, folded mod x^n - 1. One power-of-two NTT of
// the whole product (2048 points) would need 2^11-th roots of unity, which
// these primes lack (7681 and 10753 stop at 2^9; below 2^15 only 12289 and
// 18433 have them, and two primes cannot hold a full-range product): the
// pieces reuse Saber's kernels and primes.
//
// Kernels: the portable steps (PortableKernels, counted by their Tally) or a
// SIMD ISA's (SimdKernels: AVX2, AVX-512, NEON through ntt16::kernel_set);
// the same arithmetic, each in its own slot order, so each is a multiplier
// type of its own. Per product of two operands of K = ceil(n / 128) pieces:
// K^2 pointwise products per prime and 2K - 1 inverses and CRTs; per
// transform K forward NTTs per prime, each of a piece whose upper half is
// zero, so without its first layer (a copy: ntt16::forward_lower_half).
// Counted (ntt_tally.hpp) as ntt16's steps, plus one addition per
// coefficient an output piece adds into the product (min(255, 2n - 1 - 128 s)
// for piece s).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"

namespace pqmul {
namespace ntt16 {

inline constexpr std::size_t kPiece = kLength / 2;
constexpr std::size_t pieces_of(std::size_t n) { return (n + kPiece - 1) / kPiece; }

// An operand: each piece's residues.
template <std::size_t K>
struct PiecesOperand {
  std::array<Residues, K> pieces;
  WrittenRows written;
  void wipe() noexcept {
    for (auto& p : pieces) written.wipe(p);
  }
};
// An accumulator: each output piece's residues and, per prime, their bound
// (next_step in ntt16_primes.hpp; 0 = cleared).
template <std::size_t K>
struct PiecesAccumulation {
  std::array<Residues, 2 * K - 1> pieces;
  std::array<std::array<std::int32_t, kMaxPrimes>, 2 * K - 1> bounds{};
  WrittenRows written;
  void wipe() noexcept {
    for (auto& p : pieces) written.wipe(p);
  }
  // Output piece s's sum for prime k: zeros while nothing was added.
  const std::int16_t* row(std::size_t s, std::size_t k) const {
    static constexpr std::array<std::int16_t, kLength> zeros{};
    return bounds[s][k] == 0 ? zeros.data() : pieces[s].data() + k * kLength;
  }
};

// The portable steps, lifting a piece's canonical coefficients first.
template <class Tally>
struct PortableKernels {
  static constexpr Isa isa = Isa::portable;
  // a: one piece (kPiece coefficients).
  void forward_piece(std::size_t prime, const std::uint16_t* a, std::uint16_t q, std::int16_t* f) const {
    lift_centred(a, f, q, kPiece);
    ntt16::forward_lower_half<Tally>(prime, f);
  }
  void multiply_accumulate(std::size_t prime, std::int16_t* acc, const std::int16_t* x, const std::int16_t* y,
                           Step step) const {
    ntt16::multiply_accumulate<Tally>(prime, acc, x, y, step);
  }
  void inverse(std::size_t prime, const std::int16_t* in, std::int16_t* f) const {
    std::copy_n(in, kLength, f);
    ntt16::inverse<Tally>(prime, f);
  }
  // r: the primes' rows one after another.
  void crt(std::size_t primes, const std::int16_t* r, std::uint16_t* out, std::uint16_t q_mask) const {
    crt(primes, r, r + kLength, out, q_mask);
  }
  // r0: prime 0's row (may be out's storage); rest: the other primes' rows.
  void crt(std::size_t primes, const std::int16_t* r0, const std::int16_t* rest, std::uint16_t* out,
           std::uint16_t q_mask) const {
    ntt16::crt<Tally>(primes, r0, rest, out, q_mask, kLength);
  }
  // The additions that place an output piece in the product.
  static void count_additions(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) Tally::addition();
  }
};

// One SIMD ISA's kernels (throws std::invalid_argument as kernel_set does);
// made from the ISA, so Ntt16PiecesSimd<R>(config, isa) reads as Ntt16Simd's.
struct SimdKernels {
  SimdKernels(Isa isa) : isa(isa), set(&kernel_set(isa)) {}  // NOLINT(google-explicit-constructor)
  Isa isa;
  const KernelSet* set;
  void forward_piece(std::size_t prime, const std::uint16_t* a, std::uint16_t q, std::int16_t* f) const {
    set->forward_lower_half(prime, a, q, f);
  }
  void multiply_accumulate(std::size_t prime, std::int16_t* acc, const std::int16_t* x, const std::int16_t* y,
                           Step step) const {
    set->multiply_accumulate(prime, acc, x, y, step);
  }
  void inverse(std::size_t prime, const std::int16_t* in, std::int16_t* f) const { set->inverse(prime, in, f); }
  void crt(std::size_t primes, const std::int16_t* r, std::uint16_t* out, std::uint16_t q_mask) const {
    set->crt(primes, r, r + kLength, out, q_mask);
  }
  void crt(std::size_t primes, const std::int16_t* r0, const std::int16_t* rest, std::uint16_t* out,
           std::uint16_t q_mask) const {
    set->crt(primes, r0, rest, out, q_mask);
  }
  static void count_additions(std::size_t) {}  // (counted by the portable twin)
};

}  // namespace ntt16

template <RingDescription R, class Kernels = ntt16::PortableKernels<ntt_tally::Uncounted>>
class Ntt16Pieces
    : public UnfilledStorage<
          Transformed<Ntt16Pieces<R, Kernels>, ntt16::PiecesOperand<ntt16::pieces_of(R::n)>>,
          Transformed<ntt16::AccumulatorOf<Ntt16Pieces<R, Kernels>>, ntt16::PiecesAccumulation<ntt16::pieces_of(R::n)>>> {
  static constexpr std::size_t K = ntt16::pieces_of(R::n), kOut = 2 * K - 1;
  static_assert(R::wrap == Wrap::cyclic, "ntt16 pieces fold mod x^n - 1");
  static_assert(std::has_single_bit(R::q) && R::q / 2 <= ntt16::kInputBound, "ntt16 needs q = 2^k <= 2^13");

 public:
  using ring = R;
  // The CRT lifts each inverse's outputs as they are.
  static constexpr ntt16::CrtInputs kCrtInputs = ntt16::CrtInputs::inverse_outputs;
  using operand = Transformed<Ntt16Pieces, ntt16::PiecesOperand<K>>;
  using accumulator = Transformed<ntt16::AccumulatorOf<Ntt16Pieces>, ntt16::PiecesAccumulation<K>>;

  // (A template, so that an explicit instantiation over SimdKernels, which
  // needs its ISA, leaves it out.)
  template <class Default = Kernels>
    requires std::is_default_constructible_v<Default>
  explicit Ntt16Pieces(ntt16::Config config = {}) : Ntt16Pieces(config, Default{}) {}
  Ntt16Pieces(ntt16::Config config, Kernels kernels)
      : config_(ntt16::resolve(config, R::q, R::n, kCrtInputs)),
        max_(ntt16::max_accumulated(config_, R::n, kCrtInputs)),
        kernels_(kernels) {}

  Isa isa() const { return kernels_.isa; }
  const ntt16::Config& config() const { return config_; }
  std::string name() const { return "ntt16"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  std::size_t max_accumulated() const { return max_; }

  void transform(const Poly<R>& a, operand& x) const {
    // Full pieces are read in place; only the last, shorter one is copied
    // and padded with zeros.
    constexpr std::size_t kFull = R::n / ntt16::kPiece, kTail = R::n - kFull * ntt16::kPiece;
    const auto forward = [&](std::size_t i, const std::uint16_t* piece) {
      for (std::size_t k = 0; k < primes(); ++k)
        kernels_.forward_piece(k, piece, R::q, x.data.pieces[i].data() + k * ntt16::kLength);
    };
    for (std::size_t i = 0; i < kFull; ++i) forward(i, a.coeffs.data() + i * ntt16::kPiece);
    if constexpr (kTail != 0) {
      std::array<std::uint16_t, ntt16::kPiece> last{};
      std::copy_n(a.coeffs.data() + kFull * ntt16::kPiece, kTail, last.data());
      forward(kFull, last.data());
      wipe(last);
    }
    x.data.written.wrote(primes());
  }
  void clear(accumulator& acc) const {
    for (auto& b : acc.data.bounds) b.fill(0);
  }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
    for (std::size_t i = 0; i < K; ++i)
      for (std::size_t j = 0; j < K; ++j)
        for (std::size_t k = 0; k < primes(); ++k) {
          const std::size_t o = k * ntt16::kLength;
          kernels_.multiply_accumulate(k, acc.data.pieces[i + j].data() + o, x.data.pieces[i].data() + o,
                                       y.data.pieces[j].data() + o, ntt16::next_step(acc.data.bounds[i + j][k], k));
        }
    acc.data.written.wrote(primes());
  }
  void inverse(const accumulator& acc, Poly<R>& out) const {
    std::fill(out.coeffs.begin(), out.coeffs.end(), std::uint16_t{0});
    ntt16::Residues r;
    std::array<std::uint16_t, ntt16::kLength> piece;
    for (std::size_t s = 0; s < kOut; ++s) {
      for (std::size_t k = 0; k < primes(); ++k)
        kernels_.inverse(k, acc.data.row(s, k), r.data() + k * ntt16::kLength);
      kernels_.crt(primes(), r.data(), piece.data(), R::q - 1);
      add_folded(s, piece.data(), out);
    }
    for (auto& c : out.coeffs) c &= R::q - 1;
    wipe_bytes(r.data(), primes() * ntt16::kLength * sizeof(std::int16_t));
    wipe(piece);
  }

 private:
  // 2 or 3 (resolve checks it); the bound also tells the compiler the rows stay in Residues.
  std::size_t primes() const { return std::min<std::size_t>(config_.primes, ntt16::kMaxPrimes); }
  // Output piece s's coefficients at 128 s + t, t below the product's length
  // (the rest are zero), mod x^n - 1 and mod 2^16.
  static void add_folded(std::size_t s, const std::uint16_t* piece, Poly<R>& out) {
    const std::size_t start = s * ntt16::kPiece, count = std::min(ntt16::kLength - 1, 2 * R::n - 1 - start);
    Kernels::count_additions(count);
    const std::size_t unwrapped = start < R::n ? std::min(count, R::n - start) : 0;
    std::uint16_t* c = out.coeffs.data();
    for (std::size_t t = 0; t < unwrapped; ++t) c[start + t] = static_cast<std::uint16_t>(c[start + t] + piece[t]);
    for (std::size_t t = unwrapped; t < count; ++t)
      c[start + t - R::n] = static_cast<std::uint16_t>(c[start + t - R::n] + piece[t]);
  }

  ntt16::Config config_;
  std::size_t max_;
  Kernels kernels_;
};

template <RingDescription R>
using Ntt16PiecesSimd = Ntt16Pieces<R, ntt16::SimdKernels>;

extern template class Ntt16Pieces<NtruHps2048509Ring>;
extern template class Ntt16Pieces<NtruHps2048677Ring>;
extern template class Ntt16Pieces<NtruHrss701Ring>;
extern template class Ntt16Pieces<NtruHps4096821Ring>;
extern template class Ntt16Pieces<NtruHps2048509Ring, ntt16::PortableKernels<ntt_tally::Counted>>;
extern template class Ntt16Pieces<NtruHps2048677Ring, ntt16::PortableKernels<ntt_tally::Counted>>;
extern template class Ntt16Pieces<NtruHrss701Ring, ntt16::PortableKernels<ntt_tally::Counted>>;
extern template class Ntt16Pieces<NtruHps4096821Ring, ntt16::PortableKernels<ntt_tally::Counted>>;
extern template class Ntt16Pieces<NtruHps2048509Ring, ntt16::SimdKernels>;
extern template class Ntt16Pieces<NtruHps2048677Ring, ntt16::SimdKernels>;
extern template class Ntt16Pieces<NtruHrss701Ring, ntt16::SimdKernels>;
extern template class Ntt16Pieces<NtruHps4096821Ring, ntt16::SimdKernels>;

}  // namespace pqmul
