// AES-256 against FIPS 197 Appendix C.3 and, on the host, OpenSSL.
#include <catch2/catch.hpp>

#include <array>

#include "pqmul/schemes/common/random.hpp"
#include "test_util.hpp"

#ifdef PQMUL_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

namespace pqmul_tests::common_test_aes256 {

using namespace pqmul;

TEST_CASE("AES-256 FIPS 197 Appendix C.3", "[aes]") {
  const auto key = test::from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const auto pt = test::from_hex("00112233445566778899aabbccddeeff");
  std::array<std::uint8_t, 16> ct{};
  aes256_encrypt_block(std::span<const std::uint8_t, 32>(key.data(), 32),
                       std::span<const std::uint8_t, 16>(pt.data(), 16), ct);
  CHECK(test::to_hex(ct) == "8ea2b7ca516745bfeafc49904b496089");
}

#ifdef PQMUL_HAVE_OPENSSL
TEST_CASE("AES-256 agrees with OpenSSL aes-256-ecb on random keys and blocks", "[aes][openssl]") {
  test::TestPrng prng(197);
  for (int trial = 0; trial < 200; ++trial) {
    const auto key = prng.bytes(32), pt = prng.bytes(16);
    std::array<std::uint8_t, 16> ours{}, theirs{};
    aes256_encrypt_block(std::span<const std::uint8_t, 32>(key.data(), 32),
                         std::span<const std::uint8_t, 16>(pt.data(), 16), ours);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    REQUIRE(ctx);
    REQUIRE(EVP_EncryptInit_ex(ctx, EVP_aes_256_ecb(), nullptr, key.data(), nullptr) == 1);
    EVP_CIPHER_CTX_set_padding(ctx, 0);
    int n = 0;
    REQUIRE(EVP_EncryptUpdate(ctx, theirs.data(), &n, pt.data(), 16) == 1);
    REQUIRE(n == 16);
    EVP_CIPHER_CTX_free(ctx);
    REQUIRE(test::to_hex(ours) == test::to_hex(theirs));
  }
}
#endif

}  // namespace pqmul_tests::common_test_aes256
