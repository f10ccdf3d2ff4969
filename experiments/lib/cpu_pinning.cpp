// CPU affinity through sched_setaffinity (Linux).
#include "pqmul/experiments/cpu_pinning.hpp"

#include <fmt/core.h>
#include <sched.h>

#include <stdexcept>

namespace pqmul::experiments {

std::string allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return "unknown";
  std::string out;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &set)) continue;
    int last = cpu;
    while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set)) ++last;
    if (!out.empty()) out += ',';
    out += last == cpu ? fmt::format("{}", cpu) : fmt::format("{}-{}", cpu, last);
    cpu = last;
  }
  return out;
}

void pin_to_cpu(int cpu) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  const bool known = sched_getaffinity(0, sizeof allowed, &allowed) == 0;
  if (cpu < 0 || cpu >= CPU_SETSIZE || (known && !CPU_ISSET(cpu, &allowed)))
    throw std::invalid_argument(fmt::format("CPU {} is not one this process may run on ({})", cpu, allowed_cpus()));
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (sched_setaffinity(0, sizeof one, &one) != 0)
    throw std::invalid_argument(fmt::format("cannot run on CPU {} ({})", cpu, allowed_cpus()));
}

}  // namespace pqmul::experiments
