#pragma once
// Modelled cycles (`pqmul model`): a build of pqmul for the target
// architecture runs one operation under qemu-user, which logs every
// translated basic block (its instruction bytes) and every execution of one;
// LLVM's machine-code analyser (llvm-mca) estimates each block's cycles with
// the scheduling model of the target core; the operation's cycles are the
// blocks' estimates weighted by their execution counts.
//
// What the model leaves out: caches and memory latency (every load hits L1),
// branch prediction (branches are always predicted: a block that branches
// takes at least one cycle, the branch is otherwise free),
// and dependencies between blocks (each block is costed as its own steady
// loop, so a block's latency chain overlaps with itself but not with its
// neighbours). Rows it makes carry counter "model:<cpu>" and emulated=true.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

struct ModelCpu {
  std::string name;        // as `pqmul model --cpu` takes it
  std::string arch;        // aarch64 / x86_64: the build that runs
  std::string llvm_cpu;    // llvm-mca -mcpu
  std::string llvm_model;  // the scheduling model LLVM uses for it, and how old that model is
};
const std::vector<ModelCpu>& model_cpus();
// Throws std::invalid_argument naming the valid CPUs.
const ModelCpu& model_cpu(const std::string& name);

// One translated block: the bytes of each of its instructions in order.
// qemu prints at most 8 bytes of an x86 instruction: where an instruction is
// longer (its successor's address says so, or it ends the block with 8 bytes
// shown), `truncated` holds qemu's own disassembly of it instead.
struct TraceBlock {
  std::vector<std::vector<std::uint8_t>> instructions;
  std::map<std::size_t, std::string> truncated;  // instruction index -> qemu's text
};

// Executions between pairs of marker calls: segment i counts, per block
// start address, how often the block ran between the (2i+1)-th and the
// (2i+2)-th execution of the marker function.
struct BlockTrace {
  std::map<std::uint64_t, TraceBlock> blocks;  // every block translated (the latest translation per address)
  std::vector<std::map<std::uint64_t, std::uint64_t>> segments;
  std::uint64_t marker_address = 0;  // 0 when the marker never ran
};

// Reads qemu's `-d in_asm,exec,nochain` log line by line. `arch` says how
// the instruction bytes are printed (aarch64: one 32-bit word; x86_64: bytes).
class QemuLogParser {
 public:
  QemuLogParser(std::string arch, std::string marker_symbol);
  void line(const std::string& text);
  // The trace; throws std::runtime_error if a segment was left open.
  BlockTrace finish();

 private:
  std::string arch_, marker_;
  BlockTrace trace_;
  bool in_block_ = false, marker_block_ = false, counting_ = false;
  std::uint64_t block_pc_ = 0, last_address_ = 0;
  std::string last_text_;
  TraceBlock block_;
  std::size_t marks_ = 0;
  void close_block();
};
BlockTrace parse_qemu_log(std::istream& in, const std::string& arch, const std::string& marker_symbol);

// A block's estimate on one core.
struct BlockCost {
  double cycles = 0;             // per execution: llvm-mca's steady-state cycles, at least 1 with a branch
  std::size_t instructions = 0;  // in the block
  std::size_t unmodelled = 0;    // instructions llvm-mca could not cost (counted as zero cycles)
};

// Disassembles the blocks with llvm-mc and costs them with llvm-mca (one
// process each for all the blocks). Throws std::runtime_error when the LLVM
// tools are missing or fail.
std::map<std::uint64_t, BlockCost> cost_blocks(const std::map<std::uint64_t, TraceBlock>& blocks, const ModelCpu& cpu);

struct SegmentEstimate {
  double cycles = 0;        // per repetition
  double instructions = 0;  // dynamic instructions per repetition
  double unmodelled = 0;    // share of dynamic instructions left uncosted
};
SegmentEstimate estimate_segment(const std::map<std::uint64_t, std::uint64_t>& counts,
                                 const std::map<std::uint64_t, BlockCost>& costs, std::uint64_t repetitions);

// What `pqmul model` runs: the bench selection arguments passed to the probe
// (`pqmul model-probe`) of the target build.
struct ModelRequest {
  std::vector<std::string> cpus;       // one trace, costed for each (they share an architecture)
  std::vector<std::string> selection;  // --scheme/--ring/--multiplier/--isa/--strategy/--ops/--rank arguments
  std::string probe;                   // the target build's pqmul
  std::uint64_t repetitions = 2;       // traced runs per case after one warm-up run
};
// Rows of the probe, once per CPU, with median = modelled cycles,
// instructions = dynamic instruction count, counter = "model:<cpu>",
// emulated = true.
std::vector<Row> run_model(const ModelRequest& request, std::ostream& log);

// Core cycles per tick of a counter read by begin / end: the fastest of 50
// timed chains of dependent additions (one cycle each); 0 if unmeasurable.
double core_cycles_per_tick(const std::function<std::uint64_t()>& begin, const std::function<std::uint64_t()>& end);

// The symbol the probe calls around each traced segment.
inline constexpr const char* model_marker_symbol = "pqmul_model_mark";

}  // namespace pqmul::experiments
