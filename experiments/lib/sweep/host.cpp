// The machine running the sweep: architecture, CPU model and features, name.
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <sstream>
#include <thread>

#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/cpu_probe.hpp"
#include "pqmul/experiments/sweep_plan.hpp"

namespace pqmul::experiments {

HostInfo probe_host() {
  HostInfo h;
  utsname u{};
  if (::uname(&u) == 0) {
    h.arch = u.machine;
    h.hostname = u.nodename;
  }
  h.cores = std::max(1u, std::thread::hardware_concurrency());
  const auto fields = cpuinfo_fields();
  // The CPU as pqmul bench stamps it on its rows (aarch64 kernels print no
  // "model name", only the implementer and part), so every row of a sweep,
  // measured or not, names its CPU alike.
  h.cpu_model = build_context().cpu;
  for (const char* key : {"flags", "Features"}) {
    const auto it = fields.find(key);
    if (it == fields.end() || !h.cpu_flags.empty()) continue;
    std::istringstream words(it->second);
    std::string w;
    while (words >> w) h.cpu_flags.insert(w);
  }
  // aarch64 always has Advanced SIMD; the kernel calls it "asimd".
  if (h.cpu_flags.count("asimd")) h.cpu_flags.insert("neon");
  return h;
}

}  // namespace pqmul::experiments
