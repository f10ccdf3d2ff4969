// Costing traced blocks with LLVM (model.hpp): llvm-mc turns each
// instruction's bytes into LLVM's assembly, llvm-mca estimates each block as a
// code region of its own. Branches are taken out of the regions (llvm-mca's
// models cost calls and returns as serialising, which a predicted branch is
// not): a block that branches takes at least one cycle (one taken branch per
// cycle), the branch itself is otherwise free. An x86 string instruction
// counts one cycle per element.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "pqmul/experiments/model.hpp"
#include "pqmul/experiments/sweep_runner.hpp"
#include "scratch_dir.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
constexpr int iterations = 100;

const std::vector<ModelCpu> cpus = {
    {"cortex-a53", "aarch64", "cortex-a53", "LLVM's CortexA53Model (in-order; since LLVM 3.x)"},
    {"cortex-a72", "aarch64", "cortex-a72",
     "LLVM's CortexA57Model (LLVM has no A72 model; the A57 is its predecessor)"},
    {"apple-m1", "aarch64", "apple-m1", "LLVM's CycloneModel (Apple A7, 2013; LLVM 14 uses it for every Apple core)"},
    {"znver3", "x86_64", "znver3", "LLVM's Znver3Model (Zen 3; LLVM 14 has no Zen 4 model): the x86 validation"},
};

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error(fmt::format("cannot write {}", path.string()));
}

CommandResult run_tool(const std::vector<std::string>& argv) {
  ProcessRunner runner;
  CommandResult r = runner.run({argv, "", false});
  if (r.exit_code == 127)
    throw std::runtime_error(
        fmt::format("cannot run {} (Debian package llvm; scripts/install-deps.sh installs it)", argv.front()));
  return r;
}

std::string triple_of(const ModelCpu& cpu) { return cpu.arch == "aarch64" ? "aarch64" : "x86_64"; }

bool is_branch(const std::string& text, const std::string& arch) {
  std::istringstream in(text);
  std::string mnemonic;
  in >> mnemonic;
  if (arch == "aarch64") {
    static const std::set<std::string> names = {"b", "bl", "br", "blr", "ret", "cbz", "cbnz", "tbz", "tbnz"};
    return names.count(mnemonic) > 0 || mnemonic.starts_with("b.");
  }
  return mnemonic.starts_with("j") || mnemonic.starts_with("call") || mnemonic.starts_with("ret");
}

// x86 `rep movs` / `rep stos`: qemu runs one element per execution of its
// block, so each execution is costed as one element's cycle (llvm-mca prices
// the whole instruction as a long microcoded sequence).
bool is_repeated_string(const std::string& text, const std::string& arch) {
  return arch == "x86_64" && text.starts_with("rep");
}

// LLVM's text of every instruction ("" where llvm-mc rejects the encoding).
// llvm-mc reads its input as one byte stream: an x86 instruction it rejects
// or cuts short would swallow the bytes after it. So each instruction is
// followed by 15 int3 (the longest x86 instruction; what they do not absorb
// prints as int3 and is ignored) and a delimiter that executed code cannot
// hold (ud2 / udf #0 trap when they run). One instruction may print as
// several lines (prefixes) or none: lines are matched by the delimiters.
std::vector<std::string> disassemble(const std::vector<const std::vector<std::uint8_t>*>& instructions,
                                     const ModelCpu& cpu, const ScratchDir& dir) {
  const bool arm = cpu.arch == "aarch64";
  const std::string delimiter_bytes =
      arm ? "0x00 0x00 0x00 0x00"
          : "0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0x0f 0x0b";
  const std::string delimiter_text = arm ? "udf\t#0" : "ud2";
  std::string input;
  for (const auto* bytes : instructions) {
    if (bytes)  // null: not given (bytes cut short), only its delimiter
      for (auto b : *bytes) input += fmt::format("0x{:02x} ", b);
    input += '\n' + delimiter_bytes + '\n';
  }
  const fs::path file = dir / "bytes.txt";
  write_text(file, input);
  std::vector<std::string> argv = {"llvm-mc", "--disassemble", "-triple=" + triple_of(cpu)};
  if (arm) argv.push_back("-mattr=+neon,+crc,+crypto,+fullfp16,+lse,+rcpc,+dotprod");
  argv.push_back(file.string());
  const CommandResult r = run_tool(argv);
  if (r.exit_code != 0) throw std::runtime_error("llvm-mc failed: " + r.err.substr(0, 200));
  std::vector<std::string> out;
  out.reserve(instructions.size());
  std::istringstream lines(r.out);
  std::string text, current;
  while (std::getline(lines, text)) {
    if (text.empty() || text[0] != '\t' || text.find(".text") != std::string::npos) continue;
    text.erase(0, 1);
    if (!arm && text == "int3") continue;
    if (text == delimiter_text) {
      out.push_back(current);
      current.clear();
    } else {
      current += (current.empty() ? "" : "\n\t") + text;
    }
  }
  if (out.size() != instructions.size())
    throw std::runtime_error(fmt::format("llvm-mc gave {} instructions for {}", out.size(), instructions.size()));
  return out;
}

}  // namespace

const std::vector<ModelCpu>& model_cpus() { return cpus; }

const ModelCpu& model_cpu(const std::string& name) {
  std::string valid;
  for (const auto& c : cpus) {
    if (c.name == name) return c;
    valid += (valid.empty() ? "" : ", ") + c.name;
  }
  throw std::invalid_argument(fmt::format("unknown CPU model '{}' (valid: {})", name, valid));
}

std::map<std::uint64_t, BlockCost> cost_blocks(const std::map<std::uint64_t, TraceBlock>& blocks, const ModelCpu& cpu) {
  ScratchDir dir;
  std::vector<const std::vector<std::uint8_t>*> all;
  for (const auto& [pc, block] : blocks)
    for (std::size_t i = 0; i < block.instructions.size(); ++i)
      all.push_back(block.truncated.count(i) ? nullptr : &block.instructions[i]);
  std::vector<std::string> text = disassemble(all, cpu, dir);
  // Instructions whose bytes qemu cut short: its own disassembly (AT&T, which
  // llvm-mca reads; one it cannot is dropped below like any other).
  std::size_t at = 0;
  for (const auto& [pc, block] : blocks) {
    for (const auto& [index, qemu_text] : block.truncated) text[at + index] = qemu_text;
    at += block.instructions.size();
  }

  // Regions: one per block with at least one costed instruction.
  std::map<std::uint64_t, BlockCost> costs;
  std::vector<std::string> lines;         // the llvm-mca input
  std::vector<std::uint64_t> line_block;  // block of each instruction line (0 for markers)
  std::size_t k = 0;
  for (const auto& [pc, block] : blocks) {
    BlockCost& c = costs[pc];
    c.instructions = block.instructions.size();
    std::vector<std::string> body;
    for (std::size_t i = 0; i < block.instructions.size(); ++i, ++k) {
      if (text[k].empty()) {
        ++c.unmodelled;
      } else if (is_branch(text[k], cpu.arch) || is_repeated_string(text[k], cpu.arch)) {
        c.cycles = 1;
      } else {
        body.push_back(text[k]);
      }
    }
    if (body.empty()) continue;
    lines.push_back(fmt::format("# LLVM-MCA-BEGIN b{:x}", pc));
    line_block.push_back(0);
    for (auto& b : body) {
      lines.push_back("\t" + b);
      line_block.push_back(pc);
    }
    lines.push_back("# LLVM-MCA-END");
    line_block.push_back(0);
  }
  if (lines.empty()) return costs;

  // llvm-mca stops at the first instruction it cannot parse or schedule:
  // that instruction is dropped (uncosted) and the run repeated.
  static const std::regex bad_line(R"(:(\d+):\d+: error:)");
  static const std::regex unsupported(R"(note: instruction:\s*(.*))");
  const fs::path file = dir / "blocks.s";
  for (int attempt = 0;; ++attempt) {
    std::string input;
    for (const auto& l : lines) input += l + '\n';
    write_text(file, input);
    const CommandResult r = run_tool({"llvm-mca", "-mtriple=" + triple_of(cpu), "-mcpu=" + cpu.llvm_cpu,
                                      fmt::format("--iterations={}", iterations), "--instruction-info=false",
                                      "--resource-pressure=false", file.string()});
    if (r.exit_code == 0) {
      std::istringstream out(r.out);
      std::string l;
      std::uint64_t region = 0;
      static const std::regex header(R"(Code Region - b([0-9a-f]+))");
      std::smatch m;
      while (std::getline(out, l)) {
        if (std::regex_search(l, m, header)) region = std::stoull(m[1], nullptr, 16);
        if (l.starts_with("Total Cycles:") && costs.count(region))
          costs[region].cycles = std::max(costs[region].cycles, std::stod(l.substr(13)) / iterations);
      }
      return costs;
    }
    if (attempt >= 200) throw std::runtime_error("llvm-mca failed: " + r.err.substr(0, 300));
    std::smatch m;
    std::size_t dropped = 0;
    if (std::regex_search(r.err, m, bad_line)) {
      const std::size_t at = std::stoul(m[1]) - 1;
      if (at < lines.size() && line_block[at] != 0) {
        lines[at] = "# dropped: " + lines[at];
        ++costs[line_block[at]].unmodelled;
        ++dropped;
      }
    } else if (std::regex_search(r.err, m, unsupported)) {
      const std::string what = m[1];
      for (std::size_t i = 0; i < lines.size(); ++i)
        if (line_block[i] != 0 && lines[i].find(what) != std::string::npos && !lines[i].starts_with("#")) {
          lines[i] = "# dropped: " + lines[i];
          ++costs[line_block[i]].unmodelled;
          ++dropped;
        }
    }
    if (dropped == 0) throw std::runtime_error("llvm-mca failed: " + r.err.substr(0, 300));
  }
}

SegmentEstimate estimate_segment(const std::map<std::uint64_t, std::uint64_t>& counts,
                                 const std::map<std::uint64_t, BlockCost>& costs, std::uint64_t repetitions) {
  SegmentEstimate e;
  double unmodelled = 0;
  for (const auto& [pc, n] : counts) {
    const auto it = costs.find(pc);
    if (it == costs.end()) throw std::runtime_error(fmt::format("block 0x{:x} ran but was never translated", pc));
    const double times = static_cast<double>(n);
    e.cycles += times * it->second.cycles;
    e.instructions += times * static_cast<double>(it->second.instructions);
    unmodelled += times * static_cast<double>(it->second.unmodelled);
  }
  const double r = static_cast<double>(std::max<std::uint64_t>(repetitions, 1));
  e.unmodelled = e.instructions > 0 ? unmodelled / e.instructions : 0;
  e.cycles /= r;
  e.instructions /= r;
  return e;
}

}  // namespace pqmul::experiments
