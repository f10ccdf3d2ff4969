// Ring rows checked against the oracle on random and extreme operands.
#include "oracle_verdicts.hpp"

#include <random>
#include <span>
#include <vector>

namespace pqmul::experiments {
namespace {

std::vector<std::uint16_t> all_max(const RingInfo& r, std::size_t polys) {
  return std::vector<std::uint16_t>(polys * r.n, static_cast<std::uint16_t>(r.q - 1));
}

}  // namespace

std::vector<std::uint16_t> random_coefficients(const RingInfo& r, std::size_t polys, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::uint32_t> coeff(0, r.q - 1);
  std::vector<std::uint16_t> v(polys * r.n);
  for (auto& c : v) c = static_cast<std::uint16_t>(coeff(rng));
  return v;
}

// Products of `m` against `oracle` on random and extreme operands.
std::string product_verdict(const RingMultiplier& m, const RingMultiplier& oracle) {
  std::mt19937_64 rng(7);
  const RingInfo r = m.ring();
  for (int k = 0; k < 4; ++k) {
    const auto a = k == 3 ? all_max(r, 1) : random_coefficients(r, 1, rng);
    const auto b = k >= 2 ? all_max(r, 1) : random_coefficients(r, 1, rng);
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
  for (int k = 0; k < 2; ++k) {
    const auto a = k ? all_max(r, rank * rank) : random_coefficients(r, rank * rank, rng);
    const auto v = k ? all_max(r, rank) : random_coefficients(r, rank, rng);
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
