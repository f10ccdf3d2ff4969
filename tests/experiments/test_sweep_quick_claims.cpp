// The shipped quick sweep covers the claims: every side of every cell of every
// claim measured on x86-64 selects exactly one row of the quick plan (one per
// family member for a "min" pick: never a pool of rows), unless this build's
// registries hold no such (scheme or ring, multiplier, ISA) at all. The rows
// are the plan's own jobs, described as `pqmul bench` describes its rows.
#include <catch2/catch.hpp>
#include <optional>
#include <sstream>

#include "pqmul/experiments/claims.hpp"
#include "sweep_fakes.hpp"

namespace pqmul_tests::experiments_test_sweep_quick_claims {

using namespace sweep_test;

namespace {

// Module rank of a KEM's rows (the benchmark reports the scheme's own).
std::optional<std::uint64_t> kem_rank(const std::string& scheme) {
  if (scheme == "lightsaber") return 2;
  if (scheme == "saber") return 3;
  if (scheme == "firesaber") return 4;
  if (scheme.rfind("kyber", 0) != 0 && scheme.rfind("ml-kem", 0) != 0) return std::nullopt;
  if (scheme.ends_with("512")) return 2;
  if (scheme.ends_with("768")) return 3;
  if (scheme.ends_with("1024")) return 4;
  return std::nullopt;
}

std::vector<Row> planned_rows(const Plan& plan) {
  std::vector<Row> rows;
  for (const auto& job : plan.jobs) {
    const auto& tree = plan.trees[job.tree];
    const auto [base, params] = pqmul::split_multiplier(job.multiplier);
    for (const auto& op : job.operations) {
      Row r;
      r.id = row_id(job.target, job.multiplier, job.isa);
      r.scheme = job.target;
      r.operation = op;
      r.multiplier = base;
      r.params = params;
      r.strategy = job.strategy;
      if (job.kind == JobKind::ring && job.rank) r.rank = job.rank;
      if (job.kind == JobKind::kem) r.rank = kem_rank(job.target);
      r.isa = job.isa;
      r.compiler = tree.compiler;
      r.vectorize = tree.vectorize;
      r.counter = "tsc";
      r.median = 1000;
      r.correct = "pass";
      rows.push_back(std::move(r));
    }
  }
  return rows;
}

std::vector<std::string> values_of(const Selector& s, const std::string& field) {
  for (const auto& [f, v] : s.fields)
    if (f == field) return v;
  return {};
}

// One selector per combination of `fields`' values, each based on `base`.
std::vector<Selector> expanded(const Selector& base,
                               const std::vector<std::pair<std::string, std::vector<std::string>>>& fields) {
  std::vector<Selector> out{base};
  for (const auto& [field, values] : fields) {
    std::vector<Selector> next;
    for (const auto& m : out)
      for (const auto& v : values) {
        Selector one = m;
        one.set(field, {v});
        next.push_back(std::move(one));
      }
    out = std::move(next);
  }
  return out;
}

// The members of a "min" pick's family: one value for each field the selector
// lists several values of (the selector itself for a "one" pick).
std::vector<Selector> members(const Selector& s, const std::string& pick) {
  if (pick != "min") return {s};
  std::vector<std::pair<std::string, std::vector<std::string>>> several;
  for (const auto& f : s.fields)
    if (f.second.size() > 1) several.push_back(f);
  return expanded(s, several);
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Whether this build's registries hold any (scheme or ring, multiplier, ISA)
// the selector names; a selector that leaves one of them open must be covered.
bool offered(const Catalogue& c, const Selector& s) {
  const auto schemes = values_of(s, "scheme"), multipliers = values_of(s, "multiplier"), isas = values_of(s, "isa");
  if (schemes.empty() || multipliers.empty() || isas.empty()) return true;
  for (const auto& scheme : schemes)
    for (const auto& m : multipliers)
      for (const auto& isa : isas) {
        const auto k = c.schemes.find(scheme);
        if (k != c.schemes.end() && k->second.isas.count(m) && contains(k->second.isas.at(m), isa)) return true;
        const auto r = c.ring_isas.find(scheme + "/" + m);
        if (r != c.ring_isas.end() && contains(r->second, isa)) return true;
        const auto a = c.aeads.find(scheme);
        if (a != c.aeads.end() && contains(a->second, m) && isa == "portable") return true;
      }
  return false;
}

}  // namespace

TEST_CASE("sweep quick spec: every side of every claim measured here selects exactly one row", "[sweep]") {
  const auto catalogue = catalogue_from_registries();
  const auto spec = load_sweep_spec(std::string(PQMUL_SOURCE_DIR) + "/experiments/sweeps/quick.toml");
  const auto plan = make_plan(spec, catalogue, x86_host(true));
  const auto rows = planned_rows(plan);
  const auto claims = read_claims(std::string(PQMUL_SOURCE_DIR) + "/experiments/claims");
  REQUIRE(claims.size() >= 16);

  std::vector<std::string> uncovered, not_in_build, pooled;
  std::size_t cells = 0;
  for (const auto& claim : claims) {
    for (const auto& c : claim.comparisons) {
      // Model rows come from a cycle model of Arm cores, not from the sweep.
      if (c.comparability == Comparability::model) continue;
      // The cartesian product of the `each` fields, as the claims evaluate it.
      const auto bases = expanded(c.common, c.each);
      for (const auto& base : bases)
        for (const auto& [side, pick] : {std::pair{&c.numerator, c.numerator_pick}, {&c.denominator, c.denominator_pick}})
          for (const auto& sel : members(base.merged(*side), pick)) {
            ++cells;
            std::string matched;
            const auto n = std::count_if(rows.begin(), rows.end(), [&](const Row& r) {
              if (!sel.matches(r)) return false;
              matched += "\n    " + r.id + " " + r.operation + " " + r.strategy + " " + r.compiler +
                         (r.vectorize ? " vec" : " novec");
              return true;
            });
            if (n > 1) pooled.push_back(claim.id + ": " + sel.describe() + matched);
            if (n != 0) continue;
            (offered(catalogue, sel) ? uncovered : not_in_build).push_back(claim.id + ": " + sel.describe());
          }
    }
  }
  std::ostringstream missing, absent, several;
  for (const auto& u : uncovered) missing << u << "\n";
  for (const auto& u : not_in_build) absent << u << "\n";
  for (const auto& u : pooled) several << u << "\n";
  INFO("sides matching several rows:\n" << several.str());
  INFO("sides the quick spec does not cover:\n" << missing.str());
  INFO("sides this build's registries cannot produce (not measurable here):\n" << absent.str());
  CHECK(cells > 100);
  CHECK(uncovered.empty());
  CHECK(pooled.empty());
#if defined(PQMUL_X86_SIMD)
  // Most sides rest on portable or AVX2 rows this build holds (elsewhere the
  // x86 kernels are not compiled, and their sides are all "not in this build").
  CHECK(not_in_build.size() < cells / 4);
#endif

  // Evaluated on the plan's rows (medians without repetitions), no claim pools
  // or fails; a claim measured elsewhere is never confirmed or contradicted.
  for (const auto& claim : claims) {
    INFO("claim " << claim.id);
    ClaimResult r;
    REQUIRE_NOTHROW(r = evaluate_claim(claim, rows));
    if (claim.comparability != Comparability::same)
      CHECK((r.verdict == Verdict::not_comparable || r.verdict == Verdict::not_measurable ||
             r.verdict == Verdict::missing_rows));
  }

  // The aead rows the TinyJAMBU claims select, with both compilers.
  for (const auto* compiler : {"gcc", "clang"})
    CHECK(std::count_if(rows.begin(), rows.end(), [&](const Row& r) {
            return r.scheme == "tinyjambu-128" && r.operation == "encrypt" && r.params == "message=4096;ad=32" &&
                   r.compiler == compiler && r.vectorize;
          }) == 4);
  // The unvectorised trees run a handful of portable jobs, nothing else.
  for (const auto& j : plan.jobs)
    if (!plan.trees[j.tree].vectorize) {
      CHECK(j.isa == "portable");
      CHECK(j.kind == JobKind::kem);
    }
}

}  // namespace pqmul_tests::experiments_test_sweep_quick_claims
