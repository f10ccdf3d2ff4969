#pragma once
// toom4-k2 on AVX2 (and NEON): the Toom-4 + Karatsuba multiplier with its leaf products
// batched in 16-bit lanes (kernels: toom_simd_kernels.hpp), for the
// rings with a power-of-two q <= 2^13 (Saber's q and p rings, NTRU's R_q);
// on Saber's rings also toom4-k3 (one more Karatsuba level on the rows).
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
// interpolation with one more Karatsuba level on the rows: toom4-k3.
template <class R>
inline constexpr bool toom_simd_row_karatsuba = toom_avx2::best_blocks(R::n) == toom_avx2::row_karatsuba_blocks;

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
// is zero.
template <std::size_t Values>
struct alignas(32) SumLanes {
  std::array<std::int16_t, Values> v;
  bool cleared = false;
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
  // plan: toom_simd_plan<R>, or toom4-k3 where toom_simd_row_karatsuba<R>;
  // another throws std::invalid_argument.
  explicit Toom4Simd(Isa kernels = default_kernels, std::string_view plan = toom_simd_plan<R>)
      : row_karatsuba_(is_row_karatsuba(plan)), steps_(kernel_steps(kernels, row_karatsuba_)) {}

  std::string name() const { return std::string(row_karatsuba_ ? toom_avx2::row_karatsuba_plan : toom_simd_plan<R>); }
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
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  // Wrapping accumulation mod 2^16 is exact mod q for any count.
  std::size_t max_accumulated() const { return std::numeric_limits<std::size_t>::max(); }

 private:
  static bool is_row_karatsuba(std::string_view plan) {
    if (plan == toom_simd_plan<R>) return false;
    if (toom_simd_row_karatsuba<R> && plan == toom_avx2::row_karatsuba_plan) return true;
    const std::string also = toom_simd_row_karatsuba<R> ? " and " + std::string(toom_avx2::row_karatsuba_plan) : "";
    throw std::invalid_argument("the toom kernels of " + std::string(R::name) + " compute " +
                                std::string(toom_simd_plan<R>) + also + ", not " + std::string(plan));
  }
  static const toom_avx2::Steps* kernel_steps(Isa kernels, bool row_karatsuba) {
#if defined(__aarch64__)
    if (kernels == Isa::neon)
      return row_karatsuba ? &toom_neon::row_karatsuba_steps_for(blocks) : &toom_neon::steps_for(blocks);
#else
    if (kernels == Isa::avx512)
      return row_karatsuba ? &toom_avx512::row_karatsuba_steps_for(blocks) : &toom_avx512::steps_for(blocks);
    if (kernels == Isa::avx2)
      return row_karatsuba ? &toom_avx2::row_karatsuba_steps_for(blocks) : &toom_avx2::steps_for(blocks);
#endif
    throw std::invalid_argument("the toom kernels have no " + std::string(isa_name(kernels)) + " build");
  }
  bool row_karatsuba_;
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
