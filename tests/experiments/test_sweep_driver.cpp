// The sweep driver against a fake runner: rows carry their verdicts, failed
// builds and checks are recorded and the sweep goes on, emulated rows carry
// correctness only, ISAs a tree lacks are skipped with a reason, and a rerun
// resumes without repeating finished builds and jobs.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "sweep_fakes.hpp"

namespace pqmul_tests::experiments_test_sweep_driver {

using namespace sweep_test;
using json = nlohmann::json;

namespace {

const char* spec_text = R"(
name = "test"
compilers = ["gcc", "clang"]
architectures = ["x86_64", "aarch64"]
isas = ["portable", "avx2", "neon"]
samples = 10
[kem]
schemes = ["saber", "ntruhps2048677"]
multipliers = ["default", "ntt"]
operations = ["keygen", "decaps"]
[ring]
rings = ["kyber"]
multipliers = ["karatsuba"]
strategies = ["lazy"]
operations = ["mul", "transform", "matrix-vector", "inner-product"]
)";

struct Fixture {
  ScratchDir dir;
  SweepSpec spec = parse_sweep_spec(spec_text, "test.toml");
  HostInfo host = x86_host(false);
  Plan plan = make_plan(spec, fake_catalogue(), host);
  SweepOptions options = sweep_options_in(dir, "test.toml", spec_text);
  std::ostringstream progress;
  json read_json(const std::string& name) const {
    std::ifstream in(fs::path(options.results_dir) / name);
    return json::parse(in);
  }
};

std::vector<Row> rows_where(const std::vector<Row>& rows, const std::function<bool(const Row&)>& pred) {
  std::vector<Row> out;
  std::copy_if(rows.begin(), rows.end(), std::back_inserter(out), pred);
  return out;
}

}  // namespace

TEST_CASE("sweep driver: plan of the driver tests", "[sweep]") {
  Fixture f;
  // gcc-x86_64, gcc-aarch64 (emulated), clang-x86_64, clang-aarch64 (emulated).
  REQUIRE(f.plan.trees.size() == 4);
  // Per tree and ISA: saber x {toom4-k2, ntt}, ntru x {toom4-k2, ntt}, kyber karatsuba x {product, lazy}.
  // x86 trees run portable + avx2, the aarch64 trees portable + neon.
  REQUIRE(f.plan.jobs.size() == 4 * 2 * 6);
}

TEST_CASE("sweep driver: a complete run merges CSV, JSON and the manifest", "[sweep]") {
  Fixture f;
  FakeRunner runner;  // the trees' registries offer only portable
  const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);

  CHECK(runner.builds() == 4);
  CHECK(summary.builds_run == 4);
  CHECK(summary.builds_failed == 0);
  // avx2 and neon are not in the fake registries: skipped at run time, no commands run for them.
  CHECK(summary.jobs_skipped == 24);
  CHECK(runner.checks() == 24);
  CHECK(runner.benches() == 24);  // the emulated trees too: for their verdict and memory, no cycles

  const auto rows = read_csv((fs::path(f.options.results_dir) / "results.csv").string());
  CHECK(rows.size() == 24 * 2);
  CHECK(summary.rows == rows.size());
  CHECK(summary.failed_rows == 0);
  for (const auto& r : rows) {
    CHECK(r.correct == "pass");
    CHECK(r.commit == "0123456789ab-dirty");
    CHECK_FALSE(r.compiler_version.empty());
    CHECK(r.isa == "portable");
  }
  const auto emulated = rows_where(rows, [](const Row& r) { return r.emulated; });
  CHECK(emulated.size() == 24);
  for (const auto& r : emulated) {
    CHECK_FALSE(r.median.has_value());
    CHECK(r.counter.empty());
    CHECK((r.compiler == "gcc" || r.compiler == "clang"));
    CHECK_THAT(r.cpu, Catch::StartsWith("qemu-aarch64"));
  }
  CHECK(rows_where(emulated, [](const Row& r) { return r.compiler == "clang"; }).size() == 12);
  const auto measured = rows_where(rows, [](const Row& r) { return !r.emulated; });
  CHECK(measured.size() == 24);
  for (const auto& r : measured) {
    CHECK(r.median == Approx(1000));
    CHECK(r.samples == 10);
    CHECK(r.cpu == "Test CPU");
  }
  const auto clang = rows_where(rows, [](const Row& r) { return r.compiler == "clang"; });
  CHECK(clang.size() == 24);
  for (const auto& r : clang) CHECK(r.compiler_version == "clang++ (Fake) 1.2.3");
  const auto cross_gcc = rows_where(emulated, [](const Row& r) { return r.compiler == "gcc"; });
  CHECK(cross_gcc.front().compiler_version == "aarch64-linux-gnu-g++ (Fake) 1.2.3");

  // results.json holds the same rows.
  std::ifstream json_in(fs::path(f.options.results_dir) / "results.json");
  std::ostringstream json_text;
  json_text << json_in.rdbuf();
  CHECK(from_json(json_text.str()).size() == rows.size());

  const auto manifest = f.read_json("manifest.json");
  CHECK(manifest["host"]["cpu"] == "Test CPU");
  CHECK(manifest["commit"] == "0123456789ab-dirty");
  CHECK(manifest["trees"].size() == 4);
  CHECK(manifest["trees"][1]["emulated"] == true);
  CHECK(manifest["trees"][3]["emulated"] == true);
  CHECK(manifest["compilers"]["gcc/x86_64"] == "g++ (Fake) 1.2.3");
  CHECK(manifest["counters"].contains("tsc"));
  CHECK(manifest["rows"]["total"] == 48);
  CHECK(manifest["rows"]["emulated"] == 24);
  CHECK_FALSE(manifest["finished"].get<std::string>().empty());
  // Every skip has a reason: the plan's (ISA/architecture) and the run's (registry).
  bool registry_skip = false;
  for (const auto& s : manifest["skipped"]) {
    CHECK_FALSE(s["reason"].get<std::string>().empty());
    registry_skip |= s["reason"].get<std::string>().find("not in this tree's registry") != std::string::npos;
  }
  CHECK(registry_skip);
  // The spec is kept beside the results.
  CHECK(fs::exists(fs::path(f.options.results_dir) / "spec.toml"));

  // Progress names builds and rows with what is left and the estimate.
  const std::string p = f.progress.str();
  CHECK_THAT(p, Catch::Contains("[build 1/4] gcc-x86_64-vec"));
  CHECK_THAT(p, Catch::Contains("[row 48/48]"));
  CHECK_THAT(p, Catch::Contains("ETA"));
  CHECK_THAT(p, Catch::Contains("0 left"));
}

TEST_CASE("sweep driver: a failed build and a failed KAT are recorded and the sweep goes on", "[sweep]") {
  Fixture f;
  FakeRunner runner;
  runner.failing_builds = {"clang-x86_64-vec"};
  runner.failing_checks = {"saber/ntt"};
  const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);
  CHECK(summary.builds_failed == 1);
  const auto rows = read_csv((fs::path(f.options.results_dir) / "results.csv").string());
  // Every planned row of the unbuilt tree is present (its ISAs could not be
  // asked, so its avx2 rows too), plus the portable rows of the built trees.
  CHECK(rows.size() == 24 + 36);
  // The unbuilt clang tree's rows: all fail, none measured.
  const auto clang = rows_where(rows, [](const Row& r) { return r.compiler == "clang" && !r.emulated; });
  REQUIRE(clang.size() == 24);
  for (const auto& r : clang) {
    CHECK(r.correct == "fail");
    CHECK_FALSE(r.median.has_value());
  }
  // saber/ntt fails its KAT in the two built trees; its rows keep their cycles on x86.
  const auto saber_ntt =
      rows_where(rows, [](const Row& r) { return r.scheme == "saber" && r.multiplier == "ntt" && r.compiler == "gcc"; });
  REQUIRE(saber_ntt.size() == 4);
  for (const auto& r : saber_ntt) CHECK(r.correct == "fail");
  CHECK(rows_where(saber_ntt, [](const Row& r) { return r.median.has_value(); }).size() == 2);
  // ... and in the clang aarch64 tree (2 rows); everything else passes.
  CHECK(summary.failed_rows == 24 + 4 + 2);
  // The manifest explains each failure.
  const auto manifest = f.read_json("manifest.json");
  CHECK(manifest["trees"][2]["built"] == false);
  CHECK_THAT(manifest["trees"][2]["note"].get<std::string>(), Catch::Contains("something does not compile"));
  bool kat_note = false;
  for (const auto& n : manifest["notes"])
    kat_note |= n["note"].get<std::string>().find("KAT check failed") != std::string::npos;
  CHECK(kat_note);
  CHECK_THAT(f.progress.str(), Catch::Contains("FAILED"));
}

TEST_CASE("sweep driver: rows of a benchmark whose own check fails keep cycles and fail", "[sweep]") {
  Fixture f;
  FakeRunner runner;
  runner.failing_benches = {"ntruhps2048677/ntt"};
  const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);
  const auto rows = read_csv((fs::path(f.options.results_dir) / "results.csv").string());
  const auto ntru_ntt = rows_where(rows, [](const Row& r) {
    return r.scheme == "ntruhps2048677" && r.multiplier == "ntt" && !r.emulated;
  });
  REQUIRE(ntru_ntt.size() == 4);  // two x86 trees, two operations
  for (const auto& r : ntru_ntt) {
    CHECK(r.correct == "fail");
    CHECK(r.median.has_value());
  }
  // The emulated tree's benchmark fails its check too; its rows fail without cycles.
  const auto emulated = rows_where(rows, [](const Row& r) {
    return r.scheme == "ntruhps2048677" && r.multiplier == "ntt" && r.emulated;
  });
  REQUIRE(emulated.size() == 4);  // two aarch64 trees
  for (const auto& r : emulated) {
    CHECK(r.correct == "fail");
    CHECK_FALSE(r.median.has_value());
  }
  CHECK(summary.failed_rows == 8);
}

TEST_CASE("sweep driver: a KEM multiplier with commas is checked but not benchmarked", "[sweep]") {
  Fixture f;
  f.options.spec_text = "[kem]\nschemes = \"saber\"\nmultipliers = \"toom-k:points=0,1,-1,inf\"\n";
  f.spec = parse_sweep_spec(f.options.spec_text, "commas.toml");
  f.plan = make_plan(f.spec, fake_catalogue(), f.host);
  REQUIRE(f.plan.jobs.size() == 1);
  FakeRunner runner;
  const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);
  CHECK(runner.checks() == 1);
  CHECK(runner.benches() == 0);
  CHECK(summary.failed_rows == 0);
  const auto rows = read_csv((fs::path(f.options.results_dir) / "results.csv").string());
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].correct == "pass");
  CHECK_FALSE(rows[0].median.has_value());
  CHECK(rows[0].multiplier == "toom-k");
  CHECK(rows[0].params == "points=0,1,-1,inf");
  CHECK(rows[0].id == "saber/toom-k-points=0,1,-1,inf/portable");
  CHECK_THAT(f.read_json("manifest.json")["notes"][0]["note"].get<std::string>(), Catch::Contains("not benchmarked"));
}

namespace {

const char* aead_spec_text = R"(
name = "aead"
architectures = ["x86_64", "aarch64"]
samples = 10
[kem]
schemes = "saber"
operations = ["keygen", "matrix-vector"]
[aead]
schemes = "tinyjambu-128"
variants = ["memcpy-nand", "bytes-nand"]
params = "message=4096;ad=32"
)";

struct AeadFixture : Fixture {
  AeadFixture() {
    options.spec_text = aead_spec_text;
    spec = parse_sweep_spec(aead_spec_text, "aead.toml");
    plan = make_plan(spec, fake_catalogue(), host);
  }
};

}  // namespace

TEST_CASE("sweep driver: AEAD rows carry the benchmark's own known-answer verdict", "[sweep]") {
  AeadFixture f;
  // gcc-x86_64 and gcc-aarch64 (emulated): saber toom4-k2 and two TinyJAMBU variants each.
  REQUIRE(f.plan.jobs.size() == 2 * 3);
  SECTION("passing variants: measured natively, verdict only under emulation, no separate check") {
    FakeRunner runner;
    const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);
    CHECK(runner.checks() == 2);                       // the KEM jobs only
    CHECK(runner.benches_of("tinyjambu-128") == 4);    // both trees
    CHECK(runner.benches_of("saber") == 2);            // the emulated KEM job for its verdict and memory
    CHECK(summary.failed_rows == 0);
    const auto rows = read_csv((fs::path(f.options.results_dir) / "results.csv").string());
    const auto aead = rows_where(rows, [](const Row& r) { return r.scheme == "tinyjambu-128"; });
    REQUIRE(aead.size() == 8);  // two variants x two trees x (encrypt, decrypt)
    for (const auto& r : aead) {
      CHECK(r.correct == "pass");
      CHECK(r.params == "message=4096;ad=32");
      CHECK(r.isa == "portable");
      CHECK(r.compiler == "gcc");
      CHECK_THAT(r.id, Catch::EndsWith("-message=4096;ad=32/portable"));
      CHECK(r.median.has_value() == !r.emulated);
    }
    CHECK(rows_where(aead, [](const Row& r) { return r.emulated; }).size() == 4);
    // The KEM job's module product is a row like the others.
    CHECK(rows_where(rows, [](const Row& r) { return r.operation == "matrix-vector"; }).size() == 2);

    // A rerun finds everything finished, AEAD jobs included.
    FakeRunner again;
    const auto resumed = run_sweep(f.spec, f.plan, f.host, f.options, again, f.progress);
    CHECK(again.commands.size() == 1);  // git describe only
    CHECK(resumed.jobs_resumed == 6);
  }
  SECTION("a variant failing its known answers fails its rows, keeps its cycles and the sweep goes on") {
    FakeRunner runner;
    runner.failing_benches = {"tinyjambu-128/memcpy-nand"};
    const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);
    const auto rows = read_csv((fs::path(f.options.results_dir) / "results.csv").string());
    const auto failed = rows_where(rows, [](const Row& r) { return r.multiplier == "memcpy-nand"; });
    REQUIRE(failed.size() == 4);
    for (const auto& r : failed) CHECK(r.correct == "fail");
    CHECK(rows_where(failed, [](const Row& r) { return r.median.has_value(); }).size() == 2);
    CHECK(summary.failed_rows == 4);
    const auto state = load_state(f.options.results_dir);
    std::size_t failed_jobs = 0;
    for (const auto& [key, job] : state->jobs)
      if (job.status == JobStatus::failed) {
        ++failed_jobs;
        CHECK_THAT(key, Catch::Contains("|aead|tinyjambu-128|memcpy-nand:"));
        CHECK_THAT(job.note, Catch::Contains("known-answer check of the benchmark failed"));
      }
    CHECK(failed_jobs == 2);
    // --retry-failed reruns exactly those two.
    f.options.retry_failed = true;
    FakeRunner retry;
    const auto again = run_sweep(f.spec, f.plan, f.host, f.options, retry, f.progress);
    CHECK(again.jobs_run == 2);
    CHECK(again.failed_rows == 0);
  }
  SECTION("rows without a verdict are not taken as passing") {
    FakeRunner runner;
    runner.unchecked_benches = {"tinyjambu-128/bytes-nand"};
    const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);
    CHECK(summary.failed_rows == 4);
    const auto manifest = f.read_json("manifest.json");
    bool noted = false;
    for (const auto& n : manifest["notes"])
      noted |= n["note"].get<std::string>().find("no known-answer verdict") != std::string::npos;
    CHECK(noted);
  }
  SECTION("an unbuilt tree fails its AEAD rows too") {
    FakeRunner runner;
    runner.failing_builds = {"gcc-aarch64-vec"};
    (void)run_sweep(f.spec, f.plan, f.host, f.options, runner, f.progress);
    const auto rows = read_csv((fs::path(f.options.results_dir) / "results.csv").string());
    const auto cross = rows_where(rows, [](const Row& r) { return r.scheme == "tinyjambu-128" && r.emulated; });
    REQUIRE(cross.size() == 4);
    for (const auto& r : cross) {
      CHECK(r.correct == "fail");
      CHECK(r.params == "message=4096;ad=32");
      CHECK(r.parameter_set == "128");
    }
  }
}

TEST_CASE("sweep driver: a rerun resumes, skipping finished builds and rows", "[sweep]") {
  Fixture f;
  SECTION("a finished sweep reruns nothing") {
    FakeRunner first;
    (void)run_sweep(f.spec, f.plan, f.host, f.options, first, f.progress);
    FakeRunner second;
    const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, second, f.progress);
    CHECK(second.builds() == 0);
    CHECK(second.checks() == 0);
    CHECK(second.benches() == 0);
    CHECK(summary.builds_resumed == 4);
    CHECK(summary.jobs_resumed == 48);
    CHECK(read_csv((fs::path(f.options.results_dir) / "results.csv").string()).size() == 48);
  }
  SECTION("an interrupted sweep continues where it stopped") {
    FakeRunner interrupted;
    interrupted.fail_after = 21;  // git, the four trees' builds (4 commands each), then a few jobs
    CHECK_THROWS_WITH(run_sweep(f.spec, f.plan, f.host, f.options, interrupted, f.progress), "interrupted");
    const auto state = load_state(f.options.results_dir);
    REQUIRE(state);
    CHECK(state->finished.empty());
    CHECK(state->builds.size() == 4);  // every tree is built before the first job runs
    const std::size_t done = state->jobs.size();
    CHECK(done > 0);
    CHECK(done < 48);
    // Without --results, the unfinished directory of the same spec is found again...
    bool resumed = false;
    const auto found = choose_results_dir("", f.options.source_dir, state->spec_digest, resumed);
    CHECK(resumed);
    CHECK(found == f.options.results_dir);

    FakeRunner rest;
    const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, rest, f.progress);
    CHECK(rest.builds() == 0);
    CHECK(summary.jobs_resumed == done);
    CHECK(summary.jobs_run == 48 - done);
    const auto rows = read_csv((fs::path(f.options.results_dir) / "results.csv").string());
    CHECK(rows.size() == 48);
    CHECK(summary.failed_rows == 0);
    CHECK_THAT(f.progress.str(), Catch::Contains("resuming: 4 builds and"));
  }
  SECTION("--retry-failed redoes failed builds and rows only") {
    FakeRunner first;
    first.failing_builds = {"clang-x86_64-vec"};
    (void)run_sweep(f.spec, f.plan, f.host, f.options, first, f.progress);
    FakeRunner plain;
    (void)run_sweep(f.spec, f.plan, f.host, f.options, plain, f.progress);
    CHECK(plain.builds() == 0);  // failures are finished results unless asked to retry
    f.options.retry_failed = true;
    FakeRunner retry;
    const auto summary = run_sweep(f.spec, f.plan, f.host, f.options, retry, f.progress);
    CHECK(retry.builds() == 1);
    CHECK(summary.jobs_run == 12);
    CHECK(summary.failed_rows == 0);
  }
  SECTION("a results directory of another spec is refused") {
    FakeRunner first;
    (void)run_sweep(f.spec, f.plan, f.host, f.options, first, f.progress);
    f.options.spec_text += "\n# edited\n";
    FakeRunner second;
    CHECK_THROWS_WITH(run_sweep(f.spec, f.plan, f.host, f.options, second, f.progress),
                      Catch::Contains("another spec"));
  }
}

TEST_CASE("sweep state: JSON round trip and malformed state", "[sweep]") {
  SweepState s;
  s.spec_path = "a.toml";
  s.spec_digest = "abc";
  s.started = "2024-01-01T00:00:00Z";
  s.builds["gcc-x86_64-vec"] = {true, "", "g++ 12", "-O3", {"portable", "avx2"}, 12.5};
  s.builds["clang-x86_64-vec"] = {false, "build failed", "", "", {}, 3};
  Row r;
  r.id = "saber/ntt/portable";
  r.operation = "keygen";
  r.median = 123.5;
  r.correct = "pass";
  s.jobs["k1"] = {JobStatus::done, "", {r, r}, 1.5};
  s.jobs["k2"] = {JobStatus::skipped, "no avx2", {}, 0};
  const auto back = state_from_json(state_to_json(s));
  CHECK(back.spec_digest == "abc");
  CHECK(back.finished.empty());
  CHECK(back.builds.at("gcc-x86_64-vec").isas == std::vector<std::string>{"portable", "avx2"});
  CHECK(back.builds.at("gcc-x86_64-vec").seconds == Approx(12.5));
  CHECK_FALSE(back.builds.at("clang-x86_64-vec").ok);
  CHECK(back.builds.at("clang-x86_64-vec").note == "build failed");
  REQUIRE(back.jobs.at("k1").rows.size() == 2);
  CHECK(back.jobs.at("k1").rows[1].median == Approx(123.5));
  CHECK(back.jobs.at("k2").status == JobStatus::skipped);
  CHECK(back.jobs.at("k2").note == "no avx2");
  CHECK_THROWS(state_from_json("{not json"));
  CHECK_THROWS_WITH(state_from_json(R"({"version": 99})"), Catch::Contains("version"));

  ScratchDir dir;
  CHECK_FALSE(load_state(dir.path.string()).has_value());
  save_state(dir.path.string(), s);
  CHECK(load_state(dir.path.string())->jobs.size() == 2);
}

TEST_CASE("sweep state: the newest unfinished directory of the same spec is resumed", "[sweep]") {
  ScratchDir root;
  auto make = [&](const std::string& name, const std::string& digest, bool finished) {
    SweepState s;
    s.spec_digest = digest;
    if (finished) s.finished = "2024-01-01T00:00:00Z";
    fs::create_directories(root.path / name);
    save_state((root.path / name).string(), s);
  };
  make("2024-01-01T000000Z", "A", false);
  make("2024-01-02T000000Z", "A", false);
  make("2024-01-03T000000Z", "A", true);
  make("2024-01-04T000000Z", "B", false);
  fs::create_directories(root.path / "2024-01-05T000000Z");  // no state: not a sweep
  CHECK(find_unfinished_results(root.path.string(), "A") == (root.path / "2024-01-02T000000Z").string());
  CHECK(find_unfinished_results(root.path.string(), "B") == (root.path / "2024-01-04T000000Z").string());
  CHECK(find_unfinished_results(root.path.string(), "C").empty());
  CHECK(find_unfinished_results((root.path / "missing").string(), "A").empty());
}

TEST_CASE("sweep merge: rows in plan order; durations and estimates", "[sweep]") {
  Fixture f;
  SweepState state;
  // Jobs recorded out of order come back in plan order; unrecorded jobs add nothing.
  for (std::size_t i = f.plan.jobs.size(); i-- > 0;) {
    if (i % 2) continue;
    Row r;
    r.id = std::to_string(i);
    state.jobs[f.plan.jobs[i].key(f.plan.trees)] = {JobStatus::done, "", {r}, 0};
  }
  const auto rows = merged_rows(f.plan, state);
  REQUIRE(rows.size() == f.plan.jobs.size() / 2);
  for (std::size_t k = 0; k < rows.size(); ++k) CHECK(rows[k].id == std::to_string(2 * k));

  CHECK(format_duration(42.4) == "42s");
  CHECK(format_duration(185) == "3m05s");
  CHECK(format_duration(3720) == "1h02m");
  CHECK(estimate_remaining(2, 10, 300, 3, 20, 4) == Approx(2 * 100 + 10 * 5));
  CHECK(estimate_remaining(1, 0, 0, 0, 0, 0) > 0);  // a guess before anything was measured
}

}  // namespace pqmul_tests::experiments_test_sweep_driver
