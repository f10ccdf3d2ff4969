// The job queue over the 4-way Keccak (keccak_lanes.hpp).
#include "pqmul/schemes/common/keccak_lanes.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

constexpr std::size_t ways = 4;

// One lane's progress through its job: the input bytes absorbed so far, and
// whether the padded last block has gone in (then every permutation yields a
// block of output).
struct Lane {
  LaneJob* job = nullptr;
  std::size_t absorbed = 0;
  bool squeezing = false;
};

// Little-endian lane words; memcpy is one load or store on little-endian hosts.
std::uint64_t load_word(const std::uint8_t* p) {
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  } else {
    std::uint64_t v = 0;
    for (int b = 7; b >= 0; --b) v = (v << 8) | p[b];
    return v;
  }
}
void store_word(std::uint8_t* p, std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(p, &v, 8);
  } else {
    for (int b = 0; b < 8; ++b) p[b] = static_cast<std::uint8_t>(v >> (8 * b));
  }
}

// XORs the lane's next block (or its padded last block) into lane `k` of the
// interleaved states; lane word w of way k is states[ways * w + k]. A whole
// block inside the first piece is read in place; anything else (a block
// across the pieces, the last block with its padding) is gathered first.
void absorb_block(std::uint64_t* states, std::size_t k, Lane& lane) {
  const LaneJob& job = *lane.job;
  const std::size_t first = job.input[0].size(), length = first + job.input[1].size();
  const std::size_t take = std::min(job.rate, length - lane.absorbed);
  const std::size_t words = job.rate / 8;
  if (take == job.rate && lane.absorbed + take <= first) {
    const std::uint8_t* src = job.input[0].data() + lane.absorbed;
    for (std::size_t w = 0; w < words; ++w) states[ways * w + k] ^= load_word(src + 8 * w);
    lane.absorbed += take;
    return;
  }
  std::uint8_t block[200];
  std::memset(block, 0, job.rate);
  for (std::size_t i = 0; i < take;) {
    const std::size_t at = lane.absorbed + i;
    const auto piece = at < first ? job.input[0].subspan(at) : job.input[1].subspan(at - first);
    const std::size_t n = std::min(piece.size(), take - i);
    std::memcpy(block + i, piece.data(), n);
    i += n;
  }
  lane.absorbed += take;
  if (take < job.rate) {
    // pad10*1 with the domain bits in front of the first padding bit.
    block[take] ^= job.domain;
    block[job.rate - 1] ^= 0x80;
    lane.squeezing = true;
  }
  for (std::size_t w = 0; w < words; ++w) states[ways * w + k] ^= load_word(block + 8 * w);
}

// The rate bytes of lane k.
void extract_block(const std::uint64_t* states, std::size_t k, std::size_t rate, std::uint8_t* out) {
  for (std::size_t w = 0; w < rate / 8; ++w) store_word(out + 8 * w, states[ways * w + k]);
}

}  // namespace

void run_lanes_x4(std::span<LaneJob> jobs, Isa isa) {
  for (const auto& job : jobs)
    if (job.rate == 0 || job.rate >= 200 || job.rate % 8 != 0 || !job.take_block)
      throw std::invalid_argument("keccak lanes: a job needs a rate (multiple of 8 below 200) and a block handler");
  alignas(64) std::uint64_t states[25 * ways] = {};
  std::array<Lane, ways> lanes{};
  std::size_t next = 0;
  auto start_next = [&](std::size_t k) {
    for (std::size_t w = 0; w < 25; ++w) states[ways * w + k] = 0;
    lanes[k] = Lane{};
    if (next < jobs.size()) lanes[k].job = &jobs[next++];
  };
  for (std::size_t k = 0; k < ways; ++k) start_next(k);
  std::uint8_t block[200];
  while (std::any_of(lanes.begin(), lanes.end(), [](const Lane& l) { return l.job != nullptr; })) {
    // A lane still absorbing takes its next block; a squeezing one has
    // nothing to add (its next output block comes from this permutation).
    std::array<bool, ways> yields{};
    for (std::size_t k = 0; k < ways; ++k) {
      if (lanes[k].job == nullptr) continue;
      if (!lanes[k].squeezing) absorb_block(states, k, lanes[k]);
      yields[k] = lanes[k].squeezing;
    }
    permute_x4(states, isa);
    for (std::size_t k = 0; k < ways; ++k) {
      if (!yields[k]) continue;
      extract_block(states, k, lanes[k].job->rate, block);
      if (!lanes[k].job->take_block(std::span<const std::uint8_t>(block, lanes[k].job->rate))) start_next(k);
    }
  }
}

}  // namespace pqmul::keccak
