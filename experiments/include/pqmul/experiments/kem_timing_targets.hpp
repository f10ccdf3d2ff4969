#pragma once
// The dudect tests of a KEM's operations (timing_classes.hpp): class 0 always
// gets the same secret input, class 1 a fresh random one, and every secret
// input reaches the KEM through its RandomSource or its key and ciphertext
// arguments, exactly as in use.
//   keygen   fixed-vs-random-seed   the randomness keygen draws (seeds d, z, ...)
//   encaps   fixed-vs-random-coins  the coins, to one public key
//   decaps   valid-vs-modified-ct   one secret key; its valid ciphertext, or that
//                                   ciphertext with a random byte changed (implicit rejection)
//   decaps   fixed-vs-random-key    Saber, NTRU: one key pair, or one drawn from a
//                                   pool, with a valid ciphertext to it.
//                                   Kyber, ML-KEM: one key pair with a valid
//                                   ciphertext, or the same ek (rho, t^), H(ek) and
//                                   ciphertext with a random secret part: dk_pke the
//                                   ByteEncode_12 of an s^ uniform in [0, q), and z
//                                   (implicit rejection). Their classes share rho,
//                                   whose matrix is rejection-sampled in public
//                                   variable time.
//   control  early-exit-compare     decaps as valid-vs-modified-ct, then the ciphertext
//                                   compared with the valid one byte by byte until
//                                   the first difference: deliberately variable
//                                   time, what a naive re-encryption check does
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/experiments/timing_classes.hpp"
#include "pqmul/schemes/kem.hpp"

namespace pqmul::experiments {

struct TimingTestName {
  std::string operation, test;
};

// Every test, in the order above.
const std::vector<TimingTestName>& kem_timing_tests();
// keygen, encaps, decaps, control.
std::vector<std::string> kem_timing_operations();

// The key pairs of the fixed-vs-random-key test's pool (Saber, NTRU).
inline constexpr std::size_t timing_key_pool = 32;
// Kyber's and ML-KEM's modulus: the random secret parts' coefficients lie in [0, q).
inline constexpr unsigned kyber_timing_q = 3329;

// The test named `test` (kem_timing_tests()) on `kem`; its keys and
// ciphertexts come from `rng`. Throws std::invalid_argument for another name.
TimingTarget kem_timing_target(std::shared_ptr<const Kem> kem, std::string_view test, std::mt19937_64& rng);

}  // namespace pqmul::experiments
