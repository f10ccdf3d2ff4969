// pqmul model: modelled cycles of kernels and KEM operations on a core this
// machine does not have (model.hpp). The build of the target architecture
// runs the selection under qemu-user; llvm-mca costs the blocks it executed.
// --measure (a model of this machine's own architecture) also measures the
// same cases here, interleaved, and prints the model's error per row: how far
// to trust the Arm figures.
#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

#include "command.hpp"
#include "numeric_options.hpp"
#include "pqmul/experiments/bench_measure.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/counter.hpp"
#include "pqmul/experiments/data_paths.hpp"
#include "pqmul/experiments/model.hpp"
#include "pqmul/experiments/noise.hpp"
#include "pqmul/schemes/common/output_files.hpp"
#include "selection_options.hpp"

namespace pqmul::cli {
namespace {

namespace fs = std::filesystem;
using namespace pqmul::experiments;

struct ModelOptions : SelectionText {
  std::string cpu;
  std::size_t repeat = 2;
  std::string probe;
  std::string format = "table";
  std::string output;
  bool measure = false;
};

std::string host_arch() {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#else
  return "other";
#endif
}

std::string default_probe(const ModelCpu& cpu) {
  if (cpu.arch == host_arch()) return fs::read_symlink("/proc/self/exe").string();
  return (fs::path(PQMUL_SOURCE_DIR) / "build" / cpu.arch / "experiments" / "pqmul").string();
}

std::string model_table(const std::vector<Row>& rows) {
  std::string out = fmt::format("{:<28} {:<20} {:<8} {:<18} {:>12} {:>13} {:>5} {:>9}\n", "id", "operation", "strategy",
                                "counter", "cycles", "instructions", "IPC", "uncosted");
  for (const auto& r : rows) {
    const double ipc =
        r.median && *r.median > 0 && r.instructions ? static_cast<double>(*r.instructions) / *r.median : 0;
    const auto pct = r.instructions_note.find('%');
    const auto space = r.instructions_note.rfind(' ', pct == std::string::npos ? 0 : pct);
    const std::string uncosted = pct == std::string::npos ? "-" : r.instructions_note.substr(space + 1, pct - space);
    out += fmt::format("{:<28} {:<20} {:<8} {:<18} {:>12.0f} {:>13} {:>5.2f} {:>9}\n", r.id, r.operation, r.strategy,
                       r.counter, r.median.value_or(0), r.instructions.value_or(0), ipc, uncosted);
  }
  std::vector<std::string> models;
  for (const auto& r : rows)
    if (std::find(models.begin(), models.end(), r.cpu) == models.end()) models.push_back(r.cpu);
  for (const auto& m : models) out += "model: " + m + "\n";
  return out;
}

// Measures the same selection here and pairs each modelled row with its measurement.
std::string validation(const ModelOptions& o, const std::vector<Row>& modelled, bool csv) {
  std::vector<std::string> notes;
  auto cases = plan_benchmarks(o.selection(), &notes);  // unchecked: the model's probe checked them
  Counter counter = Counter::open("auto");
  RepetitionSettings settings;
  measure_cases(cases, counter, settings, read_system, stderr);
  const double cycles_per_tick = core_cycles_per_tick([&] { return counter.begin(); }, [&] { return counter.end(); });
  std::map<std::string, const Row*> measured;
  for (const auto& c : cases) measured[c.key()] = &c.row;
  std::string out =
      csv ? "id,operation,strategy,rank,modelled_cycles,model,measured_median,counter,core_cycles_per_tick,"
            "measured_cycles,error\n"
          : fmt::format("{:<32} {:<20} {:<8} {:>12} {:>12} {:>12} {:>8}\n", "id", "operation", "strategy", "modelled",
                        "measured", "as cycles", "error");
  for (const auto& m : modelled) {
    const auto it = measured.find(BenchCase{m, {}}.key());
    if (it == measured.end() || !it->second->median || !m.median) continue;
    const double ticks = *it->second->median, cycles = ticks * cycles_per_tick;
    const double error = cycles > 0 ? *m.median / cycles - 1 : 0;
    out += csv ? fmt::format("{},{},{},{},{:.1f},{},{:.1f},{},{:.4f},{:.1f},{:.4f}\n", m.id, m.operation, m.strategy,
                             m.rank ? std::to_string(*m.rank) : "", *m.median, m.counter, ticks, counter.name(),
                             cycles_per_tick, cycles, error)
               : fmt::format("{:<32} {:<20} {:<8} {:>12.0f} {:>12.0f} {:>12.0f} {:>+7.1f}%\n", m.id, m.operation,
                             m.strategy, *m.median, ticks, cycles, 100 * error);
  }
  if (!csv)
    out += fmt::format(
        "modelled: {}; measured: median {} ticks here, times {:.3f} core cycles per tick (a chain of dependent "
        "additions); error = modelled / measured cycles - 1\n",
        modelled.empty() ? "" : modelled.front().counter, counter.name(), cycles_per_tick);
  return out;
}

void run_model_command(const ModelOptions& o) {
  const std::vector<std::string> cpus = split_list(o.cpu);
  const ModelCpu* cpu = nullptr;
  try {
    if (cpus.empty()) throw std::invalid_argument("--cpu names no CPU");
    for (const auto& each : cpus) (void)model_cpu(each);
    cpu = &model_cpu(cpus.front());
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (o.measure && cpus.size() > 1) throw UsageError("--measure validates one CPU model at a time");
  if (o.format != "table" && o.format != "csv") throw UsageError("--format must be table or csv");
  if (o.schemes.empty() == o.rings.empty()) throw UsageError("name either --scheme or --ring");
  if (o.measure && cpu->arch != host_arch())
    throw UsageError(
        fmt::format("--measure needs a model of this machine's architecture ({}), not {}", host_arch(), cpu->arch));
  std::optional<OutputFiles> output;
  if (!o.output.empty() && o.output != "-") {
    output.emplace();
    (void)output->add(o.output, OutputFiles::Access::world_readable);
  }
  ModelRequest request;
  request.cpus = cpus;
  request.selection = o.arguments();
  request.probe = o.probe.empty() ? default_probe(*cpu) : o.probe;
  request.repetitions = o.repeat;
  std::vector<Row> rows;
  std::ostringstream progress;  // said after a success only: a refusal is one line
  try {
    rows = run_model(request, progress);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::cerr << progress.str();
  std::string text = o.measure           ? validation(o, rows, o.format == "csv")
                     : o.format == "csv" ? to_csv(rows)
                                         : model_table(rows);
  if (!output) {
    fmt::print("{}", text);
  } else {
    output->write(o.output, text, OutputFiles::Access::world_readable);
    output->commit();
  }
}

const CommandRegistration model_registration([](CLI::App& app) {
  auto o = std::make_shared<ModelOptions>();
  auto* cmd = app.add_subcommand(
      "model",
      "Modelled cycles on a core this machine lacks: the target build under qemu-user (executed blocks) "
      "costed by llvm-mca with the core's scheduling model");
  std::string cpus;
  for (const auto& c : model_cpus()) cpus += (cpus.empty() ? "" : ", ") + c.name;
  cmd->add_option("--cpu", o->cpu, "core(s), comma-separated, of one architecture: " + cpus)->required();
  cmd->add_option("--scheme", o->schemes, "KEM scheme(s), comma-separated");
  cmd->add_option("--ring", o->rings, "ring(s), comma-separated");
  cmd->add_option("--multiplier", o->multipliers, "multiplier(s) (default: all registered)");
  cmd->add_option("--params", o->params, "multiplier parameters key=value;...");
  cmd->add_option("--strategy", o->strategies, "eager, lazy, cached, comma-separated");
  cmd->add_option("--isa", o->isas, "ISA(s) of the target build (e.g. neon, portable)");
  cmd->add_option("--ops", o->ops, "operations, as pqmul bench --ops");
  cmd->add_option("--rank", o->rank, "module rank of matrix-vector rows")->check(whole_in(1, max_rank));
  cmd->add_option("--repeat", o->repeat, "traced runs per case after a warm-up run")
      ->check(whole_in(1, 1000))
      ->capture_default_str();
  cmd->add_option("--probe", o->probe,
                  "the target build's pqmul (default: build/<arch>/experiments/pqmul in the source tree, or this "
                  "binary for its own architecture)");
  cmd->add_flag("--measure", o->measure,
                "also measure the cases on this machine and print modelled/measured per row (a model of this "
                "machine's architecture only: the method's validation)");
  cmd->add_option("--format", o->format, "table or csv")->capture_default_str();
  cmd->add_option("-o,--output", o->output, "output file (default: standard output)");
  cmd->callback([o] { run_model_command(*o); });
});

}  // namespace
}  // namespace pqmul::cli
