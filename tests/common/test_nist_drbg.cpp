// The NIST KAT DRBG against shared/vectors/drbg: the 100 per-count seeds of
// the .req file and the self-test draws after seeding with seed[0].
#include <catch2/catch.hpp>

#include <array>
#include <regex>
#include <string>

#include "pqmul/schemes/common/random.hpp"
#include "test_util.hpp"

using namespace pqmul;

namespace {
std::array<std::uint8_t, 48> kat_entropy() {
  std::array<std::uint8_t, 48> e{};
  for (int i = 0; i < 48; ++i) e[i] = static_cast<std::uint8_t>(i);
  return e;
}
std::string selftest_value(const std::string& text, const std::string& key) {
  std::smatch m;
  const std::regex re("\\n" + key + "\\s*=\\s*([0-9A-Fa-f]+)");
  REQUIRE(std::regex_search(text, m, re));
  return m[1].str();
}
}  // namespace

TEST_CASE("DRBG reproduces the 100 seeds of the NIST .req file", "[drbg]") {
  const std::string req = test::read_text(test::vectors_dir() + "/drbg/PQCkemKAT_seeds_count0-99.req");
  const std::regex seed_re("seed = ([0-9A-F]{96})");
  std::vector<std::string> expected;
  for (std::sregex_iterator it(req.begin(), req.end(), seed_re), end; it != end; ++it)
    expected.push_back((*it)[1].str());
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
  const std::string text = test::read_text(test::vectors_dir() + "/drbg/drbg_selftest.txt");
  const auto seed0 = test::from_hex(selftest_value(text, "seed\\[0\\]"));
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
