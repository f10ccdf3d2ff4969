#pragma once
// Tests of an ISA this process cannot run report themselves as skipped, not
// passed. Catch2 v2 has no SKIP, so a gated test prints a marker line that
// ctest's SKIP_REGULAR_EXPRESSION (tests/CMakeLists.txt) turns into
// "Skipped"; the line names the ISA, so `./workbench test` can fail when the
// CPU has it. Usage, at the top of a test case:
//   if (!pqmul::test::runs_here(Isa::avx2)) return;
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "pqmul/algorithms/isa.hpp"

namespace pqmul::test {

// Keep in step with SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt and the
// parsing in ./workbench.
inline constexpr const char* isa_skip_marker = "PQMUL-SKIPPED-ISA";

inline void report_isa_skip(Isa isa) {
  const std::string reason = isa_unavailable_reason(isa);
  std::printf("%s %s: %s\n", isa_skip_marker, std::string(isa_name(isa)).c_str(),
              reason.empty() ? "kernels not runnable" : reason.c_str());
  std::fflush(stdout);
}

// The ISA is usable here (isa_available: compiled, on the CPU, not forced
// off); otherwise reports the test as skipped.
inline bool runs_here(Isa isa) {
  if (isa_available(isa)) return true;
  report_isa_skip(isa);
  return false;
}

// For tests that call kernels directly: the CPU can execute them, whatever
// PQMUL_FORCE_PORTABLE says; otherwise reports the test as skipped.
inline bool cpu_runs(Isa isa) {
  if (cpu_supports(isa)) return true;
  report_isa_skip(isa);
  return false;
}

// For a test looping over several ISAs: skipped only when none of them is
// usable (then the loop runs just its refusal checks).
inline void skip_unless_any_runs(const std::vector<Isa>& isas) {
  for (Isa isa : isas)
    if (isa_available(isa)) return;
  for (Isa isa : isas) report_isa_skip(isa);
}

// Forces the portable path for its lifetime, then gives back whatever was in
// force before (PQMUL_FORCE_PORTABLE or an enclosing override), not "off".
class ForcePortable {
 public:
  explicit ForcePortable(bool on = true) : before_(portable_forced()) { force_portable(on); }
  ~ForcePortable() { force_portable(before_); }
  ForcePortable(const ForcePortable&) = delete;
  ForcePortable& operator=(const ForcePortable&) = delete;

 private:
  bool before_;
};

}  // namespace pqmul::test
