// `pqmul model`'s run (model.hpp): the probe of the target build under
// qemu-user with its block log streamed through a FIFO (a KEM operation
// logs millions of lines; nothing of it is written to disk), then the blocks
// costed once for all the probe's cases.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <stdexcept>
#include <thread>

#include "pqmul/experiments/model.hpp"
#include "pqmul/experiments/sweep_runner.hpp"
#include "scratch_dir.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
constexpr const char* end_of_log = "pqmul-model: end of log";

std::vector<std::string> emulator_for(const ModelCpu& cpu) {
  if (cpu.arch == "aarch64") return {"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"};
  return {"qemu-x86_64", "-cpu", "max"};
}

// Feeds the FIFO's lines to the parser until the closing line. The reader
// holds the FIFO open for writing too, so it never sees an end of file (qemu
// may open and close it, or never open it) and never blocks on open.
class FifoReader {
 public:
  FifoReader(const fs::path& fifo, QemuLogParser& parser) : path_(fifo), parser_(parser) {
    if (::mkfifo(fifo.c_str(), 0600) != 0)
      throw std::runtime_error(fmt::format("cannot create {}: {}", fifo.string(), std::strerror(errno)));
    fd_ = ::open(fifo.c_str(), O_RDWR);
    if (fd_ < 0) throw std::runtime_error(fmt::format("cannot open {}: {}", fifo.string(), std::strerror(errno)));
    thread_ = std::thread([this] { read_all(); });
  }
  ~FifoReader() {
    stop();
    if (fd_ >= 0) ::close(fd_);
  }
  // Ends the reading; returns the parser's error, if any.
  std::string stop() {
    if (thread_.joinable()) {
      const std::string last = std::string("\n") + end_of_log + "\n";
      if (::write(fd_, last.data(), last.size()) < 0) error_ = "cannot end the log";
      thread_.join();
    }
    return error_;
  }

 private:
  void read_all() {
    std::string pending;
    char buffer[1 << 16];
    for (;;) {
      const ssize_t got = ::read(fd_, buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return;
      pending.append(buffer, static_cast<std::size_t>(got));
      std::size_t start = 0;
      for (std::size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1) {
        const std::string line = pending.substr(start, nl - start);
        if (line == end_of_log) return;
        if (!error_.empty()) continue;
        try {
          parser_.line(line);
        } catch (const std::exception& e) {
          error_ = e.what();
        }
      }
      pending.erase(0, start);
    }
  }

  fs::path path_;
  QemuLogParser& parser_;
  int fd_ = -1;
  std::string error_;
  std::thread thread_;
};

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

}  // namespace

std::vector<Row> run_model(const ModelRequest& request, std::ostream& log) {
  if (request.cpus.empty()) throw std::invalid_argument("no CPU to model");
  std::vector<const ModelCpu*> models;
  for (const auto& name : request.cpus) {
    models.push_back(&model_cpu(name));
    if (models.back()->arch != models.front()->arch)
      throw std::invalid_argument(fmt::format("{} and {} run different builds ({} and {}): model them separately",
                                              models.front()->name, name, models.front()->arch, models.back()->arch));
  }
  const ModelCpu& cpu = *models.front();
  if (request.repetitions == 0 || request.repetitions > 1000)
    throw std::invalid_argument("--repeat must be between 1 and 1000");
  std::error_code ec;
  if (!fs::is_regular_file(request.probe, ec))
    throw std::invalid_argument(fmt::format("no {} build of pqmul at {} (build it: cmake --preset {})", cpu.arch,
                                            request.probe, cpu.arch == "aarch64" ? "aarch64" : "release"));
  const ScratchDir dir;

  QemuLogParser parser(cpu.arch, model_marker_symbol);
  Command command;
  command.argv = emulator_for(cpu);
  for (const char* a : {"-d", "in_asm,exec,nochain", "-D"}) command.argv.push_back(a);
  command.argv.push_back((dir / "log").string());
  command.argv.push_back(request.probe);
  command.argv.push_back("model-probe");
  command.argv.insert(command.argv.end(), request.selection.begin(), request.selection.end());
  command.argv.push_back("--repeat");
  command.argv.push_back(std::to_string(request.repetitions));
  log << fmt::format("pqmul model: tracing {} under {}\n", request.probe, command.argv.front());
  CommandResult result;
  std::string parse_error;
  {
    FifoReader reader(dir / "log", parser);
    result = ProcessRunner().run(command);
    parse_error = reader.stop();
  }
  if (result.exit_code == 127)
    throw std::runtime_error(fmt::format("cannot run {}: {}", command.argv.front(), result.err));
  if (result.exit_code != 0)
    throw std::runtime_error(fmt::format("the probe failed (exit {}): {}", result.exit_code, last_line(result.err)));
  if (!parse_error.empty()) throw std::runtime_error("reading the qemu log: " + parse_error);
  BlockTrace trace = parser.finish();

  const std::vector<Row> probe_rows = read_csv_text(result.out, "the probe's rows");
  if (trace.segments.size() != probe_rows.size())
    throw std::runtime_error(fmt::format("the probe ran {} cases but the log holds {} traced segments",
                                         probe_rows.size(), trace.segments.size()));
  std::map<std::uint64_t, TraceBlock> executed;
  for (const auto& segment : trace.segments)
    for (const auto& [pc, count] : segment) {
      const auto it = trace.blocks.find(pc);
      if (it == trace.blocks.end()) throw std::runtime_error(fmt::format("block 0x{:x} ran but was never logged", pc));
      executed.emplace(pc, it->second);
    }
  std::vector<Row> rows;
  for (const ModelCpu* each : models) {
    log << fmt::format("pqmul model: {} cases, {} distinct blocks; costing them with llvm-mca -mcpu={} ({})\n",
                       probe_rows.size(), executed.size(), each->llvm_cpu, each->llvm_model);
    const auto costs = cost_blocks(executed, *each);
    for (std::size_t i = 0; i < probe_rows.size(); ++i) {
      const SegmentEstimate e = estimate_segment(trace.segments[i], costs, request.repetitions);
      Row r = probe_rows[i];
      r.counter = "model:" + each->name;
      r.median = std::round(e.cycles * 10) / 10;  // a model: a tenth of a cycle is already more than it knows
      r.p10 = r.p90 = r.ci_low = r.ci_high = r.counter_overhead = r.counter_hz = std::nullopt;
      r.repetition_medians.clear();
      r.round_medians.clear();
      r.repetitions = request.repetitions;
      r.rounds = 1;
      r.samples = request.repetitions;
      r.instructions = static_cast<std::uint64_t>(std::llround(e.instructions));
      r.instructions_note =
          fmt::format("executed under qemu-{}; {:.2f}% of them not costed by llvm-mca", each->arch, 100 * e.unmodelled);
      r.emulated = true;
      r.noisy = false;
      r.noise.clear();
      r.cpu = fmt::format("{} (modelled: {})", each->name, each->llvm_model);
      rows.push_back(std::move(r));
    }
  }
  return rows;
}

}  // namespace pqmul::experiments
