#pragma once
// The machine behind a measurement, for manifests and table headers: CPU
// identity (vendor, family, model, stepping, microcode), the TSC frequency
// and how it was found, kernel, SMT and the cpufreq governor. Fields the
// machine does not report are empty (or nullopt), never guessed.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pqmul::experiments {

struct CpuDescription {
  std::string vendor;        // CPUID vendor string, e.g. AuthenticAMD (x86); "CPU implementer" elsewhere
  std::string model_name;    // /proc/cpuinfo "model name"
  std::optional<unsigned> family, model, stepping;  // CPUID leaf 1 with the extended fields folded in
  std::string microcode;     // /proc/cpuinfo "microcode"; "" when the kernel hides it (VMs)
  std::optional<double> tsc_hz;  // time-stamp counter ticks per second
  std::string tsc_method;    // how tsc_hz was found (CPUID leaf, hypervisor leaf, calibration)
  std::string kernel;        // uname: sysname release version machine
  unsigned logical_cpus = 0;     // online processors
  std::optional<unsigned> siblings, cores;  // /proc/cpuinfo per package: threads and cores
  std::string smt;           // /sys/devices/system/cpu/smt/active: "active", "inactive" or ""
  std::string governor;      // cpufreq scaling governor of cpu0, "" when not readable
};

// The first processor's fields of /proc/cpuinfo (key -> value, trimmed);
// empty where there is no /proc.
std::map<std::string, std::string> cpuinfo_fields();

// Probed once per process (the TSC calibration takes about 50 ms when no
// CPUID leaf reports the frequency).
const CpuDescription& cpu_description();

// The TSC frequency alone, from CPUID leaf 0x15 / 0x16 or the hypervisor's
// leaf 0x40000010 where they report it, else calibrated against
// CLOCK_MONOTONIC over `calibration_ms`; nullopt off x86-64.
std::pair<std::optional<double>, std::string> probe_tsc_frequency(unsigned calibration_ms = 50);

// Name/value pairs in a fixed order, for JSON objects and table headers.
std::vector<std::pair<std::string, std::string>> describe(const CpuDescription& cpu);
// One line for a table header, e.g. "AuthenticAMD family 26 model 2 stepping 1, ...".
std::string describe_line(const CpuDescription& cpu);

}  // namespace pqmul::experiments
