// The constant-time check of the KEMs: keygen, encaps and decaps (of the
// valid ciphertext and of a modified one) of every (scheme, multiplier, ISA,
// strategy) the registry offers for secrets, portable and AVX2, with the
// randomness marked undefined for valgrind's memcheck. Every secret derived
// from it (keys, coins, m', shared secrets) stays undefined, so memcheck
// reports each branch, memory index or system call that depends on one. The
// public outputs (public key, ciphertext) are declassified here, and the
// values the standards make public inside the KEMs (rho, the public key)
// where they are computed (secret_marks.hpp).
//
// ctest runs it under `valgrind --error-exitcode=97`: any report fails the
// test. AVX-512 code is left out (Debian 12's valgrind cannot execute it; the
// statistical timing test covers it), as are the variable-time multipliers
// the registry marks (they are refused for secrets).
// Without valgrind the marks do nothing: the program runs every combination
// and checks that the shared secrets agree.
// `--variable-time-only` runs the variable-time multipliers instead: the
// control, which memcheck must report (ctest expects its error status), so
// the test cannot pass because the marks reach nobody.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "pqmul/schemes/common/secret_marks.hpp"
#include "pqmul/schemes/kem.hpp"
#include "secret_kems.hpp"

namespace {

// Deterministic bytes, marked secret as they are handed out.
class SecretRandom final : public pqmul::RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override {
    for (auto& b : out) {
      state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
      b = static_cast<std::uint8_t>(state_ >> 56);
    }
    pqmul::ct::mark_secret(out);
  }

 private:
  std::uint64_t state_ = 0x243F6A8885A308D3ull;
};

// One run of the three operations; false if the shared secrets disagree.
bool run(const pqmul::Kem& kem) {
  SecretRandom rng;
  std::vector<std::uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes());
  std::vector<std::uint8_t> ss(kem.shared_secret_bytes()), ss_decaps(ss.size()), ss_rejected(ss.size());
  kem.keypair(pk, sk, rng);
  pqmul::ct::declassify(std::span<const std::uint8_t>(pk));  // the public key is published
  kem.encaps(ct, ss, pk, rng);
  pqmul::ct::declassify(std::span<const std::uint8_t>(ct));  // so is the ciphertext
  kem.decaps(ss_decaps, ct, sk);
  ct[ct.size() / 2] ^= 1;  // a modified ciphertext: implicit rejection
  kem.decaps(ss_rejected, ct, sk);
  // The check below compares secrets: it is the test's, not the KEM's.
  for (auto* s : {&ss, &ss_decaps, &ss_rejected}) pqmul::ct::declassify(std::span<const std::uint8_t>(*s));
  return ss == ss_decaps && ss != ss_rejected;
}

}  // namespace

int main(int argc, char** argv) {
  using pqmul::Isa;
  pqmul::security_tests::SecretKemFilter filter;
  filter.variable_time_only = argc > 1 && std::string(argv[1]) == "--variable-time-only";
  filter.isas = {Isa::portable, Isa::avx2};
  int combinations = 0, failures = 0, avx2 = 0;
  std::map<std::string, int> by_family;
  pqmul::security_tests::for_each_secret_kem(filter, [&](const pqmul::KemEntry& entry, const pqmul::Kem& kem) {
    ++combinations;
    avx2 += kem.isa() == pqmul::isa_name(Isa::avx2);
    ++by_family[entry.family];
    const std::string strategy(pqmul::to_string(kem.strategy()));
    try {
      if (!run(kem)) {
        ++failures;
        std::printf("shared secrets disagree: %s %s\n", kem.id().c_str(), strategy.c_str());
      }
    } catch (const std::exception& e) {
      ++failures;
      std::printf("%s %s: %s\n", kem.id().c_str(), strategy.c_str(), e.what());
    }
  });
  std::printf(
      "%d combinations (scheme x multiplier x ISA x strategy; %d of them AVX2), keygen, encaps, decaps of "
      "the ciphertext and of a modified one each\n",
      combinations, avx2);
  for (const auto& [family, count] : by_family) std::printf("  %s: %d\n", family.c_str(), count);
  return failures == 0 && combinations > 0 ? 0 : 1;
}
