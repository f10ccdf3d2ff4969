// Independent sponges on the lanes of the 4-way Keccak (keccak_lanes.hpp).
#include "pqmul/schemes/common/keccak_lanes.hpp"

#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/algorithms/wipe.hpp"

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

void assemble_block(std::uint8_t* block, std::span<const std::uint8_t> first, std::span<const std::uint8_t> second,
                    std::size_t at, std::size_t take, std::size_t rate, std::uint8_t domain) {
  const std::size_t from_first = at < first.size() ? std::min(take, first.size() - at) : 0;
  if (from_first != 0) std::memcpy(block, first.data() + at, from_first);
  if (take > from_first)
    std::memcpy(block + from_first, second.data() + (at + from_first - first.size()), take - from_first);
  std::memset(block + take, 0, rate - take);
  if (take < rate) {
    block[take] ^= domain;
    block[rate - 1] ^= 0x80;
  }
}

SpongeLanes::SpongeLanes(Isa isa, Schedule schedule)
    : isa_(isa),
      kernels_(&keccak_kernels(isa)),
      schedule_(schedule != Schedule::automatic       ? schedule
                : kernels_->permute_x4.isa != Isa::portable ? Schedule::side_by_side
                                                            : Schedule::one_at_a_time) {}

SpongeLanes::~SpongeLanes() {
  wipe(states_);
  wipe(blocks_);
}

std::size_t SpongeLanes::start(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in,
                               std::span<std::uint8_t> out, std::span<const std::uint8_t> more) {
  check_rate(rate);
  if (schedule_ == Schedule::one_at_a_time) {
    Sponge sponge(rate, domain, isa_);
    sponge.absorb(in);
    sponge.absorb(more);
    sponge.squeeze(out);
    next_lane_ = (next_lane_ + 1) % lanes;
    return next_lane_;
  }
  Job job;
  job.rate = rate;
  job.domain = domain;
  job.in = {in, more};
  job.out = out;
  return claim(job);
}

std::size_t SpongeLanes::claim(const Job& job) {
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    if (jobs_[lane].busy) continue;
    jobs_[lane] = job;
    jobs_[lane].busy = true;
    pending_reset_ |= 1u << lane;
    prepare_absorb(lane);
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

void SpongeLanes::prepare_absorb(std::size_t lane) {
  Job& j = jobs_[lane];
  const std::size_t first = j.in[0].size(), length = first + j.in[1].size();
  const std::size_t take = std::min(j.rate, length - j.absorbed);
  pending_words_[lane] = j.rate / 8;
  if (take == j.rate && j.absorbed + take <= first) {
    // A whole block inside the first piece: read in place.
    pending_in_[lane] = j.in[0].data() + j.absorbed;
    j.absorbed += take;
    return;
  }
  // A block across the pieces, or the last one with pad10*1 after the domain bits.
  std::uint8_t* block = blocks_[lane];
  assemble_block(block, j.in[0], j.in[1], j.absorbed, take, j.rate, j.domain);
  j.absorbed += take;
  j.padded = take < j.rate;
  pending_in_[lane] = block;
}

void SpongeLanes::xor_pending() {
  kernels_->xor_lanes_x4(states_.data(), pending_in_.data(), pending_words_.data(), pending_reset_);
  pending_in_.fill(nullptr);
  pending_words_.fill(0);
  pending_reset_ = 0;
}

void SpongeLanes::extract(std::uint8_t* const* out, const std::size_t* words) const {
  kernels_->extract_lanes_x4(states_.data(), 4, out, words);
}

void SpongeLanes::take_squeezed(std::size_t lane, std::uint8_t* block) {
  Job& j = jobs_[lane];
  const std::size_t n = std::min(j.rate, j.out.size() - j.squeezed);
  if (block != j.out.data() + j.squeezed) std::memcpy(j.out.data() + j.squeezed, block, n);
  j.squeezed += n;
  j.busy = j.squeezed < j.out.size();
}

void SpongeLanes::step() {
  if (schedule_ == Schedule::one_at_a_time) return;  // (every job ended in start)
  xor_pending();
  kernels_->permute_x4(states_.data());
  // Squeezing lanes get their block: straight into the output when a whole
  // one fits, else into the lane's block buffer.
  std::array<std::uint8_t*, lanes> out{};
  std::array<std::size_t, lanes> words{};
  bool squeezing = false;
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    const Job& j = jobs_[lane];
    if (!j.busy || !j.padded) continue;
    const bool whole_block_out = j.out.size() - j.squeezed >= j.rate;
    out[lane] = whole_block_out ? j.out.data() + j.squeezed : blocks_[lane];
    words[lane] = j.rate / 8;
    squeezing = true;
  }
  if (squeezing) extract(out.data(), words.data());
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    if (!jobs_[lane].busy) continue;
    if (jobs_[lane].padded)
      take_squeezed(lane, out[lane]);
    else
      prepare_absorb(lane);
  }
}

}  // namespace pqmul::keccak
