// The build and machine description stamped on every row.
#include "pqmul/experiments/context.hpp"

#include "build_commit.hpp"
#include "pqmul/experiments/cpu_probe.hpp"

#include <fmt/core.h>

#include <array>
#include <cstdio>
#include <ctime>
#include <memory>

#include <sys/utsname.h>

namespace pqmul::experiments {
namespace {

// First line printed by a shell command, "" if it fails.
std::string first_line_of(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return "";
  std::array<char, 256> buffer{};
  std::string line;
  if (fgets(buffer.data(), buffer.size(), pipe.get())) line = buffer.data();
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return line;
}

std::string git_commit() {
  const std::string dir = PQMUL_SOURCE_DIR;
  std::string commit = first_line_of("git -C '" + dir + "' rev-parse --short=12 HEAD 2>/dev/null");
  if (commit.empty()) return std::string(build_commit());
  // Uncommitted changes to tracked files make the commit alone insufficient.
  const std::string changed =
      first_line_of("git -C '" + dir + "' status --porcelain --untracked-files=no 2>/dev/null | head -1");
  return changed.empty() ? commit : commit + "-dirty";
}

std::string cpu_model() {
  const auto fields = cpuinfo_fields();
  const auto field = [&](const char* key) {
    const auto it = fields.find(key);
    return it == fields.end() ? std::string() : it->second;
  };
  if (fields.count("model name")) return field("model name");
  utsname u{};
  const std::string machine = uname(&u) == 0 ? u.machine : "unknown";
  if (!field("CPU implementer").empty())
    return fmt::format("{} implementer {} part {}", machine, field("CPU implementer"), field("CPU part"));
  return machine;
}

BuildContext gather() {
  BuildContext c;
#if defined(__clang__)
  c.compiler = "clang";
  c.compiler_version = fmt::format("{}.{}.{}", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
  c.compiler = "gcc";
  c.compiler_version = fmt::format("{}.{}.{}", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
  c.compiler = "other";
  c.compiler_version = __VERSION__;
#endif
  c.flags = PQMUL_BUILD_FLAGS;
  c.build_type = PQMUL_BUILD_TYPE;
  c.vectorize = PQMUL_VECTORIZE_ON != 0;
  c.commit = git_commit();
  c.cpu = cpu_model();
  return c;
}

}  // namespace

const BuildContext& build_context() {
  static const BuildContext context = gather();
  return context;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

void stamp(Row& row, const BuildContext& context, const std::string& date) {
  row.compiler = context.compiler;
  row.compiler_version = context.compiler_version;
  row.flags = context.flags;
  row.vectorize = context.vectorize;
  row.commit = context.commit;
  row.cpu = context.cpu;
  row.date = date;
}

}  // namespace pqmul::experiments
