#pragma once
// Serialized time-stamp counter reads for benchmarks. Figures are TSC ticks
// (constant-rate reference cycles), not core clock cycles: the counter is named
// in every report. On AArch64 the virtual counter (CNTVCT_EL0) is used instead.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "pqmul/experiments/counter.hpp"
#include "pqmul/experiments/measure.hpp"
#include "pqmul/experiments/memory_use.hpp"

namespace pqmul::bench {

// The serialized reads of the counter layer (pqmul/experiments/counter.hpp).
#if defined(__x86_64__)
inline constexpr const char* counter_name = "tsc";
inline std::uint64_t ticks_begin() { return experiments::tsc_begin(); }
inline std::uint64_t ticks_end() { return experiments::tsc_end(); }
#elif defined(__aarch64__)
inline constexpr const char* counter_name = "cntvct";
inline std::uint64_t ticks_begin() { return experiments::cntvct_read(); }
inline std::uint64_t ticks_end() { return experiments::cntvct_read(); }
#else
#error "no cycle counter for this architecture"
#endif

// Runs `setup` (untimed) and then `op` (timed) once per benchmark iteration,
// and reports the median, 10th and 90th percentile ticks as counters
// (ticks_median, ...). The fence drains the setup's stores: they may be
// narrower than a SIMD kernel's loads, and a load that cannot be forwarded
// from the store buffer would otherwise be charged to the kernel.
template <class Setup, class Op>
void measure_ticks_after(benchmark::State& state, Setup&& setup, Op&& op) {
  std::vector<std::uint64_t> samples;
  samples.reserve(4096);
  for (auto _ : state) {
    setup();
    std::atomic_thread_fence(std::memory_order_seq_cst);
    const std::uint64_t t0 = ticks_begin();
    op();
    const std::uint64_t t1 = ticks_end();
    samples.push_back(t1 - t0);
  }
  if (samples.empty()) return;
  const experiments::Summary s = experiments::summarize(samples);
  state.counters["ticks_median"] = s.median;
  state.counters["ticks_p10"] = s.p10;
  state.counters["ticks_p90"] = s.p90;
  state.counters["samples"] = static_cast<double>(s.samples);
  state.SetLabel(counter_name);
}

// The memory of one call beside its ticks (memory_use.hpp): stack_bytes,
// and heap_bytes / heap_allocations from the operator new this executable
// counts with. Three untimed calls, after the timed ones.
inline void add_memory_counters(benchmark::State& state, const std::function<void()>& op) {
  static experiments::OwnStack stack;
  const experiments::OperationMemory memory = experiments::measure_operation(stack, op);
  state.counters["stack_bytes"] = static_cast<double>(memory.stack_bytes);
  if (memory.heap) {
    state.counters["heap_bytes"] = static_cast<double>(memory.heap->bytes);
    state.counters["heap_allocations"] = static_cast<double>(memory.heap->allocations);
  }
}

// The same without a setup, and with the operation's memory.
template <class Op>
void measure_ticks(benchmark::State& state, Op&& op) {
  const auto no_setup = [] {};
  measure_ticks_after(state, no_setup, op);
  add_memory_counters(state, op);
}

}  // namespace pqmul::bench
