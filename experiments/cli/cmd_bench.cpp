// pqmul bench: times multipliers, module products and KEM operations chosen
// from the registries, in google-benchmark loops read with a named counter,
// and prints one row per case (README "Result rows"): median, p10, p90 over
// every sample, the counter and its overhead, the correctness verdict of this
// build, and where asked the callgrind instruction count per call.
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/callgrind.hpp"
#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/counter.hpp"
#include "pqmul/experiments/data_paths.hpp"
#include "pqmul/experiments/measure.hpp"
#include "pqmul/experiments/row.hpp"

#if defined(PQMUL_HAVE_BENCHMARK)
#include <benchmark/benchmark.h>
#endif

namespace pqmul::cli {
namespace {

using namespace pqmul::experiments;

struct BenchOptions {
  std::string schemes, rings, multipliers, params, strategies, isas, ops;
  std::size_t rank = 3;
  std::size_t samples = 0;
  double min_time = 0.2;
  double warmup = 0.02;
  int repetitions = 1;
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
  BenchSelection s;
  s.schemes = split_list(o.schemes);
  s.rings = split_list(o.rings);
  s.multipliers = split_multiplier_list(o.multipliers);
  s.params = o.params;
  s.strategies = split_list(o.strategies);
  s.isas = split_list(o.isas);
  s.operations = split_list(o.ops);
  s.rank = o.rank;
  // Only a checked selection needs the known answers; the digests' folder is
  // also the one holding TinyJAMBU's (tinyjambu/ beside kem/).
  if (check) {
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

#if defined(PQMUL_HAVE_BENCHMARK)
// Samples of every call google-benchmark makes, and which calls it reported:
// only the final run of each repetition counts (the others only sized the loop).
struct SampleStore {
  std::vector<std::vector<std::vector<std::uint64_t>>> calls;  // [case][call] -> samples
  std::vector<std::vector<std::size_t>> reported;              // [case] -> calls reported
  std::vector<std::string> errors;
};

class CollectingReporter final : public benchmark::BenchmarkReporter {
 public:
  explicit CollectingReporter(SampleStore& store) : store_(store) {}
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      if (run.error_occurred) {
        store_.errors.push_back(run.benchmark_name() + ": " + run.error_message);
        continue;
      }
      const auto index = run.counters.find("case"), call = run.counters.find("call");
      if (index == run.counters.end() || call == run.counters.end()) continue;
      store_.reported[static_cast<std::size_t>(index->second.value)].push_back(
          static_cast<std::size_t>(call->second.value));
    }
  }

 private:
  SampleStore& store_;
};

void measure(std::vector<BenchCase>& cases, Counter& counter, const BenchOptions& o) {
  SampleStore store;
  store.calls.resize(cases.size());
  store.reported.resize(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string name = cases[i].key();
    auto* b = benchmark::RegisterBenchmark(name.c_str(), [&store, &counter, &cases, &o, i](benchmark::State& state) {
      std::vector<std::uint64_t> samples;
      samples.reserve(static_cast<std::size_t>(state.max_iterations));
      auto& run = cases[i].run;
      // Warm caches, branch predictors and clocks before the first timed loop
      // (google-benchmark's own warm-up excludes a fixed iteration count).
      if (store.calls[i].empty()) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(o.warmup);
        int calls = 0;
        while (calls < 3 || std::chrono::steady_clock::now() < until) {
          run();
          ++calls;
        }
      }
      for (auto _ : state) {
        const std::uint64_t t0 = counter.begin();
        run();
        const std::uint64_t t1 = counter.end();
        samples.push_back(t1 - t0);
      }
      store.calls[i].push_back(std::move(samples));
      state.counters["case"] = static_cast<double>(i);
      state.counters["call"] = static_cast<double>(store.calls[i].size() - 1);
    });
    if (o.samples)
      b->Iterations(static_cast<benchmark::IterationCount>(o.samples));
    else
      b->MinTime(o.min_time);
    b->Repetitions(o.repetitions);
  }
  CollectingReporter reporter(store);
  benchmark::RunSpecifiedBenchmarks(&reporter, ".");
  benchmark::ClearRegisteredBenchmarks();
  for (const auto& e : store.errors) fmt::print(stderr, "pqmul bench: {}\n", e);

  for (std::size_t i = 0; i < cases.size(); ++i) {
    std::vector<std::uint64_t> pooled;
    for (std::size_t call : store.reported[i]) {
      const auto& s = store.calls[i].at(call);
      pooled.insert(pooled.end(), s.begin(), s.end());
    }
    Row& row = cases[i].row;
    row.counter = std::string(counter.name());
    row.counter_overhead = counter.overhead();
    if (pooled.empty()) throw Failure(1, fmt::format("{}: no samples were taken", cases[i].key()));
    const Summary summary = summarize(pooled);
    row.median = summary.median;
    row.p10 = summary.p10;
    row.p90 = summary.p90;
    row.samples = summary.samples;
  }
}
#endif

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

std::string as_table(const std::vector<Row>& rows) {
  std::size_t width = 2;
  for (const auto& r : rows) width = std::max(width, r.id.size());
  std::string out = fmt::format("{:<{}} {:<19} {:<7} {:>4} {:<12} {:>12} {:>12} {:>12} {:>8} {:>12} {:>8} {}\n", "id",
                                width, "operation", "strategy", "rank", "counter", "median", "p10", "p90", "samples",
                                "instructions", "bytes", "correct");
  for (const auto& r : rows)
    out += fmt::format("{:<{}} {:<19} {:<7} {:>4} {:<12} {:>12} {:>12} {:>12} {:>8} {:>12} {:>8} {}\n", r.id, width,
                       r.operation, r.strategy.empty() ? "-" : r.strategy, cell(r.rank),
                       r.counter.empty() ? "-" : r.counter, cell(r.median), cell(r.p10), cell(r.p90), r.samples,
                       cell(r.instructions), cell(r.bytes_held), r.correct.empty() ? "-" : r.correct);
  if (!rows.empty() && !rows.front().counter.empty())
    out += fmt::format("counter {}: overhead {:.0f} (median of empty measurements, not subtracted); {}, {} {}, {}\n",
                       rows.front().counter, rows.front().counter_overhead.value_or(0), rows.front().cpu,
                       rows.front().compiler, rows.front().compiler_version, rows.front().commit);
  return out;
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
  if (o.repetitions < 1) throw UsageError("--repetitions must be at least 1");
  if (o.instruction_calls < 1) throw UsageError("--instruction-calls must be at least 1");

  const std::string emulated = emulation_reason();
  const bool timed = !o.correctness_only && emulated.empty();
#if !defined(PQMUL_HAVE_BENCHMARK)
  if (timed)
    throw UsageError(
        "benchmarks are not built in this tree (configured without google-benchmark); "
        "--correctness-only gives rows with the correctness verdict only");
#endif
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

#if defined(PQMUL_HAVE_BENCHMARK)
  if (timed) {
    fmt::print(stderr, "pqmul bench: {} case(s), counter {} (overhead {:.0f})\n", cases.size(), counter->name(),
               counter->overhead());
    measure(cases, *counter, o);
  }
#endif
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

  const std::string text = o.format == "csv" ? to_csv(rows) : o.format == "json" ? to_json(rows) : as_table(rows);
  if (o.output.empty() || o.output == "-") {
    fmt::print("{}", text);
  } else {
    std::ofstream out(o.output, std::ios::binary | std::ios::trunc);
    if (!(out << text) || !out.flush()) throw UsageError(fmt::format("cannot write '{}'", o.output));
  }
  if (failed) throw Failure(1, fmt::format("{} of {} rows failed their correctness check", failed, rows.size()));
}

const CommandRegistration registration([](CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  auto* cmd = app.add_subcommand(
      "bench", "Measure multipliers, module products and KEM operations (median, p10, p90 of a named counter)");
  cmd->add_option("--scheme", o->schemes, "KEM scheme(s), comma-separated, or 'all' (e.g. saber,ml-kem-768)");
  cmd->add_option("--ring", o->rings, "ring(s), comma-separated, or 'all' (e.g. saber, kyber, ntru-hps2048677)");
  cmd->add_option("--multiplier", o->multipliers, "multiplier(s), comma-separated (default: all registered)");
  cmd->add_option("--params", o->params, "ring multipliers' parameters key=value;... (default: the default variant; "
                                         "'all': every registered variant)");
  cmd->add_option("--strategy", o->strategies, "eager, lazy, cached, comma-separated (default: all that apply)");
  cmd->add_option("--isa", o->isas, "ISA(s): portable, avx2, avx512, neon (default: every one registered)");
  cmd->add_option("--ops", o->ops,
                  "operations, comma-separated: keygen,encaps,decaps,matrix-vector,inner-product,mul,transform,"
                  "multiply_accumulate,inverse (default: keygen,encaps,decaps for schemes; "
                  "mul,transform,multiply_accumulate,inverse for rings)");
  cmd->add_option("--rank", o->rank, "module rank of ring matrix-vector / inner-product rows")->capture_default_str();
  cmd->add_option("--samples", o->samples, "samples per repetition (default: as many as --min-time allows)");
  cmd->add_option("--min-time", o->min_time, "seconds per repetition when --samples is not given")
      ->capture_default_str();
  cmd->add_option("--warmup", o->warmup, "warm-up seconds before each case")->capture_default_str();
  cmd->add_option("--repetitions", o->repetitions, "repetitions; samples of all are pooled")->capture_default_str();
  cmd->add_option("--counter", o->counter, "tsc, perf, perf-instructions, papi, cntvct or auto")
      ->capture_default_str();
  cmd->add_flag("--instructions", o->instructions,
                "also count instructions per call under valgrind callgrind (deterministic)");
  cmd->add_option("--instruction-calls", o->instruction_calls, "calls counted under callgrind per operation")
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
