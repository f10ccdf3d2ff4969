// state.json of a results directory: finished builds and jobs with their rows.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../json_text.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/experiments/sweep_state.hpp"
#include "pqmul/schemes/common/input_files.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr const char* state_file = "state.json";
constexpr int state_version = 1;

// A results directory may come from elsewhere: its state is read as any other input.
std::string read_text(const fs::path& path) {
  try {
    return read_bounded_file(path, max_results_bytes, "sweep state");
  } catch (const InputFileError& e) {
    throw std::runtime_error(e.what());
  }
}

json parse_state(const std::string& text) {
  try {
    return parse_json_text(text, state_file);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(e.what());
  }
}

JobStatus parse_status(const std::string& s) {
  if (s == "done") return JobStatus::done;
  if (s == "failed") return JobStatus::failed;
  if (s == "skipped") return JobStatus::skipped;
  throw std::runtime_error("unknown job status '" + s + "' in " + state_file);
}

}  // namespace

std::string to_string(JobStatus s) {
  switch (s) {
    case JobStatus::done: return "done";
    case JobStatus::failed: return "failed";
    case JobStatus::skipped: return "skipped";
  }
  return "?";
}

std::string state_to_json(const SweepState& state) {
  json j;
  j["version"] = state_version;
  j["spec_path"] = state.spec_path;
  j["spec_digest"] = state.spec_digest;
  j["started"] = state.started;
  j["finished"] = state.finished;
  j["builds"] = json::object();
  for (const auto& [tree, b] : state.builds)
    j["builds"][tree] = {{"ok", b.ok},          {"note", b.note},   {"compiler_version", b.compiler_version},
                         {"flags", b.flags},    {"isas", b.isas},   {"seconds", b.seconds}};
  j["jobs"] = json::object();
  for (const auto& [key, r] : state.jobs)
    j["jobs"][key] = {{"status", to_string(r.status)},
                      {"note", r.note},
                      {"seconds", r.seconds},
                      {"rounds", r.rounds},
                      {"rows", json::parse(to_json(r.rows))}};
  return j.dump(1);
}

SweepState state_from_json(const std::string& text) {
  SweepState s;
  try {
    const json j = parse_state(text);
    if (j.value("version", 0) != state_version)
      throw std::runtime_error(fmt::format("unsupported state version (expected {})", state_version));
    s.spec_path = j.at("spec_path").get<std::string>();
    s.spec_digest = j.at("spec_digest").get<std::string>();
    s.started = j.at("started").get<std::string>();
    s.finished = j.at("finished").get<std::string>();
    for (const auto& [tree, b] : j.at("builds").items()) {
      BuildRecord r;
      r.ok = b.at("ok").get<bool>();
      r.note = b.at("note").get<std::string>();
      r.compiler_version = b.at("compiler_version").get<std::string>();
      r.flags = b.at("flags").get<std::string>();
      r.isas = b.at("isas").get<std::vector<std::string>>();
      r.seconds = b.at("seconds").get<double>();
      s.builds[tree] = std::move(r);
    }
    for (const auto& [key, v] : j.at("jobs").items()) {
      JobRecord r;
      r.status = parse_status(v.at("status").get<std::string>());
      r.note = v.at("note").get<std::string>();
      r.seconds = v.at("seconds").get<double>();
      r.rounds = v.value("rounds", std::size_t{1});
      if (r.rounds < 1) throw std::runtime_error("a job record with no rounds in " + std::string(state_file));
      r.rows = from_json(v.at("rows").dump());
      s.jobs[key] = std::move(r);
    }
  } catch (const json::exception& e) {
    throw std::runtime_error(fmt::format("malformed sweep state: {}", e.what()));
  }
  return s;
}

std::optional<SweepState> load_state(const std::string& results_dir) {
  const fs::path path = fs::path(results_dir) / state_file;
  if (!fs::exists(path)) return std::nullopt;
  try {
    return state_from_json(read_text(path));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("{}: {}", path.string(), e.what()));
  }
}

void save_state(const std::string& results_dir, const SweepState& state) {
  const fs::path path = fs::path(results_dir) / state_file;
  const fs::path temp = fs::path(results_dir) / (std::string(state_file) + ".tmp");
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << state_to_json(state) << '\n';
    if (!out) throw std::runtime_error(fmt::format("cannot write '{}'", temp.string()));
  }
  fs::rename(temp, path);  // a crash leaves the old state or the new one, never half of one
}

std::string find_unfinished_results(const std::string& results_root, const std::string& spec_digest) {
  std::error_code ec;
  if (!fs::is_directory(results_root, ec)) return {};
  // Results directories are named by UTC timestamp, so the newest sorts last.
  std::string newest;
  for (const auto& entry : fs::directory_iterator(results_root, ec)) {
    if (!entry.is_directory()) continue;
    const fs::path state = entry.path() / state_file;
    if (!fs::exists(state)) continue;
    try {
      const json j = parse_state(read_text(state));
      if (j.value("spec_digest", "") != spec_digest || !j.value("finished", "").empty()) continue;
    } catch (const std::exception&) {
      continue;  // an unreadable state is not a candidate to resume
    }
    const std::string dir = entry.path().string();
    if (newest.empty() || entry.path().filename().string() > fs::path(newest).filename().string()) newest = dir;
  }
  return newest;
}

}  // namespace pqmul::experiments
