// Merging a sweep: the rows of every finished job in plan order, and the
// manifest describing the environment, every tree, every skip and every note.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "pqmul/experiments/cpu_probe.hpp"
#include "pqmul/experiments/statistics.hpp"
#include "pqmul/experiments/sweep.hpp"
#include "sweep_steps.hpp"

namespace pqmul::experiments {

namespace sweep_steps {

nlohmann::json counters_json(const std::vector<Row>& rows) {
  using json = nlohmann::json;
  json counters = json::object();
  for (const auto& r : rows) {
    if (r.counter.empty()) continue;
    auto& c = counters[r.counter];
    if (!c.contains("overhead_min") || (r.counter_overhead && *r.counter_overhead < c["overhead_min"].get<double>()))
      c["overhead_min"] = r.counter_overhead ? json(*r.counter_overhead) : json(nullptr);
    if (!c.contains("overhead_max") || (r.counter_overhead && *r.counter_overhead > c["overhead_max"].get<double>()))
      c["overhead_max"] = r.counter_overhead ? json(*r.counter_overhead) : json(nullptr);
  }
  return counters;
}

nlohmann::json row_counts_json(const std::vector<Row>& rows) {
  std::size_t failed = 0, emulated = 0;
  for (const auto& r : rows) {
    if (r.correct != "pass") ++failed;
    if (r.emulated) ++emulated;
  }
  return {{"total", rows.size()}, {"not_passing", failed}, {"emulated", emulated}};
}

}  // namespace sweep_steps

std::vector<Row> merged_rows(const Plan& plan, const SweepState& state) {
  std::vector<Row> rows;
  for (const auto& job : plan.jobs) {
    const auto it = state.jobs.find(job.key(plan.trees));
    if (it == state.jobs.end()) continue;
    rows.insert(rows.end(), it->second.rows.begin(), it->second.rows.end());
  }
  return rows;
}

std::string manifest_json(const SweepSpec& spec, const Plan& plan, const SweepState& state, const HostInfo& host,
                          const SweepOptions& options, const std::string& commit) {
  using json = nlohmann::json;
  json m;
  m["spec"] = {{"name", spec.name},
               {"description", spec.description},
               {"path", state.spec_path},
               {"sha256", state.spec_digest},
               {"copy", "spec.toml"}};
  m["started"] = state.started;
  m["finished"] = state.finished;
  m["commit"] = commit;
  json flags = json::array();
  for (const auto* f :
       {"avx2", "bmi2", "avx512f", "avx512bw", "avx512vl", "avx512ifma", "avx512vbmi", "avx512vbmi2", "asimd", "sve"})
    if (host.cpu_flags.count(f)) flags.push_back(f);
  m["host"] = {{"name", host.hostname},
               {"arch", host.arch},
               {"cpu", host.cpu_model},
               {"cores", host.cores},
               {"cpu_features", flags}};

  json trees = json::array();
  json compilers = json::object();
  for (const auto& tree : plan.trees) {
    json t = {{"name", tree.name()},
              {"compiler", tree.compiler},
              {"compiler_command", tree.cxx},
              {"arch", tree.arch},
              {"vectorize", tree.vectorize},
              {"emulated", tree.emulated},
              {"emulator", tree.emulator},
              {"toolchain_file", tree.toolchain_file},
              {"build_dir", tree_dir(tree, options)},
              {"configure", configure_command(tree, options)},
              {"log", "logs/" + tree.name() + ".log"}};
    const auto b = state.builds.find(tree.name());
    if (b != state.builds.end()) {
      t["built"] = b->second.ok;
      t["compiler_version"] = b->second.compiler_version;
      t["flags"] = b->second.flags;
      t["isas"] = b->second.isas;
      t["build_seconds"] = b->second.seconds;
      if (!b->second.note.empty()) t["note"] = b->second.note;
      compilers[tree.compiler + "/" + tree.arch] = b->second.compiler_version;
    } else {
      t["built"] = nullptr;  // not reached (interrupted sweep)
    }
    trees.push_back(std::move(t));
  }
  m["trees"] = std::move(trees);
  m["compilers"] = std::move(compilers);

  const std::vector<Row> rows = merged_rows(plan, state);
  m["counters"] = sweep_steps::counters_json(rows);
  m["requested_counter"] = spec.counter;
  m["samples"] = spec.samples;
  m["repetitions"] = spec.repetitions;
  m["rounds"] = spec.rounds;
  m["pin_cpu"] = spec.pin_cpu ? json(*spec.pin_cpu) : json(nullptr);
  m["noise_guard"] = {{"max_half_width_percent", spec.max_half_width},
                      {"max_steal_percent", spec.max_steal},
                      {"reruns", spec.reruns},
                      {"kept_attempt", "the narrowest interval (a clean attempt before a noisy one)"}};
  m["median_interval_method"] = spec.rounds > 1
                                    ? std::string(
                                          "order statistics of the per-round medians (one benchmark process per round; "
                                          "distribution-free, binomial coverage)")
                                    : std::string(median_interval_method);
  m["ratio_interval_method"] = ratio_interval_method;
  json machine = json::object();
  for (const auto& [key, value] : describe(cpu_description())) machine[key] = value;
  m["machine"] = std::move(machine);
  m["rows"] = sweep_steps::row_counts_json(rows);

  json skipped = json::array();
  for (const auto& s : plan.skipped) skipped.push_back({{"tree", s.tree}, {"what", s.what}, {"reason", s.reason}});
  json notes = json::array();
  json pending = json::array();
  for (const auto& job : plan.jobs) {
    const auto it = state.jobs.find(job.key(plan.trees));
    const std::string tree = plan.trees[job.tree].name();
    if (it == state.jobs.end()) {
      pending.push_back({{"tree", tree}, {"job", job.label()}});
      continue;
    }
    if (it->second.status == JobStatus::skipped)
      skipped.push_back({{"tree", tree}, {"what", job.label()}, {"reason", it->second.note}});
    else if (!it->second.note.empty())
      notes.push_back({{"tree", tree},
                       {"job", job.label()},
                       {"id", row_id(job.target, job.multiplier, job.isa)},
                       {"status", to_string(it->second.status)},
                       {"note", it->second.note}});
  }
  m["skipped"] = std::move(skipped);
  m["notes"] = std::move(notes);
  if (!pending.empty()) m["not_run"] = std::move(pending);
  if (options.part_chunks)
    m["part"] = {{"tree", options.part_tree}, {"chunk", options.part_chunk}, {"chunks", options.part_chunks}};
  m["files"] = {{"csv", "results.csv"}, {"json", "results.json"}, {"state", "state.json"}, {"logs", "logs/"}};
  return m.dump(2);
}

}  // namespace pqmul::experiments
