// Sweep specs: the shipped ones parse; malformed ones fail with messages that
// name the key, the file and the line.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "pqmul/experiments/sweep_spec.hpp"

namespace pqmul_tests::experiments_test_sweep_spec {

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

TEST_CASE("sweep spec: the measuring keys, given and defaulted", "[sweep]") {
  const auto given = parse_sweep_spec(std::string("samples = 40\nrepetitions = 8\nmax_half_width = 2.5\n"
                                                  "max_steal = 1\nreruns = 0\npin_cpu = 1\n") + minimal_kem,
                                      "spec.toml");
  CHECK(given.samples == 40);
  CHECK(given.repetitions == 8);
  CHECK(given.max_half_width == 2.5);
  CHECK(given.max_steal == 1.0);
  CHECK(given.reruns == 0);
  CHECK(given.pin_cpu == std::optional<std::size_t>(1));
  const auto defaults = parse_sweep_spec(minimal_kem, "spec.toml");
  CHECK_FALSE(defaults.pin_cpu.has_value());
  CHECK(defaults.repetitions >= 6);  // enough for a 95% interval of the median
  CHECK(defaults.reruns >= 1);
}

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
  REQUIRE(spec.kem.size() == 1);
  CHECK(spec.kem[0].schemes == std::vector<std::string>{"saber", "ml-kem-768"});
  CHECK(spec.kem[0].multipliers == std::vector<std::string>{"default", "ntt:layers=6"});
  CHECK(spec.kem[0].strategies == std::vector<std::string>{"all"});  // a single string is a one-entry list
  CHECK(spec.kem[0].operations == std::vector<std::string>{"keygen", "decaps"});
  // No scope: the section runs wherever the spec does.
  CHECK(spec.kem[0].scope.compilers.empty());
  CHECK(spec.kem[0].scope.vectorize.empty());
  CHECK(spec.kem[0].scope.isas.empty());
  REQUIRE(spec.ring.size() == 1);
  CHECK(spec.ring[0].rings == std::vector<std::string>{"kyber"});
  CHECK(spec.ring[0].strategies == std::vector<std::string>{"lazy"});
  CHECK(spec.ring[0].operations == std::vector<std::string>{"mul", "matrix-vector"});
  CHECK(spec.ring[0].rank == 2);
  CHECK(spec.ring[0].trials == 3);
  CHECK(spec.aead.empty());
}

TEST_CASE("sweep spec: defaults of omitted keys", "[sweep]") {
  const auto spec = parse_sweep_spec(minimal_kem, "m.toml");
  CHECK(spec.compilers == std::vector<std::string>{"gcc"});
  CHECK(spec.architectures == std::vector<std::string>{"x86_64"});
  CHECK(spec.vectorize == std::vector<bool>{true});
  CHECK(spec.isas == std::vector<std::string>{"portable"});
  REQUIRE(spec.kem.size() == 1);
  CHECK(spec.kem[0].multipliers == std::vector<std::string>{"default"});
  CHECK(spec.kem[0].operations == std::vector<std::string>{"keygen", "encaps", "decaps"});
  CHECK(spec.ring.empty());
  CHECK(spec.aead.empty());
}

TEST_CASE("sweep spec: the shipped quick and full specs parse", "[sweep]") {
  for (const char* name : {"quick", "full"}) {
    const auto spec = load_sweep_spec(std::string(PQMUL_SOURCE_DIR) + "/experiments/sweeps/" + name + ".toml");
    CHECK(spec.name == name);
    CHECK_FALSE(spec.kem.empty());
    CHECK_FALSE(spec.aead.empty());
    CHECK(spec.compilers == std::vector<std::string>{"gcc", "clang"});
    CHECK(spec.vectorize == std::vector<bool>{true, false});
  }
  const auto quick = load_sweep_spec(std::string(PQMUL_SOURCE_DIR) + "/experiments/sweeps/quick.toml");
  REQUIRE_FALSE(quick.kem.empty());
  CHECK(quick.kem[0].schemes == std::vector<std::string>{"ml-kem-768", "kyber768", "saber", "ntruhps2048677"});
  CHECK(quick.architectures == std::vector<std::string>{"x86_64"});
  // The unvectorised trees run only sections scoped to them.
  for (const auto& k : quick.kem)
    if (k.scope.vectorize == std::vector<bool>{false}) CHECK(k.scope.isas == std::vector<std::string>{"portable"});
  CHECK(quick.aead[0].schemes == std::vector<std::string>{"tinyjambu-128"});
  CHECK(quick.aead[0].params == std::vector<std::string>{"message=4096;ad=32"});
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
    CHECK_THAT(error_of(std::string("repetitions = 0\n") + minimal_kem), Catch::Contains("'repetitions' must be between 1 and"));
    CHECK_THAT(error_of(std::string("reruns = -1\n") + minimal_kem), Catch::Contains("'reruns' must be between 0 and 10"));
    CHECK_THAT(error_of(std::string("pin_cpu = -1\n") + minimal_kem), Catch::Contains("'pin_cpu' must be between 0"));
    CHECK_THAT(error_of(std::string("max_half_width = 0\n") + minimal_kem), Catch::Contains("'max_half_width' must be between"));
    CHECK_THAT(error_of(std::string("max_steal = -0.5\n") + minimal_kem), Catch::Contains("'max_steal' must be between 0"));
    CHECK_THAT(error_of(std::string("max_steal = \"low\"\n") + minimal_kem), Catch::Contains("'max_steal' must be a number"));
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
    CHECK_THAT(error_of(std::string("compilers = [\"gcc\", \"gcc\"]\n") + minimal_kem), Catch::Contains("'compilers' lists gcc twice"));
    CHECK_THAT(error_of(std::string("vectorize = [true, true]\n") + minimal_kem), Catch::Contains("twice"));
    CHECK_THAT(error_of(std::string("isas = []\n") + minimal_kem), Catch::Contains("at least one"));
  }
  SECTION("nothing to measure, or a section without its list") {
    CHECK_THAT(error_of("compilers = [\"gcc\"]\n"), Catch::Contains("needs a [kem], [ring] or [aead]"));
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

TEST_CASE("sweep spec: [aead] tables, their defaults and their sizes", "[sweep]") {
  const auto plain = parse_sweep_spec("[aead]\nschemes = [\"tinyjambu-128\", \"tinyjambu-256\"]\n", "a.toml");
  REQUIRE(plain.aead.size() == 1);
  const auto& a = plain.aead[0];
  CHECK(a.schemes == std::vector<std::string>{"tinyjambu-128", "tinyjambu-256"});
  CHECK(a.variants == std::vector<std::string>{"all"});
  CHECK(a.operations == std::vector<std::string>{"encrypt", "decrypt"});
  CHECK(a.params == std::vector<std::string>{"message=4096;ad=32"});
  CHECK(a.scope.isas == std::vector<std::string>{"portable"});  // the variants are portable code
  CHECK(plain.kem.empty());  // an AEAD-only spec is complete

  const auto sized = parse_sweep_spec(R"(
[aead]
schemes = "tinyjambu-192"
variants = ["memcpy-nand", "bytes-and-inverted-key"]
operations = "decrypt"
params = ["ad=16; message=64", "message=1024", "message=0;ad=0"]
)",
                                      "a.toml");
  const auto& b = sized.aead.at(0);
  CHECK(b.variants == std::vector<std::string>{"memcpy-nand", "bytes-and-inverted-key"});
  CHECK(b.operations == std::vector<std::string>{"decrypt"});
  // Canonical spelling, message first, missing sizes at the benchmark's defaults.
  CHECK(b.params == std::vector<std::string>{"message=64;ad=16", "message=1024;ad=32", "message=0;ad=0"});

  CHECK(canonical_aead_params("") == "message=4096;ad=32");
  CHECK(canonical_aead_params(" ad = 7 ;message=9;") == "message=9;ad=7");
  CHECK_THROWS_WITH(canonical_aead_params("nonce=12"), Catch::Contains("unknown size 'nonce'"));
  CHECK_THROWS_WITH(canonical_aead_params("message=1;message=2"), Catch::Contains("twice"));
  CHECK_THROWS_WITH(canonical_aead_params("message=-1"), Catch::Contains("not a size"));
  CHECK_THROWS_WITH(canonical_aead_params("message"), Catch::Contains("key=value"));
}

TEST_CASE("sweep spec: sections given several times, each with its own scope", "[sweep]") {
  const auto spec = parse_sweep_spec(R"(
compilers = ["gcc", "clang"]
vectorize = [true, false]
isas = ["portable", "avx2"]
[[kem]]
schemes = ["saber"]
vectorize = [true]
[[kem]]
schemes = "saber"
operations = ["keygen", "matrix-vector", "inner-product"]
compilers = "clang"
vectorize = false
isas = "portable"
[[ring]]
rings = "kyber"
isas = ["avx512"]
[[ring]]
rings = "saber"
[[aead]]
schemes = "tinyjambu-128"
compilers = ["gcc"]
)",
                                     "s.toml");
  REQUIRE(spec.kem.size() == 2);
  CHECK(spec.kem[0].scope.vectorize == std::vector<bool>{true});
  CHECK(spec.kem[0].scope.compilers.empty());
  CHECK(spec.kem[1].operations == std::vector<std::string>{"keygen", "matrix-vector", "inner-product"});
  CHECK(spec.kem[1].scope.compilers == std::vector<std::string>{"clang"});
  CHECK(spec.kem[1].scope.vectorize == std::vector<bool>{false});
  CHECK(spec.kem[1].scope.isas == std::vector<std::string>{"portable"});
  REQUIRE(spec.ring.size() == 2);
  CHECK(spec.ring[0].scope.isas == std::vector<std::string>{"avx512"});  // any known ISA
  CHECK(spec.ring[1].rings == std::vector<std::string>{"saber"});
  REQUIRE(spec.aead.size() == 1);
  CHECK(spec.aead[0].scope.compilers == std::vector<std::string>{"gcc"});
}

TEST_CASE("sweep spec: malformed [aead] tables and scopes are refused by key", "[sweep]") {
  SECTION("unknown keys, including isas in [aead]") {
    const auto e = error_of("[aead]\nschemes = \"tinyjambu-128\"\nvariant = \"memcpy-nand\"\n");
    CHECK_THAT(e, Catch::Contains("unknown key 'variant' in [aead]"));
    CHECK_THAT(e, Catch::Contains("variants"));
    CHECK_THAT(e, Catch::Contains("spec.toml"));
    CHECK_THAT(error_of("[aead]\nschemes = \"tinyjambu-128\"\nisas = \"avx2\"\n"),
               Catch::Contains("unknown key 'isas' in [aead]"));
  }
  SECTION("missing schemes, wrong operations, bad sizes") {
    CHECK_THAT(error_of("[aead]\nvariants = \"all\"\n"), Catch::Contains("[aead] needs 'schemes'"));
    CHECK_THAT(error_of("[aead]\nschemes = \"tinyjambu-128\"\noperations = [\"encaps\"]\n"),
               Catch::Contains("'encaps' is not a valid entry of 'aead.operations'"));
    const auto sizes = error_of("[aead]\nschemes = \"tinyjambu-128\"\nparams = [\"message=64\", \"nonce=12\"]\n");
    CHECK_THAT(sizes, Catch::Contains("aead.params"));
    CHECK_THAT(sizes, Catch::Contains("unknown size 'nonce'"));
    CHECK_THAT(sizes, Catch::Contains(" 3 |"));  // the line of the offending value
    CHECK_THAT(error_of("[aead]\nschemes = \"tinyjambu-128\"\nparams = [\"message=4096\", \"ad=32\"]\n"),
               Catch::Contains("lists message=4096;ad=32 twice"));
  }
  SECTION("KEM operations include the module products, nothing else") {
    CHECK(parse_sweep_spec("[kem]\nschemes = \"saber\"\noperations = [\"matrix-vector\", \"inner-product\"]\n", "k")
              .kem[0]
              .operations.size() == 2);
    CHECK_THAT(error_of("[kem]\nschemes = \"saber\"\noperations = [\"encrypt\"]\n"),
               Catch::Contains("'encrypt' is not a valid entry of 'kem.operations'"));
  }
  SECTION("a scope names only trees the spec builds") {
    CHECK_THAT(error_of("[kem]\nschemes = \"saber\"\nvectorize = false\n"),
               Catch::Contains("'kem.vectorize' lists false but the spec builds no such tree"));
    CHECK_THAT(error_of("[kem]\nschemes = \"saber\"\ncompilers = \"clang\"\n"),
               Catch::Contains("'clang' is not a valid entry of 'kem.compilers'"));
    CHECK_THAT(error_of("[ring]\nrings = \"kyber\"\nisas = \"sse9\"\n"),
               Catch::Contains("'sse9' is not a valid entry of 'ring.isas'"));
  }
  SECTION("arrays of tables name the offending entry") {
    const auto e = error_of("[[kem]]\nschemes = \"saber\"\n[[kem]]\nschemes = \"saber\"\nstrategy = \"lazy\"\n");
    CHECK_THAT(e, Catch::Contains("unknown key 'strategy' in [kem #2]"));
    CHECK_THAT(error_of("kem = [1, 2]\n"), Catch::Contains("array of tables"));
    CHECK_THAT(error_of("aead = \"tinyjambu-128\"\n"), Catch::Contains("'aead' must be a table"));
  }
}

}  // namespace pqmul_tests::experiments_test_sweep_spec
