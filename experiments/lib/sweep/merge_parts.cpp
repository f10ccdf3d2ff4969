// Merging the parts of a fanned-out sweep (or whole sweeps of one spec run on
// several machines) into one results directory.
#include <fmt/format.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "../json_text.hpp"
#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/experiments/labels.hpp"
#include "pqmul/experiments/sweep_fanout.hpp"
#include "pqmul/schemes/common/input_files.hpp"
#include "sweep_steps.hpp"

namespace pqmul::experiments {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

struct Part {
  std::string dir;  // as given
  json manifest;
  std::vector<Row> rows;
  std::string tree;                   // "" for a whole sweep
  std::size_t chunk = 0, chunks = 0;  // chunks 0: a whole sweep
};

[[noreturn]] void refuse_part(const std::string& dir, const std::string& why) {
  throw std::runtime_error(fmt::format("part {}: {}", dir, why));
}

std::string read_part_file(const std::string& dir, const char* name, std::size_t limit) {
  const fs::path path = fs::path(dir) / name;
  std::error_code ec;
  if (!fs::exists(path, ec)) refuse_part(dir, fmt::format("no {} (is it a finished sweep part?)", name));
  try {
    return read_bounded_file(path, limit, name);
  } catch (const std::exception& e) {
    refuse_part(dir, e.what());
  }
}

std::string string_at(const json& j, const char* key, const std::string& dir, const char* where) {
  if (!j.is_object() || !j.contains(key) || !j.at(key).is_string())
    refuse_part(dir, fmt::format("manifest.json has no {} string \"{}\"", where, key));
  return j.at(key).get<std::string>();
}

Part load_part(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) refuse_part(dir, "not a directory");
  Part p;
  p.dir = dir;
  try {
    p.manifest = parse_json_text(read_part_file(dir, "manifest.json", max_results_bytes), "manifest.json");
  } catch (const std::invalid_argument& e) {
    refuse_part(dir, e.what());
  }
  const json& m = p.manifest;
  if (!m.is_object()) refuse_part(dir, "manifest.json is not an object");
  if (string_at(m, "finished", dir, "top-level").empty())
    refuse_part(dir, "the sweep is unfinished (manifest.json has no finish time); rerun its command to complete it");
  if (!m.contains("spec") || string_at(m.at("spec"), "sha256", dir, "spec").empty())
    refuse_part(dir, "manifest.json names no spec digest");
  if (!m.contains("host") || string_at(m.at("host"), "name", dir, "host").empty())
    refuse_part(dir, "manifest.json names no host");
  string_at(m.at("host"), "cpu", dir, "host");
  if (m.contains("part")) {
    const json& part = m.at("part");
    p.tree = string_at(part, "tree", dir, "part");
    if (!part.contains("chunk") || !part.at("chunk").is_number_unsigned() || !part.contains("chunks") ||
        !part.at("chunks").is_number_unsigned() ||
        part.at("chunk").get<std::size_t>() >= part.at("chunks").get<std::size_t>())
      refuse_part(dir, "manifest.json's part has no chunk below its chunks");
    p.chunk = part.at("chunk").get<std::size_t>();
    p.chunks = part.at("chunks").get<std::size_t>();
  }
  try {
    p.rows = read_csv_text(read_part_file(dir, "results.csv", max_results_bytes), "results.csv");
  } catch (const std::runtime_error& e) {
    refuse_part(dir, e.what());
  }
  const json& counts = m.contains("rows") ? m.at("rows") : json();
  if (!counts.is_object() || !counts.contains("total") || !counts.at("total").is_number_unsigned())
    refuse_part(dir, "manifest.json does not count its rows");
  if (counts.at("total").get<std::size_t>() != p.rows.size())
    refuse_part(dir, fmt::format("results.csv holds {} rows but manifest.json counts {}", p.rows.size(),
                                 counts.at("total").get<std::size_t>()));
  for (std::size_t i = 0; i < p.rows.size(); ++i)
    if (p.rows[i].cpu.empty())
      refuse_part(dir,
                  fmt::format("row {} of results.csv ({} {}) names no cpu, so it cannot be told from rows of other "
                              "machines",
                              i + 1, p.rows[i].id, p.rows[i].operation));
  return p;
}

// What makes two rows the same measurement: the operation and every identity
// field of the reports (cpu among them), so rows of different CPUs differ.
std::string identity_of(const Row& r) {
  std::string key = r.operation;
  for (const auto& f : identity_fields()) key += '\n' + identity_value(r, f);
  return key + (r.emulated ? "\nemulated" : "");
}

// Chunks a fan-out's trees were split into but no part brought.
json missing_chunks(const std::vector<Part>& parts) {
  std::map<std::string, std::pair<std::size_t, std::set<std::size_t>>> seen;  // tree -> (chunks, present)
  for (const auto& p : parts) {
    if (!p.chunks) continue;
    auto& [chunks, present] = seen[p.tree];
    chunks = std::max(chunks, p.chunks);
    present.insert(p.chunk);
  }
  json missing = json::array();
  for (const auto& [tree, s] : seen)
    for (std::size_t i = 0; i < s.first; ++i)
      if (!s.second.count(i)) missing.push_back({{"tree", tree}, {"chunk", i}, {"chunks", s.first}});
  return missing;
}

json attributed(const json& manifest, const char* key, const std::string& dir) {
  json out = json::array();
  if (!manifest.contains(key) || !manifest.at(key).is_array()) return out;
  for (json entry : manifest.at(key)) {
    if (!entry.is_object()) continue;
    entry["part"] = dir;
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace

MergedParts merge_parts(const std::vector<std::string>& part_dirs) {
  if (part_dirs.empty()) throw std::runtime_error("no part directory to merge");
  std::vector<Part> parts;
  std::set<std::string> seen_dirs;
  for (const auto& dir : part_dirs) {
    std::error_code ec;
    const std::string canonical = fs::weakly_canonical(dir, ec).string();
    if (!seen_dirs.insert(ec ? dir : canonical).second) refuse_part(dir, "given twice");
    parts.push_back(load_part(dir));
  }
  const std::string digest = parts.front().manifest.at("spec").at("sha256").get<std::string>();
  for (const auto& p : parts)
    if (p.manifest.at("spec").at("sha256").get<std::string>() != digest)
      refuse_part(p.dir, fmt::format("it ran another spec than {} (spec digests differ)", parts.front().dir));
  // Fan-out parts in (tree, chunk) order, whatever order the shell listed them in.
  std::stable_sort(parts.begin(), parts.end(),
                   [](const Part& a, const Part& b) { return std::tie(a.tree, a.chunk) < std::tie(b.tree, b.chunk); });

  MergedParts merged;
  std::map<std::string, std::string> owner;  // identity -> part that brought it
  json part_list = json::array(), part_manifests = json::object(), skipped = json::array(), notes = json::array();
  std::set<std::string> cpus, commits;
  for (const auto& p : parts) {
    for (const auto& r : p.rows) {
      const auto [it, fresh] = owner.emplace(identity_of(r), p.dir);
      if (!fresh && it->second != p.dir)
        throw std::runtime_error(fmt::format(
            "parts {} and {} both hold {} {} measured on '{}': the same row on the same CPU is never pooled (merge "
            "one of them, or rerun it into another directory of its own)",
            it->second, p.dir, r.id, r.operation, r.cpu));
      cpus.insert(r.cpu);
    }
    merged.rows.insert(merged.rows.end(), p.rows.begin(), p.rows.end());
    const json& m = p.manifest;
    json entry = {{"dir", fs::absolute(p.dir).lexically_normal().string()},
                  {"host", m.at("host").at("name")},
                  {"cpu", m.at("host").at("cpu")},
                  {"rows", p.rows.size()},
                  {"started", m.value("started", "")},
                  {"finished", m.at("finished")},
                  {"commit", m.value("commit", "")}};
    if (p.chunks) entry["part"] = {{"tree", p.tree}, {"chunk", p.chunk}, {"chunks", p.chunks}};
    commits.insert(m.value("commit", ""));
    part_list.push_back(std::move(entry));
    part_manifests[p.dir] = m;
    for (auto& s : attributed(m, "skipped", p.dir)) skipped.push_back(std::move(s));
    for (auto& n : attributed(m, "notes", p.dir)) notes.push_back(std::move(n));
  }

  json out;
  out["spec"] = parts.front().manifest.at("spec");
  out["spec"]["copy"] = "spec.toml";
  out["merged"] = utc_now();
  out["parts"] = std::move(part_list);
  out["cpus"] = cpus;
  if (commits.size() > 1) out["commits_differ"] = commits;
  const json missing = missing_chunks(parts);
  if (!missing.empty()) out["missing_parts"] = missing;
  out["rows"] = sweep_steps::row_counts_json(merged.rows);
  out["counters"] = sweep_steps::counters_json(merged.rows);
  out["cpu_rule"] =
      "rows of different CPUs are never pooled: the same row measured on two CPUs appears twice, told apart by its "
      "cpu column; the same row on the same CPU from two parts is refused";
  out["skipped"] = std::move(skipped);
  out["notes"] = std::move(notes);
  out["part_manifests"] = std::move(part_manifests);
  out["files"] = {{"csv", "results.csv"}, {"json", "results.json"}, {"spec", "spec.toml"}};
  merged.manifest = out.dump(2);

  const fs::path spec_copy = fs::path(parts.front().dir) / "spec.toml";
  std::error_code ec;
  if (fs::exists(spec_copy, ec)) merged.spec_text = read_part_file(parts.front().dir, "spec.toml", max_spec_bytes);
  return merged;
}

void write_merged(const MergedParts& merged, const std::string& out_dir) {
  const fs::path out = fs::absolute(out_dir).lexically_normal();
  std::error_code ec;
  if (fs::exists(out, ec) && !(fs::is_directory(out, ec) && fs::is_empty(out, ec)))
    throw std::runtime_error(fmt::format("{} exists and is not empty; choose another --out", out.string()));
  const fs::path parent = out.parent_path();
  fs::create_directories(parent, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot create {}: {}", parent.string(), ec.message()));
  std::string pattern = (parent / ("." + out.filename().string() + ".partial-XXXXXX")).string();
  if (!::mkdtemp(pattern.data()))
    throw std::runtime_error(fmt::format("cannot create a directory beside {}", out.string()));
  const fs::path temp = pattern;
  try {
    write_csv((temp / "results.csv").string(), merged.rows);
    sweep_steps::write_file_atomically((temp / "results.json").string(), to_json(merged.rows) + "\n");
    sweep_steps::write_file_atomically((temp / "manifest.json").string(), merged.manifest + "\n");
    if (!merged.spec_text.empty()) sweep_steps::write_file_atomically((temp / "spec.toml").string(), merged.spec_text);
    fs::rename(temp, out);  // replaces an empty directory; fails on a full one made meanwhile
  } catch (const std::exception& e) {
    fs::remove_all(temp, ec);
    throw std::runtime_error(fmt::format("cannot write {}: {}", out.string(), e.what()));
  }
}

}  // namespace pqmul::experiments
