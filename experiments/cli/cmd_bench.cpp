// pqmul bench: times multipliers, module products and KEM operations chosen
// from the registries in interleaved repetitions read with a named counter
// (bench_measure.hpp), and prints one row per case (README "Result rows"):
// the median of the repetition medians with its 95% interval, p10 and p90
// over every sample, the noise verdict, the counter, its overhead and
// frequency, the correctness verdict of this build, where asked the
// callgrind instruction count per call, and the memory of one call (stack,
// heap and, on ring rows, the multiplier's code: memory_use.hpp).
#include <fmt/core.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "numeric_options.hpp"
#include "selection_options.hpp"
#include "pqmul/experiments/bench_measure.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/callgrind.hpp"
#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/counter.hpp"
#include "pqmul/experiments/cpu_pinning.hpp"
#include "pqmul/experiments/cpu_probe.hpp"
#include "pqmul/experiments/data_paths.hpp"
#include "pqmul/experiments/memory_use.hpp"
#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/variable_time.hpp"
#include "pqmul/schemes/common/output_files.hpp"

namespace pqmul::cli {
namespace {

using namespace pqmul::experiments;

// Every sample of a case is kept until its row is summarised.
constexpr std::size_t max_kept_samples = 10'000'000;

struct BenchOptions : SelectionText {
  int pin_cpu = -1;  // -1: wherever the scheduler puts the process
  RepetitionSettings measuring;
  double max_half_width_percent = 3, max_steal_percent = 0.5;
  std::string counter = "auto";
  bool instructions = false;
  std::size_t instruction_calls = 10;
  std::string format = "table";
  std::string output;
  std::string hashes;  // "" = the shipped tests/vectors/kem/KAT_HASHES.txt
  bool correctness_only = false;
  bool list_counters = false;
  bool callgrind_child = false;  // internal: this process runs under callgrind
};

BenchSelection selection_of(const BenchOptions& o, bool check) {
  BenchSelection s = o.selection();
  // Only checked KEM and AEAD rows need the known answers; the digests' folder
  // is also the one holding TinyJAMBU's (tinyjambu/ beside kem/).
  if (check && !s.schemes.empty()) {
    try {
      s.kat_hashes = kat_hashes_path(o.hashes);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
    s.vectors_dir = std::filesystem::path(s.kat_hashes).parent_path().parent_path().string();
  }
  s.check = check;
  return s;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

// This process's arguments, to re-run the same selection under callgrind.
std::vector<std::string> own_arguments() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> args;
  std::string arg;
  while (std::getline(in, arg, '\0')) args.push_back(arg);
  return args;
}

// In the child under callgrind: each case's calls, one dump per case.
void run_callgrind_child(const BenchOptions& o) {
  std::vector<std::string> notes;
  auto cases = plan_benchmarks(selection_of(o, false), &notes);
  for (auto& c : cases) {
    if (!instructions_unsupported_reason(c.row.isa).empty()) continue;
    collect_instructions(c.key(), o.instruction_calls, c.run);
  }
}

void count_instructions(std::vector<BenchCase>& cases, const BenchOptions& o) {
  auto note_all = [&](const std::string& why) {
    for (auto& c : cases)
      if (c.row.instructions_note.empty()) c.row.instructions_note = why;
  };
  for (auto& c : cases) c.row.instructions_note = instructions_unsupported_reason(c.row.isa);
  if (!callgrind_requests_available())
    return note_all("built without valgrind/callgrind.h, no instruction counts");
  const std::string valgrind = find_valgrind();
  if (valgrind.empty()) return note_all("valgrind is not installed (not on PATH)");

  namespace fs = std::filesystem;
  std::string dir_pattern = (fs::temp_directory_path() / "pqmul-callgrind-XXXXXX").string();
  if (!mkdtemp(dir_pattern.data())) return note_all("cannot create a temporary directory for callgrind");
  const fs::path dir(dir_pattern);
  const std::string prefix = (dir / "callgrind.out").string();
  std::string command = shell_quote(valgrind) + " --tool=callgrind --collect-atstart=no --callgrind-out-file=" +
                        shell_quote(prefix);
  const auto args = own_arguments();
  command += " " + shell_quote(fs::read_symlink("/proc/self/exe").string());
  for (std::size_t i = 1; i < args.size(); ++i) command += " " + shell_quote(args[i]);
  command += " --callgrind-child > " + shell_quote((dir / "log").string()) + " 2>&1";
  fmt::print(stderr, "pqmul bench: counting instructions under callgrind ({} calls per operation)...\n",
             o.instruction_calls);
  const int status = std::system(command.c_str());
  const auto totals = read_callgrind_dumps(prefix);
  std::string failure;
  if (status != 0) {
    std::ifstream log(dir / "log");
    std::string line, last;
    while (std::getline(log, line))
      if (!line.empty()) last = line;
    failure = fmt::format("valgrind failed (status {}): {}", status, last);
  }
  for (auto& c : cases) {
    if (!c.row.instructions_note.empty()) continue;
    const auto it = totals.find(c.key());
    if (it == totals.end()) {
      c.row.instructions_note = failure.empty() ? "no callgrind count (the case does not exist under valgrind)" : failure;
      continue;
    }
    c.row.instructions = static_cast<std::uint64_t>(
        std::llround(static_cast<double>(it->second) / static_cast<double>(o.instruction_calls)));
  }
  std::error_code ignored;
  fs::remove_all(dir, ignored);
}

std::string cell(const std::optional<double>& v) { return v ? fmt::format("{:.0f}", *v) : "-"; }
std::string cell(const std::optional<std::uint64_t>& v) { return v ? std::to_string(*v) : "-"; }

// "±1.2%": half the 95% interval relative to the median.
std::string interval_cell(const Row& r) {
  if (!r.median || !r.ci_low || !r.ci_high || *r.median <= 0) return "-";
  return fmt::format("±{:.1f}%", 100 * (*r.ci_high - *r.ci_low) / 2 / *r.median);
}

std::string microseconds_cell(const Row& r) {
  return r.median && r.counter_hz ? fmt::format("{:.2f}", *r.median / *r.counter_hz * 1e6) : "-";
}

// The table's last column: what to know before using the figure.
std::string notes_cell(const Row& r) {
  std::string out = r.variable_time ? std::string(variable_time_note) : "";
  if (r.noisy) out += (out.empty() ? "" : "; ") + std::string("NOISY: ") + r.noise;
  return out;
}

std::string machine_line() {
  return "machine: " + describe_line(cpu_description());
}

std::string as_table(const std::vector<Row>& rows) {
  std::size_t width = 2;
  for (const auto& r : rows) width = std::max(width, r.id.size());
  const auto line = [&](const auto&... cells) {
    return fmt::format(
        "{:<{}} {:<19} {:<7} {:>4} {:<12} {:>12} {:>7} {:>10} {:>12} {:>12} {:>10} {:>12} {:>8} {:>8} {:>8} {:>8} "
        "{:<7} {}\n",
        cells...);
  };
  std::string out = machine_line() + "\n";
  out += line("id", width, "operation", "strategy", "rank", "counter", "median", "95% ci", "us", "p10", "p90",
              "reps x n", "instructions", "bytes", "stack", "heap", "code", "correct", "noise");
  for (const auto& r : rows)
    out +=
        line(r.id, width, r.operation, r.strategy.empty() ? "-" : r.strategy, cell(r.rank),
             r.counter.empty() ? "-" : r.counter, cell(r.median), interval_cell(r), microseconds_cell(r), cell(r.p10),
             cell(r.p90), r.repetitions ? fmt::format("{}x{}", r.repetitions, r.samples / r.repetitions) : "-",
             cell(r.instructions), cell(r.bytes_held), cell(r.stack_bytes), cell(r.heap_bytes), cell(r.code_bytes),
             r.correct.empty() ? "-" : r.correct, notes_cell(r));
  if (!rows.empty() && !rows.front().counter.empty())
    out += fmt::format(
        "counter {}: overhead {:.0f} (median of empty measurements, not subtracted); median = median of the "
        "repetition medians, 95% ci from {}; {}, {} {}, {}\n",
        rows.front().counter, rows.front().counter_overhead.value_or(0), median_interval_method, rows.front().cpu,
        rows.front().compiler, rows.front().compiler_version, rows.front().commit);
  out +=
      "bytes: held by the strategy; stack / heap: bytes one call reached on its own painted stack / took from "
      "operator new; code: the multiplier's functions in this executable (ring rows; README \"Result rows\")\n";
  return out;
}

// JSON output: the machine beside the rows (from_json reads either shape).
std::string as_json(const std::vector<Row>& rows) {
  nlohmann::json machine = nlohmann::json::object();
  for (const auto& [key, value] : describe(cpu_description())) machine[key] = value;
  nlohmann::json doc = {{"machine", machine},
                        {"median_interval_method", median_interval_method},
                        {"rows", nlohmann::json::parse(to_json(rows))}};
  return doc.dump(2) + "\n";
}

void print_counters() {
  fmt::print("{:<18} {:<8} {}\n", "counter", "usable", "what it counts / why not");
  for (const auto& p : probe_counters()) fmt::print("{:<18} {:<8} {}\n", p.name, p.usable ? "yes" : "no", p.reason);
  const std::string emulated = emulation_reason();
  if (!emulated.empty()) fmt::print("emulated: {} (measurements are refused)\n", emulated);
}

void run_bench(const BenchOptions& o) {
  if (o.list_counters) return print_counters();
  if (o.callgrind_child) return run_callgrind_child(o);
  if (o.format != "table" && o.format != "csv" && o.format != "json")
    throw UsageError(fmt::format("unknown --format '{}' (valid: table, csv, json)", o.format));
  if (o.measuring.warmup_max < o.measuring.warmup_min)
    throw UsageError("--warmup-max must be at least --warmup");
  if (o.measuring.samples * o.measuring.repetitions > max_kept_samples)
    throw UsageError(fmt::format("--samples x --repetitions must be at most {} (every sample is kept for p10 and p90)",
                                 max_kept_samples));

  // The output may not replace the digests it is checked against; refused before measuring.
  std::optional<OutputFiles> output;
  if (!o.output.empty() && o.output != "-") {
    output.emplace(o.hashes.empty() ? std::vector<std::filesystem::path>{}
                                    : std::vector<std::filesystem::path>{o.hashes});
    (void)output->add(o.output, OutputFiles::Access::world_readable);
  }

  const std::string emulated = emulation_reason();
  const bool timed = !o.correctness_only && emulated.empty();
  // Open the counter first: a machine that cannot measure is refused before any work.
  std::optional<Counter> counter;
  if (timed) {
    try {
      counter.emplace(Counter::open(o.counter));
    } catch (const CounterUnavailable& e) {
      throw UsageError(e.what());
    }
  } else if (!emulated.empty()) {
    fmt::print(stderr, "pqmul bench: {}: rows carry correctness only (emulated)\n", emulated);
  }

  std::vector<std::string> notes;
  auto cases = plan_benchmarks(selection_of(o, true), &notes);
  for (const auto& n : notes) fmt::print(stderr, "pqmul bench: note: {}\n", n);
  if (cases.empty()) throw UsageError("nothing to measure: the selection matches no registered case");

  if (timed && o.pin_cpu >= 0) {
    try {
      pin_to_cpu(o.pin_cpu);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--pin-cpu: {}", e.what()));
    }
  }
  if (timed) {
    fmt::print(stderr, "pqmul bench: {} case(s) x {} interleaved repetitions, counter {} (overhead {:.0f})\n",
               cases.size(), o.measuring.repetitions, counter->name(), counter->overhead());
    RepetitionSettings settings = o.measuring;
    settings.limits.max_half_width = o.max_half_width_percent / 100;
    settings.limits.max_steal = o.max_steal_percent / 100;
    measure_cases(cases, *counter, settings, read_system, stderr);
    // Ticks per second where the counter runs at a known constant rate.
    const std::optional<double> hz =
        counter->kind() == CounterKind::tsc ? cpu_description().tsc_hz : std::optional<double>();
    for (auto& c : cases) {
      c.row.counter = std::string(counter->name());
      c.row.counter_overhead = counter->overhead();
      c.row.counter_hz = hz;
    }
  }
  // Untimed calls, after the timed ones: one on the usual stack, two on a stack of their own.
  measure_memory(cases);
  if (o.instructions && emulated.empty()) {
    count_instructions(cases, o);
  } else if (o.instructions) {
    for (auto& c : cases) c.row.instructions_note = "emulated: no instruction counts";
  }

  const BuildContext& context = build_context();
  const std::string date = utc_now();
  std::vector<Row> rows;
  std::size_t failed = 0;
  for (auto& c : cases) {
    stamp(c.row, context, date);
    c.row.emulated = !emulated.empty();
    if (c.row.correct == "fail") ++failed;
    rows.push_back(c.row);
  }

  const std::string text = o.format == "csv" ? to_csv(rows) : o.format == "json" ? as_json(rows) : as_table(rows);
  if (o.output.empty() || o.output == "-") {
    fmt::print("{}", text);
  } else {
    output->write(o.output, text, OutputFiles::Access::world_readable);
    output->commit();
  }
  if (failed) throw Failure(1, fmt::format("{} of {} rows failed their correctness check", failed, rows.size()));
}

const CommandRegistration bench_registration([](CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  auto* cmd = app.add_subcommand(
      "bench", "Measure multipliers, module products and KEM operations (median of interleaved repetitions with its 95% "
      "interval, p10, p90 of a named counter)");
  cmd->add_option("--scheme", o->schemes, "KEM scheme(s), comma-separated, or 'all' (e.g. saber,ml-kem-768)");
  cmd->add_option("--ring", o->rings, "ring(s), comma-separated, or 'all' (e.g. saber, kyber, ntru-hps2048677)");
  cmd->add_option("--multiplier", o->multipliers, "multiplier(s), comma-separated (default: all registered)");
  cmd->add_option("--params", o->params, "multiplier parameters key=value;... (default: the default variant, i.e. the "
                                         "name as registered; 'all': every registered variant of each name)");
  cmd->add_option("--strategy", o->strategies, "eager, lazy, cached, comma-separated (default: all that apply)");
  cmd->add_option("--isa", o->isas, "ISA(s): portable, avx2, avx512, neon (default: every one registered)");
  cmd->add_option("--ops", o->ops,
                  "operations, comma-separated: keygen,encaps,decaps,matrix-vector,inner-product,mul,transform,"
                  "multiply_accumulate,inverse (default: keygen,encaps,decaps for schemes; "
                  "mul,transform,multiply_accumulate,inverse for rings)");
  cmd->add_option("--rank", o->rank, "module rank of ring matrix-vector / inner-product rows")
      ->check(whole_in(1, max_rank))
      ->capture_default_str();
  auto& m = o->measuring;
  cmd->add_option("--repetitions", m.repetitions,
                  "interleaved repetitions; the median is the median of their medians, its 95% interval "
                  "needs at least 6")
      ->check(whole_in(1, 1000))
      ->capture_default_str();
  cmd->add_option("--samples", m.samples, "timed calls per repetition (default: as many as --min-time allows)")
      ->check(whole_in(0, 1'000'000));
  cmd->add_option("--min-time", m.min_time, "seconds per repetition when --samples is not given")
      ->check(real_in(0, 60, true))
      ->capture_default_str();
  cmd->add_option("--warmup", m.warmup_min, "warm-up seconds at least, per case, until timings settle")
      ->check(real_in(0, 60))
      ->capture_default_str();
  cmd->add_option("--warmup-max", m.warmup_max, "warm-up seconds at most, per case, if timings do not settle")
      ->check(real_in(0, 600, true))
      ->capture_default_str();
  cmd->add_option("--max-half-width", o->max_half_width_percent,
                  "percent: a row whose 95% interval is wider (half-width) is noisy and rerun")
      ->check(real_in(0, 100, true))
      ->capture_default_str();
  cmd->add_option("--max-steal", o->max_steal_percent,
                  "percent of CPU time stolen by the hypervisor above which a row is noisy and rerun")
      ->check(real_in(0, 100))
      ->capture_default_str();
  cmd->add_option("--max-load", m.limits.max_load,
                  "1-minute load average above which a row is noisy and rerun (0: not checked)")
      ->check(real_in(0, 100'000))
      ->capture_default_str();
  cmd->add_option("--reruns", m.reruns, "further attempts at a noisy row (the narrowest attempt is kept)")
      ->check(whole_in(0, 10))
      ->capture_default_str();
  cmd->add_option("--pin-cpu", o->pin_cpu,
                  "run on this CPU only while measuring (the vCPUs of a virtual machine need not be alike: "
                  "compare rows measured on the same one)")
      ->check(whole_in(0, 65535));
  cmd->add_option("--counter", o->counter, "tsc, perf, perf-instructions, papi, cntvct or auto")
      ->capture_default_str();
  cmd->add_flag("--instructions", o->instructions,
                "also count instructions per call under valgrind callgrind (deterministic)");
  cmd->add_option("--instruction-calls", o->instruction_calls, "calls counted under callgrind per operation")
      ->check(whole_in(1, 1'000'000))
      ->capture_default_str();
  cmd->add_option("--format", o->format, "table, csv or json")->capture_default_str();
  cmd->add_option("-o,--output", o->output, "output file (default: standard output)");
  cmd->add_option("--hashes", o->hashes, "published KAT digests (default: the shipped tests/vectors/kem/KAT_HASHES.txt; TinyJAMBU's known answers are read from tinyjambu/ beside its folder)");
  cmd->add_flag("--correctness-only", o->correctness_only, "rows with the correctness verdict only, no timing");
  cmd->add_flag("--list-counters", o->list_counters, "say which counters this machine offers, and why not");
  cmd->add_flag("--callgrind-child", o->callgrind_child, "")->group("");
  cmd->callback([o] { run_bench(*o); });
});

}  // namespace
}  // namespace pqmul::cli
