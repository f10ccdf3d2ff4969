#pragma once
// How the sweep runs external commands (compilers, cmake, the trees' pqmul).
// The driver only talks to a Runner, so tests replace it with a fake.
#include <string>
#include <vector>

namespace pqmul::experiments {

struct Command {
  std::vector<std::string> argv;
  std::string log_path;  // if set, stdout and stderr are appended to this file as well
  // Long commands (builds): write straight into log_path as they run, so
  // `tail -f` follows them; `out` then holds both streams, `err` nothing.
  bool stream_to_log = false;
};

struct CommandResult {
  int exit_code = 0;  // 127: could not start; 128 + n: killed by signal n
  std::string out, err;
  double seconds = 0;
};

class Runner {
 public:
  virtual ~Runner() = default;
  virtual CommandResult run(const Command& command) = 0;
};

// Runs commands as child processes (outputs captured through temporary files).
class ProcessRunner final : public Runner {
 public:
  CommandResult run(const Command& command) override;
};

// "a b 'c d'" for logs and the dry run.
std::string shell_words(const std::vector<std::string>& argv);

}  // namespace pqmul::experiments
