#pragma once
// Independent sponge computations ("jobs") on the four lanes of the 4-way
// Keccak, each with its own rate, domain, input and output. A KEM's hashes
// form a chain per operation, but several links are independent (Saber's
// matrix stream and the hashes of pk or of the ciphertext), and the 4-way
// permutation costs little more than a single-state one: running them side by
// side cuts the permutations done in sequence. Every job's bytes are exactly
// those of keccak::Sponge. (ML-KEM's matrix beside one hash has its own fixed
// schedule: kyber::sample_in_lanes.)
//
// The schedule depends only on public lengths. Inputs and outputs are held by
// reference until their job finishes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {

inline constexpr std::size_t shake128_rate = 168, shake256_rate = 136, sha3_256_rate = 136, sha3_512_rate = 72;
inline constexpr std::uint8_t shake_domain = 0x1F, sha3_domain = 0x06;

// The sponge block of first || second starting at byte `at` with `take`
// (<= rate) bytes: copied into block, zeros up to `rate`, and when take < rate
// (the message's last block) the domain bits and the final pad bit.
void assemble_block(std::uint8_t* block, std::span<const std::uint8_t> first, std::span<const std::uint8_t> second,
                    std::size_t at, std::size_t take, std::size_t rate, std::uint8_t domain);

class SpongeLanes {
 public:
  static constexpr std::size_t lanes = 4;
  // How the jobs run: side by side on the lanes of the 4-way kernel, or one
  // at a time, each to its end when it starts, on the single-state
  // permutation. The callers are the same code either way (start, step
  // while busy, finish); only the order of the permutations differs.
  // `automatic`: side by side where the ISA's 4-way kernel is a SIMD one
  // (four scalar permutations per step never pay), else one at a time.
  enum class Schedule { automatic, side_by_side, one_at_a_time };
  // isa: the ISA whose Keccak kernels (keccak_kernels) the jobs run on.
  // A caller whose jobs are too few for the 4-way kernel to pay (Saber's key
  // generation on AVX2) asks for one at a time.
  explicit SpongeLanes(Isa isa, Schedule schedule = Schedule::automatic);
  ~SpongeLanes();  // clears the states and blocks: they held what was absorbed
  SpongeLanes(const SpongeLanes&) = delete;
  SpongeLanes& operator=(const SpongeLanes&) = delete;
  Schedule schedule() const { return schedule_; }

  // Starts a job in a free lane and returns the lane (std::logic_error when
  // every lane is busy). The message is in || more; the output fills `out`.
  std::size_t start(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in,
                    std::span<std::uint8_t> out, std::span<const std::uint8_t> more = {});
  bool busy(std::size_t lane) const { return jobs_[lane].busy; }
  bool any_busy() const;
  bool any_free() const;
  // One permutation of every lane; jobs that finish have written their outputs.
  void step();
  void finish() {
    while (any_busy()) step();
  }

 private:
  struct Job {
    std::size_t rate = 0;
    std::uint8_t domain = 0;
    std::array<std::span<const std::uint8_t>, 2> in{};
    std::span<std::uint8_t> out;
    std::size_t absorbed = 0, squeezed = 0;
    bool padded = false, busy = false;
  };
  std::size_t claim(const Job& job);
  // Points the lane's pending input at its job's next block (in place, or
  // copied with the padding into the lane's block buffer).
  void prepare_absorb(std::size_t lane);
  // Counts the block extracted into the lane's output (copying the part that
  // fits when it went to the lane's block buffer).
  void take_squeezed(std::size_t lane, std::uint8_t* block);
  // Pending transfers of the next step: the input block of each lane (none
  // while it squeezes) and the lanes whose state starts from zero.
  void xor_pending();
  void extract(std::uint8_t* const* out, const std::size_t* words) const;

  Isa isa_;
  const KeccakKernels* kernels_;  // one table for the transfers and the permutation
  Schedule schedule_;
  std::size_t next_lane_ = 0;  // (one at a time: the lane number start returns)
  std::array<Job, lanes> jobs_{};
  alignas(64) std::array<std::uint64_t, 25 * lanes> states_{};
  alignas(32) std::uint8_t blocks_[lanes][200]{};
  std::array<const std::uint8_t*, lanes> pending_in_{};
  std::array<std::size_t, lanes> pending_words_{};
  unsigned pending_reset_ = 0;
};

}  // namespace pqmul::keccak
