// pqmul list: the rings, multipliers (with parameters), strategies and ISAs.
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "command.hpp"
#include "pqmul/algorithms/registry.hpp"

namespace pqmul::cli {
namespace {

std::vector<std::string> compiled_isas() { return {"portable"}; }

void run_list(bool as_json) {
  std::vector<RingInfo> rings;
  for_each_ring([&]<class R>() { rings.push_back(ring_info<R>()); });
  if (as_json) {
    nlohmann::json j;
    for (const auto& r : rings)
      j["rings"].push_back({{"name", r.name}, {"n", r.n}, {"q", r.q},
                            {"modulus", r.wrap == Wrap::cyclic ? "x^n - 1" : "x^n + 1"}});
    for (const auto& e : multiplier_registry())
      j["multipliers"].push_back({{"ring", e.ring}, {"name", e.multiplier}, {"description", e.description},
                                  {"variants", e.variants}});
    for (Strategy s : all_strategies) j["strategies"].push_back(std::string(to_string(s)));
    j["isas"] = compiled_isas();
    fmt::print("{}\n", j.dump(2));
    return;
  }
  fmt::print("rings:\n");
  for (const auto& r : rings)
    fmt::print("  {:<18} n = {:<4} q = {:<5} x^n {} 1\n", r.name, r.n, r.q, r.wrap == Wrap::cyclic ? '-' : '+');
  fmt::print("multipliers:\n");
  for (const auto& name : registered_multipliers()) {
    std::string rings_of, description;
    for (const auto& e : multiplier_registry())
      if (e.multiplier == name) {
        rings_of += (rings_of.empty() ? "" : ", ") + e.ring;
        description = e.description;
      }
    fmt::print("  {:<11} {}\n  {:<11} rings: {}\n", name, description, "", rings_of);
  }
  fmt::print("strategies: eager, lazy, cached\nisas: ");
  for (const auto& i : compiled_isas()) fmt::print("{} ", i);
  fmt::print("\n");
}

const CommandRegistration registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List rings, multipliers, strategies and ISAs");
  static bool as_json = false;
  cmd->add_flag("--json", as_json, "machine-readable output");
  cmd->callback([] { run_list(as_json); });
});

}  // namespace
}  // namespace pqmul::cli
