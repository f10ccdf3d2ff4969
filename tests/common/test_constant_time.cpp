// Constant-time compare and conditional move: results on every position and
// both conditions.
#include <catch2/catch.hpp>

#include <vector>

#include "pqmul/schemes/common/constant_time.hpp"
#include "test_util.hpp"

namespace pqmul_tests::common_test_constant_time {

using namespace pqmul;

TEST_CASE("ct::differ detects a difference in any bit of any byte", "[ct]") {
  test::TestPrng prng(3);
  const auto a = prng.bytes(97);
  CHECK(ct::differ(a, a) == 0);
  CHECK(ct::differ(std::span<const std::uint8_t>(), std::span<const std::uint8_t>()) == 0);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int bit = 0; bit < 8; ++bit) {
      auto b = a;
      b[i] ^= static_cast<std::uint8_t>(1u << bit);
      REQUIRE(ct::differ(a, b) == 1);
    }
  CHECK_THROWS(ct::differ(a, std::span<const std::uint8_t>(a).first(3)));
}

TEST_CASE("ct::conditional_move copies exactly when the condition is 1", "[ct]") {
  test::TestPrng prng(4);
  const auto src = prng.bytes(64), orig = prng.bytes(64);
  auto dst = orig;
  ct::conditional_move(dst, src, 0);
  CHECK(dst == orig);
  ct::conditional_move(dst, src, 1);
  CHECK(dst == src);
}

}  // namespace pqmul_tests::common_test_constant_time
