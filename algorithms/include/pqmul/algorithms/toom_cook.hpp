#pragma once
// The Toom-Cook family as one engine: a plan of levels, each a Toom-k split
// over a point set whose matrices are derived exactly (toom_derivation.hpp),
// ending in schoolbook leaves. Schoolbook (no level), Karatsuba (Toom-2 over
// {0, 1, inf}), Toom-3, Toom-4, Toom-4 + two Karatsuba levels (Saber's shape)
// and toom-k from any point set are plans of this engine.
//
// transform() evaluates down to the leaves, multiply_accumulate() multiplies
// leaves schoolbook into the accumulator, inverse() interpolates level by
// level, folds mod x^n -+ 1 and reduces mod q.
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <functional>
#include <vector>

#include "pqmul/algorithms/arithmetic.hpp"
#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/toom_derivation.hpp"

namespace pqmul {

template <RingDescription R>
using DefaultArithmetic = std::conditional_t<R::power_of_two_q, WordArithmetic<std::uint16_t>,
                                             PrimeFieldArithmetic<R::q>>;

template <RingDescription R, class A = DefaultArithmetic<R>>
class ToomCook {
 public:
  using ring = R;
  using arithmetic = A;
  using value = typename A::value;
  struct OperandTag;
  struct AccumulatorTag;
  using operand = Transformed<OperandTag, std::vector<value>>;
  using accumulator = Transformed<AccumulatorTag, std::vector<value>>;

  // Throws std::invalid_argument when a level's divisions are not exact in A
  // for this ring's q (bits lost, or a divisor not invertible mod q).
  ToomCook(std::string name, std::vector<ToomScheme> levels);

  std::string name() const { return name_; }
  const std::vector<ToomScheme>& levels() const { return schemes_; }
  std::size_t padded_length() const { return padded_; }
  std::size_t leaf_length() const { return leaf_; }
  std::size_t leaf_count() const { return leaves_; }
  unsigned bits_lost() const { return bits_lost_; }

  operand make_operand() const { return {std::vector<value>(leaves_ * leaf_stride_)}; }
  accumulator make_accumulator() const { return {std::vector<value>(leaves_ * 2 * leaf_stride_)}; }
  void transform(const Poly<R>& a, operand& out) const;
  void clear(accumulator& acc) const;
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const;
  void inverse(const accumulator& acc, Poly<R>& out) const;

  std::size_t operand_bytes() const { return leaves_ * leaf_stride_ * sizeof(value); }
  std::size_t accumulator_bytes() const { return leaves_ * 2 * leaf_stride_ * sizeof(value); }
  // Modular (or wrapping) accumulation never overflows.
  std::size_t max_accumulated() const { return std::numeric_limits<std::size_t>::max(); }

 private:
  // One nonzero weight of an evaluation or interpolation row: the input it
  // reads, the weight (its sign and whether it is +-1 decide the operation)
  // and |weight| as the arithmetic's constant.
  struct Term {
    std::size_t input;
    std::int64_t weight;
    typename A::constant magnitude;
  };
  struct Level {
    std::size_t k, points;
    std::vector<std::vector<Term>> evaluation;     // per point, over the k pieces
    std::vector<std::vector<Term>> interpolation;  // per coefficient block, over the points
    std::vector<typename A::divisor> divisors;
    std::vector<bool> exact_row;  // divisor is 1: no division needed
    bool karatsuba = false;       // Karatsuba's rows, fused passes (gcc)
    bool toom4 = false;           // Toom-4 over toom4_points(), fused passes
  };
  std::string name_;
  std::vector<ToomScheme> schemes_;
  std::vector<Level> levels_;
  std::size_t padded_ = 0, leaf_ = 0, leaves_ = 1;
  // Values per leaf in an operand (twice as many per leaf product in an
  // accumulator): the leaf length rounded up to whole runs of eight values,
  // the padding zero, so that the leaf products run in whole vector registers.
  std::size_t leaf_stride_ = 0;
  // Values of scratch each direction needs (the largest stage a level passes
  // on, and the rows a division needs apart), so that a call allocates and
  // wipes no more than it uses.
  std::size_t evaluation_stage_ = 0, interpolation_stage_ = 0, interpolation_rows_ = 0;
  unsigned bits_lost_ = 0;
};

// The named plans of the catalogue (toom_plan_catalogue lists them; the
// registry offers each on every ring). Adding a Toom-Cook plan is one entry there.
// Throws std::invalid_argument (unknown name or parameter, invalid point set for q).
template <RingDescription R, class A = DefaultArithmetic<R>>
ToomCook<R, A> make_toom_cook(std::string_view name, const Params& params = {});

// One plan of the catalogue: its levels for n coefficients from its parameters.
struct ToomPlan {
  std::string_view name;
  std::string_view description;
  std::vector<std::string> variants;                   // the registry's parameter sets ("" = defaults)
  std::vector<std::string> power_of_two_q_variants;    // further ones where q is a power of two
  std::vector<std::string_view> keys;                  // the parameters it accepts
  std::function<std::vector<ToomScheme>(const Params&, std::size_t n)> levels;
};
const std::vector<ToomPlan>& toom_plan_catalogue();

// The level plan the catalogue name and parameters describe (shared by every arithmetic).
std::vector<ToomScheme> toom_plan(std::string_view name, const Params& params, std::size_t n);

}  // namespace pqmul
