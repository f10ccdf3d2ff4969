// The inputs of the KEM timing tests' classes: Kyber's and ML-KEM's random-key
// class keeps every public part of the fixed key and varies only the secret one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <span>
#include <vector>

#include "pqmul/experiments/kem_timing_targets.hpp"

namespace pqmul_tests::experiments_test_kem_timing_targets {

using namespace pqmul;
using namespace pqmul::experiments;

TEST_CASE("kem timing targets: Kyber's and ML-KEM's random key shares ek, H(ek) and the ciphertext") {
  for (const char* scheme : {"kyber512", "ml-kem-768", "ml-kem-1024"}) {
    INFO(scheme);
    std::shared_ptr<const Kem> kem = make_kem(scheme, "ntt", {}, Isa::portable);
    std::mt19937_64 rng(7);
    const TimingTarget t = kem_timing_target(kem, "fixed-vs-random-key", rng);
    const std::size_t sk_bytes = kem->secret_key_bytes(), dk_pke_bytes = sk_bytes - kem->public_key_bytes() - 64;
    REQUIRE(t.input_bytes == sk_bytes + kem->ciphertext_bytes());
    std::vector<std::uint8_t> fixed(t.input_bytes), other(t.input_bytes), again(t.input_bytes);
    t.prepare(0, fixed, rng);
    t.prepare(1, other, rng);
    t.prepare(1, again, rng);
    const auto from = [](const std::vector<std::uint8_t>& v, std::size_t a, std::size_t b) {
      const auto span = std::span<const std::uint8_t>(v).subspan(a, b - a);
      return std::vector<std::uint8_t>(span.begin(), span.end());
    };
    // ek and H(ek) (between dk_pke and z), and the ciphertext after the key: the same in both classes.
    CHECK(from(other, dk_pke_bytes, sk_bytes - 32) == from(fixed, dk_pke_bytes, sk_bytes - 32));
    CHECK(from(other, sk_bytes, t.input_bytes) == from(fixed, sk_bytes, t.input_bytes));
    // dk_pke and z: fresh in each random key.
    CHECK(from(other, 0, dk_pke_bytes) != from(fixed, 0, dk_pke_bytes));
    CHECK(from(other, 0, dk_pke_bytes) != from(again, 0, dk_pke_bytes));
    CHECK(from(other, sk_bytes - 32, sk_bytes) != from(again, sk_bytes - 32, sk_bytes));
    // dk_pke is ByteEncode_12 of coefficients below q, spread over [0, q).
    unsigned largest = 0;
    for (std::size_t i = 0; i < dk_pke_bytes; i += 3) {
      const unsigned a = other[i] | (other[i + 1] & 0x0fu) << 8, b = other[i + 1] >> 4 | other[i + 2] << 4;
      CHECK(a < kyber_timing_q);
      CHECK(b < kyber_timing_q);
      largest = std::max({largest, a, b});
    }
    CHECK(largest > kyber_timing_q - 100);
    // The key passes the decapsulation-key check, and decapsulation runs with it.
    const auto key = std::span<const std::uint8_t>(other).first(sk_bytes);
    CHECK_NOTHROW(kem->check_secret_key(key));
    CHECK_NOTHROW(t.run(other));
    std::vector<std::uint8_t> ss_fixed(kem->shared_secret_bytes()), ss_other(kem->shared_secret_bytes());
    kem->decaps(ss_fixed, std::span<const std::uint8_t>(fixed).subspan(sk_bytes),
                std::span<const std::uint8_t>(fixed).first(sk_bytes));
    kem->decaps(ss_other, std::span<const std::uint8_t>(other).subspan(sk_bytes), key);
    CHECK(ss_fixed != ss_other);
  }
}

TEST_CASE("kem timing targets: Saber's and NTRU's random key is another key pair of the pool") {
  for (const char* scheme : {"saber", "ntruhps2048509"}) {
    INFO(scheme);
    std::shared_ptr<const Kem> kem = make_kem(scheme, {}, {}, Isa::portable);
    std::mt19937_64 rng(7);
    const TimingTarget t = kem_timing_target(kem, "fixed-vs-random-key", rng);
    std::vector<std::uint8_t> fixed(t.input_bytes), other(t.input_bytes);
    t.prepare(0, fixed, rng);
    bool differs = false;
    for (int i = 0; i < 8 && !differs; ++i) {
      t.prepare(1, other, rng);
      differs = other != fixed;
    }
    CHECK(differs);
    CHECK_NOTHROW(t.run(other));
  }
}

}  // namespace pqmul_tests::experiments_test_kem_timing_targets
