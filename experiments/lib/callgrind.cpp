// Callgrind client requests and the reading of its dump files.
#include "pqmul/experiments/callgrind.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#if defined(PQMUL_HAVE_CALLGRIND)
#include <valgrind/callgrind.h>
#include <valgrind/valgrind.h>
#endif

namespace pqmul::experiments {

bool callgrind_requests_available() {
#if defined(PQMUL_HAVE_CALLGRIND)
  return true;
#else
  return false;
#endif
}

bool running_on_valgrind() {
#if defined(PQMUL_HAVE_CALLGRIND)
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

// Collection starts switched off (--collect-atstart=no): toggling turns it on.
void callgrind_start() {
#if defined(PQMUL_HAVE_CALLGRIND)
  CALLGRIND_ZERO_STATS;
  CALLGRIND_TOGGLE_COLLECT;
#endif
}

void callgrind_stop_and_dump(const std::string& label) {
#if defined(PQMUL_HAVE_CALLGRIND)
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(label.c_str());
#else
  (void)label;
#endif
}

std::map<std::string, std::uint64_t> read_callgrind_dumps(const std::string& prefix) {
  namespace fs = std::filesystem;
  const fs::path base(prefix);
  const fs::path dir = base.has_parent_path() ? base.parent_path() : fs::path(".");
  const std::string stem = base.filename().string();
  std::map<std::string, std::uint64_t> totals;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(stem, 0) != 0) continue;
    std::ifstream in(entry.path());
    std::string line, label;
    std::optional<std::uint64_t> total;
    const std::string trigger = "desc: Trigger: Client Request: ";
    while (std::getline(in, line)) {
      if (line.rfind(trigger, 0) == 0) label = line.substr(trigger.size());
      // "summary:" (older) or "totals:" carry the whole dump's Ir count.
      for (const char* key : {"totals: ", "summary: "})
        if (line.rfind(key, 0) == 0) {
          std::istringstream value(line.substr(std::string(key).size()));
          std::uint64_t v = 0;
          if (value >> v) total = v;
        }
    }
    if (!label.empty() && total) totals[label] = *total;
  }
  return totals;
}

std::string find_valgrind() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : dir) / "valgrind";
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate.string();
  }
  return "";
}

std::string instructions_unsupported_reason(const std::string& isa) {
  if (isa.find("avx512") != std::string::npos)
    return "valgrind cannot execute AVX-512 (it stops with SIGILL), so this row has no instruction count";
  return "";
}

}  // namespace pqmul::experiments
