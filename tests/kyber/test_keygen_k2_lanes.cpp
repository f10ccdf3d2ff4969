// sample_keygen_k2_in_lanes (K-PKE.KeyGen's Keccak work for k = 2 on the
// lanes) against the scalar samplers of primitives.cpp and SHA3-256: every
// entry and noise polynomial equal, each part of ek asked for once, in order,
// only when what it needs is sampled, and the digest that of the ek written
// by the parts (a hash block read before its bytes were written would give
// another digest). Seeds include entries short after three SHAKE128 blocks,
// in each row, and every kernel family this machine runs.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "sampling_test_util.hpp"

namespace pqmul_tests::kyber_test_keygen_k2_lanes {

using namespace pqmul;
using namespace pqmul::kyber;
using pqmul::test::accepted_in;
using pqmul::test::random_seed;

namespace {

// A rho whose entry `entry` (2 r + c) needs a fourth SHAKE128 block.
std::array<std::uint8_t, 32> rho_with_short_entry(test::TestPrng& prng, unsigned entry) {
  for (int tries = 0; tries < 20000; ++tries) {
    const auto rho = random_seed(prng);
    if (accepted_in(rho, {static_cast<std::uint8_t>(entry % 2), static_cast<std::uint8_t>(entry / 2)}, 3 * 168) < 256)
      return rho;
  }
  FAIL("no rho with a short entry found");
  return {};
}

void check_keygen_lanes(std::span<const std::uint8_t, 32> rho, std::span<const std::uint8_t, 32> sigma, Isa isa,
                        test::TestPrng& prng) {
  std::array<KPoly, 4> expected_a, expected_noise;
  for (unsigned e = 0; e < 4; ++e)
    expected_a[e] = sample_ntt(rho, static_cast<std::uint8_t>(e % 2), static_cast<std::uint8_t>(e / 2));
  for (unsigned t = 0; t < 4; ++t) expected_noise[t] = sample_noise(sigma, static_cast<std::uint8_t>(t), 3);

  std::array<KPoly, 4> a{}, noise{};
  std::array<std::uint8_t, 800> ek;
  for (auto& b : ek) b = static_cast<std::uint8_t>(prng.next());  // rho's place: written before the call
  const std::vector<std::uint8_t> written = prng.bytes(768);     // what the parts write
  std::array<std::uint8_t, 32> digest{};
  std::vector<unsigned> parts;
  const EncodePart encode = [&](unsigned part) {
    parts.push_back(part);
    std::size_t from = 0, to = 384;
    if (part == 0) {
      REQUIRE(a[0] == expected_a[0]);
      REQUIRE(a[1] == expected_a[1]);
      for (unsigned t = 0; t < 3; ++t) REQUIRE(noise[t] == expected_noise[t]);
    } else {
      REQUIRE(noise[3] == expected_noise[3]);
      const std::size_t coefficients = part == 1 ? 128 : 256;
      for (unsigned e = 2; e < 4; ++e)
        for (std::size_t i = 0; i < coefficients; ++i) REQUIRE(a[e][i] == expected_a[e][i]);
      from = part == 1 ? 384 : 576;
      to = part == 1 ? 576 : 768;
    }
    std::copy(written.begin() + static_cast<std::ptrdiff_t>(from), written.begin() + static_cast<std::ptrdiff_t>(to),
              ek.begin() + static_cast<std::ptrdiff_t>(from));
  };
  REQUIRE(sample_keygen_k2_in_lanes(rho, sigma, a, noise, ek, digest, encode, isa));
  CHECK(parts == std::vector<unsigned>{0, 1, 2});
  CHECK(a == expected_a);
  CHECK(noise == expected_noise);
  CHECK(digest == keccak::sha3_256(ek));
}

}  // namespace

TEST_CASE("sample_keygen_k2_in_lanes equals the scalar samplers and H of what the parts wrote",
          "[kyber][sampling][multiway]") {
  test::TestPrng prng(61);
  std::vector<std::array<std::uint8_t, 32>> rhos;
  for (int r = 0; r < 6; ++r) rhos.push_back(random_seed(prng));
  for (unsigned entry = 0; entry < 4; ++entry) rhos.push_back(rho_with_short_entry(prng, entry));
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512}) {
    for (std::size_t r = 0; r < rhos.size(); ++r) {
      INFO(isa_name(isa) << ", rho " << r);
      const auto sigma = random_seed(prng);
      check_keygen_lanes(rhos[r], sigma, isa, prng);
    }
  }
}

}  // namespace pqmul_tests::kyber_test_keygen_k2_lanes
