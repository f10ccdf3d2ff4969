#pragma once
// toom4-k2 on AVX2 (and NEON): the Toom-4 + Karatsuba multiplier with its leaf products
// batched in 16-bit lanes (kernels: toom_simd_kernels.hpp), for the
// rings with a power-of-two q <= 2^13 (Saber's q and p rings, NTRU's R_q);
// on Saber's rings also toom4-k3 and toom4-k4 (one or two more Karatsuba
// levels on the rows).
// The same products as the portable plan, bit for bit: a product mod q is
// unique, and the kernels are exact mod 2^13.
//
// Operand: the evaluated polynomial, its leaves transposed in groups of 16.
// Accumulator: the sums of the leaf products, transposed; 16-bit lanes wrap
// mod 2^16, so any number of products may be accumulated before inverse().
//
// This header is portable: the member functions live in an ordinary .cpp and
// call the kernels, so construct a multiplier only where its kernel build can
// run: isa_available(Isa::avx2), or Isa::avx512 for the AVX-512VL build of
// the same kernels (the registry and the factories check).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/toom_simd_kernels.hpp"
#include "pqmul/algorithms/wipe.hpp"

namespace pqmul {

template <class R>
inline constexpr bool toom_simd_supports = R::power_of_two_q&& R::q <= 8192 &&
                                           toom_avx2::best_blocks(R::n) <= toom_avx2::max_blocks;

// The catalogue plan the kernels compute for R, so that a SIMD version is
// registered under the name of the portable plan it equals: pieces of 4 blocks
// (Saber) end in 16-coefficient leaves after Toom-4 and two Karatsuba levels
// (toom4-k2); exact leaves of 4m coefficients (NTRU) take two more levels on the
// rows, to leaves of m = ceil(n/64) coefficients (toom4-k4). Other lengths have
// no catalogue plan ("").
template <class R>
inline constexpr std::string_view toom_simd_plan = toom_avx2::plan_name(toom_avx2::best_blocks(R::n));
// And for pieces of 4 blocks (Saber's rings) the same evaluation and
// interpolation with one or two more Karatsuba levels on the rows: toom4-k3,
// toom4-k4 (toom_avx2::row_karatsuba_plan).
template <class R>
inline constexpr bool toom_simd_row_karatsuba = toom_avx2::best_blocks(R::n) == toom_avx2::row_karatsuba_blocks;
// Every plan the kernels compute for R, the one list the ring and KEM
// registries read.
template <class R>
std::vector<std::string_view> toom_simd_plans() {
  std::vector<std::string_view> plans{toom_simd_plan<R>};
  if constexpr (toom_simd_row_karatsuba<R>)
    for (std::size_t levels = 1; levels <= toom_avx2::max_row_levels; ++levels)
      plans.push_back(toom_avx2::row_karatsuba_plan(levels));
  return plans;
}

namespace toom_simd {
// An operand's or accumulator's int16 values, 32-byte aligned, as the kernels
// load and store whole registers.
template <std::size_t Values>
struct alignas(32) Lanes {
  std::array<std::int16_t, Values> v;
};
// An accumulator's values, and whether it was cleared since its last product:
// clear() only says so, the next product is stored instead of added (no
// clearing pass over the values), and the inverse of a cleared accumulator
// is zero. clear() also records how many values the plan writes (Saber's
// toom4-k4 twice toom4-k2's and toom4-k3's), so a wipe clears those only.
template <std::size_t Values>
struct alignas(32) SumLanes {
  std::array<std::int16_t, Values> v;
  bool cleared = false;
  std::size_t used = Values;
  void wipe() noexcept {
    wipe_bytes(v.data(), std::min(used, Values) * sizeof(std::int16_t));
    cleared = false;
  }
};
// Each multiplier's accumulators are a type of their own.
template <class Multiplier>
struct AccumulatorOf;
template <class R>
inline constexpr std::size_t blocks_of = toom_avx2::best_blocks(R::n);
// The ISAs the kernels are built for in this build, the one list the ring
// registry, the KEM registries and Toom4Simd read: AVX2 and its AVX-512VL
// build on x86-64, NEON on AArch64, none otherwise.
std::vector<Isa> kernel_isas();
}  // namespace toom_simd

// Plain storage that transform() and clear() write whole (UnfilledStorage):
// module products hold a vector's operands in place.
template <RingDescription R>
requires toom_simd_supports<R>
class Toom4Simd
    : public UnfilledStorage<
          Transformed<Toom4Simd<R>, toom_simd::Lanes<toom_avx2::operand_values(toom_simd::blocks_of<R>)>>,
          Transformed<toom_simd::AccumulatorOf<Toom4Simd<R>>,
                      toom_simd::SumLanes<toom_avx2::accumulator_values(toom_simd::blocks_of<R>)>>> {
 public:
  using ring = R;
  // Padded length in 16-coefficient blocks, and groups of 16 leaves.
  static constexpr std::size_t blocks = toom_simd::blocks_of<R>;
  static constexpr std::size_t groups = toom_avx2::group_count(blocks);
  static constexpr std::size_t operand_values = toom_avx2::operand_values(blocks);
  static constexpr std::size_t accumulator_values = toom_avx2::accumulator_values(blocks);
  using operand = Transformed<Toom4Simd<R>, toom_simd::Lanes<operand_values>>;
  using accumulator = Transformed<toom_simd::AccumulatorOf<Toom4Simd<R>>, toom_simd::SumLanes<accumulator_values>>;

  // kernels: Isa::avx2, or Isa::avx512 for the AVX-512VL build (the same
  // operands and results); Isa::neon in AArch64 builds; another ISA throws
  // std::invalid_argument.
#if defined(__aarch64__)
  static constexpr Isa default_kernels = Isa::neon;
#else
  static constexpr Isa default_kernels = Isa::avx2;
#endif
  // plan: toom_simd_plan<R>, or where toom_simd_row_karatsuba<R> toom4-k3 or
  // toom4-k4; another throws std::invalid_argument.
  explicit Toom4Simd(Isa kernels = default_kernels, std::string_view plan = toom_simd_plan<R>)
      : row_levels_(row_levels_of(plan)), steps_(kernel_steps(kernels, row_levels_)) {}

  std::string name() const {
    return std::string(row_levels_ > 0 ? toom_avx2::row_karatsuba_plan(row_levels_) : toom_simd_plan<R>);
  }
  void transform(const Poly<R>& a, operand& out) const;
  void clear(accumulator& acc) const;
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const;
  void inverse(const accumulator& acc, Poly<R>& out) const;
  // out = x * y in the ring: clear, multiply_accumulate and inverse in one
  // call, with no accumulator in memory (the usual case of one product).
  void multiply(const operand& x, const operand& y, Poly<R>& out) const;
  // out[0..n) = x * y in the ring's shape with another power-of-two modulus
  // <= 2^13 (NTRU's S_3 products take the integer product of trits mod 2^13).
  void multiply_modulo(const operand& x, const operand& y, std::uint16_t modulus, std::uint16_t* out) const;

  std::size_t operand_bytes() const { return sizeof(operand); }
  // The values this plan writes (toom4-k4 on Saber's rings twice those of
  // toom4-k2 and toom4-k3, which leave the rest of the type's storage alone).
  std::size_t accumulator_bytes() const {
    return toom_avx2::used_accumulator_values(blocks, row_levels_) * sizeof(std::int16_t);
  }
  // Wrapping accumulation mod 2^16 is exact mod q for any count.
  std::size_t max_accumulated() const { return std::numeric_limits<std::size_t>::max(); }

 private:
  // The Karatsuba levels on the rows that `plan` takes (0: none).
  static std::size_t row_levels_of(std::string_view plan) {
    if (plan == toom_simd_plan<R>) return 0;
    std::string also;
    if constexpr (toom_simd_row_karatsuba<R>) {
      for (std::size_t levels = 1; levels <= toom_avx2::max_row_levels; ++levels) {
        if (plan == toom_avx2::row_karatsuba_plan(levels)) return levels;
        also += ", " + std::string(toom_avx2::row_karatsuba_plan(levels));
      }
    }
    throw std::invalid_argument("the toom kernels of " + std::string(R::name) + " compute " +
                                std::string(toom_simd_plan<R>) + also + ", not " + std::string(plan));
  }
  static const toom_avx2::Steps* kernel_steps(Isa kernels, std::size_t row_levels) {
#if defined(__aarch64__)
    if (kernels == Isa::neon)
      return row_levels ? &toom_neon::row_karatsuba_steps_for(blocks, row_levels) : &toom_neon::steps_for(blocks);
#else
    if (kernels == Isa::avx512)
      return row_levels ? &toom_avx512::row_karatsuba_steps_for(blocks, row_levels) : &toom_avx512::steps_for(blocks);
    if (kernels == Isa::avx2)
      return row_levels ? &toom_avx2::row_karatsuba_steps_for(blocks, row_levels) : &toom_avx2::steps_for(blocks);
#endif
    throw std::invalid_argument("the toom kernels have no " + std::string(isa_name(kernels)) + " build");
  }
  std::size_t row_levels_;
  const toom_avx2::Steps* steps_;
};

using Toom4SimdSaber = Toom4Simd<SaberRing>;

class RingMultiplier;
// The registry's SIMD version on `isa` (one of toom_simd::kernel_isas()) of `plan`
// (as Toom4Simd takes it) for ring R (parameters: word=16 only). Throws
// std::invalid_argument for other parameters or when the ISA cannot run.
template <RingDescription R>
std::unique_ptr<RingMultiplier> make_toom_simd_ring_multiplier(const Params& params, Isa isa, std::string_view plan);

}  // namespace pqmul
