// pqmul list: the rings, multipliers (with parameters), strategies, ISAs, and
// which (ring or scheme, multiplier, ISA) combinations exist and can run here.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "command.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/kernel_families.hpp"

namespace pqmul::cli {
namespace {

// "avx2" or "avx2 (cannot run: <reason>)".
std::string availability(Isa isa) {
  const std::string why = isa_unavailable_reason(isa);
  return why.empty() ? std::string(isa_name(isa)) : fmt::format("{} (cannot run: {})", isa_name(isa), why);
}

nlohmann::json isa_json(const std::vector<Isa>& isas) {
  nlohmann::json j = nlohmann::json::array();
  for (Isa i : isas) j.push_back({{"isa", isa_name(i)}, {"runs_here", isa_available(i)},
                                  {"why_not", isa_unavailable_reason(i)}});
  return j;
}

// One row per kernel of every family: which backend runs it in an object
// built for each ISA on a CPU with all of that ISA's features (what --isa
// means), on an AVX-512 CPU without VBMI2, and here (the best ISA of this CPU).
struct KernelRow {
  std::string_view family, kernel;
  Isa portable, avx2, avx512, avx512_without_vbmi2, here;
};

std::vector<KernelRow> kernel_rows() {
  CpuFeatures without_vbmi2 = all_features_up_to(Isa::avx512);
  without_vbmi2.avx512_vbmi2 = false;
  std::vector<KernelRow> rows;
  for (const auto& family : kernel_families()) {
    const auto portable = family.resolved(all_features_up_to(Isa::portable));
    const auto avx2 = family.resolved(all_features_up_to(Isa::avx2));
    const auto avx512 = family.resolved(all_features_up_to(Isa::avx512));
    const auto no_vbmi2 = family.resolved(without_vbmi2);
    const auto here = family.resolved(features_up_to(best_isa()));
    for (std::size_t i = 0; i < portable.size(); ++i)
      rows.push_back({family.name, portable[i].first, portable[i].second, avx2[i].second, avx512[i].second,
                      no_vbmi2[i].second, here[i].second});
  }
  return rows;
}

void run_list_kernels(bool as_json) {
  const auto rows = kernel_rows();
  if (as_json) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& r : rows)
      j.push_back({{"family", r.family}, {"kernel", r.kernel}, {"portable", isa_name(r.portable)},
                   {"avx2", isa_name(r.avx2)}, {"avx512", isa_name(r.avx512)},
                   {"avx512_without_vbmi2", isa_name(r.avx512_without_vbmi2)}, {"here", isa_name(r.here)}});
    fmt::print("{}\n", nlohmann::json{{"kernels", j}, {"best_isa", isa_name(best_isa())}}.dump(2));
    return;
  }
  fmt::print("The backend that runs each kernel of a KEM built with --isa portable / avx2 / avx512 (on a CPU\n"
             "with every feature of that ISA; in brackets where an AVX-512 CPU lacks VBMI2), and here ({}):\n",
             isa_name(best_isa()));
  std::string_view family;
  for (const auto& r : rows) {
    if (r.family != family) {
      family = r.family;
      for (const auto& f : kernel_families())
        if (f.name == family) fmt::print("{} ({})\n", f.name, f.used_by);
    }
    const std::string avx512 = r.avx512 == r.avx512_without_vbmi2
                                   ? std::string(isa_name(r.avx512))
                                   : fmt::format("{} [{}]", isa_name(r.avx512), isa_name(r.avx512_without_vbmi2));
    fmt::print("  {:<20} {:<9} {:<9} {:<15} here: {}\n", r.kernel, isa_name(r.portable), isa_name(r.avx2), avx512,
               isa_name(r.here));
  }
  fmt::print("The multipliers' own kernels (NTT, Toom-Cook) are chosen by the registry: see `pqmul list`.\n");
}

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
                                  {"variants", e.variants}, {"isas", isa_json(e.compiled())}});
    for (const auto& k : kem_registry())
      for (const auto& m : k.multipliers)
        j["kems"].push_back({{"scheme", k.scheme}, {"multiplier", m}, {"isas", isa_json(k.isas(m))}});
    for (Strategy s : all_strategies) j["strategies"].push_back(std::string(to_string(s)));
    j["isas"] = isa_json(compiled_isas());
    j["best_isa"] = isa_name(best_isa());
    fmt::print("{}\n", j.dump(2));
    return;
  }
  fmt::print("rings:\n");
  for (const auto& r : rings)
    fmt::print("  {:<18} n = {:<4} q = {:<5} x^n {} 1\n", r.name, r.n, r.q, r.wrap == Wrap::cyclic ? '-' : '+');
  fmt::print("multipliers:\n");
  for (const auto& name : registered_multipliers()) {
    std::vector<std::string> rings_of;
    std::string description;
    for (const auto& e : multiplier_registry())
      if (e.multiplier == name) {
        rings_of.push_back(e.ring);
        description = e.description;
      }
    fmt::print("  {:<11} {}\n  {:<11} rings: {}\n", name, description, "", fmt::join(rings_of, ", "));
  }
  fmt::print("strategies: eager, lazy, cached\nisas built:");
  for (Isa i : compiled_isas()) fmt::print(" {}", availability(i));
  fmt::print("\nSIMD versions (ring or scheme / multiplier: ISAs):\n");
  for (const auto& e : multiplier_registry())
    if (!e.simd.empty()) {
      fmt::print("  {}/{}:", e.ring, e.multiplier);
      for (const auto& [i, make] : e.simd) fmt::print(" {}", availability(i));
      fmt::print("\n");
    }
  for (const auto& k : kem_registry())
    for (const auto& m : k.multipliers)
      if (const auto isas = k.isas(m); isas.size() > 1) {
        fmt::print("  {}/{}:", k.scheme, m);
        for (std::size_t i = 1; i < isas.size(); ++i) fmt::print(" {}", availability(isas[i]));
        fmt::print("\n");
      }
  fmt::print("best ISA here: {}\n", isa_name(best_isa()));
}

const CommandRegistration list_registration([](CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List rings, multipliers, strategies and ISAs");
  static bool as_json = false, kernels = false;
  cmd->add_flag("--json", as_json, "machine-readable output");
  cmd->add_flag("--kernels", kernels, "which backend runs each kernel of the KEMs for every ISA");
  cmd->callback([] { kernels ? run_list_kernels(as_json) : run_list(as_json); });
});

}  // namespace
}  // namespace pqmul::cli
