// Child processes for the sweep: stdout and stderr go to temporary files
// (no pipe can fill up and block a long build), read back when it exits.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "pqmul/experiments/sweep_runner.hpp"

extern char** environ;

namespace pqmul::experiments {
namespace {

struct TempFile {
  std::string path;
  int fd = -1;
  TempFile() {
    const char* dir = std::getenv("TMPDIR");
    path = std::string(dir && *dir ? dir : "/tmp") + "/pqmul-sweep-XXXXXX";
    fd = ::mkstemp(path.data());
  }
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (fd >= 0) ::unlink(path.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  std::string contents() const {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
};

}  // namespace

std::string shell_words(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& a : argv) {
    if (!out.empty()) out += ' ';
    const bool plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                         "0123456789-_./=:,+@%") == std::string::npos;
    if (plain) {
      out += a;
      continue;
    }
    out += '\'';
    for (char c : a) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

CommandResult ProcessRunner::run(const Command& command) {
  CommandResult result;
  const auto start = std::chrono::steady_clock::now();
  TempFile out, err;
  const bool stream = command.stream_to_log && !command.log_path.empty();
  int log_fd = -1;
  off_t log_start = 0;
  if (stream) {
    log_fd = ::open(command.log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log_fd >= 0) {
      const std::string header = "$ " + shell_words(command.argv) + "\n";
      log_start = ::lseek(log_fd, 0, SEEK_END) + static_cast<off_t>(header.size());
      if (::write(log_fd, header.data(), header.size()) < 0) log_start = ::lseek(log_fd, 0, SEEK_END);
    }
  }
  if (out.fd < 0 || err.fd < 0 || command.argv.empty() || (stream && log_fd < 0)) {
    if (log_fd >= 0) ::close(log_fd);
    result.exit_code = 127;
    result.err = "cannot start: " + std::string(command.argv.empty() ? "empty command" : "no temporary file");
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, stream ? log_fd : out.fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, stream ? log_fd : err.fd, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> argv;
  for (const auto& a : command.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    result.exit_code = 127;
    result.err = "cannot start " + command.argv[0] + ": " + std::strerror(rc);
  } else {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = out.contents();
    result.err = err.contents();
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stream) {
    ::close(log_fd);
    std::ifstream log(command.log_path, std::ios::binary);
    log.seekg(log_start);
    std::ostringstream s;
    s << log.rdbuf();
    result.out = s.str();
    std::ofstream(command.log_path, std::ios::app) << "[exit " << result.exit_code << ", " << result.seconds
                                                   << " s]\n\n";
  } else if (!command.log_path.empty()) {
    std::ofstream log(command.log_path, std::ios::app);
    log << "$ " << shell_words(command.argv) << "\n" << result.out << result.err << "[exit " << result.exit_code
        << ", " << result.seconds << " s]\n\n";
  }
  return result;
}

}  // namespace pqmul::experiments
