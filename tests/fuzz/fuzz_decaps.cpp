// Decapsulation with arbitrary secret keys and ciphertexts, every scheme.
// Input: scheme pick, build pick, mode; then the secret key and the
// ciphertext. Mode bit 0 clear: both at their exact lengths (stretched or cut
// from the input); set: two 16-bit lengths first, and a wrong one must be
// refused with InvalidInput. A key and ciphertext of the right lengths must
// decapsulate unless check_secret_key refuses the key, to the same shared
// secret with the key check skipped and on every other build of the scheme.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "kem_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pqmul;
  fuzz::InputReader in(data, size);
  const std::size_t index = fuzz::scheme_index(in.byte());
  const std::uint8_t build = in.byte();
  const bool given_lengths = (in.byte() & 1) != 0;
  const Kem& kem = fuzz::portable_kem(index);
  std::vector<std::uint8_t> sk, ct, ss(kem.shared_secret_bytes());
  if (given_lengths) {
    const std::size_t sk_length = in.u16(), ct_length = in.u16();
    const auto sk_bytes = in.bytes(sk_length);
    sk.assign(sk_bytes.begin(), sk_bytes.end());
    const auto ct_bytes = in.bytes(ct_length);
    ct.assign(ct_bytes.begin(), ct_bytes.end());
  } else {
    sk = fuzz::stretched(in.bytes(kem.secret_key_bytes()), kem.secret_key_bytes());
    ct = fuzz::stretched(in.rest(), kem.ciphertext_bytes());
  }

  const bool decapsulated = fuzz::completes<InvalidInput>([&] { kem.decaps(ss, ct, sk); });
  if (sk.size() != kem.secret_key_bytes() || ct.size() != kem.ciphertext_bytes()) {
    fuzz::require(!decapsulated, kem.scheme() + ": decaps accepted a " + std::to_string(sk.size()) +
                                     "-byte secret key and a " + std::to_string(ct.size()) + "-byte ciphertext");
    return 0;
  }
  const bool key_passes = fuzz::completes<InvalidInput>([&] { kem.check_secret_key(sk); });
  fuzz::require(decapsulated == key_passes, kem.scheme() + ": decaps and check_secret_key disagree on a key");
  if (!decapsulated) return 0;

  std::vector<std::uint8_t> again(ss.size());
  fuzz::require(fuzz::completes<>([&] { kem.decaps_checked_key(again, ct, sk); }) && again == ss,
                kem.scheme() + ": decaps_checked_key differs from decaps");
  const Kem& other = fuzz::other_build(index, build);
  std::fill(again.begin(), again.end(), 0);
  fuzz::require(fuzz::completes<>([&] { other.decaps(again, ct, sk); }) && again == ss,
                fuzz::build_name(other) + " decapsulates to another shared secret than " + fuzz::build_name(kem));
  return 0;
}
