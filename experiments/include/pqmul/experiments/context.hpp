#pragma once
// What a measurement row says about the build and the machine that produced
// it: compiler, flags, auto-vectorisation, commit, CPU model and date.
#include <string>

#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

struct BuildContext {
  std::string compiler;          // gcc / clang / other
  std::string compiler_version;  // e.g. "12.2.0", "14.0.6"
  std::string flags;             // CMAKE_CXX_FLAGS + build-type flags + project options
  std::string build_type;        // Release, Debug, ...
  bool vectorize = true;         // PQMUL_VECTORIZE of this build
  std::string commit;            // git commit, "-dirty" if the tree had changes
  std::string cpu;               // model name from /proc/cpuinfo
};

// Gathered once per process (the commit from git at run time, falling back
// to the commit seen when the tree was configured).
const BuildContext& build_context();

// ISO 8601 UTC, e.g. 2024-05-01T12:34:56Z.
std::string utc_now();

// Copies the build context and the date into a row.
void stamp(Row& row, const BuildContext& context, const std::string& date);

}  // namespace pqmul::experiments
