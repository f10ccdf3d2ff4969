#pragma once
// Fanning a sweep out to a cluster: the plan's jobs split into independent
// parts, one per (tree, chunk of the tree's jobs), each run by `pqmul sweep
// --tree NAME --chunk I/N` on its own host into its own results directory,
// then `pqmul sweep merge` joins the parts. The split is computed on the plan
// of a host that has every CPU feature, so it is the same on every host: a
// host lacking a feature skips those jobs of its chunk (with the reason in its
// manifest) instead of shifting the others.
#include <cstddef>
#include <string>
#include <vector>

#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/sweep_plan.hpp"

namespace pqmul::experiments {

struct Chunk {
  std::size_t index = 0, count = 1;  // chunk `index` of `count`, 0 <= index < count
};
// "I/N"; throws std::invalid_argument naming the problem.
Chunk parse_chunk(const std::string& text);

// `host` with every CPU feature an ISA needs: the split does not depend on the CPU.
HostInfo host_with_every_feature(const HostInfo& host);

// Number of chunks tree `tree` is split into when `requested` are asked for:
// no more than its jobs, so no chunk is empty.
std::size_t chunks_of_tree(const Plan& plan, std::size_t tree, std::size_t requested);
// Indices into plan.jobs of chunk `chunk` of tree `tree`: the tree's jobs in
// plan order dealt round-robin (so each chunk takes a share of every kind).
// Throws std::invalid_argument when the chunk lies past the tree's jobs.
std::vector<std::size_t> chunk_jobs(const Plan& plan, std::size_t tree, const Chunk& chunk);

// The plan one part runs: tree `tree_name` alone with the jobs of `host_plan`
// (this host's plan) whose keys are in chunk `chunk` of `split_plan` (the
// plan of host_with_every_feature), and the skips that concern the tree;
// no tree at all when this host skips every job of the chunk.
// Throws std::invalid_argument when the tree is not in the split plan or
// cannot be built here (naming the reason) or the chunk is out of range.
Plan part_plan(const Plan& split_plan, const Plan& host_plan, const std::string& tree_name, const Chunk& chunk);

// One part of a fan-out and the command that runs it.
struct FanoutPart {
  std::string tree;
  Chunk chunk;
  std::string results_dir;  // <results root>/part-<tree>-<index>
  std::vector<std::string> argv;
};

struct FanoutOptions {
  std::string pqmul;         // absolute path of the pqmul the hosts run
  std::string spec_path;     // absolute: the spec's copy in the results root
  std::string source_dir;    // absolute
  std::string results_root;  // absolute; parts go below it
  std::size_t chunks = 1;    // per tree (fewer where a tree has fewer jobs)
  unsigned build_jobs = 0;   // -j of each part's build; 0: the host's cores
  std::string command = "sweep";  // the pqmul command the parts run and merge with: sweep or tune
};

// "part-<tree>-<index>"
std::string part_dir_name(const std::string& tree, std::size_t index);
// Every (tree, chunk) of the split plan in tree order, then chunk order.
std::vector<FanoutPart> fanout_parts(const Plan& split_plan, const FanoutOptions& options);

// A Slurm batch script running part $SLURM_ARRAY_TASK_ID of an array
// 0..parts-1, each node exclusive (benchmarks must not share a machine).
// Throws std::invalid_argument for a path a script cannot hold (control characters).
std::string slurm_script(const std::vector<FanoutPart>& parts, const FanoutOptions& options,
                         const std::string& spec_name);
// GNU parallel's job list: one command per line, nothing else.
std::string parallel_job_list(const std::vector<FanoutPart>& parts);

// Merging parts: each directory must hold a finished sweep (manifest.json with
// `finished`, results.csv with as many rows as the manifest counts, every row
// with its cpu) of one spec. Rows of different CPUs are never pooled: the same
// row (operation and identity fields) measured on two CPUs stays twice, told
// apart by cpu; the same row on the same CPU from two parts is refused.
// Throws std::runtime_error naming the part and the problem.
struct MergedParts {
  std::vector<Row> rows;
  std::string manifest;   // JSON text
  std::string spec_text;  // the parts' spec (from the first part's spec.toml)
};
MergedParts merge_parts(const std::vector<std::string>& part_dirs);
// Writes results.csv, results.json, manifest.json and spec.toml into a new
// directory `out_dir` (built beside it and renamed into place: no half-written
// output). Throws std::runtime_error when out_dir exists and is not empty.
void write_merged(const MergedParts& merged, const std::string& out_dir);

}  // namespace pqmul::experiments
