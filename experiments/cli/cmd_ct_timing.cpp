// pqmul ct-timing: a dudect-style statistical constant-time test of KEM
// operations (kem_timing_targets.hpp, timing_leak.hpp), for the code valgrind
// cannot check: by default every (scheme, multiplier) the KEM registry offers
// on AVX-512, variable-time multipliers left out. One row per (KEM,
// operation, test): the measurements of each class, the largest Welch |t|
// over the raw and cropped sets and the set that gave it, and the verdict.
// Exit status 1 when some |t| exceeds the threshold.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "command.hpp"
#include "numeric_options.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/counter.hpp"
#include "pqmul/experiments/cpu_pinning.hpp"
#include "pqmul/experiments/kem_timing_targets.hpp"
#include "pqmul/experiments/timing_leak.hpp"
#include "pqmul/experiments/variable_time.hpp"
#include "pqmul/schemes/kem.hpp"
#include "secret_options.hpp"

namespace pqmul::cli {
namespace {

using namespace pqmul::experiments;

struct CtTimingOptions {
  std::string schemes = "all", multipliers = "all", isa = "avx512", strategy, ops = "keygen,encaps,decaps", tests;
  TimingRunSettings run;
  std::uint64_t seed = 1;
  double threshold = dudect_leak_threshold;
  bool second_order = false;
  bool allow_variable_time = false;
  int pin_cpu = -1;  // -1: wherever the scheduler puts the process
  std::string counter = "auto";
  std::string format = "text";
};

struct TimedKem {
  std::shared_ptr<const Kem> kem;
  std::string strategy;  // "" where the scheme has one way to compute
};

bool named_or_all(const std::vector<std::string>& names, const std::string& name) {
  return names.empty() || std::find(names.begin(), names.end(), "all") != names.end() ||
         std::find(names.begin(), names.end(), name) != names.end();
}

// The KEMs to test, in registry order; names that match nothing are refused.
std::vector<TimedKem> select_kems(const CtTimingOptions& o) {
  const auto schemes = split_list(o.schemes);
  const auto multipliers = split_multiplier_list(o.multipliers);
  const Isa isa = isa_from_name(o.isa);  // throws, naming the valid ISAs
  if (!isa_available(isa))
    throw UsageError(fmt::format("ct-timing: {} cannot run here: {}", o.isa, isa_unavailable_reason(isa)));
  const bool every_multiplier = named_or_all(multipliers, "all");
  for (const auto& s : schemes)
    if (s != "all") (void)make_kem(s, {}, {}, Isa::portable);  // throws, naming the valid schemes
  std::vector<std::string> matched;
  std::vector<TimedKem> out;
  for (const auto& entry : kem_registry()) {
    if (!named_or_all(schemes, entry.scheme)) continue;
    for (const auto& multiplier : entry.multipliers) {
      if (!named_or_all(multipliers, multiplier)) continue;
      matched.push_back(multiplier);
      const auto isas = entry.isas(multiplier);
      if (std::find(isas.begin(), isas.end(), isa) == isas.end()) continue;
      if (every_multiplier && !o.allow_variable_time && runs_in_variable_time(entry.scheme, multiplier)) continue;
      refuse_variable_time("ct-timing", entry.scheme, multiplier, o.allow_variable_time);
      // A scheme with one way to compute (NTRU) takes it, whatever --strategy says.
      std::optional<Strategy> strategy;
      if (entry.strategies.size() > 1)
        strategy = o.strategy.empty() ? entry.strategies.front() : parse_strategy(o.strategy);
      const Strategy only = entry.strategies.empty() ? Strategy::cached : entry.strategies.front();
      out.push_back({entry.make_for(multiplier, strategy.value_or(only), isa),
                     strategy ? std::string(to_string(*strategy)) : ""});
    }
  }
  for (const auto& m : multipliers)
    if (m != "all" && std::find(matched.begin(), matched.end(), m) == matched.end())
      throw UsageError(fmt::format("ct-timing: no selected scheme registers the multiplier '{}'", m));
  if (out.empty())
    throw UsageError(
        fmt::format("ct-timing: nothing to measure: no selected (scheme, multiplier) is compiled for {}", o.isa));
  return out;
}

// The tests of the chosen operations, narrowed to --tests when given.
std::vector<TimingTestName> select_tests(const CtTimingOptions& o) {
  const auto ops = split_list(o.ops), names = split_list(o.tests);
  const auto valid_ops = kem_timing_operations();
  for (const auto& op : ops)
    if (std::find(valid_ops.begin(), valid_ops.end(), op) == valid_ops.end())
      throw UsageError(fmt::format("ct-timing: unknown operation '{}' (valid: {})", op, fmt::join(valid_ops, ", ")));
  std::vector<std::string> valid_names;
  for (const auto& t : kem_timing_tests()) valid_names.push_back(t.test);
  for (const auto& name : names)
    if (std::find(valid_names.begin(), valid_names.end(), name) == valid_names.end())
      throw UsageError(fmt::format("ct-timing: unknown test '{}' (valid: {})", name, fmt::join(valid_names, ", ")));
  std::vector<TimingTestName> out;
  for (const auto& t : kem_timing_tests())
    if (std::find(ops.begin(), ops.end(), t.operation) != ops.end() && named_or_all(names, t.test)) out.push_back(t);
  if (out.empty()) throw UsageError("ct-timing: --ops and --tests leave no test to run");
  return out;
}

struct TimingRow {
  std::string id, scheme, multiplier, strategy, isa, operation, test;
  LeakAssessment leak;
  std::string verdict;
};

std::string as_text(const std::vector<TimingRow>& rows, const CtTimingOptions& o, std::string_view counter) {
  std::size_t width = 2;
  for (const auto& r : rows) width = std::max(width, r.id.size());
  const auto line = [&](const auto&... cells) {
    return fmt::format("{:<{}} {:<8} {:<8} {:<22} {:>9} {:>9} {:>8} {:<17} {:>8} {}\n", cells...);
  };
  std::string out =
      line("id", width, "strategy", "op", "test", "class 0", "class 1", "max |t|", "from", "raw t", "verdict");
  for (const auto& r : rows)
    out += line(r.id, width, r.strategy.empty() ? "-" : r.strategy, r.operation, r.test, r.leak.class0, r.leak.class1,
                fmt::format("{:.2f}", std::abs(r.leak.largest.t)), r.leak.largest.name,
                fmt::format("{:.2f}", r.leak.raw.t), r.verdict);
  out += fmt::format(
      "counter {}; Welch's t of fixed (class 0) against random (class 1) inputs, classes interleaved at random; "
      "max over the raw set and {} percentile crops{}; |t| > {:g}: leak, > {:g}: suspicious; seed {}; {}, {}, {}\n",
      counter, dudect_crop_fractions().size(), o.second_order ? " and the second-order test" : "", o.threshold,
      dudect_suspicious_threshold, o.seed, build_context().cpu, build_context().commit, utc_now());
  return out;
}

std::string csv_cell(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string as_csv(const std::vector<TimingRow>& rows, const CtTimingOptions& o, std::string_view counter) {
  std::string out =
      "id,scheme,multiplier,strategy,isa,operation,test,class0,class1,t_max,t_max_set,t_raw,threshold,verdict,"
      "counter,seed,commit,cpu,date\n";
  const BuildContext& context = build_context();
  const std::string date = utc_now();
  for (const auto& r : rows)
    out += fmt::format("{},{},{},{},{},{},{},{},{},{:.3f},{},{:.3f},{:g},{},{},{},{},{},{}\n", csv_cell(r.id),
                       csv_cell(r.scheme), csv_cell(r.multiplier), r.strategy, r.isa, r.operation, r.test,
                       r.leak.class0, r.leak.class1, r.leak.largest.t, r.leak.largest.name, r.leak.raw.t, o.threshold,
                       r.verdict, counter, o.seed, csv_cell(context.commit), csv_cell(context.cpu), date);
  return out;
}

void run_ct_timing(const CtTimingOptions& o) {
  if (o.format != "text" && o.format != "csv")
    throw UsageError(fmt::format("ct-timing: unknown --format '{}' (valid: text, csv)", o.format));
  const auto tests = select_tests(o);
  const auto kems = select_kems(o);
  const std::string emulated = emulation_reason();
  if (!emulated.empty()) throw UsageError(fmt::format("ct-timing: {}: timings would mean nothing", emulated));
  std::optional<Counter> counter;
  try {
    counter.emplace(Counter::open(o.counter));
  } catch (const CounterUnavailable& e) {
    throw UsageError(e.what());
  }
  if (o.pin_cpu >= 0) {
    try {
      pin_to_cpu(o.pin_cpu);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--pin-cpu: {}", e.what()));
    }
  }

  LeakTestSettings statistics;
  statistics.second_order = o.second_order;
  std::mt19937_64 rng(o.seed);
  std::vector<TimingRow> rows;
  for (const auto& timed : kems) {
    for (const auto& test : tests) {
      const TimingTarget target = kem_timing_target(timed.kem, test.test, rng);
      const std::string id = timed.kem->id();
      fmt::print(stderr, "pqmul ct-timing: {} {} {}: {} measurements\n", id, test.operation, test.test,
                 o.run.measurements);
      const ClassMeasurements m = measure_classes(target, *counter, o.run, rng);
      TimingRow row{id,
                    timed.kem->scheme(),
                    timed.kem->multiplier(),
                    timed.strategy,
                    timed.kem->isa(),
                    test.operation,
                    test.test,
                    assess_timing_leak(m.ticks, m.classes, statistics),
                    ""};
      row.verdict = std::string(leak_verdict(row.leak.largest.t, o.threshold));
      rows.push_back(std::move(row));
    }
  }

  const std::string_view counter_name = counter->name();
  fmt::print("{}", o.format == "csv" ? as_csv(rows, o, counter_name) : as_text(rows, o, counter_name));
  const auto leaks = std::count_if(rows.begin(), rows.end(), [](const TimingRow& r) { return r.verdict == "leak"; });
  if (leaks)
    throw Failure(1, fmt::format("ct-timing: {} of {} tests above |t| = {:g}: their timing depends on the input class",
                                 leaks, rows.size(), o.threshold));
}

const CommandRegistration ct_timing_registration([](CLI::App& app) {
  auto o = std::make_shared<CtTimingOptions>();
  auto* cmd = app.add_subcommand(
      "ct-timing",
      "dudect-style constant-time test of KEM operations: fixed against random secret inputs, interleaved at random, "
      "compared by Welch's t (exit 1 when some |t| exceeds the threshold)");
  cmd->add_option("--scheme", o->schemes, "KEM scheme(s), comma-separated, or 'all'")->capture_default_str();
  cmd->add_option("--multiplier", o->multipliers,
                  "multiplier(s), comma-separated, or 'all' (every registered one "
                  "but the variable-time ones, unless allowed)")
      ->capture_default_str();
  cmd->add_option("--isa", o->isa, "portable, avx2, avx512 or neon")->capture_default_str();
  cmd->add_option("--strategy", o->strategy, "module strategy: eager, lazy or cached (default: the scheme's)");
  cmd->add_option("--ops", o->ops,
                  "keygen, encaps, decaps, comma-separated; 'control' adds decaps followed by an early-exit "
                  "comparison, which leaks on purpose")
      ->capture_default_str();
  cmd->add_option("--tests", o->tests,
                  "only these tests of the chosen operations: fixed-vs-random-seed, fixed-vs-random-coins, "
                  "valid-vs-modified-ct, fixed-vs-random-key, early-exit-compare (default: all)");
  cmd->add_option("--measurements", o->run.measurements, "timed calls per test (both classes together)")
      ->check(whole_in(100, 100'000'000))
      ->capture_default_str();
  cmd->add_option("--warmup", o->run.warmup, "untimed calls before each test's measurements")
      ->check(whole_in(0, 10'000'000))
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "seed of the class draws and of the inputs")
      ->check(any_unsigned64())
      ->capture_default_str();
  cmd->add_option("--threshold", o->threshold, "|t| above which a test reports a leak (dudect: 10)")
      ->check(real_in(0, 1e6, true))
      ->capture_default_str();
  cmd->add_flag("--second-order", o->second_order, "also compare the classes' spread (squared deviations)");
  add_allow_variable_time(cmd, o->allow_variable_time);
  cmd->add_option("--pin-cpu", o->pin_cpu, "run on this CPU only")->check(whole_in(0, 65535));
  cmd->add_option("--counter", o->counter, "tsc, perf, cntvct or auto")->capture_default_str();
  cmd->add_option("--format", o->format, "text or csv")->capture_default_str();
  cmd->callback([o] { run_ct_timing(*o); });
});

}  // namespace
}  // namespace pqmul::cli
