// The NIST KAT DRBG against tests/vectors/drbg: the 100 per-count seeds of
// the .req file and the self-test draws after seeding with seed[0].
#include <catch2/catch.hpp>

#include <array>
#include <sstream>
#include <string>

#include "pqmul/schemes/common/random.hpp"
#include "test_util.hpp"

namespace pqmul_tests::common_test_nist_drbg {

using namespace pqmul;

namespace {
std::array<std::uint8_t, 48> kat_entropy() {
  std::array<std::uint8_t, 48> e{};
  for (int i = 0; i < 48; ++i) e[i] = static_cast<std::uint8_t>(i);
  return e;
}
// The value of the line "key = value" (any spaces around '=').
std::string selftest_value(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key, 0) != 0) continue;
    const auto eq = line.find('=', key.size());
    if (eq == std::string::npos || line.find_first_not_of(' ', key.size()) != eq) continue;
    const auto begin = line.find_first_not_of(' ', eq + 1);
    return begin == std::string::npos ? std::string() : line.substr(begin);
  }
  FAIL("no line for " << key);
  return {};
}
}  // namespace

TEST_CASE("DRBG reproduces the 100 seeds of the NIST .req file", "[drbg]") {
  const std::string req = test::read_text(test::vector_file("drbg/PQCkemKAT_seeds_count0-99.req"));
  std::vector<std::string> expected;
  std::istringstream lines(req);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("seed = ", 0) == 0) expected.push_back(line.substr(7));
  REQUIRE(expected.size() == 100);
  const auto entropy = kat_entropy();
  NistKatDrbg drbg(entropy);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    std::array<std::uint8_t, 48> seed{};
    drbg.fill(seed);
    INFO("count " << i);
    REQUIRE(test::to_hex(seed, true) == expected[i]);
  }
}

TEST_CASE("DRBG draws after seeding with seed[0]", "[drbg]") {
  const std::string text = test::read_text(test::vector_file("drbg/drbg_selftest.txt"));
  const auto seed0 = test::from_hex(selftest_value(text, "seed[0]"));
  REQUIRE(seed0.size() == 48);
  {
    NistKatDrbg drbg(std::span<const std::uint8_t, 48>(seed0.data(), 48));
    std::array<std::uint8_t, 64> out{};
    drbg.fill(out);
    CHECK(test::to_hex(out, true) == selftest_value(text, "after_seed0_randombytes_64"));
  }
  {
    NistKatDrbg drbg(std::span<const std::uint8_t, 48>(seed0.data(), 48));
    std::array<std::uint8_t, 32> first{}, second{};
    drbg.fill(first);
    drbg.fill(second);
    CHECK(test::to_hex(first, true) == selftest_value(text, "after_seed0_randombytes_32_first"));
    CHECK(test::to_hex(second, true) == selftest_value(text, "after_seed0_randombytes_32_second"));
  }
}

TEST_CASE("DRBG personalization string is XORed into the seed material", "[drbg]") {
  // Entropy e with personalization p must equal entropy e^p without one.
  test::TestPrng prng(5);
  const auto e = prng.bytes(48), p = prng.bytes(48);
  std::array<std::uint8_t, 48> x{};
  for (int i = 0; i < 48; ++i) x[i] = static_cast<std::uint8_t>(e[i] ^ p[i]);
  NistKatDrbg a(std::span<const std::uint8_t, 48>(e.data(), 48), p.data()), b(x);
  std::array<std::uint8_t, 40> oa{}, ob{};
  a.fill(oa);
  b.fill(ob);
  CHECK(oa == ob);
}

TEST_CASE("SystemRandom fills large buffers and differs between calls", "[random]") {
  SystemRandom rng;
  std::vector<std::uint8_t> a(1000), b(1000);
  rng.fill(a);
  rng.fill(b);
  CHECK(a != b);
  rng.fill(std::span<std::uint8_t>());
}

TEST_CASE("BenchmarkRandom: SplitMix64 words, little-endian, tails from a fresh word", "[random]") {
  // SplitMix64 (Steele, Lea, Flood 2014) from seed 0: its first outputs.
  BenchmarkRandom rng;
  std::array<std::uint8_t, 16> two{};
  rng.fill(two);
  auto word = [&](std::size_t at) {
    std::uint64_t w = 0;
    for (int i = 7; i >= 0; --i) w = (w << 8) | two[at + static_cast<std::size_t>(i)];
    return w;
  };
  CHECK(word(0) == 0xE220A8397B1DCDAFULL);
  CHECK(word(8) == 0x6E789E6AA1B965F4ULL);
  // A tail of 3 bytes takes the low bytes of the next word; the next fill
  // starts with the word after it.
  std::array<std::uint8_t, 3> tail{};
  rng.fill(tail);
  BenchmarkRandom again;
  std::array<std::uint8_t, 32> four{};
  again.fill(four);
  CHECK(std::equal(tail.begin(), tail.end(), four.begin() + 16));
  std::array<std::uint8_t, 8> next{};
  rng.fill(next);
  CHECK(std::equal(next.begin(), next.end(), four.begin() + 24));
}

}  // namespace pqmul_tests::common_test_nist_drbg
