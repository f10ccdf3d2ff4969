#pragma once
// The resume state of one results directory (state.json): which builds and
// jobs are finished, with the rows they produced, so a rerun skips them.
// Saved atomically (temporary file + rename) after every build and job.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

struct BuildRecord {
  bool ok = false;
  std::string note;              // why it failed
  std::string compiler_version;  // first line of `<cxx> --version`
  std::string flags;             // compile flags of the portable code
  std::vector<std::string> isas; // ISAs the tree's registry offers (`pqmul list --json`)
  double seconds = 0;
};

enum class JobStatus { done, failed, skipped };
std::string to_string(JobStatus s);

struct JobRecord {
  JobStatus status = JobStatus::done;
  std::string note;  // failure or skip reason
  std::vector<Row> rows;
  double seconds = 0;
  std::size_t rounds = 1;  // rounds of the benchmark merged into rows
};

struct SweepState {
  std::string spec_path;
  std::string spec_digest;  // SHA-256 of the spec text: a rerun must use the same spec
  std::string started;      // ISO 8601 UTC
  std::string finished;     // empty until the merge is written
  std::map<std::string, BuildRecord> builds;  // tree name -> record
  std::map<std::string, JobRecord> jobs;      // Job::key -> record
};

std::string state_to_json(const SweepState& state);
// Throws std::runtime_error on malformed text.
SweepState state_from_json(const std::string& text);
std::optional<SweepState> load_state(const std::string& results_dir);  // nullopt: no state file
void save_state(const std::string& results_dir, const SweepState& state);

// The newest results directory under `results_root` whose state has this spec
// digest and is unfinished; empty if none.
std::string find_unfinished_results(const std::string& results_root, const std::string& spec_digest);

}  // namespace pqmul::experiments
