// Independent sponges on the lanes of the 4-way Keccak (keccak_lanes.hpp).
#include "pqmul/schemes/common/keccak_lanes.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "pqmul/schemes/common/keccak_multiway.hpp"
#include "pqmul/schemes/common/little_endian.hpp"

namespace pqmul::keccak {
namespace {

void check_rate(std::size_t rate) {
  if (rate == 0 || rate >= 200 || rate % 8 != 0)
    throw std::invalid_argument("keccak lanes: the rate must be a multiple of 8 below 200");
}

}  // namespace

std::size_t SpongeLanes::start(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in,
                               std::span<std::uint8_t> out, std::span<const std::uint8_t> more) {
  check_rate(rate);
  Job job;
  job.rate = rate;
  job.domain = domain;
  job.in = {in, more};
  job.out = out;
  return claim(job);
}

std::size_t SpongeLanes::start(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in,
                               const BlockHandler& take, std::span<const std::uint8_t> more) {
  check_rate(rate);
  if (!take) throw std::invalid_argument("keccak lanes: a job needs a block handler");
  Job job;
  job.rate = rate;
  job.domain = domain;
  job.in = {in, more};
  job.take = &take;
  return claim(job);
}

std::size_t SpongeLanes::claim(Job job) {
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    if (jobs_[lane].busy) continue;
    job.busy = true;
    jobs_[lane] = job;
    for (std::size_t i = 0; i < 25; ++i) states_[lanes * i + lane] = 0;
    absorb_next(lane);
    return lane;
  }
  throw std::logic_error("keccak lanes: every lane is busy");
}

bool SpongeLanes::any_busy() const {
  return std::any_of(jobs_.begin(), jobs_.end(), [](const Job& j) { return j.busy; });
}

bool SpongeLanes::any_free() const {
  return std::any_of(jobs_.begin(), jobs_.end(), [](const Job& j) { return !j.busy; });
}

void SpongeLanes::absorb_next(std::size_t lane) {
  Job& j = jobs_[lane];
  const std::size_t first = j.in[0].size(), length = first + j.in[1].size();
  const std::size_t take = std::min(j.rate, length - j.absorbed);
  const std::size_t words = j.rate / 8;
  if (take == j.rate && j.absorbed + take <= first) {
    // A whole block inside the first piece: read in place.
    const std::uint8_t* src = j.in[0].data() + j.absorbed;
    for (std::size_t w = 0; w < words; ++w) states_[lanes * w + lane] ^= load_le64(src + 8 * w);
    j.absorbed += take;
    return;
  }
  // A block across the pieces, or the last one with pad10*1 after the domain bits.
  std::uint8_t block[200];
  std::memset(block, 0, j.rate);
  for (std::size_t i = 0; i < take;) {
    const std::size_t at = j.absorbed + i;
    const auto piece = at < first ? j.in[0].subspan(at) : j.in[1].subspan(at - first);
    const std::size_t n = std::min(piece.size(), take - i);
    std::memcpy(block + i, piece.data(), n);
    i += n;
  }
  j.absorbed += take;
  if (take < j.rate) {
    block[take] ^= j.domain;
    block[j.rate - 1] ^= 0x80;
    j.padded = true;
  }
  for (std::size_t w = 0; w < words; ++w) states_[lanes * w + lane] ^= load_le64(block + 8 * w);
}

void SpongeLanes::squeeze_next(std::size_t lane) {
  Job& j = jobs_[lane];
  std::uint8_t block[200];
  const std::size_t rate = j.rate, words = rate / 8;  // locals: the stores below may alias the job
  const bool whole_block_out = j.take == nullptr && j.out.size() - j.squeezed >= rate;
  std::uint8_t* dest = whole_block_out ? j.out.data() + j.squeezed : block;
  const std::uint64_t* state = states_.data() + lane;
  for (std::size_t w = 0; w < words; ++w) store_le64(dest + 8 * w, state[lanes * w]);
  if (j.take != nullptr) {
    j.busy = (*j.take)(std::span<const std::uint8_t>(block, rate));
    return;
  }
  const std::size_t n = std::min(rate, j.out.size() - j.squeezed);
  if (!whole_block_out) std::memcpy(j.out.data() + j.squeezed, block, n);
  j.squeezed += n;
  j.busy = j.squeezed < j.out.size();
}

void SpongeLanes::step() {
  permute_x4(states_.data(), isa_);
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    if (!jobs_[lane].busy) continue;
    if (jobs_[lane].padded)
      squeeze_next(lane);
    else
      absorb_next(lane);
  }
}

void run_lanes_x4(std::span<LaneJob> jobs, Isa isa) {
  for (const auto& job : jobs) {
    check_rate(job.rate);
    if (!job.take_block) throw std::invalid_argument("keccak lanes: a job needs a block handler");
  }
  SpongeLanes lanes(isa);
  std::size_t next = 0;
  while (next < jobs.size() || lanes.any_busy()) {
    for (; next < jobs.size() && lanes.any_free(); ++next)
      lanes.start(jobs[next].rate, jobs[next].domain, jobs[next].input[0], jobs[next].take_block, jobs[next].input[1]);
    lanes.step();
  }
}

}  // namespace pqmul::keccak
