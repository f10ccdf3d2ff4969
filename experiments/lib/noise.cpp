// Load and steal readings from /proc, and the noise verdict of a row.
#include "pqmul/experiments/noise.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace pqmul::experiments {
namespace {

std::string slurp(const char* path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

SystemReading parse_system_reading(const std::string& loadavg, const std::string& stat) {
  SystemReading r;
  std::istringstream load(loadavg);
  if (!(load >> r.load1)) throw std::runtime_error("/proc/loadavg: no load average in '" + loadavg + "'");
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice": guest
  // time is already counted in user and nice, so it is left out of the total.
  std::istringstream lines(stat);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("cpu ", 0) != 0) continue;
    std::istringstream fields(line.substr(4));
    std::vector<std::uint64_t> ticks;
    std::uint64_t t;
    while (fields >> t) ticks.push_back(t);
    if (ticks.size() < 8) throw std::runtime_error("/proc/stat: the cpu line has no steal column: '" + line + "'");
    r.steal = ticks[7];
    for (std::size_t i = 0; i < 8; ++i) r.total += ticks[i];
    return r;
  }
  throw std::runtime_error("/proc/stat: no aggregate cpu line");
}

SystemReading read_system() {
  const std::string loadavg = slurp("/proc/loadavg"), stat = slurp("/proc/stat");
  if (loadavg.empty() || stat.empty()) return {};
  return parse_system_reading(loadavg, stat);
}

void SystemExposure::add(const SystemReading& before, const SystemReading& after) {
  max_load1 = std::max({max_load1, before.load1, after.load1});
  // Counters only grow; a reader that went backwards (injected, or reset) adds nothing.
  if (after.steal >= before.steal && after.total >= before.total) {
    steal += after.steal - before.steal;
    total += after.total - before.total;
  }
}

std::string noise_reasons(const std::optional<double>& half_width, const SystemExposure& exposure,
                          const NoiseLimits& limits) {
  std::vector<std::string> reasons;
  if (half_width && *half_width > limits.max_half_width)
    reasons.push_back(fmt::format("half-width {:.1f}% > {:g}%", 100 * *half_width, 100 * limits.max_half_width));
  if (exposure.steal_fraction() > limits.max_steal)
    reasons.push_back(fmt::format("steal {:.1f}% > {:g}%", 100 * exposure.steal_fraction(), 100 * limits.max_steal));
  if (limits.max_load > 0 && exposure.max_load1 > limits.max_load)
    reasons.push_back(fmt::format("load {:.2f} > {:g}", exposure.max_load1, limits.max_load));
  return fmt::format("{}", fmt::join(reasons, "; "));
}

}  // namespace pqmul::experiments
