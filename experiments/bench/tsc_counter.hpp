#pragma once
// Serialized time-stamp counter reads for benchmarks. Figures are TSC ticks
// (constant-rate reference cycles), not core clock cycles: the counter is named
// in every report. On AArch64 the virtual counter (CNTVCT_EL0) is used instead.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace pqmul::bench {

#if defined(__x86_64__)
inline constexpr const char* counter_name = "tsc";
// lfence before and rdtscp + lfence after: the measured code can neither
// start before the first read nor leak past the second.
inline std::uint64_t ticks_begin() {
  _mm_lfence();
  std::uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}
inline std::uint64_t ticks_end() {
  unsigned aux;
  std::uint64_t t = __rdtscp(&aux);
  _mm_lfence();
  return t;
}
#elif defined(__aarch64__)
inline constexpr const char* counter_name = "cntvct";
inline std::uint64_t ticks_begin() {
  std::uint64_t t;
  asm volatile("isb; mrs %0, cntvct_el0" : "=r"(t)::"memory");
  return t;
}
inline std::uint64_t ticks_end() { return ticks_begin(); }
#else
#error "no cycle counter for this architecture"
#endif

// Runs `op` once per benchmark iteration, timing each call, and reports the
// median, 10th and 90th percentile ticks as counters (tsc_median, ...).
template <class Op>
void measure_ticks(benchmark::State& state, Op&& op) {
  std::vector<std::uint64_t> samples;
  samples.reserve(4096);
  for (auto _ : state) {
    const std::uint64_t t0 = ticks_begin();
    op();
    const std::uint64_t t1 = ticks_end();
    samples.push_back(t1 - t0);
  }
  if (samples.empty()) return;
  std::sort(samples.begin(), samples.end());
  auto at = [&](double f) { return static_cast<double>(samples[static_cast<std::size_t>(f * (samples.size() - 1))]); };
  state.counters["ticks_median"] = at(0.5);
  state.counters["ticks_p10"] = at(0.1);
  state.counters["ticks_p90"] = at(0.9);
  state.counters["samples"] = static_cast<double>(samples.size());
  state.SetLabel(counter_name);
}

}  // namespace pqmul::bench
