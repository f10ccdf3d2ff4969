#pragma once
// The commands that make or use secret keys (keygen, encaps, decaps, seal,
// open) refuse a variable-time multiplier (variable_time.hpp) unless given
// --allow-variable-time.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <string>

#include "command.hpp"
#include "pqmul/experiments/variable_time.hpp"

namespace pqmul::cli {

inline void add_allow_variable_time(CLI::App* cmd, bool& allowed) {
  cmd->add_flag("--allow-variable-time", allowed,
                "accept a variable-time multiplier (kronecker), whose timing leaks the secrets it handles");
}

// Throws UsageError for a variable-time multiplier that was not allowed.
inline void refuse_variable_time(const char* command, const std::string& scheme, const std::string& multiplier,
                                 bool allowed) {
  if (!allowed && experiments::runs_in_variable_time(scheme, multiplier))
    throw UsageError(
        fmt::format("{}: the multiplier '{}' runs in variable time, which leaks the secrets it handles; "
                    "give --allow-variable-time to use it anyway",
                    command, multiplier));
}

}  // namespace pqmul::cli
