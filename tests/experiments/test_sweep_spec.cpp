// Sweep specs: the shipped ones parse; malformed ones fail with messages that
// name the key, the file and the line.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "pqmul/experiments/sweep_spec.hpp"

using namespace pqmul::experiments;

namespace {

std::string error_of(const std::string& text) {
  try {
    (void)parse_sweep_spec(text, "spec.toml");
  } catch (const SpecError& e) {
    return e.what();
  }
  return "no error";
}

const char* minimal_kem = "[kem]\nschemes = [\"saber\"]\n";

}  // namespace

TEST_CASE("sweep spec: a complete spec is read field by field", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
name = "t"
description = "test"
compilers = ["gcc", "clang"]
architectures = ["x86_64", "aarch64"]
vectorize = [true, false]
isas = ["portable", "avx2"]
samples = 50
counter = "tsc"
[compiler_commands]
clang = "clang++-16"
[kem]
schemes = ["saber", "ml-kem-768"]
multipliers = ["default", "ntt:layers=6"]
strategies = "all"
operations = ["keygen", "decaps"]
[ring]
rings = ["kyber"]
multipliers = ["karatsuba"]
strategies = ["lazy"]
operations = ["mul", "matrix-vector"]
rank = 2
trials = 3
)",
                                     "t.toml");
  CHECK(spec.name == "t");
  CHECK(spec.description == "test");
  CHECK(spec.compilers == std::vector<std::string>{"gcc", "clang"});
  CHECK(spec.compiler_commands.at("clang") == "clang++-16");
  CHECK(spec.architectures == std::vector<std::string>{"x86_64", "aarch64"});
  CHECK(spec.vectorize == std::vector<bool>{true, false});
  CHECK(spec.isas == std::vector<std::string>{"portable", "avx2"});
  CHECK(spec.samples == 50);
  CHECK(spec.counter == "tsc");
  REQUIRE(spec.has_kem);
  CHECK(spec.kem.schemes == std::vector<std::string>{"saber", "ml-kem-768"});
  CHECK(spec.kem.multipliers == std::vector<std::string>{"default", "ntt:layers=6"});
  CHECK(spec.kem.strategies == std::vector<std::string>{"all"});  // a single string is a one-entry list
  CHECK(spec.kem.operations == std::vector<std::string>{"keygen", "decaps"});
  REQUIRE(spec.has_ring);
  CHECK(spec.ring.rings == std::vector<std::string>{"kyber"});
  CHECK(spec.ring.strategies == std::vector<std::string>{"lazy"});
  CHECK(spec.ring.operations == std::vector<std::string>{"mul", "matrix-vector"});
  CHECK(spec.ring.rank == 2);
  CHECK(spec.ring.trials == 3);
}

TEST_CASE("sweep spec: defaults of omitted keys", "[sweep]") {
  const auto spec = parse_sweep_spec(minimal_kem, "m.toml");
  CHECK(spec.compilers == std::vector<std::string>{"gcc"});
  CHECK(spec.architectures == std::vector<std::string>{"x86_64"});
  CHECK(spec.vectorize == std::vector<bool>{true});
  CHECK(spec.isas == std::vector<std::string>{"portable"});
  CHECK(spec.kem.multipliers == std::vector<std::string>{"default"});
  CHECK(spec.kem.operations == std::vector<std::string>{"keygen", "encaps", "decaps"});
  CHECK_FALSE(spec.has_ring);
}

TEST_CASE("sweep spec: the shipped quick and full specs parse", "[sweep]") {
  for (const char* name : {"quick", "full"}) {
    const auto spec = load_sweep_spec(std::string(PQMUL_SOURCE_DIR) + "/experiments/sweeps/" + name + ".toml");
    CHECK(spec.name == name);
    CHECK(spec.has_kem);
    CHECK(spec.compilers == std::vector<std::string>{"gcc", "clang"});
    CHECK(spec.vectorize == std::vector<bool>{true, false});
  }
  const auto quick = load_sweep_spec(std::string(PQMUL_SOURCE_DIR) + "/experiments/sweeps/quick.toml");
  CHECK(quick.kem.schemes == std::vector<std::string>{"ml-kem-768", "kyber768", "saber", "ntruhps2048677"});
  CHECK(quick.architectures == std::vector<std::string>{"x86_64"});
}

TEST_CASE("sweep spec: malformed specs are refused with a located message", "[sweep]") {
  SECTION("TOML syntax error names the file") {
    const auto e = error_of("compilers = [\"gcc\"\n[kem]\nschemes = [\"saber\"]\n");
    CHECK_THAT(e, Catch::Contains("spec.toml"));
  }
  SECTION("unknown top-level key, with the valid ones and the line") {
    const auto e = error_of(std::string("compiler = [\"gcc\"]\n") + minimal_kem);
    CHECK_THAT(e, Catch::Contains("unknown key 'compiler'"));
    CHECK_THAT(e, Catch::Contains("compilers"));
    CHECK_THAT(e, Catch::Contains("spec.toml"));
    CHECK_THAT(e, Catch::Contains(" 1 |"));  // the offending line is shown
  }
  SECTION("unknown key inside [kem]") {
    const auto e = error_of("[kem]\nschemes = [\"saber\"]\nmultiplers = [\"ntt\"]\n");
    CHECK_THAT(e, Catch::Contains("unknown key 'multiplers' in [kem]"));
  }
  SECTION("unknown key inside [ring]") {
    const auto e = error_of("[ring]\nrings = [\"kyber\"]\nrnak = 2\n");
    CHECK_THAT(e, Catch::Contains("unknown key 'rnak' in [ring]"));
  }
  SECTION("wrong types") {
    CHECK_THAT(error_of(std::string("samples = \"many\"\n") + minimal_kem), Catch::Contains("'samples' must be an integer"));
    CHECK_THAT(error_of(std::string("vectorize = \"on\"\n") + minimal_kem), Catch::Contains("'vectorize' must be true, false"));
    CHECK_THAT(error_of(std::string("compilers = [1]\n") + minimal_kem), Catch::Contains("must be a string"));
    CHECK_THAT(error_of("kem = 3\n"), Catch::Contains("'kem' must be a table"));
  }
  SECTION("out of range") {
    CHECK_THAT(error_of(std::string("samples = 0\n") + minimal_kem), Catch::Contains("between 1 and"));
    CHECK_THAT(error_of("[ring]\nrings = [\"kyber\"]\nrank = 9\n"), Catch::Contains("between 1 and 5"));
  }
  SECTION("misspelt names list the valid ones") {
    const auto isa = error_of(std::string("isas = [\"avx-512\"]\n") + minimal_kem);
    CHECK_THAT(isa, Catch::Contains("'avx-512' is not a valid entry of 'isas'"));
    CHECK_THAT(isa, Catch::Contains("avx512"));
    CHECK_THAT(error_of(std::string("compilers = [\"icc\"]\n") + minimal_kem), Catch::Contains("'icc'"));
    CHECK_THAT(error_of(std::string("architectures = [\"arm64\"]\n") + minimal_kem), Catch::Contains("'arm64'"));
    CHECK_THAT(error_of("[kem]\nschemes = [\"saber\"]\noperations = [\"keygen\", \"mul\"]\n"),
               Catch::Contains("'mul' is not a valid entry of 'kem.operations'"));
    CHECK_THAT(error_of("[kem]\nschemes = [\"saber\"]\nstrategies = [\"greedy\"]\n"), Catch::Contains("'greedy'"));
  }
  SECTION("duplicates and empty lists") {
    CHECK_THAT(error_of(std::string("compilers = [\"gcc\", \"gcc\"]\n") + minimal_kem), Catch::Contains("listed twice"));
    CHECK_THAT(error_of(std::string("vectorize = [true, true]\n") + minimal_kem), Catch::Contains("twice"));
    CHECK_THAT(error_of(std::string("isas = []\n") + minimal_kem), Catch::Contains("at least one"));
  }
  SECTION("nothing to measure, or a section without its list") {
    CHECK_THAT(error_of("compilers = [\"gcc\"]\n"), Catch::Contains("needs a [kem] or a [ring]"));
    CHECK_THAT(error_of("[kem]\nmultipliers = [\"ntt\"]\n"), Catch::Contains("needs 'schemes'"));
    CHECK_THAT(error_of("[ring]\nmultipliers = [\"ntt\"]\n"), Catch::Contains("needs 'rings'"));
  }
  SECTION("an extra compiler becomes valid once its command is given") {
    CHECK_THAT(error_of(std::string("compilers = [\"clang16\"]\n") + minimal_kem), Catch::Contains("'clang16'"));
    const auto spec = parse_sweep_spec(
        std::string("compilers = [\"clang16\"]\n[compiler_commands]\nclang16 = \"clang++-16\"\n") + minimal_kem, "x");
    CHECK(spec.compilers == std::vector<std::string>{"clang16"});
  }
  SECTION("an unreadable file") {
    CHECK_THROWS_WITH(load_sweep_spec("/nonexistent/spec.toml"), Catch::Contains("cannot read"));
  }
}
