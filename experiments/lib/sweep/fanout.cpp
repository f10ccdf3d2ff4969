// Splitting a sweep into parts and the scripts that run them on a cluster.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "pqmul/experiments/sweep.hpp"
#include "pqmul/experiments/sweep_fanout.hpp"

namespace pqmul::experiments {
namespace {

std::size_t tree_index(const Plan& plan, const std::string& name) {
  for (std::size_t t = 0; t < plan.trees.size(); ++t)
    if (plan.trees[t].name() == name) return t;
  return plan.trees.size();
}

std::size_t parse_chunk_number(const std::string& text, const std::string& whole) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    throw std::invalid_argument(fmt::format("chunk '{}' is not I/N with whole numbers I < N", whole));
  return std::stoul(text);
}

// A path or name in a script: a line break or other control character would
// split a command or a job-list line.
void require_printable(const std::vector<std::string>& argv) {
  for (const auto& a : argv)
    for (unsigned char c : a)
      if (c < 0x20 || c == 0x7f)
        throw std::invalid_argument(
            fmt::format("'{}' holds a control character; a job script cannot carry it", shell_words({a})));
}

}  // namespace

Chunk parse_chunk(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos)
    throw std::invalid_argument(fmt::format("chunk '{}' is not I/N with whole numbers I < N", text));
  Chunk c{parse_chunk_number(text.substr(0, slash), text), parse_chunk_number(text.substr(slash + 1), text)};
  if (c.count == 0 || c.index >= c.count)
    throw std::invalid_argument(fmt::format("chunk '{}' is not I/N with whole numbers I < N", text));
  return c;
}

HostInfo host_with_every_feature(const HostInfo& host) {
  HostInfo h = host;
  for (const auto& isa : known_isas())
    for (const auto& feature : isa_cpu_requirements(isa)) h.cpu_flags.insert(feature);
  return h;
}

std::size_t chunks_of_tree(const Plan& plan, std::size_t tree, std::size_t requested) {
  return std::max<std::size_t>(1, std::min(requested, plan.jobs_of(tree)));
}

std::vector<std::size_t> chunk_jobs(const Plan& plan, std::size_t tree, const Chunk& chunk) {
  const std::size_t jobs = plan.jobs_of(tree);
  if (chunk.count == 0 || chunk.index >= chunk.count || chunk.index >= jobs)
    throw std::invalid_argument(fmt::format("chunk {}/{} of tree {} holds no job (the tree has {})", chunk.index,
                                            chunk.count, plan.trees.at(tree).name(), jobs));
  std::vector<std::size_t> out;
  std::size_t position = 0;  // among the tree's jobs
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    if (plan.jobs[j].tree != tree) continue;
    if (position++ % chunk.count == chunk.index) out.push_back(j);
  }
  return out;
}

Plan part_plan(const Plan& split_plan, const Plan& host_plan, const std::string& tree_name, const Chunk& chunk) {
  const std::size_t split_tree = tree_index(split_plan, tree_name);
  if (split_tree == split_plan.trees.size()) {
    std::vector<std::string> names;
    for (const auto& t : split_plan.trees) names.push_back(t.name());
    throw std::invalid_argument(fmt::format("the spec has no tree {} (it has: {})", tree_name, fmt::join(names, ", ")));
  }
  const std::size_t host_tree = tree_index(host_plan, tree_name);
  if (host_tree == host_plan.trees.size()) {
    std::string why = "it has no job this host can run";
    for (const auto& s : host_plan.skipped)
      if (s.tree == tree_name && s.what == "tree " + tree_name) why = s.reason;
    throw std::invalid_argument(fmt::format("tree {} cannot run on this host: {}", tree_name, why));
  }
  std::set<std::string> keys;
  for (std::size_t j : chunk_jobs(split_plan, split_tree, chunk)) keys.insert(split_plan.jobs[j].key(split_plan.trees));

  Plan part;
  part.trees = {host_plan.trees[host_tree]};
  for (const auto& job : host_plan.jobs) {
    if (job.tree != host_tree || !keys.count(job.key(host_plan.trees))) continue;
    Job j = job;
    j.tree = 0;
    part.jobs.push_back(std::move(j));
  }
  for (const auto& s : host_plan.skipped)
    if (s.tree.empty() || s.tree == tree_name) part.skipped.push_back(s);
  // Every job of the chunk skipped here: nothing to build; the part still
  // finishes, its manifest saying why it holds no rows.
  if (part.jobs.empty()) part.trees.clear();
  return part;
}

std::string part_dir_name(const std::string& tree, std::size_t index) { return fmt::format("part-{}-{}", tree, index); }

std::vector<FanoutPart> fanout_parts(const Plan& split_plan, const FanoutOptions& options) {
  std::vector<FanoutPart> parts;
  for (std::size_t t = 0; t < split_plan.trees.size(); ++t) {
    const std::string tree = split_plan.trees[t].name();
    const std::size_t count = chunks_of_tree(split_plan, t, options.chunks);
    for (std::size_t i = 0; i < count; ++i) {
      FanoutPart part;
      part.tree = tree;
      part.chunk = {i, count};
      part.results_dir = options.results_root + "/" + part_dir_name(tree, i);
      part.argv = {options.pqmul,
                   "sweep",
                   options.spec_path,
                   "--source",
                   options.source_dir,
                   "--tree",
                   tree,
                   "--chunk",
                   fmt::format("{}/{}", i, count),
                   "--results",
                   part.results_dir};
      if (options.build_jobs) part.argv.insert(part.argv.end(), {"-j", std::to_string(options.build_jobs)});
      require_printable(part.argv);
      parts.push_back(std::move(part));
    }
  }
  return parts;
}

std::string slurm_script(const std::vector<FanoutPart>& parts, const FanoutOptions& options,
                         const std::string& spec_name) {
  if (parts.empty()) throw std::invalid_argument("the sweep has no part to run");
  require_printable({options.results_root, spec_name});
  // Slurm reads #SBATCH lines unquoted: a space would end the value there.
  if (options.results_root.find_first_of(" \t\"'\\%") != std::string::npos)
    throw std::invalid_argument(
        fmt::format("results directory '{}' holds a space, quote, backslash or %, which #SBATCH lines cannot carry",
                    options.results_root));
  std::string job_name;
  for (char c : spec_name) job_name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  std::string s = "#!/bin/bash\n";
  s += fmt::format("# pqmul {} '{}' fanned out: {} parts, one per (tree, chunk of its {}).\n", options.command,
                   spec_name, parts.size(), options.command == "tune" ? "candidates" : "jobs");
  s += "# Every path below is absolute; the working directory is the results root.\n";
  s += fmt::format("#SBATCH --job-name=pqmul-{}\n", job_name.empty() ? options.command : job_name);
  s += fmt::format("#SBATCH --array=0-{}\n", parts.size() - 1);
  s += fmt::format("#SBATCH --chdir={}\n", options.results_root);
  s += fmt::format("#SBATCH --output={}/slurm-%A_%a.out\n", options.results_root);
  s += "#SBATCH --nodes=1\n#SBATCH --ntasks=1\n";
  s += "# A benchmark measures alone: each part has its node to itself.\n#SBATCH --exclusive\n";
  s += "set -euo pipefail\n";
  s += "case \"${SLURM_ARRAY_TASK_ID:?run this script with sbatch}\" in\n";
  for (std::size_t i = 0; i < parts.size(); ++i)
    s += fmt::format("  {})  # {} chunk {}/{}\n    exec {} ;;\n", i, parts[i].tree, parts[i].chunk.index,
                     parts[i].chunk.count, shell_words(parts[i].argv));
  s += "  *) echo \"no part $SLURM_ARRAY_TASK_ID in this array\" >&2; exit 2 ;;\nesac\n";
  s += fmt::format("# When every part has finished:\n#   {} {} merge {}/part-* --out {}/merged\n",
                   shell_words({options.pqmul}), options.command, shell_words({options.results_root}),
                   shell_words({options.results_root}));
  return s;
}

std::string parallel_job_list(const std::vector<FanoutPart>& parts) {
  std::string s;
  for (const auto& t : parts) s += shell_words(t.argv) + "\n";
  return s;
}

}  // namespace pqmul::experiments
