#pragma once
// The noise guard of `pqmul bench`: what the system was doing while a case
// ran (load average, steal time from /proc), and whether a row's figures are
// trustworthy enough (interval width, steal, load). The readers are plain
// functions of the /proc text so tests can inject the readings.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pqmul::experiments {

// One reading of /proc/loadavg and the aggregate cpu line of /proc/stat.
struct SystemReading {
  double load1 = 0;            // 1-minute load average
  std::uint64_t steal = 0;     // steal ticks (USER_HZ), all CPUs
  std::uint64_t total = 0;     // all ticks of the cpu line, all CPUs
};

// Throws std::runtime_error naming the file when the text is malformed.
SystemReading parse_system_reading(const std::string& loadavg, const std::string& stat);
// Reads /proc; a machine without /proc gives an all-zero reading (no guard).
SystemReading read_system();
using SystemReader = std::function<SystemReading()>;

// What a case saw over the rounds it ran in.
struct SystemExposure {
  double max_load1 = 0;
  std::uint64_t steal = 0, total = 0;
  void add(const SystemReading& before, const SystemReading& after);
  double steal_fraction() const { return total ? static_cast<double>(steal) / static_cast<double>(total) : 0; }
};

struct NoiseLimits {
  double max_half_width = 0.03;  // relative half-width of the median's 95% interval
  double max_steal = 0.005;      // fraction of CPU time stolen by the hypervisor
  double max_load = 0;           // 1-minute load average; 0: not a criterion
};

// Why a row is noisy ("" when it is not), e.g. "half-width 4.1% > 3%; steal 1.2% > 0.5%".
// A row without an interval (too few repetitions) is judged on steal and load alone.
std::string noise_reasons(const std::optional<double>& half_width, const SystemExposure& exposure,
                          const NoiseLimits& limits);

}  // namespace pqmul::experiments
