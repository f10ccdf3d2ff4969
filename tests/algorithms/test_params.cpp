// Multiplier names with parameters ("name:key=value;...") and parameter lists.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "pqmul/algorithms/params.hpp"

namespace pqmul_tests::algorithms_test_params {

using pqmul::Params;
using pqmul::split_multiplier;

TEST_CASE("a multiplier name splits at its first colon", "[params]") {
  const auto toom = split_multiplier("toom-k:points=0,1,-1,-2,inf;leaf=32");
  CHECK(toom.name == "toom-k");
  CHECK(toom.params == "points=0,1,-1,-2,inf;leaf=32");
  // The parameters parse as the command line's --params would.
  CHECK(Params::parse(toom.params).get_size("leaf", 0) == 32);
  CHECK(Params::parse(toom.params).get("points", "") == "0,1,-1,-2,inf");

  const auto plain = split_multiplier("ntt");
  CHECK(plain.name == "ntt");
  CHECK(plain.params.empty());

  // Only the first colon separates: a value may hold more.
  const auto nested = split_multiplier("memcpy-nand:message=4096;note=a:b");
  CHECK(nested.name == "memcpy-nand");
  CHECK(nested.params == "message=4096;note=a:b");

  const auto bare = split_multiplier("kronecker:");
  CHECK(bare.name == "kronecker");
  CHECK(bare.params.empty());
}

TEST_CASE("unknown parameters are named with the valid ones", "[params]") {
  const Params p = Params::parse("word=32;depth=2");
  CHECK_NOTHROW(p.require_only({"word", "depth", "leaf"}));
  CHECK_THROWS_WITH(p.require_only({"word", "leaf"}), "unknown parameter 'depth' (valid: word, leaf)");
  CHECK_THROWS_WITH(p.require_only({}), Catch::StartsWith("unknown parameter '") && Catch::EndsWith("(valid: none)"));
  CHECK_THROWS_AS(Params::parse("word"), std::invalid_argument);
}

}  // namespace pqmul_tests::algorithms_test_params
