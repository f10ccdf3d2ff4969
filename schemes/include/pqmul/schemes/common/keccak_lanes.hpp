#pragma once
// Independent sponge computations ("jobs") scheduled on the four lanes of the
// 4-way Keccak: a lane that finishes its job takes the next one from the queue
// at the following permutation. This lets one long hash run beside many short
// ones: ML-KEM's H(ek) (9 permutations for ML-KEM-768) beside the 9 matrix
// entries (3 permutations each) costs 9 four-way permutations instead of 9
// single ones plus the matrix batches. Every job's bytes are exactly those of
// the scalar sponge (keccak.hpp).
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "pqmul/algorithms/isa.hpp"

namespace pqmul::keccak {

struct LaneJob {
  std::size_t rate = 168;    // bytes, a multiple of 8 below 200
  std::uint8_t domain = 0x1F;  // 0x1F SHAKE, 0x06 SHA-3
  // The message is the concatenation of the pieces (empty pieces are fine).
  std::array<std::span<const std::uint8_t>, 2> input{};
  // Receives each squeezed block (`rate` bytes) in order; returns true while
  // it wants another block.
  std::function<bool(std::span<const std::uint8_t>)> take_block;
};

// Runs every job to completion on the 4-way kernel of `isa` (lowered to what
// runs here, as permute_x4; portable: the scalar permutation per lane).
// Jobs start in queue order.
void run_lanes_x4(std::span<LaneJob> jobs, Isa isa);

}  // namespace pqmul::keccak
