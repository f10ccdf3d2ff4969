// pqmul mul: checks multipliers against the Kronecker oracle on random and
// extreme inputs, one verdict line per case; exit 1 on any mismatch.
#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <random>

#include "command.hpp"
#include "multiplier_options.hpp"
#include "pqmul/experiments/oracle_verdicts.hpp"

namespace pqmul::cli {
namespace {

struct Tally {
  std::size_t cases = 0, failures = 0;
};

// One (multiplier, strategy) combination: every shape, `trials` random cases.
Tally check(const RingMultiplier& m, const RingMultiplier& oracle, std::optional<Strategy> strategy, std::size_t rank,
            std::size_t trials, std::uint64_t seed, bool verbose) {
  std::mt19937_64 rng(seed);
  const RingInfo r = m.ring();
  // A multiplier built for bounded factors (bound-a=, bound-b=) gets inputs within them.
  const auto [bound_a, bound_b] = experiments::operand_bounds(m);
  Tally t;
  for (experiments::Shape shape : experiments::all_shapes) {
    const std::size_t repeats = shape == experiments::Shape::random ? trials : 1;
    for (std::size_t k = 0; k < repeats; ++k) {
      const std::size_t rows = std::max<std::size_t>(rank, 1);
      auto a = experiments::input(r, shape, rank ? rank * rank : 1, bound_a, rng);
      auto b = experiments::input(r, experiments::Shape::random, rows, bound_b, rng);
      std::vector<std::uint16_t> got(rows * r.n), want(rows * r.n);
      std::string what;
      if (rank == 0) {
        m.mul(a, b, got);
        oracle.mul(a, b, want);
        what = "product";
      } else {
        m.matrix_vector(a, b, got, rank, Transpose::no, *strategy, nullptr);
        oracle.matrix_vector(a, b, want, rank, Transpose::no, Strategy::lazy, nullptr);
        what = fmt::format("matrix-vector rank {} {}", rank, to_string(*strategy));
      }
      const bool ok = got == want;
      ++t.cases;
      if (!ok) ++t.failures;
      if (verbose)
        fmt::print("{} {:<40} {:<34} {}\n", ok ? "PASS" : "FAIL", m.id(), what,
                   shape == experiments::Shape::random ? fmt::format("random #{}", k) : experiments::shape_name(shape));
    }
  }
  return t;
}

std::vector<std::string> expand(const std::string& choice, const std::vector<std::string>& all) {
  return choice == "all" ? all : std::vector<std::string>{choice};
}

// The ISAs to check for one (ring, multiplier): nullopt = the best one.
std::vector<std::optional<Isa>> isas_to_check(const std::string& choice, std::string_view ring, std::string_view name) {
  if (choice.empty()) return {std::nullopt};
  if (choice != "all") return {isa_from_name(choice)};
  std::vector<std::optional<Isa>> out;
  for (const auto& e : multiplier_registry())
    if (e.ring == ring && e.multiplier == name)
      for (Isa i : e.compiled())
        if (isa_available(i)) out.emplace_back(i);
  if (out.empty()) out.emplace_back(std::nullopt);  // unknown name: make_multiplier explains
  return out;
}

void run_mul(const MultiplierChoice& c, std::size_t trials, std::uint64_t seed, bool table) {
  std::vector<std::optional<Strategy>> strategies;
  if (c.rank == 0)
    strategies.push_back(std::nullopt);
  else if (c.strategy.empty() || c.strategy == "all")
    for (Strategy s : all_strategies) strategies.push_back(s);
  else
    strategies.push_back(parse_strategy(c.strategy));

  std::size_t failures = 0, combos = 0;
  if (table) fmt::print("{:<58} {:<8} {:>6} {:>6}  {}\n", "id", "strategy", "cases", "failed", "verdict");
  for (const auto& ring : expand(c.ring, registered_rings())) {
    auto names = c.multiplier == "all" ? multipliers_for_ring(ring) : std::vector<std::string>{c.multiplier};
    auto oracle = make_multiplier(ring, "kronecker");
    for (const auto& name : names)
      for (const auto& isa : isas_to_check(c.isa, ring, name)) {
      std::unique_ptr<RingMultiplier> m;
      try {
        m = make_multiplier(ring, name, Params::parse(c.params), isa);
      } catch (const UnknownChoice&) {
        if (c.isa != "all" || !isa || *isa == Isa::portable) throw;
        continue;  // 'all': this variant has no kernels on that ISA
      }
      for (auto s : strategies) {
        Tally t = check(*m, *oracle, s, c.rank, trials, seed, !table);
        ++combos;
        failures += t.failures;
        if (table)
          fmt::print("{:<58} {:<8} {:>6} {:>6}  {}\n", m->id(), s ? std::string(to_string(*s)) : "-", t.cases,
                     t.failures, t.failures ? "FAIL" : "ok");
      }
    }
  }
  if (failures) throw Failure(1, fmt::format("{} mismatching case(s)", failures));
  if (table) fmt::print("all {} combinations agree with the Kronecker oracle\n", combos);
}

const CommandRegistration mul_registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("mul", "Check a multiplier against the Kronecker oracle");
  static MultiplierChoice choice;
  static std::size_t trials = 4;
  static std::uint64_t seed = 1;
  choice.add_to(*cmd, true);
  cmd->add_option("--trials", trials, "random cases per combination")
      ->check(whole_in(0, 1'000'000))
      ->capture_default_str();
  cmd->add_option("--seed", seed, "seed of the input generator")->check(any_unsigned64())->capture_default_str();
  static bool table = false;
  cmd->add_flag("--table", table, "one summary row per combination");
  cmd->callback([] { run_mul(choice, trials, seed, table); });
});

}  // namespace
}  // namespace pqmul::cli
