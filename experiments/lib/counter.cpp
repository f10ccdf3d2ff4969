// Counter selection, availability probes, overhead and the perf backend.
#include "pqmul/experiments/counter.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "counter_backends.hpp"
#include "pqmul/experiments/measure.hpp"

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace pqmul::experiments {

namespace backend {

#if defined(__linux__)
int perf_open(bool instructions, std::string* why) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = instructions ? PERF_COUNT_HW_INSTRUCTIONS : PERF_COUNT_HW_CPU_CYCLES;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  attr.disabled = 1;
  const long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0) {
    const int err = errno;
    std::string paranoid;
    if (std::ifstream f("/proc/sys/kernel/perf_event_paranoid"); f) std::getline(f, paranoid);
    *why = fmt::format("perf_event_open failed: {}{}", std::strerror(err),
                       err == ENOENT || err == EOPNOTSUPP ? " (no hardware counters exposed to this machine)"
                       : err == EACCES || err == EPERM    ? fmt::format(" (perf_event_paranoid = {})", paranoid)
                                                          : "");
    return -1;
  }
  const int f = static_cast<int>(fd);
  ioctl(f, PERF_EVENT_IOC_RESET, 0);
  ioctl(f, PERF_EVENT_IOC_ENABLE, 0);
  volatile std::uint64_t sink = 0;
  for (int i = 0; i < 100000; ++i) sink = sink + static_cast<std::uint64_t>(i);
  if (perf_read(f) == 0) {
    *why = "perf_event_open succeeded but the counter reads 0 (no virtual PMU)";
    close(f);
    return -1;
  }
  return f;
}

std::uint64_t perf_read(int fd) {
  std::uint64_t value = 0;
  if (read(fd, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) return 0;
  return value;
}

void perf_close(int fd) { close(fd); }
#else
int perf_open(bool, std::string* why) {
  *why = "perf_event_open exists on Linux only";
  return -1;
}
std::uint64_t perf_read(int) { return 0; }
void perf_close(int) {}
#endif

}  // namespace backend

namespace {

[[maybe_unused]] std::string read_file_text(const char* path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Opened {
  int handle = -1;
  std::string why;
};

// Opens the backend of `kind`, or says why it cannot.
Opened try_open(CounterKind kind) {
  Opened o;
  switch (kind) {
    case CounterKind::tsc:
#if defined(__x86_64__)
      o.handle = 0;
#else
      o.why = "the time-stamp counter exists on x86-64 only";
#endif
      break;
    case CounterKind::cntvct:
#if defined(__aarch64__)
      o.handle = 0;
#else
      o.why = "the virtual counter CNTVCT_EL0 exists on AArch64 only";
#endif
      break;
    case CounterKind::perf_cycles: o.handle = backend::perf_open(false, &o.why); break;
    case CounterKind::perf_instructions: o.handle = backend::perf_open(true, &o.why); break;
    case CounterKind::papi_cycles: o.handle = backend::papi_open(&o.why); break;
  }
  return o;
}

void close_backend(CounterKind kind, int handle) {
  if (handle < 0) return;
  if (kind == CounterKind::perf_cycles || kind == CounterKind::perf_instructions) backend::perf_close(handle);
  if (kind == CounterKind::papi_cycles) backend::papi_close(handle);
}

std::string_view what_it_counts(CounterKind kind) {
  switch (kind) {
    case CounterKind::tsc: return "TSC ticks (constant-rate reference cycles), serialized rdtsc/rdtscp";
    case CounterKind::perf_cycles: return "core cycles, user space (perf_event_open)";
    case CounterKind::perf_instructions: return "retired instructions, user space (perf_event_open)";
    case CounterKind::papi_cycles: return "core cycles (PAPI_TOT_CYC)";
    case CounterKind::cntvct: return "AArch64 generic timer ticks (CNTVCT_EL0)";
  }
  return "";
}

constexpr CounterKind all_kinds[] = {CounterKind::tsc, CounterKind::perf_cycles, CounterKind::perf_instructions,
                                     CounterKind::papi_cycles, CounterKind::cntvct};

}  // namespace

struct Counter::Backend {
  int handle = -1;
  CounterKind kind;
  ~Backend() { close_backend(kind, handle); }
};

std::string_view counter_name(CounterKind kind) {
  switch (kind) {
    case CounterKind::tsc: return "tsc";
    case CounterKind::perf_cycles: return "perf-cycles";
    case CounterKind::perf_instructions: return "perf-instructions";
    case CounterKind::papi_cycles: return "papi-cycles";
    case CounterKind::cntvct: return "cntvct";
  }
  return "?";
}

std::vector<CounterProbe> probe_counters() {
  std::vector<CounterProbe> probes;
  for (CounterKind kind : all_kinds) {
    Opened o = try_open(kind);
    CounterProbe p{kind, std::string(counter_name(kind)), o.handle >= 0,
                   o.handle >= 0 ? std::string(what_it_counts(kind)) : o.why};
    close_backend(kind, o.handle);
    probes.push_back(std::move(p));
  }
  return probes;
}

std::string emulation_reason() {
  if (const char* forced = std::getenv("PQMUL_EMULATED"); forced && *forced)
    return std::string(forced) == "0" ? "" : "PQMUL_EMULATED is set";
#if defined(__aarch64__)
  // qemu-user passes the host's /proc/cpuinfo through: an x86 host shows.
  const std::string cpuinfo = read_file_text("/proc/cpuinfo");
  if (cpuinfo.find("vendor_id") != std::string::npos || cpuinfo.find("GenuineIntel") != std::string::npos ||
      cpuinfo.find("AuthenticAMD") != std::string::npos)
    return "running under qemu-user (the host CPU is x86-64)";
  const std::string comm = read_file_text("/proc/self/comm");
  if (comm.rfind("qemu", 0) == 0) return "running under qemu-user";
#endif
  return "";
}

Counter::Counter(CounterKind kind, std::unique_ptr<Backend> backend) : kind_(kind), backend_(std::move(backend)) {}
Counter::Counter(Counter&&) noexcept = default;
Counter& Counter::operator=(Counter&&) noexcept = default;
Counter::~Counter() = default;

std::uint64_t Counter::read_slow() {
  switch (kind_) {
    case CounterKind::perf_cycles:
    case CounterKind::perf_instructions: return backend::perf_read(backend_->handle);
    case CounterKind::papi_cycles: return backend::papi_read(backend_->handle);
    default: return 0;  // tsc and cntvct are read inline
  }
}

void Counter::measure_overhead() {
  std::vector<std::uint64_t> empty;
  sample(*this, [] {}, 2000, empty);
  overhead_ = summarize(empty).median;
}

Counter Counter::open(std::string_view choice) {
  if (const std::string why = emulation_reason(); !why.empty())
    throw CounterUnavailable(fmt::format("refusing to measure: {}; emulated ticks mean nothing (rows carry "
                                         "correctness only)",
                                         why));
  std::vector<CounterKind> candidates;
  if (choice == "auto") {
    candidates = {CounterKind::perf_cycles};
#if defined(__x86_64__)
    candidates.push_back(CounterKind::tsc);
#elif defined(__aarch64__)
    candidates.push_back(CounterKind::cntvct);
#endif
  } else if (choice == "perf" || choice == "perf-cycles") {
    candidates = {CounterKind::perf_cycles};
  } else if (choice == "perf-instructions") {
    candidates = {CounterKind::perf_instructions};
  } else if (choice == "papi" || choice == "papi-cycles") {
    candidates = {CounterKind::papi_cycles};
  } else if (choice == "tsc") {
    candidates = {CounterKind::tsc};
  } else if (choice == "cntvct") {
    candidates = {CounterKind::cntvct};
  } else {
    throw std::invalid_argument(fmt::format(
        "unknown counter '{}' (valid: tsc, perf, perf-instructions, papi, cntvct, auto)", choice));
  }
  std::string reasons;
  for (CounterKind kind : candidates) {
    Opened o = try_open(kind);
    if (o.handle < 0) {
      reasons += fmt::format("{}{}: {}", reasons.empty() ? "" : "; ", counter_name(kind), o.why);
      continue;
    }
    auto b = std::make_unique<Backend>();
    b->handle = o.handle;
    b->kind = kind;
    Counter c(kind, std::move(b));
    c.measure_overhead();
    return c;
  }
  throw CounterUnavailable(fmt::format("no usable counter for --counter {}: {}", choice, reasons));
}

}  // namespace pqmul::experiments
