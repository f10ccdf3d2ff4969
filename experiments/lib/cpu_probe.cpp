// CPU identity, TSC frequency, kernel, SMT and governor of this machine.
#include "pqmul/experiments/cpu_probe.hpp"

#include <fmt/core.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>

#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

namespace pqmul::experiments {
namespace {

std::string first_line(const char* path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

std::optional<unsigned> number(const std::map<std::string, std::string>& fields, const std::string& key) {
  const auto it = fields.find(key);
  if (it == fields.end()) return std::nullopt;
  try {
    return static_cast<unsigned>(std::stoul(it->second, nullptr, 0));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

#if defined(__x86_64__)
struct CpuidRegs {
  unsigned a = 0, b = 0, c = 0, d = 0;
};
CpuidRegs cpuid(unsigned leaf, unsigned subleaf = 0) {
  CpuidRegs r;
  __cpuid_count(leaf, subleaf, r.a, r.b, r.c, r.d);
  return r;
}

void identify_x86(CpuDescription& cpu) {
  const CpuidRegs v = cpuid(0);
  char vendor[13] = {};
  std::memcpy(vendor, &v.b, 4);
  std::memcpy(vendor + 4, &v.d, 4);
  std::memcpy(vendor + 8, &v.c, 4);
  cpu.vendor = vendor;
  if (v.a < 1) return;
  const unsigned eax = cpuid(1).a;
  const unsigned base_family = (eax >> 8) & 0xf, base_model = (eax >> 4) & 0xf;
  cpu.stepping = eax & 0xf;
  cpu.family = base_family == 0xf ? base_family + ((eax >> 20) & 0xff) : base_family;
  cpu.model = base_family == 0xf || base_family == 0x6 ? base_model + (((eax >> 16) & 0xf) << 4) : base_model;
}
#endif

}  // namespace

std::map<std::string, std::string> cpuinfo_fields() {
  std::ifstream in("/proc/cpuinfo");
  std::map<std::string, std::string> fields;
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.pop_back();
    std::string value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.erase(0, 1);
    fields.emplace(key, value);  // keeps the first processor's
  }
  return fields;
}

std::pair<std::optional<double>, std::string> probe_tsc_frequency(unsigned calibration_ms) {
#if defined(__x86_64__)
  const unsigned max_leaf = cpuid(0).a;
  if (max_leaf >= 0x15) {
    const CpuidRegs r = cpuid(0x15);  // TSC / crystal ratio b/a and the crystal's Hz in c
    if (r.a && r.b && r.c)
      return {static_cast<double>(r.c) * r.b / r.a, "CPUID leaf 0x15 (crystal clock times TSC ratio)"};
  }
  if (max_leaf >= 0x16 && (cpuid(0x16).a & 0xffff))
    return {(cpuid(0x16).a & 0xffff) * 1e6, "CPUID leaf 0x16 (base frequency, which the TSC runs at)"};
  if (cpuid(0x40000000).a >= 0x40000010 && cpuid(0x40000010).a)
    return {cpuid(0x40000010).a * 1e3, "hypervisor CPUID leaf 0x40000010 (TSC kHz)"};
  using clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC on Linux
  const auto t0 = clock::now();
  const std::uint64_t c0 = __rdtsc();
  const auto until = t0 + std::chrono::milliseconds(calibration_ms);
  auto t1 = clock::now();
  while (t1 < until) t1 = clock::now();
  const std::uint64_t c1 = __rdtsc();
  const double seconds = std::chrono::duration<double>(t1 - t0).count();
  return {static_cast<double>(c1 - c0) / seconds,
          fmt::format("calibrated against CLOCK_MONOTONIC over {} ms", calibration_ms)};
#else
  (void)calibration_ms;
  return {std::nullopt, "no TSC on this architecture"};
#endif
}

const CpuDescription& cpu_description() {
  static const CpuDescription cpu = [] {
    CpuDescription c;
    const auto fields = cpuinfo_fields();
    const auto field = [&](const char* key) {
      const auto it = fields.find(key);
      return it == fields.end() ? std::string() : it->second;
    };
    c.model_name = field("model name");
    c.microcode = field("microcode");
#if defined(__x86_64__)
    identify_x86(c);
#else
    c.vendor = field("CPU implementer");
    c.family = number(fields, "CPU architecture");
    c.model = number(fields, "CPU part");
    c.stepping = number(fields, "CPU revision");
#endif
    std::tie(c.tsc_hz, c.tsc_method) = probe_tsc_frequency();
    utsname u{};
    if (uname(&u) == 0) c.kernel = fmt::format("{} {} {} {}", u.sysname, u.release, u.version, u.machine);
    c.logical_cpus = static_cast<unsigned>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
    c.siblings = number(fields, "siblings");
    c.cores = number(fields, "cpu cores");
    const std::string smt = first_line("/sys/devices/system/cpu/smt/active");
    c.smt = smt == "1" ? "active" : smt == "0" ? "inactive" : "";
    c.governor = first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
    return c;
  }();
  return cpu;
}

std::vector<std::pair<std::string, std::string>> describe(const CpuDescription& cpu) {
  const auto opt = [](const std::optional<unsigned>& v) { return v ? std::to_string(*v) : std::string(); };
  return {{"vendor", cpu.vendor},
          {"model_name", cpu.model_name},
          {"family", opt(cpu.family)},
          {"model", opt(cpu.model)},
          {"stepping", opt(cpu.stepping)},
          {"microcode", cpu.microcode},
          {"tsc_hz", cpu.tsc_hz ? fmt::format("{:.0f}", *cpu.tsc_hz) : ""},
          {"tsc_method", cpu.tsc_method},
          {"kernel", cpu.kernel},
          {"logical_cpus", std::to_string(cpu.logical_cpus)},
          {"siblings", opt(cpu.siblings)},
          {"cores", opt(cpu.cores)},
          {"smt", cpu.smt},
          {"governor", cpu.governor}};
}

std::string describe_line(const CpuDescription& cpu) {
  const auto or_unknown = [](const std::string& s) { return s.empty() ? std::string("not reported") : s; };
  const auto opt = [](const std::optional<unsigned>& v) { return v ? std::to_string(*v) : std::string("?"); };
  std::string line = fmt::format("{} family {} model {} stepping {}, microcode {}", or_unknown(cpu.vendor),
                                 opt(cpu.family), opt(cpu.model), opt(cpu.stepping), or_unknown(cpu.microcode));
  if (cpu.tsc_hz) line += fmt::format("; TSC {:.4f} GHz ({})", *cpu.tsc_hz / 1e9, cpu.tsc_method);
  line += fmt::format("; {} CPUs, {} threads / {} cores per package, SMT {}; governor {}; {}", cpu.logical_cpus,
                      opt(cpu.siblings), opt(cpu.cores), or_unknown(cpu.smt), or_unknown(cpu.governor), cpu.kernel);
  return line;
}

}  // namespace pqmul::experiments
