// The KEM interface: round trips, malformed lengths refused with
// InvalidInput, and implicit rejection of invalid ciphertexts.
#include <catch2/catch.hpp>

#include <map>
#include <random>

#include "kat_support.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/ntru/factory.hpp"
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/pack.hpp"
#include "pqmul/schemes/ntru/sample.hpp"
#include "test_support.hpp"

namespace pqmul_tests::ntru_test_kem {

using namespace pqmul::ntru;

namespace {

struct Keys {
  std::vector<std::uint8_t> pk, sk, ct, ss;
};

Keys make_keys(const pqmul::Kem& kem, std::size_t count) {
  Keys k{std::vector<std::uint8_t>(kem.public_key_bytes()), std::vector<std::uint8_t>(kem.secret_key_bytes()),
         std::vector<std::uint8_t>(kem.ciphertext_bytes()), std::vector<std::uint8_t>(kem.shared_secret_bytes())};
  pqmul::NistKatDrbg rng(ntru_test::kat_seeds().at(count));
  kem.keypair(k.pk, k.sk, rng);
  kem.encaps(k.ct, k.ss, k.pk, rng);
  return k;
}

std::vector<std::uint8_t> rejection_key(const Keys& k, const std::vector<std::uint8_t>& ct) {
  std::vector<std::uint8_t> input(k.sk.end() - 32, k.sk.end());
  input.insert(input.end(), ct.begin(), ct.end());
  const auto key = pqmul::keccak::sha3_256(input);
  return {key.begin(), key.end()};
}

std::vector<std::uint8_t> decaps(const pqmul::Kem& kem, const Keys& k, const std::vector<std::uint8_t>& ct) {
  std::vector<std::uint8_t> ss(kem.shared_secret_bytes());
  kem.decaps(ss, ct, k.sk);
  return ss;
}

}  // namespace

TEST_CASE("ntru round trip with system randomness", "[ntru][kem]") {
  pqmul::SystemRandom rng;
  for (const auto& e : pqmul::ntru_kem_entries()) {
    INFO(e.scheme);
    const auto kem = e.make("", pqmul::Strategy::eager);
    CHECK(kem->scheme() == e.scheme);
    CHECK(kem->multiplier() == e.multipliers.front());
    std::vector<std::uint8_t> pk(kem->public_key_bytes()), sk(kem->secret_key_bytes()),
        ct(kem->ciphertext_bytes()), ss(32), ss2(32);
    kem->keypair(pk, sk, rng);
    kem->encaps(ct, ss, pk, rng);
    kem->decaps(ss2, ct, sk);
    CHECK(ss == ss2);
  }
}

TEST_CASE("ntru refuses malformed lengths and unknown choices", "[ntru][kem]") {
  pqmul::SystemRandom rng;
  for (const auto& e : pqmul::ntru_kem_entries()) {
    INFO(e.scheme);
    const auto kem = e.make("karatsuba", pqmul::Strategy::eager);
    const std::size_t pkb = kem->public_key_bytes(), skb = kem->secret_key_bytes(), ctb = kem->ciphertext_bytes();
    std::vector<std::uint8_t> pk(pkb), sk(skb), ct(ctb), ss(32), shorter(pkb - 1), longer(skb + 1), ss31(31);
    CHECK_THROWS_AS(kem->keypair(shorter, sk, rng), pqmul::InvalidInput);
    CHECK_THROWS_AS(kem->keypair(pk, longer, rng), pqmul::InvalidInput);
    CHECK_THROWS_AS(kem->encaps(ct, ss, shorter, rng), pqmul::InvalidInput);
    CHECK_THROWS_AS(kem->encaps(shorter, ss, pk, rng), pqmul::InvalidInput);
    CHECK_THROWS_AS(kem->encaps(ct, ss31, pk, rng), pqmul::InvalidInput);
    CHECK_THROWS_AS(kem->decaps(ss, std::vector<std::uint8_t>(ctb + 1), sk), pqmul::InvalidInput);
    CHECK_THROWS_AS(kem->decaps(ss, ct, std::vector<std::uint8_t>(skb - 1)), pqmul::InvalidInput);
    CHECK_THROWS_AS(kem->decaps(ss31, ct, sk), pqmul::InvalidInput);
    CHECK_THROWS_AS(e.make("fft", pqmul::Strategy::eager), std::invalid_argument);
    CHECK_THROWS_AS(e.make("toom-k:points=0,1", pqmul::Strategy::eager), std::invalid_argument);
    CHECK_THROWS_AS(e.make("ntt:primes=3", pqmul::Strategy::eager), std::invalid_argument);
    CHECK_THROWS_AS(e.make("karatsuba", pqmul::Strategy::lazy), std::invalid_argument);
    CHECK(e.make("toom-k:points=0,1,-1,2,inf", pqmul::Strategy::eager)->multiplier() == "toom-k:points=0,1,-1,2,inf");
  }
}

TEST_CASE("ntru modified ciphertexts give the implicit-rejection key", "[ntru][kem]") {
  for (const auto& e : pqmul::ntru_kem_entries()) {
  // The portable KEM, and the toom4-k4 SIMD versions this CPU runs (their
  // decapsulation hashes differently: AVX-512 runs both hashes on the lanes).
  std::vector<std::unique_ptr<pqmul::Kem>> kems;
  kems.push_back(e.make("", pqmul::Strategy::eager));
  if (e.simd_isas)
    for (const pqmul::Isa isa : e.simd_isas("toom4-k4"))
      if (pqmul::isa_available(isa)) kems.push_back(e.make_simd("toom4-k4", pqmul::Strategy::eager, isa));
  for (const auto& kem_ptr : kems) {
    const auto& kem = kem_ptr;
    INFO(e.scheme << " " << kem->isa());
    const Keys k = make_keys(*kem, 0);
    CHECK(decaps(*kem, k, k.ct) == k.ss);
    for (std::size_t position : {std::size_t{0}, k.ct.size() / 2, k.ct.size() - 2}) {
      auto modified = k.ct;
      modified[position] ^= 0x04;
      const auto ss = decaps(*kem, k, modified);
      CHECK(ss != k.ss);
      CHECK(ss == rejection_key(k, modified));
    }
    // Bits beyond the last coefficient must be zero.
    const std::map<std::string, unsigned> packed_bits = {
        {"ntruhps2048509", 11 * 508}, {"ntruhps2048677", 11 * 676}, {"ntruhps4096821", 12 * 820}, {"ntruhrss701", 13 * 700}};
    const unsigned used = packed_bits.at(e.scheme) % 8;
    if (used != 0) {
      auto modified = k.ct;
      modified.back() = static_cast<std::uint8_t>(modified.back() | 0x80);
      CHECK(decaps(*kem, k, modified) == rejection_key(k, modified));
    }
  }
  }
}

TEST_CASE("ntru HPS rejects a message of the wrong weight", "[ntru][kem]") {
  using P = Hps2048509;
  using R = P::ring;
  const auto kem = make_kem<P>("toom4-k2");
  const auto& scheme = dynamic_cast<const NtruKem<P, pqmul::ToomCook<R>>&>(*kem).typed();
  const Keys k = make_keys(*kem, 1);
  std::mt19937_64 rng(9);
  const S3<P> r = ntru_test::random_s3<P>(rng);
  S3<P> m = ntru_test::random_s3<P>(rng);  // i.i.d., not of fixed type
  std::vector<std::uint8_t> ct(P::ciphertext_bytes);
  scheme.owcpa_encrypt(std::span<std::uint8_t, P::ciphertext_bytes>(ct), r, m,
                       std::span<const std::uint8_t, P::public_key_bytes>(k.pk));
  CHECK(decaps(*kem, k, ct) == rejection_key(k, ct));
  // The same r with a fixed-type m is accepted and decrypts to H(r, m).
  std::array<std::uint8_t, P::fixed_type_bytes> coins{};
  ntru_test::random_bytes(coins, rng);
  m = sample_fixed_type<P>(coins);
  scheme.owcpa_encrypt(std::span<std::uint8_t, P::ciphertext_bytes>(ct), r, m,
                       std::span<const std::uint8_t, P::public_key_bytes>(k.pk));
  std::array<std::uint8_t, P::message_bytes> rm{};
  pack_s3<P>(r, std::span(rm).first<P::trinary_bytes>());
  pack_s3<P>(m, std::span(rm).subspan<P::trinary_bytes>());
  const auto expected = pqmul::keccak::sha3_256(rm);
  CHECK(decaps(*kem, k, ct) == std::vector<std::uint8_t>(expected.begin(), expected.end()));
}

}  // namespace pqmul_tests::ntru_test_kem
