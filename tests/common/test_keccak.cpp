// Keccak / SHA-3 / SHAKE against FIPS 202 example values and, on the host,
// against OpenSSL's implementation as an independent oracle.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pqmul/schemes/common/keccak.hpp"
#include "test_util.hpp"

#ifdef PQMUL_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

namespace pqmul_tests::common_test_keccak {

using namespace pqmul;
using test::to_hex;

namespace {
std::vector<std::uint8_t> bytes_of(std::string_view s) { return {s.begin(), s.end()}; }
}  // namespace

TEST_CASE("SHA3-256 and SHA3-512 FIPS 202 example values", "[keccak]") {
  CHECK(to_hex(keccak::sha3_256(bytes_of(""))) ==
        "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
  CHECK(to_hex(keccak::sha3_256(bytes_of("abc"))) ==
        "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  CHECK(to_hex(keccak::sha3_512(bytes_of(""))) ==
        "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
        "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26");
  CHECK(to_hex(keccak::sha3_512(bytes_of("abc"))) ==
        "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
        "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
  // 1600-bit message of 0xA3 bytes (longer than one SHA3-256 block).
  const std::vector<std::uint8_t> a3(200, 0xA3);
  CHECK(to_hex(keccak::sha3_256(a3)) == "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787");
}

TEST_CASE("SHAKE128 and SHAKE256 of the empty string", "[keccak]") {
  std::vector<std::uint8_t> out(32);
  keccak::shake128(out, {});
  CHECK(to_hex(out) == "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
  out.resize(64);
  keccak::shake256(out, {});
  CHECK(to_hex(out) ==
        "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
        "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be");
}

TEST_CASE("incremental absorb and squeeze equal the one-shot functions", "[keccak]") {
  test::TestPrng prng(1);
  for (std::size_t len : {0u, 1u, 135u, 136u, 137u, 167u, 168u, 169u, 500u}) {
    const auto msg = prng.bytes(len);
    std::vector<std::uint8_t> whole(400), pieces(400);
    keccak::shake128(whole, msg);
    keccak::Shake128 s;
    const std::size_t cut = prng.below(len + 1);
    s.absorb(std::span(msg).first(cut));
    s.absorb(std::span(msg).subspan(cut));
    std::size_t done = 0;
    while (done < pieces.size()) {
      const std::size_t step = std::min<std::size_t>(1 + prng.below(200), pieces.size() - done);
      s.squeeze(std::span(pieces).subspan(done, step));
      done += step;
    }
    CHECK(whole == pieces);
    s.reset();
    s.absorb(msg);
    std::vector<std::uint8_t> again(400);
    s.squeeze(again);
    CHECK(again == whole);
  }
}

TEST_CASE("absorbing after squeezing is refused", "[keccak]") {
  keccak::Shake256 s;
  std::uint8_t out[4];
  s.squeeze(out);
  CHECK_THROWS_AS(s.absorb(std::span<const std::uint8_t>(out, 4)), std::logic_error);
}

#ifdef PQMUL_HAVE_OPENSSL
namespace {
std::vector<std::uint8_t> openssl_digest(const EVP_MD* md, std::span<const std::uint8_t> msg, std::size_t out_len,
                                         bool xof) {
  std::vector<std::uint8_t> out(out_len);
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  REQUIRE(ctx);
  REQUIRE(EVP_DigestInit_ex(ctx, md, nullptr) == 1);
  REQUIRE(EVP_DigestUpdate(ctx, msg.data(), msg.size()) == 1);
  if (xof) {
    REQUIRE(EVP_DigestFinalXOF(ctx, out.data(), out.size()) == 1);
  } else {
    unsigned int n = 0;
    REQUIRE(EVP_DigestFinal_ex(ctx, out.data(), &n) == 1);
    REQUIRE(n == out_len);
  }
  EVP_MD_CTX_free(ctx);
  return out;
}

// Absorbs msg in random pieces and squeezes out_len bytes in random pieces.
std::vector<std::uint8_t> ours_incremental(keccak::Sponge sponge, std::span<const std::uint8_t> msg,
                                           std::size_t out_len, test::TestPrng& prng) {
  std::size_t done = 0;
  while (done < msg.size()) {
    const std::size_t step = std::min(msg.size() - done, prng.below(180));
    sponge.absorb(msg.subspan(done, step));
    done += step;
  }
  std::vector<std::uint8_t> out(out_len);
  done = 0;
  while (done < out_len) {
    const std::size_t step = std::min(out_len - done, 1 + prng.below(200));
    sponge.squeeze(std::span(out).subspan(done, step));
    done += step;
  }
  return out;
}
}  // namespace

TEST_CASE("SHA-3 and SHAKE agree with OpenSSL for every length 0..600", "[keccak][openssl]") {
  test::TestPrng prng(2024);
  for (std::size_t len = 0; len <= 600; ++len) {
    const auto msg = prng.bytes(len);
    INFO("message length " << len);
    REQUIRE(to_hex(keccak::sha3_256(msg)) == to_hex(openssl_digest(EVP_sha3_256(), msg, 32, false)));
    REQUIRE(to_hex(keccak::sha3_512(msg)) == to_hex(openssl_digest(EVP_sha3_512(), msg, 64, false)));
    const std::size_t out_len = 1 + prng.below(700);
    REQUIRE(ours_incremental(keccak::Shake128(), msg, out_len, prng) ==
            openssl_digest(EVP_shake128(), msg, out_len, true));
    REQUIRE(ours_incremental(keccak::Shake256(), msg, out_len, prng) ==
            openssl_digest(EVP_shake256(), msg, out_len, true));
    REQUIRE(ours_incremental(keccak::Sha3_256(), msg, 32, prng) ==
            openssl_digest(EVP_sha3_256(), msg, 32, false));
  }
}
#endif

}  // namespace pqmul_tests::common_test_keccak
