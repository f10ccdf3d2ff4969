// The lane job queue over the 4-way Keccak against the scalar sponge: mixed
// rates, domains and lengths (around the rates, empty inputs and pieces), jobs
// squeezing one or many blocks, more jobs than lanes, on every ISA this
// binary holds (an ISA the CPU lacks is reported unavailable instead).
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"

using namespace pqmul;

namespace {

struct Case {
  std::size_t rate;
  std::uint8_t domain;
  std::vector<std::uint8_t> first, second;
  std::size_t blocks;  // output blocks wanted
};

std::vector<std::uint8_t> scalar_output(const Case& c) {
  keccak::Sponge sponge(c.rate, c.domain);
  sponge.absorb(c.first);
  sponge.absorb(c.second);
  std::vector<std::uint8_t> out(c.rate * c.blocks);
  sponge.squeeze(out);
  return out;
}

}  // namespace

TEST_CASE("keccak lanes: every job's output equals the scalar sponge's", "[keccak][lanes]") {
  std::mt19937 rng(99);
  std::vector<Case> cases;
  const std::size_t rates[] = {72, 136, 168};
  const std::uint8_t domains[] = {0x06, 0x1F};
  for (std::size_t rate : rates)
    for (std::size_t length : {std::size_t{0}, std::size_t{1}, rate - 1, rate, rate + 1, 2 * rate, 1184 % rate + 3 * rate})
      for (std::size_t split : {std::size_t{0}, length / 2}) {
        Case c{rate, domains[(length + split) % 2], {}, {}, 1 + (length % 4)};
        for (std::size_t i = 0; i < length; ++i) (i < split ? c.second : c.first).push_back(static_cast<std::uint8_t>(rng()));
        if (split != 0) std::swap(c.first, c.second);  // first piece nonempty, second the rest
        cases.push_back(c);
      }
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512}) {
    INFO(isa_name(isa));
    if (!isa_available(isa)) {
      CHECK_FALSE((cpu_supports(isa) && !portable_forced()));
      continue;
    }
    std::vector<std::vector<std::uint8_t>> got(cases.size());
    std::vector<keccak::LaneJob> jobs;
    for (std::size_t j = 0; j < cases.size(); ++j) {
      const Case& c = cases[j];
      keccak::LaneJob job;
      job.rate = c.rate;
      job.domain = c.domain;
      job.input = {std::span<const std::uint8_t>(c.first), std::span<const std::uint8_t>(c.second)};
      job.take_block = [&got, &c, j](std::span<const std::uint8_t> block) {
        got[j].insert(got[j].end(), block.begin(), block.end());
        return got[j].size() < c.rate * c.blocks;
      };
      jobs.push_back(job);
    }
    keccak::run_lanes_x4(jobs, isa);
    std::size_t wrong = 0;
    for (std::size_t j = 0; j < cases.size(); ++j) wrong += got[j] != scalar_output(cases[j]);
    CHECK(wrong == 0);
  }
}

TEST_CASE("keccak lanes: a job without a rate or a handler is refused", "[keccak][lanes]") {
  std::vector<keccak::LaneJob> jobs(1);
  CHECK_THROWS_AS(keccak::run_lanes_x4(jobs, Isa::portable), std::invalid_argument);
  jobs[0].take_block = [](std::span<const std::uint8_t>) { return false; };
  jobs[0].rate = 100;
  CHECK_THROWS_AS(keccak::run_lanes_x4(jobs, Isa::portable), std::invalid_argument);
}
