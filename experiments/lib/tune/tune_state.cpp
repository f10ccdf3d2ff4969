// Saving and loading a tuning run's state (state.json beside its rung files).
#include "tune_state.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/schemes/common/input_files.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
constexpr const char* state_format = "pqmul-tune-1";

std::string state_path(const std::string& dir) { return (fs::path(dir) / "state.json").string(); }

}  // namespace

std::string tune_identity(const TuneSettings& s) {
  const BuildContext& build = build_context();
  nlohmann::json j = {{"ring", s.ring},
                      {"isa", std::string(isa_name(s.isa))},
                      {"operations", s.operations},
                      {"rank", s.rank},
                      {"max_levels", s.limits.max_levels},
                      {"max_k", s.limits.max_k},
                      {"point_sets", s.limits.point_sets_per_k},
                      {"leaves", s.limits.leaves},
                      {"ntt_layers_below", s.limits.ntt_layers_below},
                      {"final_survivors", s.final_survivors},
                      {"chunk", {s.chunk_index, s.chunk_count}},
                      {"compiler", build.compiler + " " + build.compiler_version},
                      {"flags", build.flags},
                      {"cpu", build.cpu}};
  return j.dump();
}

void replace_file(const std::string& path, const std::string& text) {
  const std::string temporary = path + fmt::format(".tmp{}", ::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error(fmt::format("cannot write {}", temporary));
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) {
    fs::remove(temporary, ec);
    throw std::runtime_error(fmt::format("cannot write {}", path));
  }
}

std::string rung_file(const std::string& results_dir, std::size_t rung) {
  return (fs::path(results_dir) / fmt::format("rung-{}.csv", rung)).string();
}

std::optional<TuneState> load_tune_state(const std::string& results_dir) {
  const std::string path = state_path(results_dir);
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::nullopt;
  const std::string text = read_bounded_file(path, max_results_bytes, "tuning state");
  try {
    const auto j = nlohmann::json::parse(text);
    if (j.at("format").get<std::string>() != state_format) throw std::runtime_error("not a pqmul tuning state");
    TuneState s;
    s.identity = j.at("identity").get<std::string>();
    s.spent_seconds = j.at("spent_seconds").get<double>();
    s.done = j.at("done").get<bool>();
    s.alive = j.at("alive").get<std::vector<std::string>>();
    s.candidates_checked = j.at("candidates_checked").get<std::size_t>();
    s.rejected = j.at("rejected").get<std::vector<std::string>>();
    for (const auto& r : j.at("rungs")) {
      RungSummary rung;
      rung.rung = r.at("rung").get<std::size_t>();
      rung.cases = r.at("cases").get<std::size_t>();
      rung.seconds = r.at("seconds").get<double>();
      rung.time_per_repetition = r.at("time_per_repetition").get<double>();
      rung.final = r.at("final").get<bool>();
      if (rung.rung != s.rungs.size()) throw std::runtime_error("rungs out of order");
      s.rungs.push_back(rung);
    }
    if (!(s.spent_seconds >= 0)) throw std::runtime_error("negative time spent");
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(fmt::format("{}: malformed tuning state ({})", path, e.what()));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("{}: {}", path, e.what()));
  }
}

void save_tune_state(const std::string& results_dir, const TuneState& s) {
  nlohmann::json rungs = nlohmann::json::array();
  for (const auto& r : s.rungs)
    rungs.push_back({{"rung", r.rung},
                     {"cases", r.cases},
                     {"seconds", r.seconds},
                     {"time_per_repetition", r.time_per_repetition},
                     {"final", r.final}});
  const nlohmann::json j = {{"format", state_format},
                            {"identity", s.identity},
                            {"spent_seconds", s.spent_seconds},
                            {"done", s.done},
                            {"alive", s.alive},
                            {"rungs", rungs},
                            {"candidates_checked", s.candidates_checked},
                            {"rejected", s.rejected}};
  replace_file(state_path(results_dir), j.dump(2) + "\n");
}

}  // namespace pqmul::experiments
