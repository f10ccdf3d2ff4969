#pragma once
// Helpers of the sampler tests: seeds, and how many candidates of a matrix
// entry's XOF stream the rejection accepts (to find the rare entries that
// need more SHAKE128 blocks).
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"

namespace pqmul::test {

inline std::array<std::uint8_t, 32> random_seed(TestPrng& prng) {
  std::array<std::uint8_t, 32> seed;
  for (auto& b : seed) b = static_cast<std::uint8_t>(prng.next());
  return seed;
}

// Candidates below q among the first `bytes` bytes of SHAKE128(rho || j || i).
inline std::size_t accepted_in(std::span<const std::uint8_t, 32> rho, kyber::MatrixIndex ix, std::size_t bytes) {
  std::vector<std::uint8_t> in(rho.begin(), rho.end()), out(bytes);
  in.push_back(ix.j);
  in.push_back(ix.i);
  keccak::shake128(out, in);
  std::size_t n = 0;
  for (std::size_t b = 0; b + 3 <= bytes; b += 3) {
    const unsigned d1 = out[b] | ((out[b + 1] & 0x0Fu) << 8), d2 = (out[b + 1] >> 4) | (out[b + 2] << 4);
    n += d1 < kyber::q;
    n += d2 < kyber::q;
  }
  return n;
}

}  // namespace pqmul::test
