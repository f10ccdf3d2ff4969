// Input handling of Saber: wrong lengths throw InvalidInput, a modified
// ciphertext yields the implicit-rejection key, bad multiplier choices are
// refused naming the valid ones; and the encodings and sampler on their own.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/saber/sampling.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul_tests::saber_test_inputs {

namespace {

using Poly = pqmul::saber::SaberPoly;

struct Keys {
  std::vector<std::uint8_t> pk, sk, ct, ss;
};

Keys fresh(const pqmul::Kem& kem, std::uint8_t seed_byte) {
  std::array<std::uint8_t, 48> seed{};
  seed.fill(seed_byte);
  pqmul::NistKatDrbg rng(seed);
  Keys k{std::vector<std::uint8_t>(kem.public_key_bytes()), std::vector<std::uint8_t>(kem.secret_key_bytes()),
         std::vector<std::uint8_t>(kem.ciphertext_bytes()), std::vector<std::uint8_t>(kem.shared_secret_bytes())};
  kem.keypair(k.pk, k.sk, rng);
  kem.encaps(k.ct, k.ss, k.pk, rng);
  return k;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("Saber refuses buffers of the wrong length", "[saber][inputs]") {
  for (const auto& scheme : pqmul::saber::saber_schemes()) {
    INFO(scheme);
    const auto kem = pqmul::saber::make_saber(scheme, "toom4-k2", pqmul::Strategy::cached);
    auto k = fresh(*kem, 1);
    std::array<std::uint8_t, 48> seed{};
    pqmul::NistKatDrbg rng(seed);
    for (auto change : {+[](std::vector<std::uint8_t> v) { v.pop_back(); return v; },
                        +[](std::vector<std::uint8_t> v) { v.push_back(0); return v; }}) {
      auto pk = change(k.pk), sk = change(k.sk), ct = change(k.ct), ss = change(k.ss);
      CHECK_THROWS_AS(kem->keypair(pk, k.sk, rng), pqmul::InvalidInput);
      CHECK_THROWS_AS(kem->keypair(k.pk, sk, rng), pqmul::InvalidInput);
      CHECK_THROWS_AS(kem->encaps(ct, k.ss, k.pk, rng), pqmul::InvalidInput);
      CHECK_THROWS_AS(kem->encaps(k.ct, ss, k.pk, rng), pqmul::InvalidInput);
      CHECK_THROWS_AS(kem->encaps(k.ct, k.ss, pk, rng), pqmul::InvalidInput);
      CHECK_THROWS_AS(kem->decaps(ss, k.ct, k.sk), pqmul::InvalidInput);
      CHECK_THROWS_AS(kem->decaps(k.ss, ct, k.sk), pqmul::InvalidInput);
      CHECK_THROWS_AS(kem->decaps(k.ss, k.ct, sk), pqmul::InvalidInput);
    }
    std::vector<Poly> a(kem->rank()), s(kem->rank()), out(kem->rank());
    CHECK_THROWS_AS(kem->matrix_vector(a, s, out, pqmul::Transpose::no, nullptr), std::invalid_argument);
  }
}

TEST_CASE("a modified Saber ciphertext gives the implicit-rejection key", "[saber][inputs]") {
  for (const auto& scheme : pqmul::saber::saber_schemes()) {
    for (const char* multiplier : {"toom4-k2", "ntt"}) {
      INFO(scheme << " " << multiplier);
      const auto kem = pqmul::saber::make_saber(scheme, multiplier, pqmul::Strategy::cached);
      const auto k = fresh(*kem, 2);
      std::vector<std::uint8_t> ss(32);
      kem->decaps(ss, k.ct, k.sk);
      CHECK(ss == k.ss);
      const std::span<const std::uint8_t> z(k.sk.data() + k.sk.size() - 32, 32);
      for (std::size_t position : {std::size_t{0}, k.ct.size() / 2, k.ct.size() - 1}) {
        auto bad = k.ct;
        bad[position] ^= 0x01;
        kem->decaps(ss, bad, k.sk);
        // K = SHA3-256(z || SHA3-256(c'))
        std::vector<std::uint8_t> preimage(z.begin(), z.end());
        const auto ct_hash = pqmul::keccak::sha3_256(bad);
        preimage.insert(preimage.end(), ct_hash.begin(), ct_hash.end());
        const auto rejection = pqmul::keccak::sha3_256(preimage);
        CHECK(ss == std::vector<std::uint8_t>(rejection.begin(), rejection.end()));
        CHECK(ss != k.ss);
      }
    }
  }
}

// Found by tests/fuzz (fuzz_decaps, fuzz_key_files; regressions/*/saber-secret-out-of-range):
// a secret key whose secret vector leaves the range key generation samples from
// overflowed the modulus of the NTT multipliers, which is sized for sampled
// secrets: an assertion in the debug build, a wrong shared secret in release.
TEST_CASE("Saber refuses a secret key whose secret lies outside [-mu/2, mu/2], with every build", "[saber][inputs]") {
  for (const auto& entry : pqmul::saber_kem_entries()) {
    const auto reference = pqmul::saber::make_saber(entry.scheme, "", pqmul::Strategy::cached);
    const auto k = fresh(*reference, 3);
    const unsigned q = pqmul::SaberRing::q, bound = reference->mu() / 2;
    // Coefficient 0 of s is the low 13 bits of the key's first two bytes.
    const auto with_first = [&](unsigned value) {
      auto sk = k.sk;
      sk[0] = static_cast<std::uint8_t>(value);
      sk[1] = static_cast<std::uint8_t>((sk[1] & 0xe0) | value >> 8);
      return sk;
    };
    const std::vector<std::vector<std::uint8_t>> inside = {with_first(bound), with_first(q - bound)};
    const std::vector<std::vector<std::uint8_t>> outside = {with_first(bound + 1), with_first(q - bound - 1),
                                                            with_first(q / 2)};
    for (const auto& multiplier : entry.multipliers)
      for (auto strategy : entry.strategies)
        for (auto isa : entry.isas(multiplier)) {
          if (!pqmul::isa_available(isa)) continue;
          const auto kem = entry.make_for(multiplier, strategy, isa);
          INFO(kem->id() << " " << to_string(strategy));
          std::vector<std::uint8_t> ss(kem->shared_secret_bytes());
          for (const auto& sk : inside) {
            CHECK_NOTHROW(kem->check_secret_key(sk));
            CHECK_NOTHROW(kem->decaps(ss, k.ct, sk));
          }
          for (const auto& sk : outside) {
            CHECK_THROWS_WITH(kem->check_secret_key(sk), Catch::Contains("outside [-mu/2, mu/2]"));
            CHECK_THROWS_AS(kem->check_secret_key(sk), pqmul::InvalidInput);
            CHECK_THROWS_AS(kem->decaps(ss, k.ct, sk), pqmul::InvalidInput);
          }
        }
  }
}

TEST_CASE("Saber multiplier choices are checked and named", "[saber][inputs]") {
  using pqmul::Strategy;
  CHECK_THROWS_AS(pqmul::saber::make_saber("saber", "fft", Strategy::lazy), std::invalid_argument);
  CHECK(message_of([] { pqmul::saber::make_saber("saber", "fft", Strategy::lazy); }).find("toom4-k2") !=
        std::string::npos);
  CHECK(message_of([] { pqmul::saber::make_saber("hypersaber", "ntt", Strategy::lazy); }).find("firesaber") !=
        std::string::npos);
  // Without parameters, the registry entry's default variant (toom-k's first point set).
  CHECK(pqmul::saber::make_saber("saber", "toom-k", Strategy::lazy)->multiplier() == "toom-k");
  CHECK_THROWS_AS(pqmul::saber::make_saber("saber", "kronecker:depth=2", Strategy::lazy), std::invalid_argument);
  // 32-bit words: the registry's plan, on the generic path.
  CHECK(pqmul::saber::make_saber("saber", "toom4:word=32", Strategy::lazy)->multiplier() == "toom4:word=32");
  CHECK_THROWS_AS(pqmul::saber::make_saber("saber", "toom4:word=64", Strategy::lazy), std::invalid_argument);
  // The NTT's bound follows the secret's range: below mu/2 would be unsound.
  CHECK_THROWS_AS(pqmul::saber::make_saber("saber", "ntt:bound-b=3", Strategy::lazy), std::invalid_argument);
  CHECK_NOTHROW(pqmul::saber::make_saber("saber", "ntt:bound-b=4", Strategy::lazy));
  CHECK_NOTHROW(pqmul::saber::make_saber("firesaber", "ntt:bound-b=3", Strategy::lazy));
  // With q/2 on both sides one prime cannot hold even a single product.
  CHECK_THROWS_AS(pqmul::saber::make_saber("saber", "ntt:bound-b=4096;primes=1", Strategy::eager),
                  std::invalid_argument);
  CHECK_NOTHROW(pqmul::saber::make_saber("saber", "ntt:bound-b=4096", Strategy::cached));
  // An unsound Toom point set for q = 2^13 in 16-bit words.
  CHECK_THROWS_AS(pqmul::saber::make_saber("saber", "toom-k:points=0,1,-1,2,-2,4,inf", Strategy::lazy),
                  std::invalid_argument);
  const auto kem = pqmul::saber::make_saber("lightsaber", "", Strategy::cached);
  CHECK(kem->multiplier() == "toom4-k2");
  CHECK(pqmul::saber::make_saber("saber", "toom-k:points=0,1,-1,-2,inf", Strategy::lazy)->multiplier() ==
        "toom-k:points=0,1,-1,-2,inf");
}

TEST_CASE("saber_kem_entries lists the three sets with every multiplier and strategy", "[saber][inputs]") {
  const auto entries = pqmul::saber_kem_entries();
  REQUIRE(entries.size() == 3);
  const char* headers[] = {"# LightSaber", "# Saber", "# FireSaber"};
  const std::size_t pk_bytes[] = {672, 992, 1312};
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(entries[i].scheme == pqmul::saber::saber_schemes()[i]);
    CHECK(entries[i].family == "saber");
    CHECK(entries[i].kat_header == headers[i]);
    CHECK(entries[i].multipliers.front() == "toom4-k2");
    CHECK(entries[i].strategies.size() == 3);
    const auto kem = entries[i].make("karatsuba", pqmul::Strategy::eager);
    CHECK(kem->public_key_bytes() == pk_bytes[i]);
    CHECK(kem->multiplier() == "karatsuba");
    CHECK_THROWS_AS(entries[i].make("nope", pqmul::Strategy::eager), std::invalid_argument);
  }
}

TEST_CASE("Saber encodings round-trip as little-endian bit streams", "[saber][inputs]") {
  pqmul::test::TestPrng prng(11);
  for (unsigned bits : {1u, 3u, 4u, 6u, 10u, 13u}) {
    INFO(bits);
    Poly p, back;
    for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(prng.below(1u << bits));
    std::vector<std::uint8_t> bytes(bits * 256 / 8);
    pqmul::saber::pack_poly(p, bits, bytes);
    pqmul::saber::unpack_poly(bytes, bits, back);
    CHECK(back == p);
    // Coefficient 0 sits in the lowest bits of byte 0.
    CHECK((bytes[0] & ((1u << std::min(bits, 8u)) - 1)) == (p[0] & ((1u << std::min(bits, 8u)) - 1)));
    CHECK_THROWS_AS(pqmul::saber::pack_poly(p, bits, std::span<std::uint8_t>(bytes).first(bytes.size() - 1)),
                    pqmul::InvalidInput);
  }
  // 13 bits: 8 coefficients in 13 bytes; coefficient 1 starts at bit 13.
  Poly p;
  p[1] = 0x1FFF;
  std::vector<std::uint8_t> bytes(416);
  pqmul::saber::pack_poly(p, 13, bytes);
  CHECK(bytes[0] == 0x00);
  CHECK(bytes[1] == 0xE0);
  CHECK(bytes[2] == 0xFF);
  CHECK(bytes[3] == 0x03);
}

TEST_CASE("centred binomial samples lie in [-mu/2, mu/2] and hit the extremes", "[saber][inputs]") {
  for (unsigned mu : {6u, 8u, 10u}) {
    INFO(mu);
    const std::size_t bytes = mu * 256 / 8;
    Poly s;
    // All ones in the first half of each group and zeros in the second: +mu/2 ...
    std::vector<std::uint8_t> coins(bytes, 0);
    for (std::size_t i = 0; i < 256; ++i)
      for (unsigned k = 0; k < mu / 2; ++k) coins[(i * mu + k) / 8] |= static_cast<std::uint8_t>(1u << ((i * mu + k) % 8));
    pqmul::saber::centred_binomial(coins, mu, s);
    for (auto c : s.coeffs) CHECK(c == mu / 2);
    // ... the complement gives -mu/2, all ones gives 0.
    for (auto& c : coins) c = static_cast<std::uint8_t>(~c);
    pqmul::saber::centred_binomial(coins, mu, s);
    for (auto c : s.coeffs) CHECK(c == 8192 - mu / 2);
    std::fill(coins.begin(), coins.end(), 0xFF);
    pqmul::saber::centred_binomial(coins, mu, s);
    for (auto c : s.coeffs) CHECK(c == 0);
    // Random coins stay in range.
    std::array<std::uint8_t, 32> seed{};
    std::vector<Poly> v(3);
    pqmul::saber::gen_secret(seed, mu, v);
    for (const auto& poly : v)
      for (auto c : poly.coeffs) CHECK((c <= mu / 2 || c >= 8192 - mu / 2));
  }
}

// The definitions, bit by bit: coefficient i's bit k is bit i * bits + k of
// the little-endian stream. Every width the packing accepts (those the KEMs
// use run fixed-width groups of eight, the others a bit buffer), and every
// even mu of the binomial, with the portable kernels and this CPU's best.
TEST_CASE("Saber packing and the binomial at every width equal their bit-by-bit definitions", "[saber][inputs]") {
  pqmul::test::TestPrng prng(0x5ab3);
  const auto bit_of = [](const std::vector<std::uint8_t>& bytes, std::size_t at) { return (bytes[at / 8] >> (at % 8)) & 1u; };
  for (const auto* kernels : {&pqmul::saber::portable_saber_kernels(), &pqmul::saber::saber_kernels(pqmul::best_isa())}) {
    for (unsigned bits = 1; bits <= 16; ++bits) {
      INFO("bits " << bits);
      Poly p, back;
      for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(prng.below(1u << 16));
      std::vector<std::uint8_t> bytes(bits * 256 / 8), expected(bits * 256 / 8, 0);
      for (std::size_t i = 0; i < 256; ++i)
        for (unsigned k = 0; k < bits; ++k)
          expected[(i * bits + k) / 8] |= static_cast<std::uint8_t>(((p[i] >> k) & 1u) << ((i * bits + k) % 8));
      pqmul::saber::pack_poly(p, bits, bytes, *kernels);
      CHECK(bytes == expected);
      for (auto& b : bytes) b = static_cast<std::uint8_t>(prng.below(256));
      pqmul::saber::unpack_poly(bytes, bits, back, *kernels);
      bool all_equal = true;
      for (std::size_t i = 0; i < 256; ++i) {
        unsigned value = 0;
        for (unsigned k = 0; k < bits; ++k) value |= bit_of(bytes, i * bits + k) << k;
        all_equal = all_equal && back[i] == value;
      }
      CHECK(all_equal);
    }
    for (unsigned mu = 2; mu <= 16; mu += 2) {
      INFO("mu " << mu);
      std::vector<std::uint8_t> coins(mu * 256 / 8);
      for (auto& b : coins) b = static_cast<std::uint8_t>(prng.below(256));
      Poly s;
      pqmul::saber::centred_binomial(coins, mu, s, *kernels);
      bool all_equal = true;
      for (std::size_t i = 0; i < 256; ++i) {
        int value = 0;
        for (unsigned k = 0; k < mu; ++k) value += (k < mu / 2 ? 1 : -1) * static_cast<int>(bit_of(coins, i * mu + k));
        all_equal = all_equal && s[i] == static_cast<std::uint16_t>((value + 8192) % 8192);
      }
      CHECK(all_equal);
    }
  }
}

}  // namespace pqmul_tests::saber_test_inputs
