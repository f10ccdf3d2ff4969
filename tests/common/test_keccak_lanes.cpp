// The sponges on the lanes of the 4-way Keccak against the scalar sponge:
// mixed rates, domains and lengths (around the rates, empty inputs, messages
// in two pieces), outputs of one or many blocks, fixed outputs of
// every length, more queued jobs than lanes, jobs started while others are
// half done; on every kernel family this CPU runs. The AVX2 block transfers
// against word-by-word loops.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"
#include "pqmul/schemes/common/little_endian.hpp"
#include "isa_gate.hpp"

namespace pqmul_tests::common_test_keccak_lanes {

using namespace pqmul;

namespace {

struct Case {
  std::size_t rate;
  std::uint8_t domain;
  std::vector<std::uint8_t> first, second;
  std::size_t blocks;  // output blocks wanted
};

// The scalar sponge's first out_len bytes of SHAKE / SHA-3 of in || more.
std::vector<std::uint8_t> scalar_sponge(std::size_t rate, std::uint8_t domain, const std::vector<std::uint8_t>& in,
                                        std::size_t out_len, const std::vector<std::uint8_t>& more = {}) {
  keccak::Sponge s(rate, domain);
  s.absorb(in);
  s.absorb(more);
  std::vector<std::uint8_t> out(out_len);
  s.squeeze(out);
  return out;
}

using Schedule = keccak::SpongeLanes::Schedule;

// Every Keccak kernel family this CPU runs, with either schedule.
std::vector<std::pair<Isa, Schedule>> kernel_families_and_schedules() {
  std::vector<std::pair<Isa, Schedule>> out;
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512})
    if (isa_available(isa))
      for (Schedule s : {Schedule::side_by_side, Schedule::one_at_a_time}) out.emplace_back(isa, s);
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
  for (const auto& [isa, schedule] : kernel_families_and_schedules()) {
    INFO(isa_name(isa) << (schedule == Schedule::one_at_a_time ? ", one at a time" : ", side by side"));
    // More jobs than lanes: each starts as soon as a lane is free.
    std::vector<std::vector<std::uint8_t>> got(cases.size());
    keccak::SpongeLanes lanes(isa, schedule);
    std::size_t next = 0;
    while (next < cases.size() || lanes.any_busy()) {
      for (; next < cases.size() && lanes.any_free(); ++next) {
        const Case& c = cases[next];
        got[next].assign(c.rate * c.blocks, 0xEE);
        lanes.start(c.rate, c.domain, c.first, got[next], c.second);
      }
      lanes.step();
    }
    std::size_t wrong = 0;
    for (std::size_t j = 0; j < cases.size(); ++j) {
      const Case& c = cases[j];
      wrong += got[j] != scalar_sponge(c.rate, c.domain, c.first, c.rate * c.blocks, c.second);
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("keccak lanes: the automatic schedule is side by side on a SIMD 4-way kernel only", "[keccak][lanes]") {
  CHECK(keccak::SpongeLanes(Isa::portable).schedule() == Schedule::one_at_a_time);
  CHECK(keccak::SpongeLanes(Isa::portable, Schedule::side_by_side).schedule() == Schedule::side_by_side);
  for (Isa isa : {Isa::avx2, Isa::avx512})
    if (isa_available(isa)) {
      CHECK(keccak::SpongeLanes(isa).schedule() == Schedule::side_by_side);
      CHECK(keccak::SpongeLanes(isa, Schedule::one_at_a_time).schedule() == Schedule::one_at_a_time);
    }
}

TEST_CASE("keccak lanes: a job with an impossible rate is refused", "[keccak][lanes]") {
  std::vector<std::uint8_t> in(10), out(32);
  keccak::SpongeLanes lanes(Isa::portable);
  CHECK_THROWS_AS(lanes.start(100, 0x1F, in, out), std::invalid_argument);
  CHECK_THROWS_AS(lanes.start(0, 0x1F, in, out), std::invalid_argument);
  CHECK_THROWS_AS(lanes.start(200, 0x1F, in, out), std::invalid_argument);
  CHECK_FALSE(lanes.any_busy());
}

TEST_CASE("keccak lanes: each fixed-output job equals the scalar sponge", "[keccak][lanes]") {
  pqmul::test::TestPrng prng(21);
  struct Shape {
    std::size_t rate;
    std::uint8_t domain;
  };
  const Shape shapes[] = {{pqmul::keccak::shake128_rate, pqmul::keccak::shake_domain},
                          {pqmul::keccak::sha3_256_rate, pqmul::keccak::sha3_domain},
                          {pqmul::keccak::sha3_512_rate, pqmul::keccak::sha3_domain}};
  for (const auto& [isa, schedule] : kernel_families_and_schedules()) {
    INFO(pqmul::isa_name(isa) << (schedule == Schedule::one_at_a_time ? ", one at a time" : ", side by side"));
    for (const Shape& shape : shapes) {
      for (std::size_t in_len : {std::size_t{0}, std::size_t{32}, shape.rate - 1, shape.rate, shape.rate + 1,
                                 std::size_t{992}, std::size_t{1088}}) {
        INFO("rate " << shape.rate << " input " << in_len);
        // Four jobs of different output lengths: one block, a partial one, several.
        const std::size_t outs[] = {32, shape.rate, shape.rate + 5, 3744};
        std::vector<std::vector<std::uint8_t>> inputs, outputs;
        for (std::size_t k = 0; k < 4; ++k) {
          inputs.push_back(prng.bytes(in_len + k));
          outputs.emplace_back(outs[k], 0xEE);
        }
        pqmul::keccak::SpongeLanes lanes(isa, schedule);
        for (std::size_t k = 0; k < 4; ++k) lanes.start(shape.rate, shape.domain, inputs[k], outputs[k]);
        if (schedule == Schedule::side_by_side)  // (one at a time, every job has ended)
          CHECK_THROWS_AS(lanes.start(shape.rate, shape.domain, inputs[0], outputs[0]), std::logic_error);
        lanes.finish();
        for (std::size_t k = 0; k < 4; ++k)
          CHECK(outputs[k] == scalar_sponge(shape.rate, shape.domain, inputs[k], outs[k]));
      }
    }
    // A job started in a freed lane while a long one runs, as Saber's encapsulation does.
    const auto seed = prng.bytes(32), pk = prng.bytes(992), small = prng.bytes(64);
    std::vector<std::uint8_t> stream(3744), digest(32), wide(64), coins(768);
    pqmul::keccak::SpongeLanes lanes(isa, schedule);
    lanes.start(pqmul::keccak::shake128_rate, pqmul::keccak::shake_domain, seed, stream);
    const auto h = lanes.start(pqmul::keccak::sha3_256_rate, pqmul::keccak::sha3_domain, pk, digest);
    while (lanes.busy(h)) lanes.step();
    const auto g = lanes.start(pqmul::keccak::sha3_512_rate, pqmul::keccak::sha3_domain, small, wide);
    while (lanes.busy(g)) lanes.step();
    lanes.start(pqmul::keccak::shake128_rate, pqmul::keccak::shake_domain, std::span(wide).last(32), coins);
    lanes.finish();
    CHECK(stream == scalar_sponge(168, 0x1F, seed, 3744));
    CHECK(digest == scalar_sponge(136, 0x06, pk, 32));
    CHECK(wide == scalar_sponge(72, 0x06, small, 64));
    CHECK(coins == scalar_sponge(168, 0x1F, std::vector<std::uint8_t>(wide.end() - 32, wide.end()), 768));
  }
}

#if defined(PQMUL_X86_SIMD)
TEST_CASE("keccak lanes: the AVX2 block transfers equal word-by-word loops", "[keccak][lanes][avx2]") {
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) return;  // nothing of this to run here
  pqmul::test::TestPrng prng(41);
  std::size_t checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    alignas(32) std::uint64_t states[100], expected[100];
    for (auto& w : states) w = prng.next();
    std::copy(std::begin(states), std::end(states), std::begin(expected));
    // Word counts 0..24 per state (zero: a null pointer), random resets.
    std::size_t words[4];
    std::vector<std::uint8_t> blocks[4];
    const std::uint8_t* in[4];
    const unsigned reset = static_cast<unsigned>(prng.below(16));
    for (std::size_t k = 0; k < 4; ++k) {
      words[k] = trial < 25 ? static_cast<std::size_t>(trial) : prng.below(25);
      blocks[k] = prng.bytes(8 * words[k]);
      in[k] = words[k] == 0 ? nullptr : blocks[k].data();
      for (std::size_t i = 0; i < 25; ++i) {
        if (reset & (1u << k)) expected[4 * i + k] = 0;
        if (i < words[k]) expected[4 * i + k] ^= pqmul::load_le64(blocks[k].data() + 8 * i);
      }
    }
    pqmul::keccak::keccak_xor_lanes_x4_avx2(states, in, words, reset);
    REQUIRE(std::equal(std::begin(states), std::end(states), std::begin(expected)));
    // Extraction into buffers with guard bytes on both sides.
    std::vector<std::uint8_t> outs[4];
    std::uint8_t* out[4];
    for (std::size_t k = 0; k < 4; ++k) {
      outs[k].assign(8 * words[k] + 16, 0xA5);
      out[k] = words[k] == 0 ? nullptr : outs[k].data() + 8;
    }
    pqmul::keccak::keccak_extract_lanes_x4_avx2(states, 4, out, words);
    for (std::size_t k = 0; k < 4; ++k) {
      for (std::size_t i = 0; i < words[k]; ++i)
        REQUIRE(pqmul::load_le64(outs[k].data() + 8 + 8 * i) == states[4 * i + k]);
      for (std::size_t g = 0; g < 8; ++g) {
        REQUIRE(outs[k][g] == 0xA5);
        REQUIRE(outs[k][8 + 8 * words[k] + g] == 0xA5);
      }
      ++checked;
    }
  }
  CHECK(checked == 1600);
}
#endif

}  // namespace pqmul_tests::common_test_keccak_lanes
