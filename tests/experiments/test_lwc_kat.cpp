// The LWC known-answer files TinyJAMBU is checked against: the shipped ones
// read, and a malformed or unbounded one refused naming the line, where the
// reader once threw std::stoi's bare "stoi", dropped an odd hex digit, or
// read /dev/zero until memory ran out.
#include <catch2/catch.hpp>
#include <string>

#include "pqmul/experiments/lwc_kat.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "../common/test_util.hpp"

namespace pqmul_tests::experiments_test_lwc_kat {

using namespace pqmul::experiments;

TEST_CASE("LWC known answers: the shipped files read", "[lwc-kat]") {
  for (const char* bits : {"128", "192", "256"}) {
    INFO(bits);
    const auto kat = read_lwc_kat(pqmul::test::vector_file("tinyjambu/LWC_AEAD_KAT_", bits, "_96.txt"));
    REQUIRE(kat.size() == 1089);
    const auto& first = kat.at(1);
    CHECK(first.at("Key").size() == std::stoul(bits) / 8);
    CHECK(first.at("Nonce").size() == 12);
    CHECK(first.at("PT").empty());
    CHECK(first.at("CT").size() == 8);
  }
}

TEST_CASE("LWC known answers: malformed lines are refused naming the line", "[lwc-kat]") {
  const std::string entry = "Count = 1\r\nKey = 000102\r\nPT = \r\nAD =\r\n\r\n";
  const auto kat = parse_lwc_kat(entry, "k.txt");
  CHECK(kat.at(1).at("Key") == std::vector<std::uint8_t>{0, 1, 2});
  CHECK(kat.at(1).at("PT").empty());
  CHECK(kat.at(1).at("AD").empty());
  CHECK_THROWS_WITH(parse_lwc_kat("Count = abc\n", "k.txt"), "k.txt:1: the count 'abc' is not a decimal number");
  CHECK_THROWS_WITH(parse_lwc_kat("Count = 99999999999999999999\n", "k.txt"), Catch::Contains("not a decimal"));
  CHECK_THROWS_WITH(parse_lwc_kat(entry + "Count = 1\n", "k.txt"), "k.txt:6: count 1 is given twice");
  CHECK_THROWS_WITH(parse_lwc_kat("Key = 00\n", "k.txt"), "k.txt:1: 'Key' comes before the first count");
  CHECK_THROWS_WITH(parse_lwc_kat("Count = 1\nKey = 0\n", "k.txt"),
                    "k.txt:2: the value of 'Key' is not pairs of hex digits");
  CHECK_THROWS_WITH(parse_lwc_kat("Count = 1\nKey = zz\n", "k.txt"),
                    "k.txt:2: the value of 'Key' is not pairs of hex digits");
  CHECK_THROWS_WITH(parse_lwc_kat("Count = 1\nKey = 00\nKey = 01\n", "k.txt"),
                    "k.txt:3: 'Key' is given twice in one entry");
  CHECK_THROWS_WITH(parse_lwc_kat("Count = 1\nKey\n", "k.txt"), "k.txt:2: expected 'Name = value'");
  CHECK_THROWS_AS(parse_lwc_kat("Count = -1\n", "k.txt"), std::runtime_error);
}

TEST_CASE("LWC known answers: a file that is not regular is refused before it is read", "[lwc-kat]") {
  CHECK_THROWS_AS(read_lwc_kat("/dev/zero"), pqmul::InputFileError);
}

}  // namespace pqmul_tests::experiments_test_lwc_kat
