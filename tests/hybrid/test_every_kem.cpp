// pqmul::hybrid over every KEM of the registry: round trips from empty to
// multi-megabyte inputs, a modified KEM ciphertext, and files sealed for one
// scheme offered to another.
#include <catch2/catch.hpp>

#include <sstream>

#include "hybrid_support.hpp"
#include "pqmul/schemes/hybrid/hybrid.hpp"

namespace pqmul_tests::hybrid_test_every_kem {

namespace {
using namespace hybrid_test;
namespace hybrid = pqmul::hybrid;
constexpr std::size_t C = hybrid::chunk_bytes;

struct Party {
  std::unique_ptr<pqmul::Kem> kem;
  std::vector<std::uint8_t> pk, sk;
};

Party party(const std::string& scheme) {
  Party p{pqmul::make_kem(scheme), {}, {}};
  p.pk.resize(p.kem->public_key_bytes());
  p.sk.resize(p.kem->secret_key_bytes());
  ReplayRandom rng(11);
  p.kem->keypair(p.pk, p.sk, rng);
  return p;
}

std::string seal(const Party& p, const std::string& plaintext) {
  std::istringstream in(plaintext);
  std::ostringstream out;
  ReplayRandom rng(static_cast<std::uint8_t>(plaintext.size()));
  hybrid::seal(*p.kem, p.pk, in, out, rng);
  return out.str();
}

std::string open(const Party& p, const std::string& sealed) {
  std::istringstream in(sealed);
  std::ostringstream out;
  hybrid::open(*p.kem, p.sk, in, out);
  return out.str();
}

}  // namespace

TEST_CASE("hybrid: round trips for every registered KEM", "[hybrid][registry]") {
  REQUIRE_FALSE(pqmul::kem_registry().empty());
  const std::string big = pattern(2 * 1024 * 1024 + 5, 3);  // 33 chunks
  for (const auto& entry : pqmul::kem_registry()) {
    INFO(entry.scheme);
    const Party p = party(entry.scheme);
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{4}, C - 1, C, C + 1}) {
      INFO("plaintext bytes: " << n);
      const std::string plaintext = pattern(n, 1);
      const std::string sealed = seal(p, plaintext);
      CHECK(sealed.size() == hybrid::sealed_bytes(*p.kem, n));
      CHECK(open(p, sealed) == plaintext);
    }
    const std::string sealed = seal(p, big);
    CHECK(sealed.size() == hybrid::sealed_bytes(*p.kem, big.size()));
    CHECK(open(p, sealed) == big);
  }
}

TEST_CASE("hybrid: a modified KEM ciphertext is refused (implicit rejection)", "[hybrid][registry]") {
  for (const auto& entry : pqmul::kem_registry()) {
    INFO(entry.scheme);
    const Party p = party(entry.scheme);
    const std::string sealed = seal(p, pattern(300));
    const std::size_t kem_ct_at = hybrid::header(entry.scheme).size();
    for (std::size_t offset : {std::size_t{0}, p.kem->ciphertext_bytes() / 2, p.kem->ciphertext_bytes() - 1}) {
      std::string bad = sealed;
      bad[kem_ct_at + offset] = static_cast<char>(bad[kem_ct_at + offset] ^ 0x01);
      std::istringstream in(bad);
      std::ostringstream out;
      CHECK_THROWS_AS(hybrid::open(*p.kem, p.sk, in, out), hybrid::OpenError);
      CHECK(out.str().empty());
    }
  }
}

TEST_CASE("hybrid: a file sealed for one scheme is refused by every other", "[hybrid][registry]") {
  const auto& entries = pqmul::kem_registry();
  std::vector<Party> parties;
  for (const auto& e : entries) parties.push_back(party(e.scheme));
  for (const auto& sender : parties) {
    const std::string sealed = seal(sender, "attack at dawn");
    for (const auto& receiver : parties) {
      if (receiver.kem->scheme() == sender.kem->scheme()) continue;
      INFO(sender.kem->scheme() << " opened as " << receiver.kem->scheme());
      std::istringstream in(sealed);
      std::ostringstream out;
      CHECK_THROWS_WITH(hybrid::open(*receiver.kem, receiver.sk, in, out),
                        Catch::Contains("sealed for scheme '" + sender.kem->scheme() + "'"));
      CHECK(out.str().empty());
    }
  }
}

}  // namespace pqmul_tests::hybrid_test_every_kem
