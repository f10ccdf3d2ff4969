#pragma once
// Test doubles for the hybrid tests: a deterministic random source and a
// stand-in KEM that exercises the framing without a lattice KEM.
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/kem.hpp"

namespace hybrid_test {

// SHAKE256(seed) as an endless byte stream: reproducible randomness.
class ReplayRandom final : public pqmul::RandomSource {
 public:
  explicit ReplayRandom(std::uint8_t seed) {
    const std::array<std::uint8_t, 1> s{seed};
    xof_.absorb(s);
  }
  void fill(std::span<std::uint8_t> out) override { xof_.squeeze(out); }

 private:
  pqmul::keccak::Shake256 xof_;
};

// NOT a secure KEM (the public key unmasks the ciphertext): only a stand-in
// with the Kem interface, so framing tests do not depend on a lattice KEM.
// sk = s || pk, pk = SHAKE256(s); encaps: r random, ct = r ^ pk,
// ss = SHAKE256("ss" || r). A modified ciphertext yields another ss, like
// implicit rejection.
class StandInKem final : public pqmul::Kem {
 public:
  explicit StandInKem(std::string name = "stand-in-kem") : name_(std::move(name)) {}
  std::string scheme() const override { return name_; }
  std::string multiplier() const override { return "none"; }
  pqmul::Strategy strategy() const override { return pqmul::Strategy::eager; }
  std::string isa() const override { return "portable"; }
  std::size_t public_key_bytes() const override { return 32; }
  std::size_t secret_key_bytes() const override { return 64; }
  std::size_t ciphertext_bytes() const override { return 32; }
  std::size_t shared_secret_bytes() const override { return 32; }

  void keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, pqmul::RandomSource& rng) const override {
    rng.fill(sk.first(32));
    pqmul::keccak::shake256(pk, sk.first(32));
    std::copy(pk.begin(), pk.end(), sk.begin() + 32);
  }
  void encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
              pqmul::RandomSource& rng) const override {
    std::array<std::uint8_t, 32> r{};
    rng.fill(r);
    for (std::size_t i = 0; i < 32; ++i) ct[i] = r[i] ^ pk[i];
    shared(ss, r);
  }
  void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
              std::span<const std::uint8_t> sk) const override {
    std::array<std::uint8_t, 32> r{};
    for (std::size_t i = 0; i < 32; ++i) r[i] = ct[i] ^ sk[32 + i];
    shared(ss, r);
  }

 private:
  static void shared(std::span<std::uint8_t> ss, std::span<const std::uint8_t> r) {
    std::array<std::uint8_t, 34> in{'s', 's'};
    std::copy(r.begin(), r.end(), in.begin() + 2);
    pqmul::keccak::shake256(ss, in);
  }
  std::string name_;
};

// Deterministic plaintext of any length.
inline std::string pattern(std::size_t n, std::uint8_t salt = 0) {
  std::string s(n, '\0');
  std::uint32_t x = 0x9E3779B9u ^ salt;
  for (auto& c : s) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    c = static_cast<char>(x);
  }
  return s;
}

}  // namespace hybrid_test
