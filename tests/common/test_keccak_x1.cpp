// The single-state permutations: the scalar code (lane complementing, two
// rounds per iteration) against a direct transcription of the FIPS 202 step
// mappings written here, and the AVX-512 single-state kernel against the
// scalar code; then the sponges on the avx512 kernel against the portable
// ones (the portable sponges are checked against FIPS 202 values and OpenSSL
// in test_keccak.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"
#include "test_util.hpp"
#include "isa_gate.hpp"

namespace pqmul_tests::common_test_keccak_x1 {

using namespace pqmul;

namespace {

using State = std::array<std::uint64_t, 25>;

// FIPS 202 algorithm 5: bit t of the iota constants' LFSR.
bool rc_bit(unsigned t) {
  if (t % 255 == 0) return true;
  unsigned r = 0x80;  // R = 10000000, R[0] is the most significant bit here
  for (unsigned i = 1; i <= t % 255; ++i) {
    const unsigned r8 = r & 1;  // R[8] after prepending 0
    r >>= 1;
    if (r8) r ^= 0x80 | 0x08 | 0x04 | 0x02;  // R[0], R[4], R[5], R[6] ^= R[8]
  }
  return (r & 0x80) != 0;
}

std::uint64_t rotl(std::uint64_t v, unsigned r) { return r % 64 == 0 ? v : (v << (r % 64)) | (v >> (64 - r % 64)); }

// Keccak-p[1600, 24] by the letter of FIPS 202 section 3.2, on A[x][y] =
// lane x + 5y, with rho's offsets from the (x, y) walk of algorithm 2 and
// iota's constants from algorithm 5: shares nothing with the library code.
State textbook_permutation(State s) {
  auto at = [&s](int x, int y) -> std::uint64_t& { return s[static_cast<std::size_t>(x % 5 + 5 * (y % 5))]; };
  for (unsigned ir = 0; ir < 24; ++ir) {
    std::uint64_t c[5], d[5];
    for (int x = 0; x < 5; ++x) c[x] = at(x, 0) ^ at(x, 1) ^ at(x, 2) ^ at(x, 3) ^ at(x, 4);
    for (int x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) at(x, y) ^= d[x];
    State rho = s;
    for (int t = 0, x = 1, y = 0; t < 24; ++t) {
      rho[static_cast<std::size_t>(x + 5 * y)] = rotl(at(x, y), static_cast<unsigned>((t + 1) * (t + 2) / 2));
      const int next_y = (2 * x + 3 * y) % 5;
      x = y;
      y = next_y;
    }
    State pi;
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y)
        pi[static_cast<std::size_t>(x + 5 * y)] = rho[static_cast<std::size_t>((x + 3 * y) % 5 + 5 * x)];
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) {
        const auto lane = [&pi](int i, int j) { return pi[static_cast<std::size_t>(i % 5 + 5 * j)]; };
        at(x, y) = lane(x, y) ^ (~lane(x + 1, y) & lane(x + 2, y));
      }
    std::uint64_t rc = 0;
    for (unsigned j = 0; j <= 6; ++j)
      if (rc_bit(j + 7 * ir)) rc |= std::uint64_t{1} << ((1u << j) - 1);
    at(0, 0) ^= rc;
  }
  return s;
}

// Zero, every single set bit, all ones and seeded random states.
std::vector<State> permutation_inputs() {
  std::vector<State> inputs(1, State{});
  for (std::size_t bit = 0; bit < 1600; ++bit) {
    State s{};
    s[bit / 64] = std::uint64_t{1} << (bit % 64);
    inputs.push_back(s);
  }
  State ones;
  ones.fill(~std::uint64_t{0});
  inputs.push_back(ones);
  test::TestPrng prng(1);
  for (int i = 0; i < 64; ++i) {
    State s;
    for (auto& lane : s) lane = prng.next();
    inputs.push_back(s);
  }
  return inputs;
}

using pqmul::test::ForcePortable;

template <class Sponge>
std::vector<std::uint8_t> digest(std::size_t rate, std::uint8_t domain, Isa isa, const std::vector<std::uint8_t>& in,
                                 std::size_t out_len) {
  Sponge h(rate, domain, isa);
  h.absorb(in);
  std::vector<std::uint8_t> out(out_len);
  h.squeeze(out);
  return out;
}

struct Function {
  const char* name;
  std::size_t rate;
  std::uint8_t domain;
  std::size_t digest_bytes;  // 0: extendable output
};
constexpr Function functions[] = {
    {"SHA3-256", 136, 0x06, 32}, {"SHA3-512", 72, 0x06, 64}, {"SHAKE128", 168, 0x1F, 0}, {"SHAKE256", 136, 0x1F, 0}};

}  // namespace

TEST_CASE("the scalar permutation equals the FIPS 202 step mappings", "[keccak][x1]") {
  for (const State& in : permutation_inputs()) {
    State got = in;
    keccak::permute(got);
    REQUIRE(got == textbook_permutation(in));
  }
}

#if defined(PQMUL_X86_SIMD)
TEST_CASE("keccak_f1600_x1_avx512 equals the scalar permutation", "[keccak][x1][avx512]") {
  if (!pqmul::test::cpu_runs(Isa::avx512)) {
    CHECK_FALSE(isa_available(Isa::avx512));
    return;
  }
  for (const State& in : permutation_inputs()) {
    State expected = in, got = in;
    keccak::permute(expected);
    keccak::keccak_f1600_x1_avx512(got.data());
    REQUIRE(got == expected);
  }
  // Iterated: 100 permutations in a row from the zero state.
  State expected{}, got{};
  for (int i = 0; i < 100; ++i) {
    keccak::permute(expected);
    keccak::keccak_f1600_x1_avx512(got.data());
  }
  CHECK(got == expected);
}
#endif

TEST_CASE("single_permutation runs the avx512 kernel only where it may", "[keccak][x1]") {
  State a{}, b{};
  a[3] = b[3] = 0x0123456789ABCDEFULL;
  keccak::single_permutation(Isa::avx512)(a);
  keccak::permute(b);
  CHECK(a == b);
  CHECK(keccak::single_permutation(Isa::portable) == &keccak::permute);
  CHECK(keccak::single_permutation(Isa::avx2) == &keccak::permute);
  if (!isa_available(Isa::avx512)) CHECK(keccak::single_permutation(Isa::avx512) == &keccak::permute);
  if (isa_available(Isa::avx512)) CHECK(keccak::single_permutation(Isa::avx512) != &keccak::permute);
  const ForcePortable forced;
  CHECK(keccak::single_permutation(Isa::avx512) == &keccak::permute);
}

TEST_CASE("SHA-3 and SHAKE on the avx512 permutation equal the portable sponges", "[keccak][x1]") {
  test::TestPrng prng(2);
  for (const Function& f : functions) {
    INFO(f.name);
    const std::vector<std::uint8_t> message = prng.bytes(3 * f.rate + 1);
    // Output lengths around the rate, or the digest length for SHA-3.
    const std::vector<std::size_t> out_lengths =
        f.digest_bytes ? std::vector<std::size_t>{f.digest_bytes}
                       : std::vector<std::size_t>{1, 7, f.rate - 1, f.rate, f.rate + 1, 2 * f.rate + 9};
    for (std::size_t len = 0; len <= 3 * f.rate + 1; ++len) {
      const std::vector<std::uint8_t> in(message.begin(), message.begin() + static_cast<std::ptrdiff_t>(len));
      for (std::size_t out_len : out_lengths) {
        INFO("input " << len << " bytes, output " << out_len);
        REQUIRE(digest<keccak::Sponge>(f.rate, f.domain, Isa::avx512, in, out_len) ==
                digest<keccak::Sponge>(f.rate, f.domain, Isa::portable, in, out_len));
      }
    }
  }
  const std::vector<std::uint8_t> in = prng.bytes(200);
  CHECK(keccak::sha3_256(in, Isa::avx512) == keccak::sha3_256(in, Isa::portable));
  CHECK(keccak::sha3_512(in, Isa::avx512) == keccak::sha3_512(in, Isa::portable));
}

TEST_CASE("absorbing and squeezing in uneven pieces equals doing it at once", "[keccak][x1]") {
  // Pieces that cross lane and block boundaries at every offset, so both the
  // whole-lane and the byte paths of absorb and squeeze run.
  test::TestPrng prng(3);
  const std::vector<std::uint8_t> message = prng.bytes(700);
  const std::size_t pieces[] = {1, 3, 8, 5, 16, 9, 7, 168, 2, 64, 13, 136, 11};
  for (Isa isa : {Isa::portable, Isa::avx512}) {
    for (const Function& f : functions) {
      INFO(f.name << " on " << isa_name(isa));
      const std::size_t out_len = 3 * f.rate + 5;
      const std::vector<std::uint8_t> expected =
          digest<keccak::Sponge>(f.rate, f.domain, Isa::portable, message, out_len);
      keccak::Sponge h(f.rate, f.domain, isa);
      std::size_t at = 0;
      for (std::size_t i = 0; at < message.size(); ++i) {
        const std::size_t take = std::min(pieces[i % std::size(pieces)], message.size() - at);
        h.absorb(std::span<const std::uint8_t>(message.data() + at, take));
        at += take;
      }
      std::vector<std::uint8_t> got(out_len);
      at = 0;
      for (std::size_t i = 0; at < got.size(); ++i) {
        const std::size_t take = std::min(pieces[(i + 3) % std::size(pieces)], got.size() - at);
        h.squeeze(std::span<std::uint8_t>(got.data() + at, take));
        at += take;
      }
      CHECK(got == expected);
    }
  }
}

}  // namespace pqmul_tests::common_test_keccak_x1
