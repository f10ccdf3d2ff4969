#pragma once
// Cycle counters. Every figure names the counter that produced it, because
// their units differ: "tsc" counts constant-rate reference ticks (not core
// clock cycles), "cntvct" the AArch64 generic timer (tens of MHz), "perf-cycles"
// and "papi-cycles" core cycles, "perf-instructions" retired instructions.
// A counter that cannot be read is refused, never replaced by zeros.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace pqmul::experiments {

enum class CounterKind { tsc, perf_cycles, perf_instructions, papi_cycles, cntvct };

// Raised when the chosen counter cannot be used here; what() says why.
struct CounterUnavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Serialized time-stamp counter reads: lfence before and rdtscp + lfence
// after, so the measured code can neither start before the first read nor
// leak past the second.
#if defined(__x86_64__)
inline std::uint64_t tsc_begin() {
  _mm_lfence();
  const std::uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}
inline std::uint64_t tsc_end() {
  unsigned aux;
  const std::uint64_t t = __rdtscp(&aux);
  _mm_lfence();
  return t;
}
#endif

#if defined(__aarch64__)
// isb keeps the read from being hoisted above earlier instructions.
inline std::uint64_t cntvct_read() {
  std::uint64_t t;
  asm volatile("isb; mrs %0, cntvct_el0" : "=r"(t)::"memory");
  return t;
}
#endif

// Availability of one counter on this machine, as `pqmul bench --list-counters` prints it.
struct CounterProbe {
  CounterKind kind;
  std::string name;    // tsc, perf-cycles, perf-instructions, papi-cycles, cntvct
  bool usable = false;
  std::string reason;  // why not, when unusable; what it counts, when usable
};

std::string_view counter_name(CounterKind kind);
std::vector<CounterProbe> probe_counters();

// Non-null when this process runs under emulation (qemu-user), where ticks
// mean nothing: the reason, e.g. "running under qemu (host CPU is x86-64)".
// PQMUL_EMULATED=1 in the environment forces it, PQMUL_EMULATED=0 denies it.
std::string emulation_reason();

class Counter {
 public:
  // choice: tsc | perf | perf-cycles | perf-instructions | papi | cntvct | auto.
  // auto = perf cycles if the kernel allows them, else tsc (x86-64) or
  // cntvct (AArch64). Throws CounterUnavailable (naming the reason) for a
  // counter that cannot be read here, or std::invalid_argument for an unknown name.
  static Counter open(std::string_view choice);

  Counter(Counter&&) noexcept;
  Counter& operator=(Counter&&) noexcept;
  ~Counter();

  CounterKind kind() const { return kind_; }
  std::string_view name() const { return counter_name(kind_); }
  // Median of empty measurements (begin immediately followed by end), in
  // this counter's unit; measured once when the counter is opened.
  double overhead() const { return overhead_; }

  std::uint64_t begin() {
#if defined(__x86_64__)
    if (kind_ == CounterKind::tsc) return tsc_begin();
#endif
#if defined(__aarch64__)
    if (kind_ == CounterKind::cntvct) return cntvct_read();
#endif
    return read_slow();
  }
  std::uint64_t end() {
#if defined(__x86_64__)
    if (kind_ == CounterKind::tsc) return tsc_end();
#endif
#if defined(__aarch64__)
    if (kind_ == CounterKind::cntvct) return cntvct_read();
#endif
    return read_slow();
  }

 private:
  struct Backend;  // perf file descriptor or PAPI event set
  Counter(CounterKind kind, std::unique_ptr<Backend> backend);
  std::uint64_t read_slow();
  void measure_overhead();

  CounterKind kind_;
  std::unique_ptr<Backend> backend_;
  double overhead_ = 0;
};

}  // namespace pqmul::experiments
