// Fanning a sweep out: chunks partition every tree's jobs the same way on any
// host, the emitted Slurm script and parallel job list run one part each with
// their words intact, and merging parts keeps rows of different CPUs apart and
// refuses duplicated or malformed parts without leaving output behind.
#include <stdio.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "pqmul/experiments/context.hpp"
#include "pqmul/experiments/sweep_fanout.hpp"
#include "sweep_fakes.hpp"

namespace pqmul_tests::experiments_test_sweep_fanout {

using namespace sweep_test;
using json = nlohmann::json;

namespace {

const char* fanout_spec = R"(
name = "fan out"
compilers = ["gcc", "clang"]
isas = ["portable", "avx2", "avx512"]
samples = 10
[kem]
schemes = ["saber", "ml-kem-768"]
multipliers = ["default", "karatsuba"]
operations = ["keygen", "decaps"]
[ring]
rings = ["kyber"]
multipliers = ["schoolbook", "karatsuba"]
strategies = ["lazy"]
operations = ["mul", "matrix-vector"]
)";

struct FanoutFixture {
  SweepSpec spec = parse_sweep_spec(fanout_spec, "fan.toml");
  Plan split = make_plan(spec, fake_catalogue(), host_with_every_feature(x86_host(false)));
};

std::set<std::string> keys_of(const Plan& plan) {
  std::set<std::string> keys;
  for (const auto& j : plan.jobs) keys.insert(j.key(plan.trees));
  return keys;
}

// The words a POSIX shell makes of `line`, one per output line.
std::vector<std::string> shell_split(const std::string& line) {
  const std::string command = "sh -c 'for w; do printf \"%s\\n\" \"$w\"; done' words " + line;
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe);
  std::string out;
  char buffer[256];
  while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  ::pclose(pipe);
  std::vector<std::string> words;
  std::istringstream lines(out);
  for (std::string w; std::getline(lines, w);) words.push_back(w);
  return words;
}

FanoutOptions fanout_options(std::size_t chunks) {
  FanoutOptions o;
  o.pqmul = "/opt/pq mul/it's/pqmul";
  o.spec_path = "/data/results/run/spec.toml";
  o.source_dir = "/src/pqmul";
  o.results_root = "/data/results/run";
  o.chunks = chunks;
  return o;
}

}  // namespace

TEST_CASE("sweep fan-out: chunk I/N is parsed strictly", "[sweep][fanout]") {
  CHECK(parse_chunk("0/1").count == 1);
  CHECK(parse_chunk("3/7").index == 3);
  for (const char* bad : {"", "1", "1/1", "2/1", "0/0", "-1/2", "a/2", "1/b", "1/2/3", " 0/2", "99999999999/2"})
    CHECK_THROWS_AS(parse_chunk(bad), std::invalid_argument);
}

TEST_CASE("sweep fan-out: every job is in exactly one chunk, the same on every call", "[sweep][fanout]") {
  FanoutFixture f;
  REQUIRE(f.split.trees.size() == 2);
  for (std::size_t t = 0; t < f.split.trees.size(); ++t) {
    const std::size_t jobs = f.split.jobs_of(t);
    REQUIRE(jobs > 4);
    for (std::size_t requested : {1u, 2u, 3u, 4u, 1000u}) {
      const std::size_t count = chunks_of_tree(f.split, t, requested);
      CHECK(count == std::min(requested, jobs));
      std::map<std::size_t, int> seen;
      std::size_t smallest = jobs, largest = 0;
      for (std::size_t i = 0; i < count; ++i) {
        const auto chunk = chunk_jobs(f.split, t, {i, count});
        CHECK(chunk == chunk_jobs(f.split, t, {i, count}));
        smallest = std::min(smallest, chunk.size());
        largest = std::max(largest, chunk.size());
        for (std::size_t j : chunk) {
          CHECK(f.split.jobs[j].tree == t);
          ++seen[j];
        }
      }
      CHECK(seen.size() == jobs);
      for (const auto& [job, times] : seen) CHECK(times == 1);
      CHECK(largest - smallest <= 1);  // balanced
    }
    CHECK_THROWS_AS(chunk_jobs(f.split, t, {jobs, jobs + 1}), std::invalid_argument);
  }
}

TEST_CASE("sweep fan-out: a host lacking a CPU feature skips its jobs without shifting the others", "[sweep][fanout]") {
  FanoutFixture f;
  // The split is made on a host with every feature; this host lacks AVX-512.
  const Plan host_plan = make_plan(f.spec, fake_catalogue(), x86_host(false));
  const Plan other_host_plan = make_plan(f.spec, fake_catalogue(), x86_host(true));
  REQUIRE(keys_of(host_plan).size() < keys_of(other_host_plan).size());
  CHECK(keys_of(other_host_plan) == keys_of(f.split));
  for (const auto& tree : f.split.trees) {
    const std::size_t t = &tree - f.split.trees.data();
    const std::size_t count = chunks_of_tree(f.split, t, 3);
    std::set<std::string> here, there;
    for (std::size_t i = 0; i < count; ++i) {
      const Plan part = part_plan(f.split, host_plan, tree.name(), {i, count});
      const Plan other = part_plan(f.split, other_host_plan, tree.name(), {i, count});
      REQUIRE(part.trees.size() == 1);
      CHECK(part.trees[0].name() == tree.name());
      for (const auto& j : part.jobs) {
        CHECK(j.tree == 0);
        CHECK(j.isa != "avx512");
        CHECK(here.insert(j.key(part.trees)).second);
      }
      // A job both hosts run falls in the same chunk on both.
      for (const auto& j : other.jobs)
        if (j.isa != "avx512") CHECK(keys_of(part).count(j.key(other.trees)) == 1);
      for (const auto& j : other.jobs) CHECK(there.insert(j.key(other.trees)).second);
      // The reason for the missing jobs travels with the part.
      bool says_why = false;
      for (const auto& s : part.skipped) says_why |= s.reason.find("lacks avx512") != std::string::npos;
      CHECK(says_why);
    }
    std::set<std::string> tree_keys;
    for (const auto& k : keys_of(host_plan))
      if (k.rfind(tree.name() + "|", 0) == 0) tree_keys.insert(k);
    CHECK(here == tree_keys);
  }
  // A chunk of AVX-512 jobs alone: nothing to build or run on this host.
  const std::size_t jobs = f.split.jobs_of(0);
  std::size_t empty_parts = 0;
  for (std::size_t i = 0; i < jobs; ++i) {
    const Plan part = part_plan(f.split, host_plan, f.split.trees[0].name(), {i, jobs});
    CHECK(part.jobs.size() == (f.split.jobs[chunk_jobs(f.split, 0, {i, jobs}).front()].isa == "avx512" ? 0u : 1u));
    if (part.jobs.empty()) {
      ++empty_parts;
      CHECK(part.trees.empty());
      CHECK_FALSE(part.skipped.empty());
    }
  }
  CHECK(empty_parts > 0);
}

TEST_CASE("sweep fan-out: a part of an unknown or unbuildable tree is refused with the reason", "[sweep][fanout]") {
  FanoutFixture f;
  const Plan host_plan = make_plan(f.spec, fake_catalogue(), x86_host(false));
  CHECK_THROWS_WITH(part_plan(f.split, host_plan, "icc-x86_64-vec", {0, 1}),
                    Catch::Contains("no tree icc-x86_64-vec") && Catch::Contains("gcc-x86_64-vec"));
  CHECK_THROWS_WITH(part_plan(f.split, host_plan, "gcc-x86_64-vec", {999, 1000}), Catch::Contains("holds no job"));
  HostInfo arm = x86_host(false);
  arm.arch = "aarch64";
  const Plan arm_plan = make_plan(f.spec, fake_catalogue(), arm);
  CHECK_THROWS_WITH(part_plan(f.split, arm_plan, "gcc-x86_64-vec", {0, 1}),
                    Catch::Contains("cannot run on this host") && Catch::Contains("aarch64 host"));
}

TEST_CASE("sweep fan-out: the Slurm script runs one part per array part", "[sweep][fanout]") {
  FanoutFixture f;
  const auto options = fanout_options(3);
  const auto parts = fanout_parts(f.split, options);
  REQUIRE(parts.size() == 6);  // 2 trees x 3 chunks
  const std::string script = slurm_script(parts, options, "fan out");
  CHECK_THAT(script, Catch::StartsWith("#!/bin/bash\n"));
  CHECK_THAT(script, Catch::Contains("\n#SBATCH --array=0-5\n"));
  CHECK_THAT(script, Catch::Contains("\n#SBATCH --chdir=/data/results/run\n"));
  CHECK_THAT(script, Catch::Contains("\n#SBATCH --job-name=pqmul-fan_out\n"));
  // Each array index runs exactly the command of its part, words intact.
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string label = std::to_string(i) + ")";
    const auto at = script.find("\n  " + label);
    REQUIRE(at != std::string::npos);
    const auto exec = script.find("exec ", at);
    const auto end = script.find(" ;;\n", exec);
    const std::string command = script.substr(exec + 5, end - exec - 5);
    const auto words = shell_split(command);
    CHECK(words == parts[i].argv);
    CHECK(words.front() == "/opt/pq mul/it's/pqmul");
  }
  std::set<std::string> dirs;
  for (const auto& t : parts) {
    CHECK(t.results_dir == "/data/results/run/" + part_dir_name(t.tree, t.chunk.index));
    CHECK(dirs.insert(t.results_dir).second);
    CHECK(after(t.argv, "--chunk") == std::to_string(t.chunk.index) + "/3");
    CHECK(after(t.argv, "--tree") == t.tree);
    CHECK(after(t.argv, "--results") == t.results_dir);
  }
  // #SBATCH lines take no quoting; a script a path would break is refused.
  auto spaced = options;
  spaced.results_root = "/data/my results";
  CHECK_THROWS_AS(slurm_script(parts, spaced, "x"), std::invalid_argument);
  auto broken = options;
  broken.source_dir = "/src/line\nbreak";
  CHECK_THROWS_WITH(fanout_parts(f.split, broken), Catch::Contains("control character"));
}

TEST_CASE("sweep fan-out: the parallel job list has one command per part and nothing else", "[sweep][fanout]") {
  FanoutFixture f;
  auto options = fanout_options(1000);  // more than any tree has: one chunk per job
  options.build_jobs = 3;
  const auto parts = fanout_parts(f.split, options);
  CHECK(parts.size() == f.split.jobs.size());
  std::istringstream list(parallel_job_list(parts));
  std::size_t n = 0;
  for (std::string line; std::getline(list, line); ++n) {
    REQUIRE(n < parts.size());
    CHECK(shell_split(line) == parts[n].argv);
    CHECK(after(parts[n].argv, "-j") == "3");
  }
  CHECK(n == parts.size());
}

namespace {

const char* part_spec = R"(
name = "parts"
isas = ["portable"]
samples = 10
[ring]
rings = ["kyber"]
multipliers = ["schoolbook", "karatsuba"]
operations = ["mul"]
)";

// One part of `part_spec` (chunk `index` of 2 of its one tree) run by the
// driver against the fake runner on a host whose CPU is `cpu`.
std::string run_part(const ScratchDir& dir, const std::string& name, const std::string& cpu, std::size_t index) {
  const SweepSpec spec = parse_sweep_spec(part_spec, "parts.toml");
  HostInfo host = x86_host(false);
  host.cpu_model = cpu;
  const Plan split = make_plan(spec, fake_catalogue(), host_with_every_feature(host));
  const Plan plan = part_plan(split, make_plan(spec, fake_catalogue(), host), "gcc-x86_64-vec", {index, 2});
  SweepOptions options = sweep_options_in(dir, "parts.toml", part_spec);
  options.results_dir = (dir.path / name).string();
  options.part_tree = "gcc-x86_64-vec";
  options.part_chunk = index;
  options.part_chunks = 2;
  FakeRunner runner;
  std::ostringstream progress;
  run_sweep(spec, plan, host, options, runner, progress);
  return options.results_dir;
}

void replace_in_file(const std::string& path, const std::string& from, const std::string& to) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(path, std::ios::trunc) << text;
}

bool leftovers(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().find(".partial-") != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("sweep merge of parts: chunks join, rows of different CPUs stay apart", "[sweep][fanout]") {
  ScratchDir dir;
  const auto a0 = run_part(dir, "a0", "CPU A", 0);
  const auto a1 = run_part(dir, "a1", "CPU A", 1);
  const auto b0 = run_part(dir, "b0", "CPU B", 0);

  // Given in any order, the parts come out in (tree, chunk) order.
  const auto merged = merge_parts({a1, a0});
  REQUIRE(merged.rows.size() == 2);
  CHECK(merged.rows[0].multiplier == "schoolbook");
  CHECK(merged.rows[1].multiplier == "karatsuba");
  auto manifest = json::parse(merged.manifest);
  CHECK(manifest["parts"].size() == 2);
  CHECK(manifest["parts"][0]["part"]["chunk"] == 0);
  CHECK(manifest["parts"][0]["host"] == "testhost");
  CHECK(manifest["parts"][0]["cpu"] == "CPU A");
  CHECK(manifest["rows"]["total"] == 2);
  CHECK_FALSE(manifest.contains("missing_parts"));
  CHECK(manifest["part_manifests"].size() == 2);
  CHECK(manifest["spec"]["name"] == "parts");
  CHECK(merged.spec_text == part_spec);

  // The same row on two CPUs: both kept, told apart by cpu; the chunk CPU B did not bring is listed.
  const auto across = merge_parts({a0, a1, b0});
  CHECK(across.rows.size() == 3);
  std::map<std::string, std::set<std::string>> cpus_of;
  for (const auto& r : across.rows) cpus_of[r.multiplier].insert(r.cpu);
  CHECK(cpus_of["schoolbook"] == std::set<std::string>{"CPU A", "CPU B"});
  manifest = json::parse(across.manifest);
  CHECK(manifest["cpus"].size() == 2);
  CHECK_FALSE(manifest.contains("missing_parts"));  // chunk 1 came from CPU A

  // The same row on the same CPU from two parts is refused, naming both.
  const auto a0_again = run_part(dir, "a0-again", "CPU A", 0);
  CHECK_THROWS_WITH(merge_parts({a0, a1, a0_again}),
                    Catch::Contains("a0-again") && Catch::Contains("never pooled") && Catch::Contains("CPU A"));
  CHECK_THROWS_WITH(merge_parts({a0, a0}), Catch::Contains("given twice"));

  // A missing chunk is listed, not silently absent.
  CHECK(json::parse(merge_parts({a0}).manifest)["missing_parts"].size() == 1);

  // Written whole into a new directory, refused over a full one.
  const fs::path out = dir.path / "merged";
  write_merged(merged, out.string());
  CHECK(read_csv((out / "results.csv").string()).size() == 2);
  CHECK(json::parse(std::ifstream(out / "manifest.json"))["rows"]["total"] == 2);
  CHECK(fs::exists(out / "spec.toml"));
  CHECK(fs::exists(out / "results.json"));
  CHECK_THROWS_WITH(write_merged(across, out.string()), Catch::Contains("not empty"));
  CHECK(read_csv((out / "results.csv").string()).size() == 2);
  CHECK_FALSE(leftovers(dir.path));
}

TEST_CASE("sweep merge of parts: malformed parts are refused, naming the part", "[sweep][fanout]") {
  ScratchDir dir;
  const auto good = run_part(dir, "good", "CPU A", 1);
  auto broken = [&](const std::string& name) {
    const auto path = run_part(dir, name, "CPU A", 0);
    return path;
  };
  auto refused = [&](const std::string& part, const std::string& why) {
    CHECK_THROWS_WITH(merge_parts({good, part}), Catch::Contains(part) && Catch::Contains(why));
  };
  refused((dir.path / "nothing-here").string(), "not a directory");

  const auto no_manifest = broken("no-manifest");
  fs::remove(fs::path(no_manifest) / "manifest.json");
  refused(no_manifest, "no manifest.json");

  const auto unfinished = broken("unfinished");
  replace_in_file(unfinished + "/manifest.json", "\"finished\": \"", "\"finished\": \"\", \"was\": \"");
  refused(unfinished, "unfinished");

  const auto garbage = broken("garbage");
  std::ofstream(garbage + "/manifest.json", std::ios::trunc) << "{\"finished\": [[[";
  refused(garbage, "malformed JSON");

  const auto deep = broken("deep");
  std::ofstream(deep + "/manifest.json", std::ios::trunc) << std::string(100, '[') + std::string(100, ']');
  refused(deep, "nest");

  const auto truncated = broken("truncated");
  {
    auto rows = read_csv(truncated + "/results.csv");
    rows.pop_back();
    write_csv(truncated + "/results.csv", rows);
  }
  refused(truncated, "manifest.json counts 1");

  const auto no_cpu = broken("no-cpu");
  replace_in_file(no_cpu + "/results.csv", "CPU A", "");
  refused(no_cpu, "names no cpu");

  const auto bad_csv = broken("bad-csv");
  std::ofstream(bad_csv + "/results.csv", std::ios::app) << "\"unterminated\n";
  refused(bad_csv, "results.csv");

  const auto other_spec = broken("other-spec");
  replace_in_file(other_spec + "/manifest.json", "\"sha256\": \"", "\"sha256\": \"0");
  refused(other_spec, "another spec");

  const auto bad_part = broken("bad-part");
  replace_in_file(bad_part + "/manifest.json", "\"chunks\": 2", "\"chunks\": 0");
  refused(bad_part, "chunk");
  CHECK_THROWS_WITH(merge_parts({}), Catch::Contains("no part"));
}

TEST_CASE("sweep fan-out: the sweep names its host's CPU as the benchmark's rows do", "[sweep][fanout]") {
  // Rows without cycles (failed builds, emulated trees) take the sweep's CPU,
  // measured rows the benchmark's: both must name the machine alike, on
  // aarch64 too, whose kernels print no "model name".
  const HostInfo host = probe_host();
  CHECK_FALSE(host.cpu_model.empty());
  CHECK(host.cpu_model == build_context().cpu);
}

}  // namespace pqmul_tests::experiments_test_sweep_fanout
