// sample_keygen (K-PKE.KeyGen's Keccak work, scheduled per ISA) against the
// scalar samplers of primitives.cpp and SHA3-256, for k = 2, 3, 4, with and
// without rows by parts, on every kernel family: the matrix and the noise
// equal, each row (or part of a row) of ek asked for once, in order, only
// when the entries and noise it needs are sampled, and the digest that of
// the ek the callbacks wrote (a hash block read before its bytes were
// written would give another digest).
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "sampling_test_util.hpp"

namespace pqmul_tests::kyber_test_keygen_sampling {

using namespace pqmul;
using namespace pqmul::kyber;
using pqmul::test::random_seed;

namespace {

constexpr std::size_t row_bytes = 384;

struct Outcome {
  std::vector<std::array<std::size_t, 3>> calls;  // (row, first coefficient, end coefficient)
  bool used_parts = false;
};

Outcome check_keygen(unsigned k, bool offer_parts, Isa isa, test::TestPrng& prng) {
  const auto rho = random_seed(prng), sigma = random_seed(prng);
  const unsigned eta1 = k == 2 ? 3 : 2;
  std::vector<KPoly> expected_a, expected_noise;
  for (unsigned e = 0; e < k * k; ++e)
    expected_a.push_back(sample_ntt(rho, static_cast<std::uint8_t>(e % k), static_cast<std::uint8_t>(e / k)));
  for (unsigned t = 0; t < 2 * k; ++t)
    expected_noise.push_back(sample_noise(sigma, static_cast<std::uint8_t>(t), eta1));

  std::vector<KPoly> a(k * k), noise(2 * k);
  std::vector<std::uint8_t> ek = prng.bytes(row_bytes * k + 32);  // rho's place: written before the call
  const std::vector<std::uint8_t> written = prng.bytes(row_bytes * k);
  std::vector<int> times_written(row_bytes * k, 0);
  std::array<std::uint8_t, 32> digest{};
  Outcome outcome;
  std::size_t next = 0;  // the next coefficient of t^ in row order: rows and parts come in order
  auto write = [&](unsigned row, std::size_t from, std::size_t to) {
    REQUIRE(row * 256 + from == next);
    next = row * 256 + to;
    outcome.calls.push_back({row, from, to});
    for (unsigned t = 0; t <= k + row; ++t) REQUIRE(noise[t] == expected_noise[t]);  // s, and e up to this row
    for (unsigned r = 0; r < row; ++r)
      for (unsigned c = 0; c < k; ++c) REQUIRE(a[k * r + c] == expected_a[k * r + c]);
    for (unsigned c = 0; c < k; ++c)
      for (std::size_t i = 0; i < to; ++i) REQUIRE(a[k * row + c][i] == expected_a[k * row + c][i]);
    for (std::size_t b = row * row_bytes + from * 3 / 2; b < row * row_bytes + to * 3 / 2; ++b) {
      ek[b] = written[b];
      ++times_written[b];
    }
  };
  KeygenSampling job{rho,
                     sigma,
                     k,
                     eta1,
                     a,
                     noise,
                     ek,
                     digest,
                     [&](unsigned first, unsigned end) {
                       for (unsigned row = first; row < end; ++row) write(row, 0, 256);
                     },
                     {}};
  if (offer_parts)
    job.encode_row_part = [&](unsigned row, std::size_t from, std::size_t to) {
      outcome.used_parts = true;
      write(row, from, to);
    };
  sample_keygen(job, isa);
  CHECK(next == 256 * k);
  CHECK(std::count(times_written.begin(), times_written.end(), 1) == static_cast<std::ptrdiff_t>(times_written.size()));
  CHECK(a == expected_a);
  CHECK(noise == expected_noise);
  CHECK(digest == keccak::sha3_256(ek));
  return outcome;
}

}  // namespace

TEST_CASE("sample_keygen equals the scalar samplers and H of the ek its callbacks wrote, on every schedule",
          "[kyber][sampling][multiway]") {
  test::TestPrng prng(67);
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512}) {
    for (unsigned k : {2u, 3u, 4u}) {
      for (bool offer_parts : {false, true}) {
        for (int trial = 0; trial < 4; ++trial) {
          INFO(isa_name(isa) << ", k = " << k << (offer_parts ? ", rows by parts offered" : "") << ", trial " << trial);
          const Outcome outcome = check_keygen(k, offer_parts, isa, prng);
          // Rows by parts are the schedule of k = 2 on the AVX-512 lanes only.
          const bool lanes_k2 = k == 2 && offer_parts && isa == Isa::avx512;
          CHECK(outcome.used_parts == lanes_k2);
        }
      }
    }
  }
}

TEST_CASE("sample_keygen refuses a rank, sizes or callbacks it cannot schedule", "[kyber][sampling][multiway]") {
  const std::array<std::uint8_t, 32> seed{};
  std::array<std::uint8_t, 32> digest{};
  std::vector<KPoly> a(4), noise(4);
  std::vector<std::uint8_t> ek(800);
  const auto rows = [](unsigned, unsigned) {};
  CHECK_THROWS_AS(sample_keygen({seed, seed, 5, 2, a, noise, ek, digest, rows, {}}), std::invalid_argument);
  CHECK_THROWS_AS(sample_keygen({seed, seed, 3, 2, a, noise, ek, digest, rows, {}}), std::invalid_argument);
  std::vector<std::uint8_t> short_ek(799);
  CHECK_THROWS_AS(sample_keygen({seed, seed, 2, 3, a, noise, short_ek, digest, rows, {}}), std::invalid_argument);
  CHECK_THROWS_AS(sample_keygen({seed, seed, 2, 3, a, noise, ek, digest, {}, {}}), std::invalid_argument);
}

}  // namespace pqmul_tests::kyber_test_keygen_sampling
