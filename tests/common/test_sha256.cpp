// SHA-256 (used to compare regenerated KAT files with published digests)
// against the FIPS 180-4 examples, and incremental updates against one-shot.
#include <catch2/catch.hpp>

#include <string>

#include "pqmul/schemes/common/sha256.hpp"

namespace pqmul_tests::common_test_sha256 {

TEST_CASE("SHA-256 matches the FIPS 180-4 examples", "[sha256]") {
  CHECK(pqmul::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(pqmul::sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(pqmul::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(pqmul::sha256_hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 gives the same digest whatever the update split", "[sha256]") {
  std::string text;
  for (int i = 0; i < 300; ++i) text += static_cast<char>('a' + i % 26);
  const std::string expected = pqmul::sha256_hex(text);
  for (std::size_t split : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 128u, 299u}) {
    pqmul::Sha256 h;
    h.update(std::string_view(text).substr(0, split));
    h.update(std::string_view(text).substr(split));
    const auto d = h.finish();
    std::string hex;
    for (auto b : d) hex += "0123456789abcdef"[b >> 4], hex += "0123456789abcdef"[b & 15];
    CHECK(hex == expected);
  }
}

}  // namespace pqmul_tests::common_test_sha256
