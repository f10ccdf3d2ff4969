#pragma once
// Steps of the sweep driver shared by its files: building a tree,
// describing a command's failure, writing files whole, and the summaries of
// rows that the manifests of a sweep and of merged parts share.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pqmul/experiments/sweep.hpp"

namespace pqmul::experiments::sweep_steps {

std::string first_line(const std::string& text);
// "<what> failed (exit N): <the last line it printed>".
std::string failure_note(const std::string& what, const CommandResult& r);
// Configures and builds the tree, then reads the ISAs its registry offers
// and the compile flags of its algorithms.
// Parts of a fan-out may share the build root (a shared file system or one
// node): a lock file beside the tree lets one build it while the others wait,
// then find it up to date.
BuildRecord build_tree(const TreeConfig& tree, const SweepOptions& options, Runner& runner, const std::string& log);

// Written to a temporary file beside `path` and renamed over it: readers see
// the old file or the new one, never half of one.
void write_file_atomically(const std::string& path, const std::string& text);

// Counters as the rows name them, each with the lowest and highest overhead seen.
nlohmann::json counters_json(const std::vector<Row>& rows);
// {"total", "not_passing", "emulated"}
nlohmann::json row_counts_json(const std::vector<Row>& rows);

}  // namespace pqmul::experiments::sweep_steps
