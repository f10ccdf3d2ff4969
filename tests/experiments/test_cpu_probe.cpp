// The machine description: identity fields on x86-64 and a TSC frequency in
// the range of real processors, checked against a second, independent timing.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "pqmul/experiments/cpu_probe.hpp"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace pqmul_tests::experiments_test_cpu_probe {

using namespace pqmul::experiments;

TEST_CASE("the CPU description names the vendor, family and model, and a plausible TSC frequency", "[cpu]") {
  const CpuDescription& cpu = cpu_description();
  CHECK_FALSE(cpu.kernel.empty());
  CHECK(cpu.logical_cpus >= 1);
  CHECK_FALSE(describe_line(cpu).empty());
  const auto fields = describe(cpu);
  REQUIRE_FALSE(fields.empty());
  CHECK(fields.front().first == "vendor");
#if defined(__x86_64__)
  CHECK(cpu.vendor.size() == 12);  // CPUID's vendor string is 12 characters
  REQUIRE(cpu.family.has_value());
  REQUIRE(cpu.model.has_value());
  CHECK(*cpu.family >= 5);
  REQUIRE(cpu.tsc_hz.has_value());
  CHECK(*cpu.tsc_hz > 0.5e9);
  CHECK(*cpu.tsc_hz < 10e9);
  CHECK_FALSE(cpu.tsc_method.empty());

  // An independent check: TSC ticks over a sleep of 100 ms, timed by the
  // system clock, agree with the reported frequency within 5%.
  const auto t0 = std::chrono::steady_clock::now();
  const auto c0 = __rdtsc();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto c1 = __rdtsc();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double measured = static_cast<double>(c1 - c0) / seconds;
  CHECK(measured == Approx(*cpu.tsc_hz).epsilon(0.05));
#else
  CHECK_FALSE(cpu.tsc_hz.has_value());
#endif
}

}  // namespace pqmul_tests::experiments_test_cpu_probe
