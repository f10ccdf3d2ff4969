// K-PKE.KeyGen's Keccak work for k = 2 on the 4-way lanes
// (sample_keygen_k2_in_lanes, see sampling_multiway.hpp).
//
// The schedule (lanes 0 to 3; A_rc = A^[r, c]; b1, b2, ...: the permutation
// giving a sponge's first, second, ... block):
//   step 1: A_00 b1 | A_01 b1 | s_0 b1  | s_1 b1
//   step 2: A_00 b2 | A_01 b2 | s_0 b2  | e_0 b1    (s_1's state set aside)
//   step 3: A_00 b3 | A_01 b3 | s_1 b2  | e_0 b2    (s_1 back, in s_0's lane)
//           -> t^[0] (part 0)
//   step 4: H b1    | A_10 b1 | A_11 b1 | e_1 b1
//   step 5: H b2    | A_10 b2 | A_11 b2 | e_1 b2    -> t^[1][0, 128) (part 1)
//   step 6: H b3    | A_10 b3 | A_11 b3 | -         -> t^[1][128, 256) (part 2)
//   steps 7 to 9: H b4 to b6 alone.
// Why this one: H(ek) is the longest chain (6 blocks) and starts only on
// ek's first row, which needs five chains of two blocks (s_0, s_1, e_0 and
// A_00, A_01 for half a row) - more than two steps of four lanes hold - so
// three steps, the third finishing A^'s first row, with one noise chain moved
// between lanes; from then on every step hashes. As t^ is coefficient-wise
// in the NTT domain, two blocks of the second row's entries (224 candidates)
// already give H its third block (which ends 16 coefficients into t^[1]).
// 9 permutations after G instead of 11.
//
// Everything here depends on public data only (rho, and lengths), apart from
// the Keccak states and the sampled noise, which no branch or index reads.
#include <array>
#include <cstring>

#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"
#include "pqmul/schemes/common/little_endian.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "sampling_shared.hpp"

namespace pqmul::kyber {
namespace {

using namespace sampling;

constexpr std::size_t lanes = 4, state_words = 25;
constexpr std::size_t entry_words = shake128_rate / 8, entry_bytes = first_blocks * shake128_rate;
constexpr std::size_t prf_rate = keccak::shake256_rate, prf_words = prf_rate / 8;
constexpr std::size_t eta1 = 3, noise_bytes = 64 * eta1, noise_tail_words = (noise_bytes - prf_rate) / 8;
constexpr std::size_t hash_rate = keccak::sha3_256_rate, hash_words = hash_rate / 8, ek_bytes = 800;
constexpr std::size_t half_row = 128;
static_assert(noise_bytes > prf_rate && noise_bytes <= 2 * prf_rate, "eta1 = 3: two PRF blocks per polynomial");

// The state in lane `lane` of the interleaved states, out and in.
void copy_out(std::array<std::uint64_t, state_words>& to, const std::uint64_t* states, std::size_t lane) {
  for (std::size_t i = 0; i < state_words; ++i) to[i] = states[lanes * i + lane];
}
void copy_in(std::uint64_t* states, std::size_t lane, const std::array<std::uint64_t, state_words>& from) {
  for (std::size_t i = 0; i < state_words; ++i) states[lanes * i + lane] = from[i];
}

// The matrix entry whose sponge is in `lane`, short after its first blocks
// (about one entry in a hundred), continued block by block on the
// single-state permutation until it has 256 coefficients.
void finish_entry(const std::uint64_t* states, std::size_t lane, KPoly& entry, std::size_t filled,
                  keccak::Permutation permute, const PolyKernels& kernels) {
  std::array<std::uint64_t, state_words> state;
  copy_out(state, states, lane);
  std::uint8_t block[shake128_rate];
  while (filled < 256) {
    permute(state);
    for (std::size_t w = 0; w < entry_words; ++w) store_le64(block + 8 * w, state[w]);
    filled = kernels.rej_uniform(entry, filled, block, shake128_rate);
  }
}

}  // namespace

bool sample_keygen_k2_in_lanes(std::span<const std::uint8_t, 32> rho, std::span<const std::uint8_t, 32> sigma,
                               std::span<KPoly, 4> matrix, std::span<KPoly, 4> noise,
                               std::span<const std::uint8_t, 800> ek, std::span<std::uint8_t, 32> ek_digest,
                               const EncodePart& encode, std::optional<Isa> isa) {
  const Isa wanted = wanted_isa(isa);
  const keccak::KeccakKernels& kernels_x4 = keccak::keccak_kernels(wanted);
  const PolyKernels& kernels = poly_kernels(wanted);
  const keccak::Permutation permute_one = kernels_x4.permute_x1.fn;

  // Seed blocks, padded: entry 2 r + c absorbs rho || c || r (A^[r, c]),
  // noise polynomial t absorbs sigma || t. (Copies of one padded template
  // each: whole-block copies, not a fill per block.)
  alignas(32) std::uint8_t entry_seed[4][shake128_rate];
  alignas(32) std::uint8_t noise_seed[4][prf_rate];
  {
    alignas(32) std::uint8_t entry_template[shake128_rate] = {};
    alignas(32) std::uint8_t noise_template[prf_rate] = {};
    const WipeOnExit wipe_template(noise_template);
    std::memcpy(entry_template, rho.data(), 32);
    entry_template[34] = keccak::shake_domain;
    entry_template[shake128_rate - 1] = 0x80;
    std::memcpy(noise_template, sigma.data(), 32);
    noise_template[33] = keccak::shake_domain;
    noise_template[prf_rate - 1] = 0x80;
    for (std::size_t i = 0; i < 4; ++i) {
      std::memcpy(entry_seed[i], entry_template, shake128_rate);
      entry_seed[i][32] = static_cast<std::uint8_t>(i % 2);
      entry_seed[i][33] = static_cast<std::uint8_t>(i / 2);
      std::memcpy(noise_seed[i], noise_template, prf_rate);
      noise_seed[i][32] = static_cast<std::uint8_t>(i);
    }
  }
  alignas(64) std::uint8_t entry_stream[4][entry_bytes];
  alignas(64) std::uint8_t noise_stream[4][2 * prf_rate];
  // (Not zeroed: steps 1 and 4 reset every lane.)
  alignas(64) std::array<std::uint64_t, state_words * lanes> states;
  // (sigma, its PRF output and the states that squeezed it are secret)
  const WipeOnExit wipe_secrets(noise_seed, noise_stream, states);
  using Pointers = std::array<const std::uint8_t*, lanes>;
  using Outputs = std::array<std::uint8_t*, lanes>;
  using Words = std::array<std::size_t, lanes>;
  auto step = [&](const Pointers& in, const Words& in_words, unsigned reset, const Outputs& out,
                  const Words& out_words) {
    kernels_x4.xor_lanes_x4(states.data(), in.data(), in_words.data(), reset);
    kernels_x4.permute_x4(states.data());
    kernels_x4.extract_lanes_x4(states.data(), 4, out.data(), out_words.data());
  };
  const auto e = [&](std::size_t i, std::size_t block) { return entry_stream[i] + shake128_rate * block; };
  const auto n = [&](std::size_t t, std::size_t block) { return noise_stream[t] + prf_rate * block; };

  step({entry_seed[0], entry_seed[1], noise_seed[0], noise_seed[1]}, {entry_words, entry_words, prf_words, prf_words},
       0xF, {e(0, 0), e(1, 0), n(0, 0), n(1, 0)}, {entry_words, entry_words, prf_words, prf_words});
  std::array<std::uint64_t, state_words> aside;
  const WipeOnExit wipe_aside(aside);
  copy_out(aside, states.data(), 3);
  step({nullptr, nullptr, nullptr, noise_seed[2]}, {0, 0, 0, prf_words}, 1u << 3, {e(0, 1), e(1, 1), n(0, 1), n(2, 0)},
       {entry_words, entry_words, noise_tail_words, prf_words});
  kernels.cbd(noise_stream[0], eta1, noise[0]);
  copy_in(states.data(), 2, aside);
  step({}, {}, 0, {e(0, 2), e(1, 2), n(1, 1), n(2, 1)}, {entry_words, entry_words, noise_tail_words, noise_tail_words});
  kernels.cbd(noise_stream[1], eta1, noise[1]);
  kernels.cbd(noise_stream[2], eta1, noise[2]);
  // (The entries derive from the public rho, so the rejection may branch.)
  for (std::size_t c = 0; c < 2; ++c) {
    const std::size_t filled = kernels.rej_uniform(matrix[c], 0, entry_stream[c], entry_bytes);
    if (filled < 256) finish_entry(states.data(), c, matrix[c], filled, permute_one, kernels);
  }
  encode(0);

  step({ek.data(), entry_seed[2], entry_seed[3], noise_seed[3]}, {hash_words, entry_words, entry_words, prf_words},
       0xF, {nullptr, e(2, 0), e(3, 0), n(3, 0)}, {0, entry_words, entry_words, prf_words});
  step({ek.data() + hash_rate, nullptr, nullptr, nullptr}, {hash_words, 0, 0, 0}, 0,
       {nullptr, e(2, 1), e(3, 1), n(3, 1)}, {0, entry_words, entry_words, noise_tail_words});
  kernels.cbd(noise_stream[3], eta1, noise[3]);
  std::array<std::size_t, 2> filled;
  for (std::size_t c = 0; c < 2; ++c) {
    filled[c] = kernels.rej_uniform(matrix[2 + c], 0, entry_stream[2 + c], 2 * shake128_rate);
    if (filled[c] < half_row) return false;
  }
  encode(1);

  step({ek.data() + 2 * hash_rate, nullptr, nullptr, nullptr}, {hash_words, 0, 0, 0}, 0,
       {nullptr, e(2, 2), e(3, 2), nullptr}, {0, entry_words, entry_words, 0});
  for (std::size_t c = 0; c < 2; ++c) {
    filled[c] = kernels.rej_uniform(matrix[2 + c], filled[c], e(2 + c, 2), shake128_rate);
    if (filled[c] < 256) finish_entry(states.data(), 1 + c, matrix[2 + c], filled[c], permute_one, kernels);
  }
  encode(2);

  // H's last blocks, ek[408, 544), [544, 680) and the padded [680, 800), in
  // lane 0 alone: a step costs as much as the single-state permutation, and
  // the state stays where it is (copying it out to absorb word by word
  // measured no faster).
  alignas(32) std::uint8_t last[hash_rate];
  keccak::assemble_block(last, ek, {}, 5 * hash_rate, ek_bytes - 5 * hash_rate, hash_rate, keccak::sha3_domain);
  step({ek.data() + 3 * hash_rate, nullptr, nullptr, nullptr}, {hash_words, 0, 0, 0}, 0, {}, {});
  step({ek.data() + 4 * hash_rate, nullptr, nullptr, nullptr}, {hash_words, 0, 0, 0}, 0, {}, {});
  step({last, nullptr, nullptr, nullptr}, {hash_words, 0, 0, 0}, 0, {ek_digest.data(), nullptr, nullptr, nullptr},
       {ek_digest.size() / 8, 0, 0, 0});
  return true;
}

}  // namespace pqmul::kyber
