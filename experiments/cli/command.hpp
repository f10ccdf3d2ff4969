#pragma once
// Sub-commands of the pqmul CLI register themselves from their own files.
#include <CLI/CLI.hpp>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pqmul::cli {

using CommandAdder = std::function<void(CLI::App&)>;
std::vector<CommandAdder>& command_adders();

struct CommandRegistration {
  explicit CommandRegistration(CommandAdder add) { command_adders().push_back(std::move(add)); }
};

// Exit 2: bad input (unknown name, wrong length, unreadable or malformed file).
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Exit with `code` after printing `message` (if any) to stderr: a check that failed.
struct Failure : std::runtime_error {
  int code;
  Failure(int c, const std::string& message) : std::runtime_error(message), code(c) {}
};

}  // namespace pqmul::cli
