// Costing traced blocks with LLVM (model.hpp): llvm-mc turns each
// instruction's bytes into LLVM's assembly, llvm-mca estimates each block as a
// code region of its own. Branches are taken out of the regions (llvm-mca's
// models cost calls and returns as serialising, which a predicted branch is
// not) and counted as one cycle each.
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

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
constexpr int iterations = 100;

const std::vector<ModelCpu> cpus = {
    {"cortex-a53", "aarch64", "cortex-a53", "LLVM's CortexA53Model (in-order; since LLVM 3.x)"},
    {"cortex-a72", "aarch64", "cortex-a72", "LLVM's CortexA57Model (LLVM has no A72 model; the A57 is its predecessor)"},
    {"apple-m1", "aarch64", "apple-m1", "LLVM's CycloneModel (Apple A7, 2013; LLVM 14 uses it for every Apple core)"},
    {"znver3", "x86_64", "znver3", "LLVM's Znver3Model (Zen 3; LLVM 14 has no Zen 4 model): the x86 validation"},
};

class TempDir {
 public:
  TempDir() {
    static std::atomic<int> serial{0};
    path_ = fs::temp_directory_path() / fmt::format("pqmul-model-{}-{}", ::getpid(), serial++);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
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
    throw std::runtime_error(fmt::format("cannot run {} (Debian package llvm; scripts/install-deps.sh installs it)",
                                         argv.front()));
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

// LLVM's text of every instruction ("" where llvm-mc rejects the encoding).
std::vector<std::string> disassemble(const std::vector<const std::vector<std::uint8_t>*>& instructions,
                                     const ModelCpu& cpu, const TempDir& dir) {
  std::string input;
  for (const auto* bytes : instructions) {
    for (auto b : *bytes) input += fmt::format("0x{:02x} ", b);
    input += '\n';
  }
  const fs::path file = dir / "bytes.txt";
  write_text(file, input);
  std::vector<std::string> argv = {"llvm-mc", "--disassemble", "-triple=" + triple_of(cpu)};
  if (cpu.arch == "aarch64") argv.push_back("-mattr=+neon,+crc,+crypto,+fullfp16,+lse,+rcpc,+dotprod");
  argv.push_back(file.string());
  const CommandResult r = run_tool(argv);
  if (r.exit_code != 0) throw std::runtime_error("llvm-mc failed: " + r.err.substr(0, 200));
  std::set<std::size_t> invalid;  // 1-based input lines
  static const std::regex warning(R"(:(\d+):\d+: warning: invalid instruction encoding)");
  for (std::sregex_iterator it(r.err.begin(), r.err.end(), warning), end; it != end; ++it)
    invalid.insert(std::stoul((*it)[1]));
  std::vector<std::string> out(instructions.size());
  std::istringstream lines(r.out);
  std::string text;
  std::size_t next = 0;
  while (std::getline(lines, text)) {
    if (text.empty() || text[0] != '\t' || text.find(".text") != std::string::npos) continue;
    while (next < out.size() && invalid.count(next + 1)) ++next;
    if (next >= out.size()) throw std::runtime_error("llvm-mc printed more instructions than it was given");
    out[next++] = text.substr(1);
  }
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

std::map<std::uint64_t, BlockCost> cost_blocks(const std::map<std::uint64_t, TraceBlock>& blocks,
                                               const ModelCpu& cpu) {
  TempDir dir;
  std::vector<const std::vector<std::uint8_t>*> all;
  for (const auto& [pc, block] : blocks)
    for (const auto& bytes : block.instructions) all.push_back(&bytes);
  const std::vector<std::string> text = disassemble(all, cpu, dir);

  // Regions: one per block with at least one costed instruction.
  std::map<std::uint64_t, BlockCost> costs;
  std::vector<std::string> lines;             // the llvm-mca input
  std::vector<std::uint64_t> line_block;      // block of each instruction line (0 for markers)
  std::size_t k = 0;
  for (const auto& [pc, block] : blocks) {
    BlockCost& c = costs[pc];
    c.instructions = block.instructions.size();
    std::vector<std::string> body;
    for (std::size_t i = 0; i < block.instructions.size(); ++i, ++k) {
      if (text[k].empty()) {
        ++c.unmodelled;
      } else if (is_branch(text[k], cpu.arch)) {
        c.cycles += 1;
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
          costs[region].cycles += std::stod(l.substr(13)) / iterations;
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
