// Building a sweep's tree: configure, build, and read back what it offers.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "pqmul/experiments/context.hpp"
#include "sweep_steps.hpp"

namespace pqmul::experiments::sweep_steps {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string first_line(const std::string& text) {
  const auto end = text.find('\n');
  return text.substr(0, end);
}

namespace {

// The last non-empty line of a command's output: usually the reason it failed.
std::string last_line(const CommandResult& r) {
  for (const std::string* text : {&r.err, &r.out}) {
    std::istringstream lines(*text);
    std::string line, last;
    while (std::getline(lines, line))
      if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
    if (!last.empty()) return last;
  }
  return "no output";
}

}  // namespace

std::string failure_note(const std::string& what, const CommandResult& r) {
  return fmt::format("{} failed (exit {}): {}", what, r.exit_code, last_line(r));
}

// ISAs the tree's registry offers, from `pqmul list --json`.
namespace {

std::vector<std::string> tree_isas(const TreeConfig& tree, const SweepOptions& options, Runner& runner,
                                   const std::string& log, std::string& note) {
  std::vector<std::string> argv = tree.emulator;
  argv.insert(argv.end(), {tree_pqmul(tree, options), "list", "--json"});
  const auto r = runner.run({argv, log});
  if (r.exit_code != 0) {
    note = failure_note("pqmul list --json", r);
    return {};
  }
  try {
    // Each entry names an ISA built into the tree and whether this CPU runs it
    // (a plain name: built and runnable).
    std::vector<std::string> isas;
    const auto listing = nlohmann::json::parse(r.out);  // named: the loop below reads into it
    for (const auto& entry : listing.at("isas")) {
      if (entry.is_string())
        isas.push_back(entry.get<std::string>());
      else if (entry.value("runs_here", false))
        isas.push_back(entry.at("isa").get<std::string>());
    }
    return isas;
  } catch (const nlohmann::json::exception& e) {
    note = fmt::format("pqmul list --json printed no ISA list: {}", e.what());
    return {};
  }
}

std::string tree_flags(const TreeConfig& tree, const SweepOptions& options) {
  std::ifstream in(fs::path(tree_dir(tree, options)) / "compile_commands.json");
  if (!in) return {};
  try {
    const auto commands = nlohmann::json::parse(in);
    for (const auto& c : commands)
      if (c.value("file", "").find("/algorithms/src/") != std::string::npos && c.contains("command"))
        return flags_from_command_line(c.at("command").get<std::string>());
  } catch (const nlohmann::json::exception&) {
  }
  return {};
}

// An exclusive POSIX record lock (fcntl: it holds on NFS too) on
// <tree dir>.lock for as long as it lives; released when the process ends,
// however it ends.
class TreeLock {
 public:
  explicit TreeLock(const std::string& path) {
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) return;  // unlockable (read-only root): build unguarded, as a lone sweep does
    struct flock whole {};
    whole.l_type = F_WRLCK;
    whole.l_whence = SEEK_SET;
    while (::fcntl(fd_, F_SETLKW, &whole) != 0 && errno == EINTR) {
    }
  }
  ~TreeLock() {
    if (fd_ >= 0) ::close(fd_);  // closing drops the lock
  }
  TreeLock(const TreeLock&) = delete;
  TreeLock& operator=(const TreeLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + temp);
  }
  fs::rename(temp, path);
}

BuildRecord build_tree(const TreeConfig& tree, const SweepOptions& options, Runner& runner, const std::string& log) {
  BuildRecord b;
  const auto start = Clock::now();
  const TreeLock lock(tree_dir(tree, options) + ".lock");
  const auto version = runner.run({{tree.cxx, "--version"}, log});
  b.compiler_version = version.exit_code == 0 ? first_line(version.out) : "";
  const auto configured = runner.run({configure_command(tree, options), log, true});
  if (configured.exit_code != 0) {
    b.note = failure_note("configure", configured) + " (log: " + log + ")";
  } else {
    const auto built = runner.run({build_command(tree, options), log, true});
    if (built.exit_code != 0) {
      b.note = failure_note("build", built) + " (log: " + log + ")";
    } else {
      b.isas = tree_isas(tree, options, runner, log, b.note);
      b.ok = b.note.empty();
      b.flags = tree_flags(tree, options);
    }
  }
  b.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return b;
}

}  // namespace pqmul::experiments::sweep_steps
