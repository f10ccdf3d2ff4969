// What `pqmul bench` plans for a selection: TinyJAMBU rows checked against the
// official LWC KAT files, one row per ISA the CPU runs, ISAs refused with a
// reason, multiplier lists whose point sets contain commas, and names that only
// some of the selected rings or schemes have.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "../common/isa_gate.hpp"
#include "../common/test_util.hpp"

namespace pqmul_tests::experiments_test_bench_selection {

using namespace pqmul::experiments;

namespace {

BenchSelection selection() {
  BenchSelection s;
  s.kat_hashes = pqmul::test::vector_file("kem/KAT_HASHES.txt");
  s.vectors_dir = PQMUL_VECTORS_DIR;
  return s;
}

using pqmul::test::ForcePortable;

}  // namespace

TEST_CASE("TinyJAMBU rows: every variant, both operations, verdict from the official KAT", "[bench][tinyjambu]") {
  auto s = selection();
  s.schemes = {"tinyjambu-128", "tinyjambu-256"};
  std::vector<std::string> notes;
  const auto cases = plan_benchmarks(s, &notes);
  REQUIRE(cases.size() == 2 * 4 * 2);  // schemes x variants x {encrypt, decrypt}
  std::set<std::string> multipliers;
  for (const auto& c : cases) {
    INFO(c.row.id << " " << c.row.operation);
    CHECK(c.row.correct == "pass");
    CHECK(c.row.params == "message=4096;ad=32");
    CHECK(c.row.isa == "portable");
    CHECK((c.row.operation == "encrypt" || c.row.operation == "decrypt"));
    CHECK(c.row.id == c.row.scheme + "/" + c.row.multiplier + "-" + c.row.params + "/portable");
    multipliers.insert(c.row.multiplier);
    c.run();  // the measured call itself must work
  }
  CHECK(multipliers == std::set<std::string>{"bytes-nand", "bytes-and-inverted-key", "memcpy-nand",
                                             "memcpy-and-inverted-key"});
}

TEST_CASE("TinyJAMBU selection: variants, sizes and unknown names", "[bench][tinyjambu]") {
  auto s = selection();
  s.schemes = {"tinyjambu-192"};
  s.multipliers = {"memcpy-nand"};
  s.operations = {"encrypt"};
  s.params = "message=64;ad=0";
  const auto cases = plan_benchmarks(s, nullptr);
  REQUIRE(cases.size() == 1);
  CHECK(cases[0].row.params == "message=64;ad=0");
  CHECK(cases[0].row.parameter_set == "192");

  s.schemes = {"tinyjambu-512"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("tinyjambu-128"));
  s.schemes = {"tinyjambu-128"};
  s.params = "colour=red";
  CHECK_THROWS_AS(plan_benchmarks(s, nullptr), std::invalid_argument);
}

TEST_CASE("TinyJAMBU rows are refused when the known answers cannot be read", "[bench][tinyjambu]") {
  // Rows without a verdict would pass for unchecked ones: a missing file is an error.
  auto s = selection();
  s.vectors_dir = "/nonexistent";
  s.schemes = {"tinyjambu-128"};
  s.multipliers = {"bytes-nand"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("/nonexistent/tinyjambu/LWC_AEAD_KAT_128_96.txt"));
  // Without the check (the instruction-count child) nothing is read.
  s.check = false;
  CHECK_FALSE(plan_benchmarks(s, nullptr).empty());
}

TEST_CASE("KEM rows are refused when the published digests cannot be read", "[bench]") {
  auto s = selection();
  s.kat_hashes = "/nonexistent/kem/KAT_HASHES.txt";
  s.schemes = {"lightsaber"};
  s.multipliers = {"toom4-k2"};
  s.isas = {"portable"};
  s.operations = {"keygen"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("/nonexistent/kem/KAT_HASHES.txt"));
}

TEST_CASE("an ISA ruled out is skipped with its reason", "[bench][isa]") {
  ForcePortable forced;
  auto s = selection();
  s.rings = {"kyber"};
  s.multipliers = {"ntt"};
  s.operations = {"mul"};
  s.isas = {"avx2"};
  std::vector<std::string> notes;
  const auto cases = plan_benchmarks(s, &notes);
  CHECK(cases.empty());
#if defined(PQMUL_X86_SIMD)
  CHECK(std::any_of(notes.begin(), notes.end(),
                    [](const std::string& n) { return n.find("forced") != std::string::npos; }));
#endif
}

TEST_CASE("an unknown ISA name is refused, naming the valid ones", "[bench][isa]") {
  auto s = selection();
  s.rings = {"kyber"};
  s.isas = {"avx1024"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("portable, avx2, avx512, neon"));
}

TEST_CASE("multiplier lists keep the commas of point sets", "[bench]") {
  CHECK(split_multiplier_list("ntt, toom-k:points=0,1,-1,-2,inf,karatsuba") ==
        std::vector<std::string>{"ntt", "toom-k:points=0,1,-1,-2,inf", "karatsuba"});
  CHECK(split_multiplier_list("toom-k:points=0,1,-1,1/2,-1/2,2,inf") ==
        std::vector<std::string>{"toom-k:points=0,1,-1,1/2,-1/2,2,inf"});
  CHECK(split_multiplier_list("schoolbook,toom3") == std::vector<std::string>{"schoolbook", "toom3"});
}

TEST_CASE("a bare KEM multiplier name is one variant; --params all expands it and says so", "[bench]") {
  auto s = selection();
  s.schemes = {"saber"};
  s.multipliers = {"ntt"};
  s.strategies = {"cached"};
  s.isas = {"portable"};
  s.operations = {"keygen"};
  s.check = false;
  std::vector<std::string> notes;
  const auto one = plan_benchmarks(s, &notes);
  REQUIRE(one.size() == 1);
  CHECK(one[0].row.multiplier == "ntt");
  CHECK(one[0].row.params.empty());

  s.params = "layers=6";
  const auto named = plan_benchmarks(s, nullptr);
  REQUIRE(named.size() == 1);
  CHECK(named[0].row.params == "layers=6");

  s.params = "all";
  notes.clear();
  const auto every = plan_benchmarks(s, &notes);
  std::set<std::string> params;
  for (const auto& c : every) params.insert(c.row.params);
  // Saber's ring lists the complete NTT, the incomplete one and a two-prime CRT.
  std::set<std::string> listed;
  for (const auto& v : pqmul::find_registry_entry("saber", "ntt")->variants)
    listed.insert(pqmul::Params::parse(v).to_string());
  CHECK(listed.size() == 3);
  CHECK(params == listed);
  CHECK(params.count("layers=6") == 1);
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Catch::Contains("ntt:layers=6") && Catch::Contains("primes=2"));
}

TEST_CASE("a multiplier only some selected rings or schemes have is skipped there; one none has is refused",
          "[bench]") {
  auto s = selection();
  s.isas = {"portable"};
  s.check = false;
  // ntt16-1536 has no hps821 plan (2n - 1 > 1536).
  s.rings = {"ntru-hps4096821", "ntru-hps2048677"};
  s.multipliers = {"ntt16-1536"};
  s.operations = {"mul"};
  std::vector<std::string> notes;
  const auto rings = plan_benchmarks(s, &notes);
  REQUIRE(rings.size() == 1);
  CHECK(rings[0].row.scheme == "ntru-hps2048677");
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Catch::Contains("ntru-hps4096821") && Catch::Contains("ntt16-1536"));

  s.rings = {};
  s.schemes = {"ntruhps4096821", "ntruhps2048677"};
  s.multipliers = {"ntt16-1536", "ntt16"};
  s.operations = {"encaps"};
  notes.clear();
  const auto kems = plan_benchmarks(s, &notes);
  std::set<std::string> ids;
  for (const auto& c : kems) ids.insert(c.row.id);
  CHECK(ids == std::set<std::string>{"ntruhps4096821/ntt16/portable", "ntruhps2048677/ntt16-1536/portable",
                                     "ntruhps2048677/ntt16/portable"});
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Catch::Contains("ntruhps4096821") && Catch::Contains("ntt16-1536"));

  // Every scheme selected by "all": the ones without it are left out silently.
  s.schemes = {"all"};
  s.multipliers = {"ntt16-1536"};
  notes.clear();
  CHECK(plan_benchmarks(s, &notes).size() == 3);
  CHECK(notes.empty());

  // A name no selected ring or scheme has (a typo beside a valid name) is an error naming the valid ones.
  s.schemes = {"ntruhps2048677"};
  s.multipliers = {"ntt16", "ntt17"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("ntt17") && Catch::Contains("toom4-k4"));
  s.schemes = {"kyber768", "saber"};
  s.multipliers = {"ntt16-1536"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("ntt16-1536"));
  s.schemes = {};
  s.rings = {"ntru-hps2048677"};
  s.multipliers = {"ntt16", "ntt17"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("ntt17") && Catch::Contains("toom4-k4"));
  s.rings = {"ntru-hps4096821"};
  s.multipliers = {"ntt16-1536"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("ntt16-1536"));
}

TEST_CASE("TinyJAMBU variants beside KEM multipliers: each to its own schemes", "[bench][tinyjambu]") {
  auto s = selection();
  s.isas = {"portable"};
  s.check = false;
  s.schemes = {"tinyjambu-128", "kyber768"};
  s.multipliers = {"memcpy-nand", "ntt"};
  s.strategies = {"cached"};
  s.operations = {"encrypt", "encaps"};
  std::vector<std::string> notes;
  const auto both = plan_benchmarks(s, &notes);
  std::set<std::string> schemes;
  for (const auto& c : both) schemes.insert(c.row.scheme + "/" + c.row.multiplier);
  CHECK(schemes == std::set<std::string>{"tinyjambu-128/memcpy-nand", "kyber768/ntt"});
  for (const auto& n : notes) CHECK_THAT(n, !Catch::Contains("no multiplier"));
  // Only a variant named: no KEM rows (not every KEM multiplier).
  s.multipliers = {"memcpy-nand"};
  const auto aead_only = plan_benchmarks(s, nullptr);
  REQUIRE(aead_only.size() == 1);
  CHECK(aead_only[0].row.scheme == "tinyjambu-128");
  s.schemes = {"tinyjambu-128"};
  s.multipliers = {"memcpy-nor"};
  CHECK_THROWS_WITH(plan_benchmarks(s, nullptr), Catch::Contains("memcpy-nand"));
}

}  // namespace pqmul_tests::experiments_test_bench_selection
