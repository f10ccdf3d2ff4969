#pragma once
// Test-side helpers: random inputs, the multipliers of a ring by name, and
// definition-level oracles written independently of the library.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "pqmul/schemes/ntru/arith.hpp"

namespace ntru_test {

template <pqmul::ntru::ParameterSet P>
pqmul::ntru::Rq<P> random_rq(std::mt19937_64& rng) {
  pqmul::ntru::Rq<P> a;
  for (auto& c : a.coeffs) c = static_cast<std::uint16_t>(rng() % P::q);
  return a;
}

template <pqmul::ntru::ParameterSet P>
pqmul::ntru::S3<P> random_s3(std::mt19937_64& rng, bool reduced = true) {
  pqmul::ntru::S3<P> a;
  for (auto& c : a.coeffs) c = static_cast<std::uint8_t>(rng() % 3);
  if (reduced) a[P::n - 1] = 0;
  return a;
}

template <class Bytes>
void random_bytes(Bytes& b, std::mt19937_64& rng) {
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
}

// Product in Z[x]/(x^n - 1) of trits (2 = -1), reduced mod 3 and mod Phi_n.
template <pqmul::ntru::ParameterSet P>
pqmul::ntru::S3<P> s3_product_by_definition(const pqmul::ntru::S3<P>& a, const pqmul::ntru::S3<P>& b) {
  std::vector<long> c(P::n, 0);
  for (std::size_t i = 0; i < P::n; ++i)
    for (std::size_t j = 0; j < P::n; ++j) c[(i + j) % P::n] += long{a[i]} * long{b[j]};
  pqmul::ntru::S3<P> r;
  for (std::size_t i = 0; i < P::n; ++i) r[i] = static_cast<std::uint8_t>(((c[i] - c[P::n - 1]) % 3 + 3) % 3);
  return r;
}

template <pqmul::ntru::ParameterSet P>
pqmul::ntru::S3<P> s3_one() {
  pqmul::ntru::S3<P> one;
  one[0] = 1;
  return one;
}

template <pqmul::ntru::ParameterSet P>
pqmul::ntru::Rq<P> rq_one() {
  pqmul::ntru::Rq<P> one;
  one[0] = 1;
  return one;
}

// Inputs of the inversions: zero and Phi_n (not invertible: Phi_n is zero in
// S_3), one, and random elements, reduced and not.
template <pqmul::ntru::ParameterSet P>
std::vector<pqmul::ntru::S3<P>> inversion_inputs(std::mt19937_64& rng) {
  std::vector<pqmul::ntru::S3<P>> inputs;
  inputs.push_back(pqmul::ntru::S3<P>{});
  inputs.push_back(s3_one<P>());
  pqmul::ntru::S3<P> phi;
  phi.coeffs.fill(1);
  inputs.push_back(phi);
  for (int trial = 0; trial < 4; ++trial) inputs.push_back(random_s3<P>(rng, trial % 2 == 0));
  return inputs;
}

}  // namespace ntru_test
