#pragma once
// Steps of the sweep driver shared by its files: building a tree and
// describing a command's failure.
#include <string>

#include "pqmul/experiments/sweep.hpp"

namespace pqmul::experiments::sweep_steps {

std::string first_line(const std::string& text);
// "<what> failed (exit N): <the last line it printed>".
std::string failure_note(const std::string& what, const CommandResult& r);
// Configures and builds the tree, then reads the ISAs its registry offers
// and the compile flags of its algorithms.
BuildRecord build_tree(const TreeConfig& tree, const SweepOptions& options, Runner& runner, const std::string& log);

}  // namespace pqmul::experiments::sweep_steps
