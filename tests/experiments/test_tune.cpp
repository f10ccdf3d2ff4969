// pqmul tune: the space's pruning against the exact derivation, Pareto
// ranks, and successive halving with a fake clock (budget, catalogue kept,
// resume after the last finished rung).
#include <stdlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "pqmul/algorithms/registry.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/experiments/pareto.hpp"
#include "pqmul/experiments/tune.hpp"
#include "pqmul/experiments/tune_report.hpp"
#include "pqmul/experiments/tune_report.hpp"

namespace pqmul_tests::experiments_test_tune {

using namespace pqmul;
using namespace pqmul::experiments;
namespace fs = std::filesystem;

namespace {

SpaceLimits small_limits() {
  SpaceLimits l;
  l.max_levels = 2;
  l.max_k = 4;
  l.point_sets_per_k = 1;
  l.leaves = {0, 16};
  l.ntt_layers_below = 1;
  return l;
}

unsigned total_bits_lost(const std::string& params, std::size_t n) {
  unsigned bits = 0;
  for (const auto& level : toom_plan("toom-k", Params::parse(params), n)) bits += level.bits_lost;
  return bits;
}

struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "pqmul-tune-test-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()));
    path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// A fake clock: every case's median is a fixed function of its multiplier, so
// the search's choices are known in advance; each call advances no real time.
struct FakeMeasurer {
  std::size_t rungs = 0, cases_measured = 0;
  std::map<std::string, std::size_t> measured_in;  // key -> rungs it was measured in
  void operator()(std::vector<BenchCase>& cases, const RepetitionSettings& s) {
    ++rungs;
    for (auto& c : cases) {
      ++cases_measured;
      ++measured_in[c.key()];
      const double ticks = 1000.0 + static_cast<double>(std::hash<std::string>{}(c.row.id) % 100000);
      c.row.median = ticks;
      c.row.repetitions = s.repetitions;
      c.row.repetition_medians.assign(s.repetitions, ticks);
    }
  }
};

void no_memory(std::vector<BenchCase>& cases) {
  for (auto& c : cases) c.row.stack_bytes = 100 + c.row.id.size();
}

}  // namespace

TEST_CASE("tune space: every Toom-Cook candidate leaves room for q in its word, by the exact derivation") {
  const auto space = enumerate_space("saber", Isa::portable, SpaceLimits{});
  REQUIRE(space.candidates.size() > 50);
  CHECK(space.enumerated == space.candidates.size() + space.pruned_by_bits + space.pruned_by_split +
                                space.pruned_by_ntt_bound + space.duplicates + space.no_kernels);
  std::set<std::string> texts;
  for (const auto& c : space.candidates) {
    CHECK(texts.insert(c.text()).second);  // no candidate twice
    if (c.multiplier != "toom-k") continue;
    const Params p = Params::parse(c.params);
    const unsigned word = p.get("word", "16") == "32" ? 32 : 16;
    CHECK(max_q_bits(total_bits_lost(c.params, 256), word) >= 13);  // q = 2^13
    // 32-bit words only where 16 bits cannot hold q beside the lost bits.
    if (word == 32) CHECK(max_q_bits(total_bits_lost(c.params, 256), 16) < 13);
  }
  CHECK(space.widened > 0);
  // The one-prime NTT cannot hold a full-range product of this ring.
  CHECK(space.pruned_by_ntt_bound > 0);
  CHECK(texts.count("toom4-k2"));  // the catalogue's plans are candidates
  CHECK(texts.count("ntt"));
  CHECK_FALSE(texts.count("kronecker"));  // the variable-time oracle is not
}

TEST_CASE("tune space: a SIMD ISA offers only the variants its kernels implement") {
  if (!isa_available(Isa::avx2)) return;  // the portable case above covers the rest
  const auto space = enumerate_space("saber", Isa::avx2, small_limits());
  CHECK(space.no_kernels > 0);
  for (const auto& c : space.candidates)
    CHECK_NOTHROW(make_multiplier("saber", c.multiplier, Params::parse(c.params), Isa::avx2));
}

TEST_CASE("tune space: point sets are derived exactly and ranked by what they lose and cost") {
  const auto sets = point_sets_for(3, 16);
  REQUIRE_FALSE(sets.empty());
  for (std::size_t i = 1; i < sets.size(); ++i) CHECK(sets[i - 1].bits_lost <= sets[i].bits_lost);
  for (const auto& s : sets) {
    CHECK(s.points.size() == 5);
    CHECK(derive_toom(s.points).bits_lost == s.bits_lost);
  }
  // Karatsuba's {0, 1, inf} divides by nothing and is the cheapest k = 2 set.
  CHECK(point_sets_for(2, 1).front().text() == "0,1,inf");
  CHECK_THROWS_AS(point_sets_for(1, 1), std::invalid_argument);
}

TEST_CASE("pareto ranks: the front first, then the front of the rest") {
  const std::vector<Objectives> p = {{1, 5, 5}, {2, 1, 5}, {3, 3, 3}, {4, 6, 6}, {2, 1, 5}};
  const auto r = pareto_ranks(p);
  CHECK(r == std::vector<std::size_t>{0, 0, 0, 1, 0});  // equal points dominate neither
  CHECK(dominates({1, 1, 1}, {1, 1, 2}));
  CHECK_FALSE(dominates({1, 1, 1}, {1, 1, 1}));
  CHECK_FALSE(dominates({0, 2, 1}, {1, 1, 1}));
}

TEST_CASE("tune: successive halving keeps the catalogue, stays within its budget and resumes") {
  TempDir dir;
  TuneSettings s;
  s.ring = "saber";
  s.operations = {"mul"};
  s.limits = small_limits();
  s.budget_seconds = 60;
  s.final_survivors = 2;
  FakeMeasurer fake;
  std::ostringstream log;
  const auto measure = [&](std::vector<BenchCase>& c, const RepetitionSettings& r) { fake(c, r); };
  const TuneResult first = run_tune(s, dir.path.string(), measure, no_memory, log);
  REQUIRE(first.rungs.size() >= 2);
  CHECK(first.rungs.back().final);
  // Each rung measured at most half (rounded up) of the one before, plus the catalogue.
  std::size_t catalogue = 0;
  for (const auto& c : first.space.candidates) catalogue += c.catalogue;
  for (std::size_t r = 1; r + 1 < first.rungs.size(); ++r)
    CHECK(first.rungs[r].cases <= (first.rungs[r - 1].cases + 1) / 2 + catalogue);
  // The final rung spent budget left over on repetitions, within bounds.
  CHECK(first.final_rows.front().repetitions >= 10);
  CHECK(first.final_rows.front().repetitions <= 30);
  // Every catalogue plan reached the final rung; the front is non-empty and undominated.
  std::set<std::string> finals;
  for (const auto& row : first.final_rows) finals.insert(multiplier_text(row));
  for (const auto& c : first.space.candidates)
    if (c.catalogue) CHECK(finals.count(c.text()));
  REQUIRE_FALSE(first.front.empty());
  for (auto f : first.front)
    for (const auto& row : first.final_rows)
      CHECK_FALSE(dominates(*row_objectives(row), *row_objectives(first.final_rows[f])));
  // The fastest final row is a winner.
  const auto winners = tune_winners(first);
  REQUIRE(winners.size() == 1);
  for (const auto& row : first.final_rows) CHECK(*first.final_rows[winners.front()].median <= *row.median);

  // A finished search resumes to the same answer without measuring again.
  const std::size_t before = fake.cases_measured;
  const TuneResult again = run_tune(s, dir.path.string(), measure, no_memory, log);
  CHECK(again.resumed);
  CHECK(fake.cases_measured == before);
  CHECK(again.final_rows.size() == first.final_rows.size());
  CHECK(again.spent_seconds == first.spent_seconds);  // rebuilding the cases is not search time
  CHECK(tune_summary(s, again, dir.path.string()) == tune_summary(s, first, dir.path.string()));

  // Another search in the same directory is refused.
  TuneSettings other = s;
  other.limits.max_levels = 1;
  CHECK_THROWS_AS(run_tune(other, dir.path.string(), measure, no_memory, log), std::runtime_error);
}

TEST_CASE("tune: a search stopped after a rung goes on from there") {
  TempDir dir;
  TuneSettings s;
  s.ring = "saber";
  s.operations = {"mul"};
  s.limits = small_limits();
  s.budget_seconds = 60;
  s.final_survivors = 2;
  std::ostringstream log;
  // The first run stops (an exception, as from a signal) when its second rung starts.
  std::size_t calls = 0;
  const auto interrupted = [&](std::vector<BenchCase>& c, const RepetitionSettings& r) {
    if (++calls == 2) throw std::runtime_error("stopped");
    FakeMeasurer f;
    f(c, r);
  };
  CHECK_THROWS_AS(run_tune(s, dir.path.string(), interrupted, no_memory, log), std::runtime_error);
  FakeMeasurer fake;
  const auto measure = [&](std::vector<BenchCase>& c, const RepetitionSettings& r) { fake(c, r); };
  const TuneResult resumed = run_tune(s, dir.path.string(), measure, no_memory, log);
  CHECK(resumed.resumed);
  REQUIRE(resumed.rungs.size() >= 2);
  // Rung 0 was not measured again: the first rung of this run had at most half of it (and the catalogue).
  CHECK(fake.rungs == resumed.rungs.size() - 1);
}

TEST_CASE("tune: bad settings are refused") {
  TempDir dir;
  TuneSettings s;
  s.ring = "saber";
  s.operations = {"transform"};
  FakeMeasurer fake;
  std::ostringstream log;
  const auto measure = [&](std::vector<BenchCase>& c, const RepetitionSettings& r) { fake(c, r); };
  CHECK_THROWS_AS(run_tune(s, dir.path.string(), measure, no_memory, log), std::invalid_argument);
  s.operations = {"mul"};
  s.ring = "no-such-ring";
  CHECK_THROWS_AS(run_tune(s, dir.path.string(), measure, no_memory, log), std::invalid_argument);
  s.ring = "saber";
  s.budget_seconds = 0;
  CHECK_THROWS_AS(run_tune(s, dir.path.string(), measure, no_memory, log), std::invalid_argument);
  CHECK(fake.rungs == 0);
}

}  // namespace pqmul_tests::experiments_test_tune
