#pragma once
// Expansion of a sweep spec into build trees and jobs. A job is one
// (tree, scheme or ring, multiplier, strategy, ISA): one correctness check and
// one benchmark run producing a row per operation (AEAD jobs: the benchmark
// alone, which checks the known answers itself). Everything the spec asks
// for that cannot run here becomes a Skip with its reason, never a silent gap.
#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "pqmul/algorithms/params.hpp"
#include "pqmul/experiments/row.hpp"
#include "pqmul/experiments/sweep_spec.hpp"

namespace pqmul::experiments {

// What the registries offer (the sweep's own binary is built from the same
// sources as the trees it builds).
// ISA lists hold what the sweep's own binary compiled; a missing entry means
// "not known here" and lets the tree's registry decide.
struct Catalogue {
  struct Scheme {
    std::vector<std::string> multipliers;  // first = default
    std::vector<std::string> strategies;   // strategies that change the computation, first = default
    std::map<std::string, std::vector<std::string>> isas;  // multiplier -> ISAs compiled
    bool module_products = true;           // matrix-vector / inner-product rows exist (not NTRU)
  };
  std::map<std::string, Scheme> schemes;
  std::map<std::string, std::vector<std::string>> rings;      // ring -> multipliers
  std::map<std::string, std::vector<std::string>> ring_isas;  // "<ring>/<multiplier>" -> ISAs compiled
  std::map<std::string, std::vector<std::string>> aeads;      // AEAD scheme -> variants (<load>-<update>)
};
Catalogue catalogue_from_registries();

// The machine running the sweep.
struct HostInfo {
  std::string arch;  // uname machine: x86_64, aarch64
  std::string cpu_model;
  std::set<std::string> cpu_flags;  // /proc/cpuinfo flags (avx2, avx512f, ...)
  std::string hostname;
  unsigned cores = 1;
};
HostInfo probe_host();

// CPU features an ISA's kernels need; empty for portable.
std::vector<std::string> isa_cpu_requirements(const std::string& isa);
// The architecture whose trees hold an ISA's kernels ("" for portable: all).
std::string isa_architecture(const std::string& isa);

struct TreeConfig {
  std::string compiler;  // spec name: gcc, clang
  std::string cxx;       // compiler command; empty: the toolchain file's
  std::string arch;
  bool vectorize = true;
  bool emulated = false;                // runs under emulator (correctness only)
  std::vector<std::string> emulator;    // prefix of every command run from the tree
  std::string toolchain_file;           // relative to the source dir; empty for native trees
  std::string name() const;             // <compiler>-<arch>-vec|novec
};

enum class JobKind { kem, ring, aead };
std::string to_string(JobKind kind);

struct Job {
  std::size_t tree = 0;  // index into Plan::trees
  JobKind kind = JobKind::kem;
  std::string target;      // scheme (kem, aead) or ring
  std::string multiplier;  // as the registry names it, possibly "name:params"; AEAD: "<variant>:message=N;ad=M"
  std::string strategy;    // concrete strategy; empty for per-product ring operations and AEADs
  std::string isa;
  std::vector<std::string> operations;
  std::size_t rank = 0;    // module rank of ring jobs with a strategy
  std::size_t trials = 0;  // random cases of a ring job's oracle check
  // Stable identity in the state file: tree|kind|target|multiplier|strategy|isa.
  std::string key(const std::vector<TreeConfig>& trees) const;
  std::string label() const;  // for the terminal
};

struct Skip {
  std::string tree;  // empty: every tree
  std::string what;  // e.g. "isa avx512", "saber/karatsuba lazy"
  std::string reason;
};

struct Plan {
  std::vector<TreeConfig> trees;
  std::vector<Job> jobs;  // grouped by tree, in tree order
  std::vector<Skip> skipped;
  std::size_t jobs_of(std::size_t tree) const;
};

// Throws SpecError for names no registry knows (a typo is an error; a name
// valid elsewhere but not here is a Skip).
Plan make_plan(const SweepSpec& spec, const Catalogue& catalogue, const HostInfo& host);


}  // namespace pqmul::experiments
