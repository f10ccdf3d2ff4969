// The multi-way samplers against the scalar SampleNTT and SamplePolyCBD of
// primitives.cpp (which the FIPS 203 KATs and CCTV vectors check): every
// result equal, for many seeds and index sets, both eta, with the fastest
// kernels and with the portable path forced.
#include <catch2/catch.hpp>

#include <array>
#include <optional>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "sampling_test_util.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::kyber_test_sampling_multiway {

using namespace pqmul;
using namespace pqmul::kyber;
using pqmul::test::accepted_in;
using pqmul::test::random_seed;

namespace {

using pqmul::test::ForcePortable;

// Indices as the schemes use them (0..3), with now and then any byte value.
std::uint8_t random_index(test::TestPrng& prng) {
  return static_cast<std::uint8_t>(prng.below(8) == 0 ? prng.next() : prng.below(4));
}

template <std::size_t Ways, class Sampler>
void check_sample_ntt(Sampler sampler, std::uint64_t seed, int rounds) {
  test::TestPrng prng(seed);
  for (int r = 0; r < rounds; ++r) {
    const auto rho = random_seed(prng);
    std::array<MatrixIndex, Ways> index;
    for (auto& ix : index) ix = {random_index(prng), random_index(prng)};
    const auto got = sampler(rho, index);
    for (std::size_t k = 0; k < Ways; ++k) {
      INFO("round " << r << ", way " << k << ", j " << int{index[k].j} << ", i " << int{index[k].i});
      REQUIRE(got[k] == sample_ntt(rho, index[k].j, index[k].i));
    }
  }
}

// One eta for all ways, and a random eta per way.
template <std::size_t Ways, class Sampler>
void check_prf_cbd(Sampler sampler, std::uint64_t seed, int rounds) {
  test::TestPrng prng(seed);
  for (int r = 0; r < rounds; ++r) {
    const auto sigma = random_seed(prng);
    std::array<std::uint8_t, Ways> nonce;
    for (auto& n : nonce) n = static_cast<std::uint8_t>(prng.next());
    std::array<unsigned, Ways> mixed;
    for (auto& e : mixed) e = 2 + static_cast<unsigned>(prng.below(2));
    std::array<unsigned, Ways> all2, all3;
    all2.fill(2);
    all3.fill(3);
    for (const auto& eta : {all2, all3, mixed}) {
      const auto got = sampler(sigma, nonce, eta);
      for (std::size_t k = 0; k < Ways; ++k) {
        INFO("round " << r << ", way " << k << ", eta " << eta[k] << ", nonce " << int{nonce[k]});
        REQUIRE(got[k] == sample_noise(sigma, nonce[k], eta[k]));
      }
    }
  }
}

// With the fastest kernels (isa nullopt) or a family asked for by name.
void run_all_sampler_checks(std::optional<Isa> isa) {
  INFO("isa " << (isa ? isa_name(*isa) : "fastest"));
  check_sample_ntt<4>([isa](auto rho, const auto& index) { return sample_ntt_x4(rho, index, isa); }, 1, 20);
  check_sample_ntt<8>([isa](auto rho, const auto& index) { return sample_ntt_x8(rho, index, isa); }, 2, 10);
  check_prf_cbd<4>([isa](auto sigma, const auto& n, const auto& eta) { return prf_cbd_x4(sigma, n, eta, isa); }, 3,
                   20);
  check_prf_cbd<8>([isa](auto sigma, const auto& n, const auto& eta) { return prf_cbd_x8(sigma, n, eta, isa); }, 4,
                   10);
  // The one-eta overloads.
  test::TestPrng prng(5);
  const auto sigma = random_seed(prng);
  for (unsigned eta : {2u, 3u}) {
    const auto got4 = prf_cbd_x4(sigma, {250, 251, 252, 253}, eta, isa);
    const auto got8 = prf_cbd_x8(sigma, {0, 1, 2, 3, 4, 5, 6, 255}, eta, isa);
    for (std::size_t k = 0; k < 4; ++k) REQUIRE(got4[k] == sample_noise(sigma, static_cast<std::uint8_t>(250 + k), eta));
    for (std::size_t k = 0; k < 8; ++k)
      REQUIRE(got8[k] == sample_noise(sigma, static_cast<std::uint8_t>(k == 7 ? 255 : k), eta));
  }
}

}  // namespace

TEST_CASE("sample_ntt_x4/x8 and prf_cbd_x4/x8 equal the scalar samplers", "[kyber][sampling][multiway]") {
  run_all_sampler_checks(std::nullopt);
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon}) run_all_sampler_checks(isa);
}

TEST_CASE("the multi-way samplers give the same polynomials on the forced portable path",
          "[kyber][sampling][multiway]") {
  ForcePortable forced;
  REQUIRE(best_isa() == Isa::portable);
  run_all_sampler_checks(std::nullopt);
  run_all_sampler_checks(Isa::avx512);  // asked for, but lowered to portable
}

TEST_CASE("sample_ntt_x4 follows the XOF past three blocks", "[kyber][sampling][multiway]") {
  // About one entry in a hundred needs a fourth SHAKE128 block: find such
  // (rho, j, i) with the scalar XOF, and put it in different ways.
  test::TestPrng prng(11);
  std::array<std::uint8_t, 32> rho{};
  MatrixIndex slow{0, 0};
  bool found = false;
  for (int tries = 0; tries < 5000 && !found; ++tries) {
    rho = random_seed(prng);
    slow = {static_cast<std::uint8_t>(prng.below(4)), static_cast<std::uint8_t>(prng.below(4))};
    found = accepted_in(rho, slow, 3 * 168) < 256;
  }
  REQUIRE(found);
  for (std::size_t way = 0; way < 4; ++way) {
    std::array<MatrixIndex, 4> index4{{{0, 1}, {1, 0}, {2, 2}, {3, 1}}};
    index4[way] = slow;
    const auto got4 = sample_ntt_x4(rho, index4);
    for (std::size_t k = 0; k < 4; ++k) REQUIRE(got4[k] == sample_ntt(rho, index4[k].j, index4[k].i));
  }
  std::array<MatrixIndex, 8> index8{{{0, 1}, {1, 0}, {2, 2}, {3, 1}, {0, 0}, {1, 1}, {2, 3}, {3, 3}}};
  index8[5] = slow;
  const auto got8 = sample_ntt_x8(rho, index8);
  for (std::size_t k = 0; k < 8; ++k) REQUIRE(got8[k] == sample_ntt(rho, index8[k].j, index8[k].i));
}

TEST_CASE("sample_matrix equals the scalar matrix entries, plain and transposed", "[kyber][sampling][multiway]") {
  test::TestPrng prng(21);
  auto check = [&](std::optional<Isa> isa) {
    for (unsigned k : {1u, 2u, 3u, 4u}) {
      const auto rho = random_seed(prng);
      for (bool transposed : {false, true}) {
        std::vector<KPoly> a(k * k);
        sample_matrix(rho, k, transposed, a, isa);
        for (unsigned r = 0; r < k; ++r)
          for (unsigned c = 0; c < k; ++c) {
            // A^[r, c] = SampleNTT(rho || c || r); the transpose swaps them.
            const auto j = static_cast<std::uint8_t>(transposed ? r : c);
            const auto i = static_cast<std::uint8_t>(transposed ? c : r);
            INFO("k " << k << ", transposed " << transposed << ", entry " << r << "," << c);
            REQUIRE(a[k * r + c] == sample_ntt(rho, j, i));
          }
      }
    }
  };
  check(std::nullopt);
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon}) check(isa);
  {
    ForcePortable forced;
    check(std::nullopt);
  }
  std::vector<KPoly> wrong(5);
  CHECK_THROWS_AS(sample_matrix(random_seed(prng), 2, false, wrong), std::invalid_argument);
  CHECK_THROWS_AS(prf_cbd_x4(random_seed(prng), {0, 1, 2, 3}, 4), std::invalid_argument);
}

TEST_CASE("sample_matrix_beside equals the scalar entries and the hash beside them", "[kyber][sampling][multiway]") {
  // For each k, a rho with an entry that needs a fourth SHAKE128 block, so
  // that the continuation past the first three blocks is exercised too.
  test::TestPrng prng(31);
  auto check = [&](std::optional<Isa> isa) {
    for (unsigned k : {2u, 3u, 4u}) {
      std::array<std::uint8_t, 32> rho{};
      bool slow = false;
      for (int tries = 0; tries < 5000 && !slow; ++tries) {
        rho = random_seed(prng);
        for (unsigned e = 0; e < k * k && !slow; ++e)
          slow = accepted_in(rho, {static_cast<std::uint8_t>(e % k), static_cast<std::uint8_t>(e / k)}, 3 * 168) < 256;
      }
      REQUIRE(slow);
      for (bool transposed : {false, true}) {
        // The hashes of the KEMs: H(ek) (one piece), J(z || c) (two pieces,
        // SHAKE256), H(c) of 1,088 bytes (a whole number of blocks: the last
        // block is all padding), and a short one.
        struct Hash {
          std::uint8_t domain;
          std::size_t first, second;
        };
        const Hash hashes[] = {{keccak::sha3_domain, 384 * k + 32, 0},
                               {keccak::shake_domain, 32, 320 * k + 128},
                               {keccak::sha3_domain, 1088, 0},
                               {keccak::shake_domain, 5, 3}};
        for (const Hash& hash : hashes) {
          INFO("k " << k << ", transposed " << transposed << ", hash of " << hash.first << " + " << hash.second);
          const auto first = prng.bytes(hash.first), second = prng.bytes(hash.second);
          std::array<std::uint8_t, 32> digest{};
          const HashBeside job{keccak::sha3_256_rate, hash.domain,
                               {std::span<const std::uint8_t>(first), std::span<const std::uint8_t>(second)}, digest};
          std::vector<KPoly> a(k * k);
          sample_matrix_beside(rho, k, transposed, a, job, isa);
          keccak::Sponge reference(keccak::sha3_256_rate, hash.domain);
          reference.absorb(first);
          reference.absorb(second);
          std::array<std::uint8_t, 32> expected;
          reference.squeeze(expected);
          CHECK(digest == expected);
          for (unsigned r = 0; r < k; ++r)
            for (unsigned c = 0; c < k; ++c) {
              const auto j = static_cast<std::uint8_t>(transposed ? r : c);
              const auto i = static_cast<std::uint8_t>(transposed ? c : r);
              INFO("entry " << r << "," << c);
              REQUIRE(a[k * r + c] == sample_ntt(rho, j, i));
            }
        }
      }
    }
  };
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon}) check(isa);
  std::vector<KPoly> wrong(5);
  std::vector<std::uint8_t> wrong_out(137);  // more than one SHA3-256 block
  std::array<std::uint8_t, 32> digest{};
  const HashBeside job{keccak::sha3_256_rate, keccak::sha3_domain, {}, digest};
  CHECK_THROWS_AS(sample_matrix_beside(random_seed(prng), 2, false, wrong, job), std::invalid_argument);
  std::vector<KPoly> right(4);
  const HashBeside too_wide{keccak::sha3_256_rate, keccak::sha3_domain, {}, std::span<std::uint8_t>(wrong_out)};
  CHECK_THROWS_AS(sample_matrix_beside(random_seed(prng), 2, false, right, too_wide), std::invalid_argument);
}

TEST_CASE("sample_in_lanes: matrix, noise and hash together equal the scalar samplers", "[kyber][sampling][multiway]") {
  test::TestPrng prng(41);
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon}) {
    for (unsigned k : {2u, 3u, 4u}) {
      // The noise of K-PKE.KeyGen (2k of eta1) and of K-PKE.Encrypt (k of eta1,
      // k + 1 of eta2), with ML-KEM-512's eta1 = 3 (two SHAKE256 blocks).
      for (unsigned eta1 : {2u, 3u}) {
        for (bool with_hash : {false, true}) {
          INFO(isa_name(isa) << ", k " << k << ", eta1 " << eta1 << ", hash " << with_hash);
          const auto rho = random_seed(prng), sigma = random_seed(prng);
          const std::size_t count = with_hash ? 2 * k + 1 : 2 * k;
          std::vector<unsigned> etas(count, 2);
          for (std::size_t t = 0; t < (with_hash ? k : 2 * k); ++t) etas[t] = eta1;
          const auto first_nonce = static_cast<std::uint8_t>(prng.below(200));
          std::vector<KPoly> a(k * k), noise(count);
          const NoiseBeside noise_job{sigma, first_nonce, etas, noise};
          const auto message = prng.bytes(32 + 320 * k + 128);
          std::array<std::uint8_t, 32> digest{};
          const HashBeside hash{keccak::shake256_rate, keccak::shake_domain,
                                {std::span<const std::uint8_t>(message).first(32),
                                 std::span<const std::uint8_t>(message).subspan(32)},
                                digest};
          sample_in_lanes(rho, k, with_hash, a, with_hash ? &hash : nullptr, &noise_job, isa);
          for (std::size_t t = 0; t < count; ++t) {
            INFO("noise " << t);
            REQUIRE(noise[t] == sample_noise(sigma, static_cast<std::uint8_t>(first_nonce + t), etas[t]));
          }
          for (unsigned r = 0; r < k; ++r)
            for (unsigned c = 0; c < k; ++c) {
              const auto j = static_cast<std::uint8_t>(with_hash ? r : c);
              const auto i = static_cast<std::uint8_t>(with_hash ? c : r);
              REQUIRE(a[k * r + c] == sample_ntt(rho, j, i));
            }
          if (with_hash) {
            std::array<std::uint8_t, 32> expected;
            keccak::shake256(expected, message);
            CHECK(digest == expected);
          }
        }
      }
    }
  }
  std::vector<KPoly> a(4), noise(10);
  std::vector<unsigned> etas(10, 2);
  const auto seed = random_seed(prng);
  const NoiseBeside too_many{seed, 0, etas, noise};
  CHECK_THROWS_AS(sample_in_lanes(seed, 2, false, a, nullptr, &too_many), std::invalid_argument);
  std::vector<unsigned> bad_eta{2, 4};
  std::vector<KPoly> two(2);
  const NoiseBeside wrong_eta{seed, 0, bad_eta, two};
  CHECK_THROWS_AS(sample_in_lanes(seed, 2, false, a, nullptr, &wrong_eta), std::invalid_argument);
}

TEST_CASE("sample_in_lanes: a hash whose input grows row by row waits for it", "[kyber][sampling][multiway]") {
  // As in key generation: row 0 first, then the other rows beside a hash of
  // which only the first `ready` bytes exist; each row's hook writes the
  // next part (and the last one the rest) and says how much is readable.
  test::TestPrng prng(51);
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon}) {
    for (unsigned k : {2u, 3u, 4u}) {
      for (std::size_t ready : {std::size_t{0}, std::size_t{100}, std::size_t{384}}) {
        INFO(isa_name(isa) << ", k " << k << ", ready " << ready);
        const auto rho = random_seed(prng);
        std::vector<KPoly> a(k * k);
        sample_in_lanes(rho, k, false, a, 0, 1, nullptr, nullptr, {}, isa);
        auto message = prng.bytes(384 * k + 32);
        const auto later = prng.bytes(message.size());  // what the hooks write past `ready`
        std::array<std::uint8_t, 32> digest{};
        const HashBeside hash{keccak::sha3_256_rate, keccak::sha3_domain, {std::span<const std::uint8_t>(message), {}},
                              digest, ready};
        std::vector<unsigned> rows_seen;
        std::size_t written = ready;
        sample_in_lanes(rho, k, false, a, 1, k, &hash, nullptr,
                        [&](unsigned row) -> std::size_t {
                          rows_seen.push_back(row);
                          const std::size_t upto = row + 1 == k ? message.size() : std::max(written, std::size_t{384} * (row + 1));
                          for (std::size_t i = written; i < upto; ++i) message[i] = later[i];
                          written = upto;
                          return upto;
                        },
                        isa);
        std::vector<unsigned> expected_rows;
        for (unsigned r = 1; r < k; ++r) expected_rows.push_back(r);
        CHECK(rows_seen == expected_rows);
        CHECK(digest == keccak::sha3_256(message));
        for (unsigned r = 0; r < k; ++r)
          for (unsigned c = 0; c < k; ++c) REQUIRE(a[k * r + c] == sample_ntt(rho, static_cast<std::uint8_t>(c),
                                                                             static_cast<std::uint8_t>(r)));
      }
    }
  }
  std::vector<KPoly> a(4);
  const auto seed = random_seed(prng);
  CHECK_THROWS_AS(sample_in_lanes(seed, 2, false, a, 1, 3, nullptr, nullptr, {}), std::invalid_argument);
  CHECK_THROWS_AS(sample_in_lanes(seed, 2, false, a, 2, 1, nullptr, nullptr, {}), std::invalid_argument);
  // A hook that never lets the hash read its whole input is a caller's error, not a hang.
  auto message = prng.bytes(900);
  std::array<std::uint8_t, 32> digest{};
  const HashBeside starved{keccak::sha3_256_rate, keccak::sha3_domain, {std::span<const std::uint8_t>(message), {}},
                           digest, 100};
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon}) {  // (portable: one job at a time, the same contract)
    INFO(isa_name(isa));
    CHECK_THROWS_AS(sample_in_lanes(seed, 2, false, a, 0, 2, &starved, nullptr,
                                    [](unsigned) -> std::size_t { return 200; }, isa),
                    std::logic_error);
  }
}

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
// Twins of the SIMD sampling kernels, for their tests below.
namespace {

// FIPS 203 Algorithm 7's inner loop, candidate by candidate.
std::size_t reference_rejection(std::uint16_t* coeffs, std::size_t filled, const std::vector<std::uint8_t>& bytes) {
  for (std::size_t b = 0; b + 3 <= bytes.size() && filled < 256; b += 3) {
    const unsigned d1 = bytes[b] + 256u * (bytes[b + 1] % 16), d2 = bytes[b + 1] / 16 + 16u * bytes[b + 2];
    if (d1 < q) coeffs[filled++] = static_cast<std::uint16_t>(d1);
    if (d2 < q && filled < 256) coeffs[filled++] = static_cast<std::uint16_t>(d2);
  }
  return filled;
}

// FIPS 203 Algorithm 8, bit by bit.
KPoly reference_cbd(const std::vector<std::uint8_t>& bytes, unsigned eta) {
  auto bit = [&](std::size_t i) { return (bytes[i / 8] >> (i % 8)) & 1; };
  KPoly f;
  for (std::size_t i = 0; i < 256; ++i) {
    int x = 0, y = 0;
    for (unsigned j = 0; j < eta; ++j) {
      x += bit(2 * i * eta + j);
      y += bit(2 * i * eta + eta + j);
    }
    f[i] = static_cast<std::uint16_t>((x - y + static_cast<int>(q)) % static_cast<int>(q));
  }
  return f;
}

// Byte streams with every kind of candidate: all zero (all accepted), all
// ones (all rejected), candidates at q - 1, q and q + 1, and random.
std::vector<std::vector<std::uint8_t>> rejection_streams(std::size_t length, test::TestPrng& prng) {
  std::vector<std::vector<std::uint8_t>> streams;
  streams.emplace_back(length, 0x00);
  streams.emplace_back(length, 0xFF);
  std::vector<std::uint8_t> edges(length);
  for (std::size_t b = 0; b + 3 <= length; b += 3) {
    const unsigned v1 = q - 1 + static_cast<unsigned>(prng.below(3)), v2 = q - 1 + static_cast<unsigned>(prng.below(3));
    edges[b] = static_cast<std::uint8_t>(v1);
    edges[b + 1] = static_cast<std::uint8_t>((v1 >> 8) | (v2 << 4));
    edges[b + 2] = static_cast<std::uint8_t>(v2 >> 4);
  }
  streams.push_back(edges);
  for (int r = 0; r < 20; ++r) streams.push_back(prng.bytes(length));
  return streams;
}

// CBD inputs for eta: all zeros, all ones, each single set bit (every field
// position of every coefficient), seeded random streams.
std::vector<std::vector<std::uint8_t>> cbd_streams(unsigned eta, test::TestPrng& prng) {
  std::vector<std::vector<std::uint8_t>> streams = {std::vector<std::uint8_t>(64 * eta, 0x00),
                                                    std::vector<std::uint8_t>(64 * eta, 0xFF)};
  for (std::size_t b = 0; b < 512 * eta; ++b) {
    streams.emplace_back(64 * eta, 0x00);
    streams.back()[b / 8] = static_cast<std::uint8_t>(1u << (b % 8));
  }
  for (int r = 0; r < 20; ++r) streams.push_back(prng.bytes(64 * eta));
  return streams;
}

}  // namespace
#endif

#if defined(PQMUL_X86_SIMD)
TEST_CASE("kyber_rej_uniform_avx2 and kyber_cbd_avx2 equal the FIPS 203 loops", "[kyber][sampling][avx2]") {
  if (!pqmul::test::runs_here(Isa::avx2)) {
    CHECK_FALSE(isa_unavailable_reason(Isa::avx2).empty());
    return;
  }
  test::TestPrng prng(31);
  for (std::size_t length : {std::size_t{0}, std::size_t{3}, std::size_t{24}, std::size_t{168}, std::size_t{173},
                             std::size_t{504}}) {
    for (const auto& stream : rejection_streams(length, prng)) {
      for (std::size_t start : {std::size_t{0}, std::size_t{1}, std::size_t{200}, std::size_t{241},
                                std::size_t{250}, std::size_t{255}, std::size_t{256}}) {
        std::array<std::uint16_t, 256> got{}, expected{};
        const std::size_t n_got = kyber_rej_uniform_avx2(got.data(), start, stream.data(), stream.size());
        const std::size_t n_expected = reference_rejection(expected.data(), start, stream);
        INFO("length " << length << ", start " << start);
        REQUIRE(n_got == n_expected);
        REQUIRE(got == expected);
      }
    }
  }
  for (unsigned eta : {2u, 3u}) {
    for (const auto& stream : cbd_streams(eta, prng)) {
      KPoly got;
      kyber_cbd_avx2(got.coeffs.data(), stream.data(), eta);
      INFO("eta " << eta);
      REQUIRE(got == reference_cbd(stream, eta));
    }
  }
}
TEST_CASE("kyber_rej_uniform_avx512vbmi2 equals the FIPS 203 loop", "[kyber][sampling][avx512]") {
  if (!avx512_vbmi2_available()) {
    // Nothing to run: the samplers then never choose this kernel.
    CHECK((!isa_available(Isa::avx512) || !cpu_supports(Isa::avx512) || portable_forced() ||
           !__builtin_cpu_supports("avx512vbmi2") || !__builtin_cpu_supports("avx512vbmi")));
    return;
  }
  test::TestPrng prng(61);
  // Lengths around its 48-byte steps, a partial last group, the XOF's block sizes.
  for (std::size_t length : {std::size_t{0}, std::size_t{3}, std::size_t{24}, std::size_t{47}, std::size_t{48},
                             std::size_t{49}, std::size_t{51}, std::size_t{168}, std::size_t{173}, std::size_t{333},
                             std::size_t{504}}) {
    for (const auto& stream : rejection_streams(length, prng)) {
      for (std::size_t start : {std::size_t{0}, std::size_t{1}, std::size_t{200}, std::size_t{225},
                                std::size_t{241}, std::size_t{250}, std::size_t{255}, std::size_t{256}}) {
        // Guard words after the 256 coefficients catch a store past the end.
        std::array<std::uint16_t, 256 + 32> got{}, expected{};
        got.fill(0xBEEF);
        expected.fill(0xBEEF);
        const std::size_t n_got = kyber_rej_uniform_avx512vbmi2(got.data(), start, stream.data(), stream.size());
        std::array<std::uint16_t, 256> reference{};
        const std::size_t n_expected = reference_rejection(reference.data(), start, stream);
        std::copy(reference.begin() + static_cast<std::ptrdiff_t>(start), reference.begin() + static_cast<std::ptrdiff_t>(n_expected),
                  expected.begin() + static_cast<std::ptrdiff_t>(start));
        INFO("length " << length << ", start " << start);
        REQUIRE(n_got == n_expected);
        REQUIRE(got == expected);
      }
    }
  }
}
TEST_CASE("kyber_cbd_avx512vbmi equals the FIPS 203 loop", "[kyber][sampling][avx512]") {
  if (!avx512_vbmi2_available()) return;  // the samplers then never choose this kernel (see above)
  test::TestPrng prng(67);
  for (unsigned eta : {2u, 3u}) {
    for (const auto& stream : cbd_streams(eta, prng)) {
      // Guard words after the 256 coefficients catch a store past the end.
      std::array<std::uint16_t, 256 + 32> got;
      got.fill(0xBEEF);
      kyber_cbd_avx512vbmi(got.data(), stream.data(), eta);
      INFO("eta " << eta);
      REQUIRE(std::equal(got.begin(), got.begin() + 256, reference_cbd(stream, eta).coeffs.begin()));
      REQUIRE(std::all_of(got.begin() + 256, got.end(), [](std::uint16_t g) { return g == 0xBEEF; }));
    }
  }
}
#endif

#if defined(PQMUL_ARM_SIMD)
TEST_CASE("kyber_rej_uniform_neon and kyber_cbd_neon equal the FIPS 203 loops", "[kyber][sampling][neon]") {
  if (!pqmul::test::runs_here(Isa::neon)) return;
  test::TestPrng prng(71);
  // Lengths around its 24-byte steps, a partial last group, the XOF's block sizes.
  for (std::size_t length : {std::size_t{0}, std::size_t{3}, std::size_t{23}, std::size_t{24}, std::size_t{25},
                             std::size_t{168}, std::size_t{173}, std::size_t{504}}) {
    for (const auto& stream : rejection_streams(length, prng)) {
      for (std::size_t start : {std::size_t{0}, std::size_t{1}, std::size_t{200}, std::size_t{240},
                                std::size_t{241}, std::size_t{250}, std::size_t{255}, std::size_t{256}}) {
        // Guard words after the 256 coefficients catch a store past the end.
        std::array<std::uint16_t, 256 + 16> got{}, expected{};
        got.fill(0xBEEF);
        expected.fill(0xBEEF);
        const std::size_t n_got = kyber_rej_uniform_neon(got.data(), start, stream.data(), stream.size());
        std::array<std::uint16_t, 256> reference{};
        const std::size_t n_expected = reference_rejection(reference.data(), start, stream);
        std::copy(reference.begin() + static_cast<std::ptrdiff_t>(start),
                  reference.begin() + static_cast<std::ptrdiff_t>(n_expected),
                  expected.begin() + static_cast<std::ptrdiff_t>(start));
        INFO("length " << length << ", start " << start);
        REQUIRE(n_got == n_expected);
        // Words from n_got up to 256 are scratch (the kernel's 16-byte stores); beyond 256 untouched.
        REQUIRE(std::equal(got.begin() + static_cast<std::ptrdiff_t>(start), got.begin() + static_cast<std::ptrdiff_t>(n_got),
                           expected.begin() + static_cast<std::ptrdiff_t>(start)));
        REQUIRE(std::all_of(got.begin() + 256, got.end(), [](std::uint16_t g) { return g == 0xBEEF; }));
      }
    }
  }
  for (unsigned eta : {2u, 3u}) {
    for (const auto& stream : cbd_streams(eta, prng)) {
      std::array<std::uint16_t, 256 + 16> got;
      got.fill(0xBEEF);
      kyber_cbd_neon(got.data(), stream.data(), eta);
      INFO("eta " << eta);
      REQUIRE(std::equal(got.begin(), got.begin() + 256, reference_cbd(stream, eta).coeffs.begin()));
      REQUIRE(std::all_of(got.begin() + 256, got.end(), [](std::uint16_t g) { return g == 0xBEEF; }));
    }
  }
}
#endif

}  // namespace pqmul_tests::kyber_test_sampling_multiway
