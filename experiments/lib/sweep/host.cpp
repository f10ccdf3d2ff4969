// The machine running the sweep: architecture, CPU model and features, name.
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <thread>

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
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.pop_back();
    std::string value = line.substr(colon + 1);
    if (!value.empty() && value.front() == ' ') value.erase(0, 1);
    // x86 names the model "model name"; aarch64 kernels print "CPU part" only.
    if (key == "model name" && h.cpu_model.empty()) h.cpu_model = value;
    if ((key == "flags" || key == "Features") && h.cpu_flags.empty()) {
      std::istringstream words(value);
      std::string w;
      while (words >> w) h.cpu_flags.insert(w);
    }
  }
  // aarch64 always has Advanced SIMD; the kernel calls it "asimd".
  if (h.cpu_flags.count("asimd")) h.cpu_flags.insert("neon");
  return h;
}

}  // namespace pqmul::experiments
