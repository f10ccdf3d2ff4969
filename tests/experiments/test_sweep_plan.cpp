// Sweep planning: which trees and jobs a spec expands to on a given host,
// which combinations are skipped (always with a reason), and the commands.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

#include "sweep_fakes.hpp"

namespace pqmul_tests::experiments_test_sweep_plan {

using namespace sweep_test;

namespace {

std::size_t jobs_where(const Plan& p, const std::function<bool(const Job&)>& pred) {
  return static_cast<std::size_t>(std::count_if(p.jobs.begin(), p.jobs.end(), pred));
}

bool skipped(const Plan& p, const std::string& tree, const std::string& what, const std::string& reason_part) {
  return std::any_of(p.skipped.begin(), p.skipped.end(), [&](const Skip& s) {
    return s.tree == tree && s.what == what && s.reason.find(reason_part) != std::string::npos;
  });
}

std::vector<std::string> tree_names(const Plan& p) {
  std::vector<std::string> names;
  for (const auto& t : p.trees) names.push_back(t.name());
  return names;
}

SweepOptions options() {
  SweepOptions o;
  o.source_dir = "/src";
  o.build_root = "/src/build/sweep";
  o.results_dir = "/src/results/x";
  o.build_jobs = 2;
  return o;
}

}  // namespace

TEST_CASE("sweep plan: trees per compiler, architecture and vectorisation", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
compilers = ["gcc", "clang"]
architectures = ["x86_64", "aarch64"]
vectorize = [true, false]
isas = ["portable", "avx2", "avx512", "neon"]
[kem]
schemes = ["saber"]
)",
                                     "s");
  const auto plan = make_plan(spec, fake_catalogue(), x86_host(false));
  CHECK(tree_names(plan) == std::vector<std::string>{"gcc-x86_64-vec", "gcc-x86_64-novec", "gcc-aarch64-vec",
                                                      "gcc-aarch64-novec", "clang-x86_64-vec", "clang-x86_64-novec",
                                                      "clang-aarch64-vec", "clang-aarch64-novec"});

  // Each compiler's aarch64 trees are cross builds through its own toolchain file.
  const auto& cross = plan.trees[2];
  CHECK(cross.emulated);
  CHECK(cross.toolchain_file == "cmake/aarch64-linux-gnu.cmake");
  CHECK(cross.cxx == "aarch64-linux-gnu-g++");
  CHECK(cross.emulator == std::vector<std::string>{"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"});
  const auto& clang_cross = plan.trees[6];
  CHECK(clang_cross.emulated);
  CHECK(clang_cross.toolchain_file == "cmake/aarch64-linux-gnu-clang.cmake");
  CHECK(clang_cross.cxx == "clang++");
  CHECK(clang_cross.emulator == cross.emulator);
  CHECK_FALSE(plan.trees[0].emulated);
  CHECK(plan.trees[0].cxx == "g++");
  CHECK(plan.trees[4].cxx == "clang++");

  // ISAs: x86 vectorised trees run portable + avx2 (this CPU lacks AVX-512);
  // unvectorised trees run portable only; aarch64 trees add neon when vectorised.
  auto isas_of = [&](std::size_t t) {
    std::set<std::string> s;
    for (const auto& j : plan.jobs)
      if (j.tree == t) s.insert(j.isa);
    return s;
  };
  CHECK(isas_of(0) == std::set<std::string>{"portable", "avx2"});
  CHECK(isas_of(1) == std::set<std::string>{"portable"});
  CHECK(isas_of(2) == std::set<std::string>{"portable", "neon"});
  CHECK(isas_of(3) == std::set<std::string>{"portable"});
  CHECK(isas_of(6) == std::set<std::string>{"portable", "neon"});
  CHECK(skipped(plan, "gcc-x86_64-vec", "isa avx512", "this CPU lacks avx512f, avx512bw, avx512vl"));
  CHECK(skipped(plan, "gcc-x86_64-vec", "isa neon", "neon kernels exist only in aarch64 trees"));
  CHECK(skipped(plan, "gcc-aarch64-vec", "isa avx2", "avx2 kernels exist only in x86_64 trees"));
  CHECK(skipped(plan, "gcc-x86_64-novec", "isa avx2", "portable code only"));
  // Emulated trees are not limited by the host's CPU features.
  CHECK_FALSE(skipped(plan, "gcc-aarch64-vec", "isa neon", ""));

  // With AVX-512 on the CPU, the vectorised x86 trees gain it.
  const auto wide = make_plan(spec, fake_catalogue(), x86_host(true));
  CHECK(jobs_where(wide, [](const Job& j) { return j.isa == "avx512"; }) == 2);

  // A compiler named by its command has no cross toolchain file: its aarch64
  // tree is skipped, with the reason.
  const auto custom = make_plan(parse_sweep_spec(R"(
compilers = ["gcc", "mycc"]
architectures = ["aarch64"]
[compiler_commands]
mycc = "/opt/mycc/bin/c++"
[kem]
schemes = ["saber"]
)",
                                                 "s"),
                                fake_catalogue(), x86_host(false));
  CHECK(tree_names(custom) == std::vector<std::string>{"gcc-aarch64-vec"});
  CHECK(skipped(custom, "mycc-aarch64-vec", "tree mycc-aarch64-vec", "no aarch64 cross toolchain for mycc"));
}

TEST_CASE("sweep plan: KEM jobs from multipliers and strategies", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
[kem]
schemes = ["ml-kem-768", "saber", "ntruhps2048677"]
multipliers = ["default", "ntt", "karatsuba"]
strategies = ["default", "lazy"]
operations = ["keygen", "encaps"]
)",
                                     "s");
  const auto plan = make_plan(spec, fake_catalogue(), x86_host(false));
  REQUIRE(plan.trees.size() == 1);
  // ml-kem-768: ntt (default = ntt, once) and karatsuba; x {cached, lazy}.
  // saber: toom4-k2, ntt, karatsuba x {cached, lazy}. ntru: toom4-k2, ntt, with
  // no strategy (it has only one way to compute).
  CHECK(jobs_where(plan, [](const Job& j) { return j.target == "ml-kem-768"; }) == 4);
  CHECK(jobs_where(plan, [](const Job& j) { return j.target == "saber"; }) == 6);
  CHECK(jobs_where(plan, [](const Job& j) { return j.target == "ntruhps2048677"; }) == 2);
  CHECK(plan.jobs.size() == 12);
  for (const auto& j : plan.jobs) {
    CHECK(j.kind == JobKind::kem);
    CHECK(j.operations == std::vector<std::string>{"keygen", "encaps"});
    CHECK(j.isa == "portable");
  }
  CHECK(skipped(plan, "", "ntruhps2048677/karatsuba", "has no multiplier 'karatsuba'"));
  CHECK(skipped(plan, "", "ntruhps2048677 strategy lazy", "does not apply"));
  for (const auto& j : plan.jobs)
    if (j.target == "ntruhps2048677") CHECK(j.strategy.empty());
  // Keys are unique: they identify jobs in the resume state.
  std::set<std::string> keys;
  for (const auto& j : plan.jobs) keys.insert(j.key(plan.trees));
  CHECK(keys.size() == plan.jobs.size());
  CHECK(plan.jobs.front().key(plan.trees) == "gcc-x86_64-vec|kem|ml-kem-768|ntt|cached|portable");
}

TEST_CASE("sweep plan: ring jobs split per-product and module operations", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
isas = ["portable", "avx2"]
[ring]
rings = ["kyber", "saber"]
multipliers = ["karatsuba", "toom4-k2"]
strategies = "all"
operations = ["mul", "transform", "matrix-vector"]
rank = 2
)",
                                     "s");
  const auto plan = make_plan(spec, fake_catalogue(), x86_host(false));
  // kyber: karatsuba; saber: karatsuba, toom4-k2 -> 3 multipliers x 2 ISAs x (1 product job + 3 strategies).
  CHECK(plan.jobs.size() == 3 * 2 * 4);
  CHECK(skipped(plan, "", "kyber/toom4-k2", "ring kyber has no multiplier 'toom4-k2'"));
  const auto product = jobs_where(plan, [](const Job& j) {
    return j.strategy.empty() && j.rank == 0 && j.operations == std::vector<std::string>{"mul", "transform"};
  });
  const auto module = jobs_where(plan, [](const Job& j) {
    return !j.strategy.empty() && j.rank == 2 && j.operations == std::vector<std::string>{"matrix-vector"};
  });
  CHECK(product == 6);
  CHECK(module == 18);
}

TEST_CASE("sweep plan: names no registry knows are errors, not skips", "[sweep]") {
  auto plan_of = [](const std::string& text) {
    return make_plan(parse_sweep_spec(text, "s"), fake_catalogue(), x86_host(false));
  };
  CHECK_THROWS_WITH(plan_of("[kem]\nschemes = [\"kyber9000\"]\n"),
                    Catch::Contains("unknown scheme 'kyber9000'") && Catch::Contains("ml-kem-768"));
  CHECK_THROWS_WITH(plan_of("[kem]\nschemes = [\"saber\"]\nmultipliers = [\"tom4\"]\n"),
                    Catch::Contains("no listed scheme has the multiplier 'tom4'"));
  CHECK_THROWS_WITH(plan_of("[ring]\nrings = [\"ring9\"]\n"), Catch::Contains("unknown ring 'ring9'"));
  CHECK_THROWS_WITH(plan_of("[ring]\nrings = [\"kyber\"]\nmultipliers = [\"fft\"]\n"),
                    Catch::Contains("no listed ring has the multiplier 'fft'"));
  // A parameterised form of a listed multiplier is accepted.
  CHECK(plan_of("[kem]\nschemes = [\"saber\"]\nmultipliers = [\"toom4-k2:leaf=8\"]\n").jobs.size() == 1);
}

TEST_CASE("sweep plan: AEAD jobs per variant and sizes, portable, in the trees of their scope", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
compilers = ["gcc", "clang"]
architectures = ["x86_64", "aarch64"]
vectorize = [true, false]
isas = ["portable", "avx2"]
samples = 33
[aead]
schemes = ["tinyjambu-128", "tinyjambu-256"]
variants = ["memcpy-nand", "memcpy-and-inverted-key"]
operations = ["encrypt"]
params = ["message=4096;ad=32", "message=64;ad=0"]
vectorize = [true]
)",
                                     "a");
  const auto plan = make_plan(spec, fake_catalogue(), x86_host(false));
  // Vectorised trees: gcc and clang, x86_64 and aarch64 (emulated). tinyjambu-128 has both
  // variants, tinyjambu-256 only memcpy-nand: 3 variants x 2 sizes per tree.
  CHECK(plan.jobs.size() == 4 * 3 * 2);
  CHECK(skipped(plan, "", "tinyjambu-256/memcpy-and-inverted-key", "has no variant"));
  for (const auto& j : plan.jobs) {
    CHECK(j.kind == JobKind::aead);
    CHECK(j.isa == "portable");
    CHECK(j.strategy.empty());
    CHECK(j.operations == std::vector<std::string>{"encrypt"});
    CHECK(plan.trees[j.tree].vectorize);
  }
  // Trees no section runs in are not built.
  CHECK(tree_names(plan) ==
        std::vector<std::string>{"gcc-x86_64-vec", "gcc-aarch64-vec", "clang-x86_64-vec", "clang-aarch64-vec"});
  CHECK(skipped(plan, "gcc-x86_64-novec", "tree gcc-x86_64-novec", "none of the spec's rows runs in it"));
  CHECK(skipped(plan, "clang-x86_64-novec", "tree clang-x86_64-novec", "none of the spec's rows"));
  const Job& first = plan.jobs.front();
  CHECK(first.key(plan.trees) == "gcc-x86_64-vec|aead|tinyjambu-128|memcpy-nand:message=4096;ad=32||portable");
  CHECK(row_id(first.target, first.multiplier, first.isa) == "tinyjambu-128/memcpy-nand-message=4096;ad=32/portable");
  std::set<std::string> keys;
  for (const auto& j : plan.jobs) keys.insert(j.key(plan.trees));
  CHECK(keys.size() == plan.jobs.size());

  // No separate check; the benchmark is the one the claims' rows come from.
  const auto o = options();
  CHECK(check_command(first, plan.trees[0], spec, o).empty());
  const auto bench = bench_command(first, plan.trees[0], spec, o);
  CHECK(subcommand(bench) == "bench");
  CHECK(after(bench, "--scheme") == "tinyjambu-128");
  CHECK(after(bench, "--multiplier") == "memcpy-nand");
  CHECK(after(bench, "--params") == "message=4096;ad=32");
  CHECK(after(bench, "--ops") == "encrypt");
  CHECK(after(bench, "--isa") == "portable");
  CHECK(after(bench, "--samples") == "33");
  CHECK_FALSE(has(bench, "--correctness-only"));
  // Under emulation the benchmark gives the verdict alone.
  const auto cross = std::find_if(plan.jobs.begin(), plan.jobs.end(),
                                  [&](const Job& j) { return plan.trees[j.tree].emulated; });
  REQUIRE(cross != plan.jobs.end());
  const auto emulated = bench_command(*cross, plan.trees[cross->tree], spec, o);
  CHECK(emulated[0] == "qemu-aarch64");
  CHECK(has(emulated, "--correctness-only"));

  std::ostringstream dry;
  print_plan(plan, spec, o, dry);
  CHECK_THAT(dry.str(), Catch::Contains("24 aead"));
  CHECK_THAT(dry.str(), Catch::Contains("aead check: (none: the benchmark checks the known answers)"));
  CHECK_THAT(dry.str(), Catch::Contains("estimate from a clean tree"));
}

TEST_CASE("sweep plan: section scopes pick trees and ISAs; a row asked twice runs once", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
compilers = ["gcc", "clang"]
vectorize = [true, false]
isas = ["portable", "avx2"]
[[kem]]
schemes = "saber"
multipliers = "toom4-k2"
operations = ["keygen"]
vectorize = true
[[kem]]
schemes = "saber"
multipliers = "toom4-k2"
operations = ["decaps", "keygen", "matrix-vector"]
vectorize = true
isas = "portable"
[[kem]]
schemes = "saber"
multipliers = "toom4-k2"
strategies = ["eager", "cached"]
compilers = "clang"
vectorize = false
isas = "portable"
)",
                                     "s");
  const auto plan = make_plan(spec, fake_catalogue(), x86_host(false));
  // gcc-novec runs nothing, so it is not built; clang-novec runs the third section.
  REQUIRE(tree_names(plan) == std::vector<std::string>{"gcc-x86_64-vec", "clang-x86_64-vec", "clang-x86_64-novec"});
  CHECK(skipped(plan, "gcc-x86_64-novec", "tree gcc-x86_64-novec", "none of the spec's rows"));
  // Vectorised trees: toom4-k2 cached at portable (both sections, merged) and avx2 (the first).
  CHECK(plan.jobs_of(0) == 2);
  CHECK(plan.jobs_of(1) == 2);
  // clang-novec: eager and cached, portable.
  CHECK(plan.jobs_of(2) == 2);
  for (const auto& j : plan.jobs) {
    CHECK(j.key(plan.trees).rfind(plan.trees[j.tree].name() + "|", 0) == 0);
    if (j.tree == 2) {
      CHECK(j.isa == "portable");
      CHECK(j.operations == std::vector<std::string>{"keygen", "encaps", "decaps"});
    } else if (j.isa == "portable") {
      CHECK(j.operations == std::vector<std::string>{"keygen", "decaps", "matrix-vector"});  // the union
    } else {
      CHECK(j.isa == "avx2");
      CHECK(j.operations == std::vector<std::string>{"keygen"});
    }
  }
  // No ISA skip is recorded for the unvectorised trees: their sections ask for portable only.
  CHECK_FALSE(skipped(plan, "clang-x86_64-novec", "isa avx2", ""));
}

TEST_CASE("sweep plan: ISAs a multiplier lacks and module products a scheme lacks are skips", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
isas = ["portable", "avx2", "avx512"]
[kem]
schemes = ["ml-kem-768", "ntruhps2048677"]
multipliers = ["ntt", "karatsuba"]
operations = ["keygen", "matrix-vector"]
[ring]
rings = "kyber"
multipliers = ["schoolbook", "karatsuba"]
)",
                                     "s");
  const auto plan = make_plan(spec, fake_catalogue(), x86_host(true));
  // ml-kem-768: ntt at 3 ISAs, karatsuba portable only; ntru: ntt (no ISA list: the tree decides) at 3 ISAs.
  CHECK(jobs_where(plan, [](const Job& j) { return j.target == "ml-kem-768" && j.multiplier == "ntt"; }) == 3);
  CHECK(jobs_where(plan, [](const Job& j) { return j.target == "ml-kem-768" && j.multiplier == "karatsuba"; }) == 1);
  CHECK(skipped(plan, "", "ml-kem-768/karatsuba avx2", "no avx2 version of karatsuba"));
  CHECK(skipped(plan, "", "ml-kem-768/karatsuba avx512", "it has: portable"));
  CHECK(jobs_where(plan, [](const Job& j) { return j.target == "ntruhps2048677"; }) == 3);
  for (const auto& j : plan.jobs)
    if (j.target == "ntruhps2048677") {
      CHECK(j.operations == std::vector<std::string>{"keygen"});
    } else if (j.kind == JobKind::kem) {
      CHECK(j.operations == std::vector<std::string>{"keygen", "matrix-vector"});
    }
  CHECK(skipped(plan, "", "ntruhps2048677 matrix-vector", "no module products"));
  // Rings: schoolbook portable only, karatsuba everywhere.
  CHECK(jobs_where(plan, [](const Job& j) { return j.target == "kyber" && j.multiplier == "schoolbook"; }) == 1);
  CHECK(jobs_where(plan, [](const Job& j) { return j.target == "kyber" && j.multiplier == "karatsuba"; }) == 3);

  // A KEM job with module products benchmarks them with its strategy.
  const auto& job = *std::find_if(plan.jobs.begin(), plan.jobs.end(),
                                  [](const Job& j) { return j.target == "ml-kem-768" && j.isa == "avx2"; });
  const auto bench = bench_command(job, plan.trees[0], spec, options());
  CHECK(after(bench, "--ops") == "keygen,matrix-vector");
  CHECK(after(bench, "--strategy") == "cached");
  CHECK(after(bench, "--isa") == "avx2");
  // ISAs of another architecture are left to that tree's registry.
  const auto cross = make_plan(
      parse_sweep_spec("architectures = \"aarch64\"\nisas = \"neon\"\n[kem]\nschemes = \"ml-kem-768\"\n", "s"),
      fake_catalogue(), x86_host(false));
  CHECK(cross.jobs.size() == 1);
}

TEST_CASE("sweep plan: AEAD names no registry knows are errors", "[sweep]") {
  auto plan_of = [](const std::string& text) {
    return make_plan(parse_sweep_spec(text, "s"), fake_catalogue(), x86_host(false));
  };
  CHECK_THROWS_WITH(plan_of("[aead]\nschemes = \"tinyjambu-512\"\n"),
                    Catch::Contains("aead.schemes: unknown AEAD 'tinyjambu-512'") &&
                        Catch::Contains("tinyjambu-128"));
  CHECK_THROWS_WITH(plan_of("[aead]\nschemes = \"tinyjambu-128\"\nvariants = \"memcpy-xor\"\n"),
                    Catch::Contains("no listed scheme has the variant 'memcpy-xor'") &&
                        Catch::Contains("memcpy-nand"));
  CHECK(plan_of("[aead]\nschemes = \"tinyjambu-128\"\n").jobs.size() == 4);
}

TEST_CASE("sweep plan: the registries' catalogue knows the AEADs and the multipliers' ISAs", "[sweep]") {
  const auto c = catalogue_from_registries();
  REQUIRE(c.aeads.count("tinyjambu-128"));
  const auto& variants = c.aeads.at("tinyjambu-128");
  CHECK(std::set<std::string>(variants.begin(), variants.end()) ==
        std::set<std::string>{"bytes-nand", "bytes-and-inverted-key", "memcpy-nand", "memcpy-and-inverted-key"});
  CHECK(c.aeads.count("tinyjambu-192"));
  CHECK(c.aeads.count("tinyjambu-256"));
  for (const auto& [name, scheme] : c.schemes)
    for (const auto& m : scheme.multipliers) {
      INFO(name << "/" << m);
      REQUIRE(scheme.isas.count(m));
      CHECK(scheme.isas.at(m).front() == "portable");
    }
  CHECK_FALSE(c.schemes.at("ntruhps2048677").module_products);
  CHECK(c.schemes.at("saber").module_products);
  CHECK(c.ring_isas.at("kyber/ntt").front() == "portable");
}

TEST_CASE("sweep plan: the shipped quick spec stays small", "[sweep]") {
  const auto spec = load_sweep_spec(std::string(PQMUL_SOURCE_DIR) + "/experiments/sweeps/quick.toml");
  const auto plan = make_plan(spec, catalogue_from_registries(), x86_host(true));
  CHECK(plan.trees.size() == 4);
  CHECK(plan.jobs.size() > 20);
  CHECK(plan.jobs.size() < 600);
  const auto full = make_plan(load_sweep_spec(std::string(PQMUL_SOURCE_DIR) + "/experiments/sweeps/full.toml"),
                              catalogue_from_registries(), x86_host(true));
  CHECK(full.trees.size() == 8);  // gcc and clang, x86_64 and aarch64, vectorised or not
  CHECK(full.jobs.size() > plan.jobs.size());
}

TEST_CASE("sweep commands: configure, build, check and bench lines", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
compilers = ["clang"]
architectures = ["x86_64", "aarch64"]
vectorize = false
samples = 77
repetitions = 6
max_half_width = 2.5
max_steal = 1
reruns = 3
pin_cpu = 1
[kem]
schemes = ["saber"]
multipliers = ["ntt:layers=6"]
[ring]
rings = ["kyber"]
multipliers = ["karatsuba"]
strategies = ["lazy"]
operations = ["mul", "matrix-vector"]
rank = 3
)",
                                     "s");
  auto host = x86_host(false);
  const auto plan = make_plan(spec, fake_catalogue(), host);
  REQUIRE(plan.trees.size() == 2);  // clang-x86_64, then clang-aarch64 (cross)
  const auto& tree = plan.trees[0];
  const auto o = options();
  const auto configure = configure_command(tree, o);
  CHECK(configure[0] == "cmake");
  CHECK(has(configure, "-DCMAKE_BUILD_TYPE=Release"));
  CHECK(has(configure, "-DPQMUL_VECTORIZE=OFF"));
  CHECK(has(configure, "-DCMAKE_CXX_COMPILER=clang++"));
  CHECK(after(configure, "-B") == "/src/build/sweep/clang-x86_64-novec");
  CHECK(build_command(tree, o) ==
        std::vector<std::string>{"cmake", "--build", "/src/build/sweep/clang-x86_64-novec", "--target", "pqmul", "-j", "2"});

  const Job& kem = plan.jobs[0];
  const auto check = check_command(kem, tree, spec, o);
  CHECK(check == std::vector<std::string>{"/src/build/sweep/clang-x86_64-novec/experiments/pqmul", "check", "--scheme",
                                          "saber", "--multiplier", "ntt:layers=6", "--strategy", "cached",
                                          "--isa", "portable"});
  const auto bench = bench_command(kem, tree, spec, o);
  CHECK(subcommand(bench) == "bench");
  CHECK(after(bench, "--ops") == "keygen,encaps,decaps");
  CHECK(after(bench, "--samples") == "77");
  CHECK(after(bench, "--repetitions") == "6");
  CHECK(after(bench, "--max-half-width") == "2.5");
  CHECK(after(bench, "--max-steal") == "1");
  CHECK(after(bench, "--reruns") == "3");
  CHECK(after(bench, "--pin-cpu") == "1");
  CHECK(after(bench, "--format") == "csv");
  CHECK(after(bench, "--isa") == "portable");

  const auto last_native = std::find_if(plan.jobs.rbegin(), plan.jobs.rend(), [](const Job& j) { return j.tree == 0; });
  REQUIRE(last_native != plan.jobs.rend());
  const Job& module = *last_native;
  REQUIRE(module.kind == JobKind::ring);
  const auto oracle = check_command(module, tree, spec, o);
  CHECK(subcommand(oracle) == "mul");
  CHECK(after(oracle, "--rank") == "3");
  CHECK(after(oracle, "--strategy") == "lazy");
  CHECK(after(oracle, "--isa") == "portable");  // not the best ISA the CPU runs

  // The cross tree: toolchain file instead of a compiler, every run under qemu.
  const auto gcc = make_plan(parse_sweep_spec("architectures = \"aarch64\"\n[kem]\nschemes = \"saber\"\n", "s"),
                             fake_catalogue(), host);
  REQUIRE(gcc.trees.size() == 1);
  const auto cross_configure = configure_command(gcc.trees[0], o);
  CHECK(has(cross_configure, "-DCMAKE_TOOLCHAIN_FILE=/src/cmake/aarch64-linux-gnu.cmake"));
  const auto cross_check = check_command(gcc.jobs[0], gcc.trees[0], spec, o);
  CHECK(std::vector<std::string>(cross_check.begin(), cross_check.begin() + 3) ==
        std::vector<std::string>{"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"});
  CHECK(cross_check[3] == "/src/build/sweep/gcc-aarch64-vec/experiments/pqmul");
  // clang's cross tree: its own toolchain file (clang++ targeting aarch64-linux-gnu).
  const auto clang_configure = configure_command(plan.trees[1], o);
  CHECK(has(clang_configure, "-DCMAKE_TOOLCHAIN_FILE=/src/cmake/aarch64-linux-gnu-clang.cmake"));
  CHECK_FALSE(has(clang_configure, "-DCMAKE_CXX_COMPILER=clang++"));
  CHECK(after(clang_configure, "-B") == "/src/build/sweep/clang-aarch64-novec");
}

TEST_CASE("sweep commands: flags of the portable code from a compile command", "[sweep]") {
  CHECK(flags_from_command_line("/usr/bin/g++ -DFOO=1 -I/x/include -isystem /y -O3 -DNDEBUG -std=c++20 -Wall "
                                "-Wextra -fno-tree-vectorize -MD -MT a.o -MF a.o.d -o a.o -c /x/a.cpp") ==
        "-O3 -DNDEBUG -std=c++20 -Wall -Wextra -fno-tree-vectorize");
  CHECK(shell_words({"a", "b c", "it's"}) == "a 'b c' 'it'\\''s'");
}

}  // namespace pqmul_tests::experiments_test_sweep_plan
