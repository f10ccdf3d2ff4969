#pragma once
// Interleaved repetitions: repetition r runs every selected case once before
// repetition r + 1 starts (the order rotated by r), so drift and bursts of
// other work hit all cases alike and the per-repetition medians of a case are
// close to independent draws, as statistics.hpp's median interval assumes.
// Each case is first warmed up until its timings settle; a row whose interval
// is too wide or that ran under steal is rerun (noise.hpp) and the attempt
// with the narrowest interval is kept.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/measure.hpp"
#include "pqmul/experiments/noise.hpp"
#include "pqmul/experiments/statistics.hpp"

namespace pqmul::experiments {

struct RepetitionSettings {
  std::size_t repetitions = 10;      // >= 6 for a 95% interval of the median
  std::size_t samples = 0;           // timed calls per repetition; 0: sized by min_time (16 to 100000)
  double min_time = 0.02;            // seconds per repetition when samples == 0
  double warmup_min = 0.05;          // seconds of warm-up at least (0 with warmup_max 0: none, for tests)
  double warmup_max = 1.0;           // stop waiting for settled timings after this many seconds
  double settle_tolerance = 0.02;    // the last three warm-up block medians agree within this fraction
  std::size_t reruns = 2;            // further attempts at a noisy row
  NoiseLimits limits;
};

// Positions 0..count-1 in the order repetition `repetition` runs them:
// rotated left by repetition % count, so every case leads once in count rounds.
std::vector<std::size_t> repetition_order(std::size_t count, std::size_t repetition);

// True when the last three block medians lie within `tolerance` of their smallest.
bool timings_settled(const std::vector<double>& block_medians, double tolerance);

// The readings of one attempt at one case.
struct CaseAttempt {
  std::vector<std::vector<std::uint64_t>> repetitions;  // the samples of each repetition, in run order
  SystemExposure exposure;                             // load and steal over the rounds it ran in
  bool settled = true;                                 // its warm-up reached stable timings
};

// A row's figures from its kept attempt.
struct CaseFigures {
  double median = 0;                         // median of the repetition medians
  double p10 = 0, p90 = 0;                   // over all samples
  std::uint64_t samples = 0;                 // all samples
  std::vector<double> repetition_medians;    // in run order
  std::optional<Interval> interval;          // median_interval of the repetition medians
  std::optional<double> half_width;          // relative to the median
  std::string noise;                         // noise_reasons; "" when clean
  std::size_t attempts = 1;                  // attempts made (1 + reruns used)
};

// Throws std::invalid_argument for an attempt without samples.
CaseFigures figures_of(const CaseAttempt& attempt, const NoiseLimits& limits);

// Whether `candidate` should replace `kept`: clean beats noisy, then the
// narrower interval (a missing interval counts as infinitely wide).
bool better_attempt(const CaseFigures& candidate, const CaseFigures& kept);

// Runs one attempt at the given cases (indices into the caller's list), interleaved.
using AttemptRunner = std::function<std::vector<CaseAttempt>(const std::vector<std::size_t>& cases)>;

// Attempts all cases, then reruns the noisy ones together up to settings.reruns
// times, keeping each case's best attempt; a row still noisy says how many
// attempts it had in its noise text.
std::vector<CaseFigures> measure_with_reruns(std::size_t case_count, const AttemptRunner& run,
                                             const RepetitionSettings& settings);

// --- the timed loops (templates: Clock is Counter, or a fake in tests) ---

struct WarmUp {
  std::size_t samples = 0;  // timed calls per repetition
  bool settled = true;
};

// Runs `run` in blocks of about a millisecond until the block medians settle
// (and at least warmup_min seconds passed) or warmup_max seconds passed, and
// sizes the repetitions from the time per call when samples is not fixed.
template <class Clock>
WarmUp warm_up(const std::function<void()>& run, Clock& clock, const RepetitionSettings& s) {
  if (s.warmup_max <= 0) return {std::max<std::size_t>(s.samples, 1), true};
  using steady = std::chrono::steady_clock;
  const auto start = steady::now();
  const auto seconds = [&] { return std::chrono::duration<double>(steady::now() - start).count(); };
  run();  // the first call pays for page faults and lazy initialisation
  const auto block = std::clamp<std::size_t>(static_cast<std::size_t>(1e-3 / std::max(seconds(), 1e-9)), 5, 10000);
  std::vector<double> medians;
  std::vector<std::uint64_t> readings(block);
  std::size_t calls = 1;
  WarmUp w;
  for (;;) {
    for (auto& t : readings) {
      const std::uint64_t t0 = clock.begin();
      run();
      t = clock.end() - t0;
    }
    calls += block;
    medians.push_back(summarize(readings).median);
    const double elapsed = seconds();
    w.settled = timings_settled(medians, s.settle_tolerance);
    if ((w.settled && elapsed >= s.warmup_min) || elapsed >= s.warmup_max) break;
  }
  const double per_call = seconds() / static_cast<double>(calls);
  w.samples = s.samples ? s.samples
                        : std::clamp<std::size_t>(static_cast<std::size_t>(s.min_time / per_call), 16, 100000);
  return w;
}

// One attempt at cases[subset...]: warm-up of each, then settings.repetitions
// rounds, each running every case once in repetition_order, with the system
// read before and after each round. Untimed calls before each repetition
// (1/16 of its samples) bring the case's data back into the caches.
template <class Clock>
std::vector<CaseAttempt> run_interleaved(const std::vector<std::function<void()>>& cases,
                                         const std::vector<std::size_t>& subset, Clock& clock,
                                         const RepetitionSettings& s, const SystemReader& read) {
  std::vector<CaseAttempt> out(subset.size());
  std::vector<std::size_t> samples(subset.size());
  for (std::size_t k = 0; k < subset.size(); ++k) {
    const WarmUp w = warm_up(cases[subset[k]], clock, s);
    samples[k] = w.samples;
    out[k].settled = w.settled;
  }
  for (std::size_t r = 0; r < s.repetitions; ++r) {
    const SystemReading before = read();
    for (std::size_t k : repetition_order(subset.size(), r)) {
      const auto& run = cases[subset[k]];
      const std::size_t pre_roll = s.warmup_max > 0 ? std::max<std::size_t>(2, samples[k] / 16) : 0;
      for (std::size_t i = 0; i < pre_roll; ++i) run();
      std::vector<std::uint64_t> readings(samples[k]);
      for (auto& t : readings) {
        const std::uint64_t t0 = clock.begin();
        run();
        t = clock.end() - t0;
      }
      out[k].repetitions.push_back(std::move(readings));
    }
    const SystemReading after = read();
    for (auto& a : out) a.exposure.add(before, after);
  }
  return out;
}

}  // namespace pqmul::experiments
