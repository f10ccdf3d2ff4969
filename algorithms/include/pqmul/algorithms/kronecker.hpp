#pragma once
// Kronecker substitution: pack each polynomial into one big integer at
// 2^slot, multiply the integers (Boost.Multiprecision), unpack, fold mod
// x^n -+ 1 and reduce mod q. Slow, and independent of every other multiplier:
// the oracle of the tests.
#include <boost/multiprecision/cpp_int.hpp>
#include <bit>
#include <string>

#include "pqmul/algorithms/multiplier.hpp"

namespace pqmul {

template <RingDescription R>
class Kronecker {
 public:
  using ring = R;
  struct OperandTag;
  struct AccumulatorTag;
  using integer = boost::multiprecision::cpp_int;
  using operand = Transformed<OperandTag, integer>;
  using accumulator = Transformed<AccumulatorTag, integer>;

  // Coefficients are packed as non-negative values < q, so each slot of an
  // accumulated product holds at most terms * n * (q-1)^2 and never borrows.
  static constexpr std::size_t max_terms = 1024;
  static constexpr unsigned slot_bits =
      std::bit_width(std::uint64_t{max_terms} * R::n * (R::q - 1) * (R::q - 1));

  std::string name() const { return "kronecker"; }
  operand make_operand() const { return {}; }
  accumulator make_accumulator() const { return {}; }
  void transform(const Poly<R>& a, operand& out) const {
    out.data = 0;
    for (std::size_t i = R::n; i-- > 0;) {
      out.data <<= slot_bits;
      out.data += a[i];
    }
  }
  void clear(accumulator& acc) const { acc.data = 0; }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const { acc.data += x.data * y.data; }
  void inverse(const accumulator& acc, Poly<R>& out) const {
    const integer mask = (integer(1) << slot_bits) - 1;
    integer rest = acc.data;
    std::int64_t folded[R::n] = {};
    for (std::size_t i = 0; i < 2 * R::n - 1; ++i) {
      const auto slot = static_cast<std::int64_t>(static_cast<std::uint64_t>(rest & mask) % R::q);
      rest >>= slot_bits;
      const bool negate = R::wrap == Wrap::negacyclic && i >= R::n;
      folded[i % R::n] += negate ? -slot : slot;
    }
    for (std::size_t i = 0; i < R::n; ++i) {
      std::int64_t v = folded[i] % std::int64_t{R::q};
      out[i] = static_cast<std::uint16_t>(v < 0 ? v + R::q : v);
    }
  }
  std::size_t operand_bytes() const { return (R::n * slot_bits + 7) / 8; }
  std::size_t accumulator_bytes() const { return (2 * R::n * slot_bits + 7) / 8; }
  std::size_t max_accumulated() const { return max_terms; }
};

}  // namespace pqmul
