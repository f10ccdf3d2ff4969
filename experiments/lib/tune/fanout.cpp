// Tuning fanned out: chunks of candidates, and the parts merged into one front.
#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/experiments/pareto.hpp"
#include "pqmul/experiments/tune_fanout.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "tune_state.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;

// The search a part ran, without the CPU it ran on (parts on different CPUs
// merge, their rows kept apart).
std::string search_without_cpu(const std::string& identity) {
  auto j = nlohmann::json::parse(identity);
  j.erase("cpu");
  j.erase("chunk");
  return j.dump();
}

struct Part {
  std::string dir, ring, isa, search, cpu;
  std::size_t index = 0, count = 1;
  double spent = 0;
  std::vector<Row> rows;
};

Part read_part(const std::string& dir) {
  Part p;
  p.dir = dir;
  const auto fail = [&](const std::string& why) { return std::runtime_error(fmt::format("part {}: {}", dir, why)); };
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw fail("not a directory");
  std::optional<TuneState> state;
  try {
    state = load_tune_state(dir);
  } catch (const std::runtime_error& e) {
    throw fail(e.what());
  }
  if (!state || !state->done) throw fail("no finished search here (state.json missing or not done)");
  const fs::path summary = fs::path(dir) / "tune.json";
  try {
    const auto j = nlohmann::json::parse(read_bounded_file(summary, max_results_bytes, "tuning summary"));
    p.ring = j.at("ring").get<std::string>();
    p.isa = j.at("isa").get<std::string>();
    p.index = j.at("chunk").at("index").get<std::size_t>();
    p.count = j.at("chunk").at("count").get<std::size_t>();
    p.search = search_without_cpu(j.at("search").get<std::string>());
    p.spent = j.at("spent_seconds").get<double>();
  } catch (const nlohmann::json::exception& e) {
    throw fail(fmt::format("malformed tune.json ({})", e.what()));
  } catch (const std::runtime_error& e) {
    throw fail(e.what());
  }
  if (p.count == 0 || p.index >= p.count) throw fail(fmt::format("chunk {}/{} does not exist", p.index, p.count));
  try {
    p.rows = read_csv((fs::path(dir) / "results.csv").string());
  } catch (const std::runtime_error& e) {
    throw fail(e.what());
  }
  for (const auto& r : p.rows) {
    if (r.scheme != p.ring || r.isa != p.isa) throw fail(fmt::format("row {} is not of {} on {}", r.id, p.ring, p.isa));
    if (r.cpu.empty()) throw fail(fmt::format("row {} names no CPU", r.id));
    p.cpu = r.cpu;
  }
  return p;
}

}  // namespace

std::vector<TuneCandidate> chunk_candidates(const std::vector<TuneCandidate>& all, const Chunk& chunk) {
  if (chunk.count == 0 || chunk.index >= chunk.count)
    throw std::invalid_argument(fmt::format("chunk {}/{} does not exist", chunk.index, chunk.count));
  std::vector<TuneCandidate> out;
  std::size_t dealt = 0;
  for (const auto& c : all) {
    if (c.catalogue) {
      if (chunk.index == 0) out.push_back(c);
      continue;
    }
    if (dealt++ % chunk.count == chunk.index) out.push_back(c);
  }
  return out;
}

MergedTune merge_tune_parts(const std::vector<std::string>& dirs) {
  if (dirs.empty()) throw std::runtime_error("no part to merge");
  MergedTune m;
  std::vector<Part> parts;
  for (const auto& d : dirs) parts.push_back(read_part(d));
  const Part& first = parts.front();
  std::map<std::pair<std::string, std::size_t>, std::string> chunk_seen;  // (cpu, chunk) -> dir
  std::set<std::string> keys;
  for (const auto& p : parts) {
    if (p.ring != first.ring || p.isa != first.isa || p.search != first.search || p.count != first.count)
      throw std::runtime_error(
          fmt::format("part {} is another search than part {} (ring, ISA, limits, build or split)", p.dir, first.dir));
    const auto [it, fresh] = chunk_seen.emplace(std::make_pair(p.cpu, p.index), p.dir);
    if (!fresh)
      throw std::runtime_error(
          fmt::format("parts {} and {} are both chunk {}/{} on {}", it->second, p.dir, p.index, p.count, p.cpu));
    for (const auto& r : p.rows)
      if (!keys.insert(r.cpu + "|" + r.id + "|" + r.operation + "|" + r.strategy).second)
        throw std::runtime_error(
            fmt::format("part {}: row {} {} on {} appears in two parts", p.dir, r.id, r.operation, r.cpu));
    m.result.final_rows.insert(m.result.final_rows.end(), p.rows.begin(), p.rows.end());
    m.result.spent_seconds += p.spent;
    m.parts.push_back(fmt::format("{}: chunk {}/{} on {}", p.dir, p.index, p.count, p.cpu));
  }
  std::set<std::string> cpus;
  for (const auto& p : parts) cpus.insert(p.cpu);
  for (const auto& cpu : cpus)
    for (std::size_t i = 0; i < first.count; ++i)
      if (!chunk_seen.count({cpu, i}))
        m.parts.push_back(fmt::format("missing: chunk {}/{} on {}", i, first.count, cpu));
  m.result.front = pareto_front_rows(m.result.final_rows);
  m.settings.ring = first.ring;
  m.settings.isa = isa_from_name(first.isa);
  m.settings.chunk_count = first.count;
  m.settings.budget_seconds = 0;
  m.result.space.ring = first.ring;
  return m;
}

}  // namespace pqmul::experiments
