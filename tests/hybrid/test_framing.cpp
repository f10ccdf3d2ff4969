// The sealed-stream format of pqmul::hybrid, with a stand-in KEM: layout
// rebuilt independently from the documentation, round trips across chunk
// boundaries and multi-megabyte streams, and rejection of tampered,
// truncated, reordered, extended and wrong-scheme inputs.
#include <catch2/catch.hpp>

#include <sstream>
#include <streambuf>

#include "hybrid_support.hpp"
#include "pqmul/schemes/hybrid/hybrid.hpp"

namespace pqmul_tests::hybrid_test_framing {

namespace {
using namespace hybrid_test;
namespace hybrid = pqmul::hybrid;
constexpr std::size_t C = hybrid::chunk_bytes;

struct Keys {
  std::vector<std::uint8_t> pk, sk;
};
Keys keys_for(const pqmul::Kem& kem, std::uint8_t seed = 1) {
  Keys k{std::vector<std::uint8_t>(kem.public_key_bytes()), std::vector<std::uint8_t>(kem.secret_key_bytes())};
  ReplayRandom rng(seed);
  kem.keypair(k.pk, k.sk, rng);
  return k;
}

std::string seal(const pqmul::Kem& kem, const Keys& k, const std::string& plaintext, std::uint8_t seed = 7) {
  std::istringstream in(plaintext);
  std::ostringstream out;
  ReplayRandom rng(seed);
  hybrid::seal(kem, k.pk, in, out, rng);
  return out.str();
}

std::string open(const pqmul::Kem& kem, const Keys& k, const std::string& sealed) {
  std::istringstream in(sealed);
  std::ostringstream out;
  hybrid::open(kem, k.sk, in, out);
  return out.str();
}

std::span<const std::uint8_t> bytes(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// The documented layout, built without pqmul::hybrid's code paths.
std::string seal_by_the_book(const pqmul::Kem& kem, const Keys& k, const std::string& plaintext, std::uint8_t seed) {
  ReplayRandom rng(seed);
  std::vector<std::uint8_t> ct(kem.ciphertext_bytes()), ss(kem.shared_secret_bytes());
  kem.encaps(ct, ss, k.pk, rng);
  std::array<std::uint8_t, 12> nonce{};
  rng.fill(nonce);
  std::string header = "PQMULHYB";
  header += '\x01';
  header += static_cast<char>(kem.scheme().size());
  header += kem.scheme();
  std::string kdf_input = "pqmul-hybrid-v1 tinyjambu-256 key";
  kdf_input.append(ss.begin(), ss.end());
  kdf_input += header;
  kdf_input.append(ct.begin(), ct.end());
  std::array<std::uint8_t, 32> key{};
  pqmul::keccak::shake256(key, bytes(kdf_input));

  std::string out = header;
  out.append(ct.begin(), ct.end());
  out.append(nonce.begin(), nonce.end());
  const std::size_t chunks = plaintext.empty() ? 1 : (plaintext.size() + C - 1) / C;
  for (std::size_t i = 0; i < chunks; ++i) {
    const auto piece = bytes(plaintext).subspan(i * C, std::min(C, plaintext.size() - i * C));
    auto n = nonce;
    n[7] ^= static_cast<std::uint8_t>(i >> 24);
    n[8] ^= static_cast<std::uint8_t>(i >> 16);
    n[9] ^= static_cast<std::uint8_t>(i >> 8);
    n[10] ^= static_cast<std::uint8_t>(i);
    n[11] ^= i + 1 == chunks ? 1 : 0;
    std::vector<std::uint8_t> sealed(piece.size() + 8);
    pqmul::tinyjambu::TinyJambu256::seal(sealed, piece, bytes(header), n, key);
    out.append(sealed.begin(), sealed.end());
  }
  return out;
}

// Streams `size` pattern bytes without holding them.
class PatternSource : public std::streambuf {
 public:
  explicit PatternSource(std::size_t size) : left_(size) {}

 protected:
  int_type underflow() override {
    if (left_ == 0) return traits_type::eof();
    const std::size_t n = std::min(left_, block_.size());
    for (std::size_t i = 0; i < n; ++i) block_[i] = static_cast<char>(counter_++ * 131 + 17);
    left_ -= n;
    setg(block_.data(), block_.data(), block_.data() + n);
    return traits_type::to_int_type(block_[0]);
  }

 private:
  std::size_t left_;
  std::uint64_t counter_ = 0;
  std::array<char, 4093> block_{};  // not a divisor of the chunk size
};

// Absorbs everything written into SHAKE256 instead of storing it.
class DigestSink : public std::streambuf {
 public:
  std::array<std::uint8_t, 32> digest() {
    std::array<std::uint8_t, 32> d{};
    xof_.squeeze(d);
    return d;
  }
  std::size_t size = 0;

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    xof_.absorb({reinterpret_cast<const std::uint8_t*>(s), static_cast<std::size_t>(n)});
    size += static_cast<std::size_t>(n);
    return n;
  }
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    xsputn(&ch, 1);
    return c;
  }

 private:
  pqmul::keccak::Shake256 xof_;
};

}  // namespace

TEST_CASE("hybrid: sealed layout matches the documented format", "[hybrid]") {
  const StandInKem kem;
  const Keys k = keys_for(kem);
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{5}, C - 1, C, C + 1, 2 * C, 2 * C + 3}) {
    INFO("plaintext bytes: " << n);
    const std::string plaintext = pattern(n);
    const std::string sealed = seal(kem, k, plaintext, 9);
    CHECK(sealed.size() == hybrid::sealed_bytes(kem, n));
    CHECK(sealed == seal_by_the_book(kem, k, plaintext, 9));
    CHECK(open(kem, k, sealed) == plaintext);
  }
}

TEST_CASE("hybrid: fresh randomness gives different sealed files", "[hybrid]") {
  const StandInKem kem;
  const Keys k = keys_for(kem);
  const std::string plaintext = pattern(100);
  const std::string a = seal(kem, k, plaintext, 1), b = seal(kem, k, plaintext, 2);
  CHECK(a != b);
  CHECK(open(kem, k, a) == open(kem, k, b));
}

TEST_CASE("hybrid: multi-megabyte streams with bounded buffers", "[hybrid]") {
  const StandInKem kem;
  const Keys k = keys_for(kem);
  const std::size_t n = 3 * 1024 * 1024 + 17;  // 49 chunks, last one partial

  PatternSource source(n);
  std::istream in(&source);
  std::stringstream sealed;
  ReplayRandom rng(3);
  hybrid::seal(kem, k.pk, in, sealed, rng);
  CHECK(sealed.str().size() == hybrid::sealed_bytes(kem, n));

  DigestSink sink;
  std::ostream out(&sink);
  sealed.seekg(0);
  hybrid::open(kem, k.sk, sealed, out);
  CHECK(sink.size == n);

  PatternSource again(n);
  DigestSink expected;
  std::ostream copy(&expected);
  copy << &again;
  CHECK(sink.digest() == expected.digest());
}

TEST_CASE("hybrid: every modification of the sealed input is refused", "[hybrid]") {
  const StandInKem kem;
  const Keys k = keys_for(kem);
  const std::string plaintext = pattern(2 * C + 100);
  const std::string sealed = seal(kem, k, plaintext);
  const std::size_t head = hybrid::header_bytes(kem);  // chunks start here
  const std::size_t chunk = C + 8;
  REQUIRE(open(kem, k, sealed) == plaintext);

  auto refused = [&](const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    CHECK_THROWS_AS(hybrid::open(kem, k.sk, in, out), hybrid::OpenError);
    return out.str();
  };

  SECTION("single bit flips in every field") {
    const std::size_t positions[] = {0,         7,          8,        9,          10,       head - 44,
                                     head - 13, head - 12,  head - 1, head,       head + C, head + chunk - 1,
                                     head + chunk, head + 2 * chunk, sealed.size() - 9, sealed.size() - 1};
    for (std::size_t at : positions) {
      INFO("byte " << at);
      std::string bad = sealed;
      bad[at] = static_cast<char>(bad[at] ^ 0x04);
      const std::string released = refused(bad);
      // Output only ever holds whole chunks that verified before the damage.
      CHECK(released.size() <= (at < head ? 0 : (at - head) / chunk * C));
    }
  }
  SECTION("truncation anywhere, including at chunk boundaries") {
    for (std::size_t length : {std::size_t{0}, std::size_t{5}, std::size_t{10}, head - 1, head, head + 7,
                               head + chunk, head + chunk + 1, head + 2 * chunk, sealed.size() - 1}) {
      INFO("truncated to " << length);
      refused(sealed.substr(0, length));
    }
  }
  SECTION("reordered, dropped, duplicated and appended chunks") {
    const std::string c0 = sealed.substr(head, chunk), c1 = sealed.substr(head + chunk, chunk);
    const std::string last = sealed.substr(head + 2 * chunk), prefix = sealed.substr(0, head);
    refused(prefix + c1 + c0 + last);            // swapped
    refused(prefix + c0 + last);                 // chunk 1 dropped
    refused(prefix + c0 + c0 + c1 + last);       // duplicated
    refused(prefix + c0 + c1 + last + last);     // a copy of the last chunk appended
    refused(sealed + std::string(1, '\0'));      // one byte appended
    refused(prefix + c0 + c1);                   // last chunk dropped (boundary truncation)
  }
  SECTION("the scheme name is checked and authenticated") {
    const StandInKem other("stand-in-kem-2");
    const Keys k2 = keys_for(other);
    std::istringstream in(sealed);
    std::ostringstream out;
    try {
      hybrid::open(other, k2.sk, in, out);
      FAIL("opened a file sealed for another scheme");
    } catch (const hybrid::OpenError& e) {
      CHECK_THAT(e.what(), Catch::Contains("'stand-in-kem'") && Catch::Contains("'stand-in-kem-2'"));
    }
    CHECK(out.str().empty());
  }
  SECTION("the wrong secret key") {
    const Keys other = keys_for(kem, 2);
    std::istringstream in(sealed);
    std::ostringstream out;
    CHECK_THROWS_AS(hybrid::open(kem, other.sk, in, out), hybrid::OpenError);
    CHECK(out.str().empty());
  }
}

TEST_CASE("hybrid: framing helpers", "[hybrid]") {
  const std::array<std::uint8_t, 12> nonce{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  const auto n = hybrid::chunk_nonce(nonce, 0x01020304u, true);
  // index 0x01020304 XORed into bytes 7..10, the last-chunk flag into byte 11.
  const std::array<std::uint8_t, 12> expected{1, 2, 3, 4, 5, 6, 7, 0x08 ^ 0x01, 0x09 ^ 0x02, 0x0A ^ 0x03, 0x0B ^ 0x04, 0x0C ^ 0x01};
  CHECK(n == expected);
  CHECK(hybrid::chunk_nonce(nonce, 0, false) == nonce);
  CHECK(hybrid::header("ml-kem-768") == std::string("PQMULHYB\x01\x0aml-kem-768"));
  CHECK_THROWS_AS(hybrid::header(""), std::invalid_argument);
  const StandInKem kem;
  const Keys k = keys_for(kem);
  std::istringstream in("x");
  std::ostringstream out;
  ReplayRandom rng(1);
  CHECK_THROWS_AS(hybrid::seal(kem, std::span(k.pk).first(31), in, out, rng), pqmul::InvalidInput);
  CHECK_THROWS_AS(hybrid::open(kem, std::span(k.sk).first(63), in, out), pqmul::InvalidInput);
}

}  // namespace pqmul_tests::hybrid_test_framing
