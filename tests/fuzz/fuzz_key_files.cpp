// Key files (`pqmul encaps --pk`, `pqmul decaps --sk`, seal, open) of every
// scheme. Input: scheme pick, build pick, mode, then the key. Mode bit 0:
// a secret key (else a public one); bit 1: the key stretched or cut to its
// exact length (else as long as the input). The key check refuses with
// InvalidInput or passes a key of the exact length; encapsulation and
// decapsulation agree with it, give the same bytes with the check skipped,
// and on every other build of the scheme.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "kem_support.hpp"

namespace {

using pqmul::Kem;
namespace fuzz = pqmul::fuzz;

struct Encapsulation {
  std::vector<std::uint8_t> ct, ss;
  bool operator==(const Encapsulation&) const = default;
};

// With the KAT generator's randomness, so every run and build draws the same coins.
template <class Encaps>
Encapsulation encapsulate(const Kem& kem, Encaps&& encaps) {
  Encapsulation e{std::vector<std::uint8_t>(kem.ciphertext_bytes()),
                  std::vector<std::uint8_t>(kem.shared_secret_bytes())};
  auto rng = fuzz::kat_count0_drbg();
  encaps(e, rng);
  return e;
}

void check_public_key(std::size_t index, const Kem& other, const std::vector<std::uint8_t>& pk) {
  const Kem& kem = fuzz::portable_kem(index);
  const bool passes = fuzz::completes<pqmul::InvalidInput>([&] { kem.check_public_key(pk); });
  Encapsulation sent;
  const bool encapsulated = fuzz::completes<pqmul::InvalidInput>([&] {
    sent = encapsulate(kem, [&](Encapsulation& e, pqmul::RandomSource& rng) { kem.encaps(e.ct, e.ss, pk, rng); });
  });
  fuzz::require(passes == encapsulated, kem.scheme() + ": encaps and check_public_key disagree on a key");
  if (!passes) return;
  fuzz::require(pk.size() == kem.public_key_bytes(),
                kem.scheme() + ": a public key of " + std::to_string(pk.size()) + " bytes passes the check");
  Encapsulation again;
  fuzz::require(fuzz::completes<>([&] {
                  again = encapsulate(kem, [&](Encapsulation& e, pqmul::RandomSource& rng) {
                    kem.encaps_checked_key(e.ct, e.ss, pk, rng);
                  });
                }) &&
                    again == sent,
                kem.scheme() + ": encaps_checked_key differs from encaps");
  fuzz::require(fuzz::completes<>([&] {
                  again = encapsulate(
                      other, [&](Encapsulation& e, pqmul::RandomSource& rng) { other.encaps(e.ct, e.ss, pk, rng); });
                }) &&
                    again == sent,
                fuzz::build_name(other) + " encapsulates to other bytes than " + fuzz::build_name(kem));
}

void check_secret_key(std::size_t index, const Kem& other, const std::vector<std::uint8_t>& sk) {
  const Kem& kem = fuzz::portable_kem(index);
  const bool passes = fuzz::completes<pqmul::InvalidInput>([&] { kem.check_secret_key(sk); });
  // The ciphertext the fixed key pair's public key gets (the secret key is usually another one).
  const auto& pair = fuzz::fixed_key_pair(index);
  const auto sent =
      encapsulate(kem, [&](Encapsulation& e, pqmul::RandomSource& rng) { kem.encaps(e.ct, e.ss, pair.pk, rng); });
  std::vector<std::uint8_t> ss(kem.shared_secret_bytes());
  const bool decapsulated = fuzz::completes<pqmul::InvalidInput>([&] { kem.decaps(ss, sent.ct, sk); });
  fuzz::require(passes == decapsulated, kem.scheme() + ": decaps and check_secret_key disagree on a key");
  if (!passes) return;
  fuzz::require(sk.size() == kem.secret_key_bytes(),
                kem.scheme() + ": a secret key of " + std::to_string(sk.size()) + " bytes passes the check");
  std::vector<std::uint8_t> again(ss.size());
  fuzz::require(fuzz::completes<>([&] { kem.decaps_checked_key(again, sent.ct, sk); }) && again == ss,
                kem.scheme() + ": decaps_checked_key differs from decaps");
  std::fill(again.begin(), again.end(), 0);
  fuzz::require(fuzz::completes<>([&] { other.decaps(again, sent.ct, sk); }) && again == ss,
                fuzz::build_name(other) + " decapsulates to another shared secret than " + fuzz::build_name(kem));
  if (sk == pair.sk) fuzz::require(ss == sent.ss, kem.scheme() + ": the fixed key pair does not agree");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::InputReader in(data, size);
  const std::size_t index = fuzz::scheme_index(in.byte());
  const Kem& other = fuzz::other_build(index, in.byte());
  const std::uint8_t mode = in.byte();
  const bool secret = (mode & 1) != 0, exact = (mode & 2) != 0;
  const Kem& kem = fuzz::portable_kem(index);
  const auto bytes = in.rest();
  const std::size_t length = secret ? kem.secret_key_bytes() : kem.public_key_bytes();
  const auto key = exact ? fuzz::stretched(bytes, length) : std::vector<std::uint8_t>(bytes.begin(), bytes.end());
  if (secret)
    check_secret_key(index, other, key);
  else
    check_public_key(index, other, key);
  return 0;
}
