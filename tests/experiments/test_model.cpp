// The model's pieces (model.hpp): qemu's block log read into blocks and
// segments between marker executions, llvm-mca's costs of known blocks, and
// the weighting of block costs by execution counts.
#include <catch2/catch.hpp>
#include <sstream>

#include "pqmul/experiments/model.hpp"

namespace pqmul_tests::experiments_test_model {

using namespace pqmul::experiments;

namespace {

// A log as qemu-aarch64 -d in_asm,exec,nochain writes it: two blocks, the
// marker, and executions before, between and after the marks.
const char* aarch64_log = R"(IN: main
0x0000005500001000:  91000400  add      x0, x0, #1
0x0000005500001004:  d1000421  sub      x1, x1, #1
0x0000005500001008:  b5ffffc1  cbnz     x1, #0x5500001000

Trace 0: 0x7f0000000100 [0000000000000000/0000005500001000/00000001/00000200] main
IN: pqmul_model_mark
0x0000005500002000:  d65f03c0  ret      

Trace 0: 0x7f0000000200 [0000000000000000/0000005500002000/00000001/00000200] pqmul_model_mark
Trace 0: 0x7f0000000100 [0000000000000000/0000005500001000/00000001/00000200] main
----------------
IN: main
0x0000005500003000:  4e618400  add      v0.8h, v0.8h, v1.8h

Trace 0: 0x7f0000000300 [0000000000000000/0000005500003000/00000001/00000200] main
Trace 0: 0x7f0000000100 [0000000000000000/0000005500001000/00000001/00000200] main
Trace 0: 0x7f0000000200 [0000000000000000/0000005500002000/00000001/00000200] pqmul_model_mark
Trace 0: 0x7f0000000100 [0000000000000000/0000005500001000/00000001/00000200] main
Trace 0: 0x7f0000000200 [0000000000000000/0000005500002000/00000001/00000200] pqmul_model_mark
Trace 0: 0x7f0000000300 [0000000000000000/0000005500003000/00000001/00000200] main
Trace 0: 0x7f0000000200 [0000000000000000/0000005500002000/00000001/00000200] pqmul_model_mark
)";

}  // namespace

TEST_CASE("model: the qemu log gives blocks and the counts between marks", "[model]") {
  std::istringstream in(aarch64_log);
  const BlockTrace t = parse_qemu_log(in, "aarch64", model_marker_symbol);
  CHECK(t.marker_address == 0x5500002000);
  REQUIRE(t.blocks.size() == 3);
  const auto& first = t.blocks.at(0x5500001000);
  REQUIRE(first.instructions.size() == 3);
  CHECK(first.instructions[0] == std::vector<std::uint8_t>{0x00, 0x04, 0x00, 0x91});  // the word, little-endian
  REQUIRE(t.segments.size() == 2);
  CHECK(t.segments[0] == std::map<std::uint64_t, std::uint64_t>{{0x5500001000, 2}, {0x5500003000, 1}});
  CHECK(t.segments[1] ==
        std::map<std::uint64_t, std::uint64_t>{{0x5500003000, 1}});  // not the run between the segments
}

TEST_CASE("model: x86 log lines carry their bytes, a log ending inside a segment is refused", "[model]") {
  std::istringstream in(
      "IN: pqmul_model_mark\n0x0000004000001000:  c3                       retq     \n\n"
      "IN: f\n0x0000004000002000:  48 89 e7                 movq     %rsp, %rdi\n"
      "0x0000004000002003:  c5 fd fe c1              vpaddd   %ymm1, %ymm0, %ymm0\n\n"
      "Trace 0: 0x1 [0/0000004000001000/0/0] \nTrace 0: 0x2 [0/0000004000002000/0/0] f\n");
  QemuLogParser parser("x86_64", model_marker_symbol);
  std::string line;
  while (std::getline(in, line)) parser.line(line);
  CHECK_THROWS_AS(parser.finish(), std::runtime_error);
  std::istringstream again(
      "IN: f\n0x0000004000002000:  48 89 e7                 movq     %rsp, %rdi\n"
      "0x0000004000002003:  c5 fd fe c1              vpaddd   %ymm1, %ymm0, %ymm0\n\n");
  const auto t = parse_qemu_log(again, "x86_64", model_marker_symbol);
  REQUIRE(t.blocks.count(0x4000002000));
  CHECK(t.blocks.at(0x4000002000).instructions[1] == std::vector<std::uint8_t>{0xc5, 0xfd, 0xfe, 0xc1});
  CHECK_THROWS_AS(QemuLogParser("riscv64", model_marker_symbol), std::invalid_argument);
}

TEST_CASE("model: llvm-mca costs blocks on each core, a branching block at least one cycle", "[model]") {
  // Eight dependent NEON additions (a chain: at least 8 x the add latency),
  // and the same eight independent ones, which a wide core overlaps.
  TraceBlock chain, independent, branch_only;
  for (int i = 0; i < 8; ++i) {
    chain.instructions.push_back({0x00, 0x84, 0x61, 0x4e});   // add v0.8h, v0.8h, v1.8h
    const std::uint8_t d = static_cast<std::uint8_t>(i + 2);  // add v<d>.8h, v0.8h, v1.8h
    independent.instructions.push_back({d, 0x84, 0x61, 0x4e});
  }
  branch_only.instructions.push_back({0xc0, 0x03, 0x5f, 0xd6});  // ret
  const std::map<std::uint64_t, TraceBlock> blocks = {{1, chain}, {2, independent}, {3, branch_only}};
  for (const auto& cpu : model_cpus()) {
    if (cpu.arch != "aarch64") continue;
    INFO(cpu.name);
    const auto costs = cost_blocks(blocks, cpu);
    CHECK(costs.at(1).instructions == 8);
    CHECK(costs.at(1).unmodelled == 0);
    CHECK(costs.at(1).cycles >= 8 * 2);  // NEON additions take at least 2 cycles on each model
    CHECK(costs.at(2).cycles < costs.at(1).cycles);
    CHECK(costs.at(3).cycles == 1);
    // Weighted by counts, per repetition.
    const auto e = estimate_segment({{1, 10}, {3, 4}}, costs, 2);
    CHECK(e.instructions == Approx((10 * 8 + 4) / 2.0));
    CHECK(e.cycles == Approx((10 * costs.at(1).cycles + 4) / 2.0));
  }
  CHECK_THROWS_AS(estimate_segment({{9, 1}}, {}, 1), std::runtime_error);
  CHECK_THROWS_AS(model_cpu("pentium"), std::invalid_argument);
}

}  // namespace pqmul_tests::experiments_test_model
