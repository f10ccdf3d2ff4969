// Ring rows checked against the oracle on random and extreme operands.
#include "pqmul/experiments/oracle_verdicts.hpp"

#include <algorithm>
#include <random>
#include <span>
#include <vector>

namespace pqmul::experiments {

std::vector<std::uint16_t> random_coefficients(const RingInfo& r, std::size_t polys, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::uint32_t> coeff(0, r.q - 1);
  std::vector<std::uint16_t> v(polys * r.n);
  for (auto& c : v) c = static_cast<std::uint16_t>(coeff(rng));
  return v;
}

const char* shape_name(Shape s) {
  switch (s) {
    case Shape::random: return "random";
    case Shape::all_max: return "all-max";
    case Shape::all_min: return "all-min";
    case Shape::single: return "single";
    case Shape::alternating: return "alternating";
  }
  return "?";
}

std::vector<std::uint16_t> input(const RingInfo& r, Shape s, std::size_t count, std::uint32_t bound,
                                 std::mt19937_64& rng) {
  std::vector<std::uint16_t> v(count * r.n);
  const bool full = bound >= r.q / 2;
  std::uniform_int_distribution<std::uint32_t> coeff(0, full ? r.q - 1 : 2 * bound);
  std::uniform_int_distribution<std::size_t> position(0, r.n - 1);
  const std::size_t one = position(rng);
  const auto canonical = [&](std::int64_t c) { return static_cast<std::uint16_t>((c % r.q + r.q) % r.q); };
  const std::int64_t lowest = -std::int64_t{std::min<std::uint32_t>(bound, r.q / 2)};
  for (std::size_t i = 0; i < v.size(); ++i) switch (s) {
      case Shape::random: v[i] = canonical(full ? coeff(rng) : std::int64_t{coeff(rng)} - bound); break;
      case Shape::all_max: v[i] = static_cast<std::uint16_t>(r.q - 1); break;
      case Shape::all_min: v[i] = canonical(lowest); break;
      case Shape::single: v[i] = i % r.n == one ? static_cast<std::uint16_t>(r.q - 1) : 0; break;
      case Shape::alternating: v[i] = i % 2 ? static_cast<std::uint16_t>(r.q - 1) : 1; break;
    }
  return v;
}

OperandBounds operand_bounds(const RingMultiplier& m) {
  const Params params = Params::parse(m.params());
  const std::uint32_t full = m.ring().q / 2;
  return {static_cast<std::uint32_t>(params.get_size("bound-a", full)),
          static_cast<std::uint32_t>(params.get_size("bound-b", full))};
}

// Products of `m` against `oracle`: random, -1 times random and times -1,
// and the most negative values of both bounds (every term of one sign).
std::string product_verdict(const RingMultiplier& m, const RingMultiplier& oracle) {
  std::mt19937_64 rng(7);
  const RingInfo r = m.ring();
  const auto [bound_a, bound_b] = operand_bounds(m);
  for (int k = 0; k < 5; ++k) {
    const Shape shape_a = k == 4 ? Shape::all_min : k == 3 ? Shape::all_max : Shape::random;
    const Shape shape_b = k == 4 ? Shape::all_min : k >= 2 ? Shape::all_max : Shape::random;
    const auto a = input(r, shape_a, 1, bound_a, rng), b = input(r, shape_b, 1, bound_b, rng);
    std::vector<std::uint16_t> got(r.n), want(r.n);
    m.mul(a, b, got);
    oracle.mul(a, b, want);
    if (got != want) return "fail";
  }
  return "pass";
}

// Matrix-vector and inner products of rank `rank` under `s` against the oracle.
std::string module_verdict(const RingMultiplier& m, const RingMultiplier& oracle, std::size_t rank, Strategy s) {
  std::mt19937_64 rng(11);
  const RingInfo r = m.ring();
  const auto [bound_a, bound_b] = operand_bounds(m);
  for (int k = 0; k < 2; ++k) {
    const Shape shape = k ? Shape::all_max : Shape::random;
    const auto a = input(r, shape, rank * rank, bound_a, rng), v = input(r, shape, rank, bound_b, rng);
    std::vector<std::uint16_t> got(rank * r.n), want(rank * r.n);
    m.matrix_vector(a, v, got, rank, Transpose::no, s, nullptr);
    oracle.matrix_vector(a, v, want, rank, Transpose::no, Strategy::lazy, nullptr);
    if (got != want) return "fail";
    std::vector<std::uint16_t> got_ip(r.n), want_ip(r.n);
    const std::span<const std::uint16_t> row(a.data(), rank * r.n);
    m.inner_product(row, v, got_ip, rank, s, nullptr);
    oracle.inner_product(row, v, want_ip, rank, Strategy::lazy, nullptr);
    if (got_ip != want_ip) return "fail";
  }
  return "pass";
}

// The oracle: Kronecker substitution, or schoolbook to check Kronecker itself.
std::shared_ptr<RingMultiplier> oracle_for(const RingMultiplier& m) {
  const std::string ring(m.ring().name);
  return make_multiplier(ring, m.name() == "kronecker" ? "schoolbook" : "kronecker");
}

}  // namespace pqmul::experiments
