// Decryption rejects any change to tag, ciphertext, associated data, nonce
// or key, releases no plaintext on failure, and works in place.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <numeric>
#include <vector>

#include "pqmul/schemes/tinyjambu/aead.hpp"
#include "pqmul/schemes/tinyjambu/variants.hpp"

namespace pqmul_tests::tinyjambu_test_tamper {

namespace {
using pqmul::tinyjambu::AeadVariant;

struct Sample {
  std::vector<std::uint8_t> key, ad, pt, ct;
  std::array<std::uint8_t, 12> nonce{};
  std::array<std::uint8_t, 8> tag{};
};

Sample make_sample(const AeadVariant& v, std::size_t pt_len, std::size_t ad_len) {
  Sample s;
  s.key.resize(v.key_bytes);
  std::iota(s.key.begin(), s.key.end(), std::uint8_t{0x40});
  std::iota(s.nonce.begin(), s.nonce.end(), std::uint8_t{0x90});
  s.ad.resize(ad_len);
  std::iota(s.ad.begin(), s.ad.end(), std::uint8_t{0x11});
  s.pt.resize(pt_len);
  std::iota(s.pt.begin(), s.pt.end(), std::uint8_t{0x23});
  s.ct.resize(pt_len);
  v.encrypt(s.ct, s.tag, s.pt, s.ad, s.nonce, s.key);
  return s;
}

// Opens s; on failure the output must be all zero.
bool opens(const AeadVariant& v, const Sample& s) {
  std::vector<std::uint8_t> out(s.ct.size(), 0xAA);
  const bool ok = v.decrypt(out, s.ct, s.tag, s.ad, s.nonce, s.key);
  if (ok) {
    REQUIRE(out == s.pt);
  } else {
    REQUIRE(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0; }));
  }
  return ok;
}

}  // namespace

TEST_CASE("TinyJAMBU rejects every single-bit change", "[tinyjambu][tamper]") {
  for (const auto& v : pqmul::tinyjambu::aead_variants()) {
    INFO(v.id());
    // Lengths around the 4-byte block boundary, with and without a partial block.
    for (std::size_t len : {0u, 1u, 3u, 4u, 7u, 13u}) {
      const Sample good = make_sample(v, len, len + 1);
      REQUIRE(opens(v, good));
      for (std::size_t bit = 0; bit < 64; ++bit) {
        Sample bad = good;
        bad.tag[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        CHECK_FALSE(opens(v, bad));
      }
      for (std::size_t bit = 0; bit < 8 * good.ct.size(); ++bit) {
        Sample bad = good;
        bad.ct[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        CHECK_FALSE(opens(v, bad));
      }
      for (std::size_t bit = 0; bit < 8 * good.ad.size(); ++bit) {
        Sample bad = good;
        bad.ad[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        CHECK_FALSE(opens(v, bad));
      }
      for (std::size_t bit = 0; bit < 96; ++bit) {
        Sample bad = good;
        bad.nonce[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        CHECK_FALSE(opens(v, bad));
      }
      for (std::size_t bit = 0; bit < 8 * good.key.size(); bit += 7) {
        Sample bad = good;
        bad.key[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        CHECK_FALSE(opens(v, bad));
      }
      // Moving a byte between AD and message must not verify either
      // (the lengths are bound by the frame bits / padding).
      if (!good.ad.empty()) {
        Sample bad = good;
        bad.ad.pop_back();
        CHECK_FALSE(opens(v, bad));
        bad = good;
        bad.ad.push_back(0);
        CHECK_FALSE(opens(v, bad));
      }
      if (!good.ct.empty()) {
        Sample bad = good;
        bad.ct.pop_back();
        CHECK_FALSE(opens(v, bad));
      }
    }
  }
}

TEST_CASE("TinyJAMBU zero-pads partial blocks: a trailing zero byte changes the tag", "[tinyjambu][tamper]") {
  // AD "ab" and "ab 00" give the same padded word; the length bits must tell them apart.
  using A = pqmul::tinyjambu::TinyJambu128;
  const std::array<std::uint8_t, 16> key{};
  const std::array<std::uint8_t, 12> nonce{};
  const std::array<std::uint8_t, 3> ad{0xAB, 0xCD, 0x00};
  std::array<std::uint8_t, 0> none{};
  const auto t2 = A::encrypt(none, none, std::span(ad).first(2), nonce, key);
  const auto t3 = A::encrypt(none, none, ad, nonce, key);
  CHECK(t2 != t3);
}

TEST_CASE("TinyJAMBU encrypts and decrypts in place", "[tinyjambu]") {
  using A = pqmul::tinyjambu::TinyJambu256;
  std::array<std::uint8_t, 32> key{};
  std::iota(key.begin(), key.end(), std::uint8_t{1});
  const std::array<std::uint8_t, 12> nonce{9, 8, 7};
  const std::array<std::uint8_t, 5> ad{1, 2, 3, 4, 5};
  std::vector<std::uint8_t> msg(1001);
  std::iota(msg.begin(), msg.end(), std::uint8_t{0});
  const auto original = msg;

  std::vector<std::uint8_t> separate(msg.size());
  const auto tag_separate = A::encrypt(separate, msg, ad, nonce, key);
  const auto tag = A::encrypt(msg, msg, ad, nonce, key);
  CHECK(tag == tag_separate);
  CHECK(msg == separate);
  REQUIRE(A::decrypt(msg, msg, tag, ad, nonce, key));
  CHECK(msg == original);

  // A failed in-place decryption wipes the buffer.
  A::encrypt(msg, msg, ad, nonce, key);
  auto bad_tag = tag;
  bad_tag[7] ^= 0x80;
  CHECK_FALSE(A::decrypt(msg, msg, bad_tag, ad, nonce, key));
  CHECK(std::all_of(msg.begin(), msg.end(), [](std::uint8_t b) { return b == 0; }));

  // seal/open in the NIST layout.
  std::vector<std::uint8_t> sealed(original.size() + 8), opened(original.size());
  A::seal(sealed, original, ad, nonce, key);
  CHECK(std::equal(sealed.begin(), sealed.end() - 8, separate.begin()));
  CHECK(A::open(opened, sealed, ad, nonce, key));
  CHECK(opened == original);
  CHECK_THROWS_AS(A::seal(std::span(sealed).first(10), original, ad, nonce, key), std::invalid_argument);
}

TEST_CASE("TinyJAMBU run-time table", "[tinyjambu]") {
  CHECK(pqmul::tinyjambu::default_aead("tinyjambu-256").key_bytes == 32);
  CHECK(pqmul::tinyjambu::default_aead("tinyjambu-128").id() == "tinyjambu-128/memcpy-and-inverted-key/portable");
  CHECK_THROWS_AS(pqmul::tinyjambu::default_aead("tinyjambu-64"), std::invalid_argument);
  const auto& v = pqmul::tinyjambu::aead_variants()[0];
  std::array<std::uint8_t, 8> tag{};
  std::array<std::uint8_t, 12> nonce{};
  std::array<std::uint8_t, 15> short_key{};
  CHECK_THROWS_AS(v.encrypt({}, tag, {}, {}, nonce, short_key), std::invalid_argument);
}

}  // namespace pqmul_tests::tinyjambu_test_tamper
