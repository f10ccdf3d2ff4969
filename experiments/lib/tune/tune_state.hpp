#pragma once
// What a tuning run saves after each rung, so a stopped run resumes after it.
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/tune.hpp"

namespace pqmul::experiments {

struct TuneState {
  std::string identity;  // the search's settings and build, as text: a resume must match it
  double spent_seconds = 0;
  std::vector<RungSummary> rungs;  // finished rungs
  std::vector<std::string> alive;  // keys of the cases the next rung measures
  bool done = false;
  // The first run's oracle checks: a resumed run rebuilds only the cases still alive.
  std::size_t candidates_checked = 0;
  std::vector<std::string> rejected;
};

// The settings that make two runs the same search (budget excluded: a resume may extend it).
std::string tune_identity(const TuneSettings& settings);

// nullopt when the directory holds no state; throws std::runtime_error for a malformed one.
std::optional<TuneState> load_tune_state(const std::string& results_dir);
// Written to a temporary file and renamed, so a crash leaves the old state.
void save_tune_state(const std::string& results_dir, const TuneState& state);

std::string rung_file(const std::string& results_dir, std::size_t rung);
// Writes `text` to `path` through a temporary file in the same directory.
void replace_file(const std::string& path, const std::string& text);

}  // namespace pqmul::experiments
