// The catalogue of (ring, multiplier) pairs. Adding a multiplier: its own
// file with a factory, and one line in add_ring_entries below (or, from
// outside the library, one register_multiplier call).
#include "pqmul/algorithms/registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "kronecker_registry.hpp"
#include "pqmul/algorithms/ntt/ntt_registry.hpp"
#include "pqmul/algorithms/toom_simd.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "toom_cook/toom_cook_registry.hpp"

namespace pqmul {
namespace {

// The entry of `multiplier` among the ring's entries so far; throws when
// there is none, so an attachment never lands on another entry.
// (Unused in builds without SIMD kernels.)
[[maybe_unused]] RegistryEntry& entry_named(std::vector<RegistryEntry>& entries, const std::string& ring,
                                            std::string_view multiplier) {
  for (auto& e : entries)
    if (e.ring == ring && e.multiplier == multiplier) return e;
  throw std::logic_error("registry: no entry " + ring + "/" + std::string(multiplier) + " to attach a kernel to");
}

template <RingDescription R>
void add_ring_entries(std::vector<RegistryEntry>& entries, const std::vector<RegistryEntry>& ntt_entries) {
  const std::string ring(R::name);
  auto toom = [&](std::string name, std::string description, std::vector<std::string> variants) {
    entries.push_back({ring, name, std::move(description), std::move(variants),
                       [name](const Params& p) { return make_toom_ring_multiplier<R>(name, p); }});
    entries.back().typed = TypedPath::toom_cook;
  };
  for (const ToomPlan& plan : toom_plan_catalogue()) {
    std::vector<std::string> variants = plan.variants;
    if constexpr (R::power_of_two_q)
      variants.insert(variants.end(), plan.power_of_two_q_variants.begin(), plan.power_of_two_q_variants.end());
    toom(std::string(plan.name), std::string(plan.description), std::move(variants));
  }
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
  if constexpr (toom_simd_supports<R>) {
    static_assert(!toom_simd_plan<R>.empty(), "the toom kernels' split of this ring is no catalogue plan");
    for (const std::string_view plan : toom_simd_plans<R>())
      for (const Isa isa : toom_simd::kernel_isas())
        entry_named(entries, ring, plan).simd.emplace_back(isa, [plan, isa](const Params& p) {
          return make_toom_simd_ring_multiplier<R>(p, isa, plan);
        });
  }
#endif
  for (const auto& e : ntt_entries)
    if (e.ring == ring) entries.push_back(e);
  entries.push_back({ring,
                     "kronecker",
                     "Kronecker substitution into one big-integer product (the oracle)",
                     {""},
                     [](const Params& p) { return make_kronecker_ring_multiplier<R>(p); }});
  entries.back().typed = TypedPath::kronecker;
  entries.back().variable_time = true;
}

std::vector<RegistryEntry> build_registry() {
  std::vector<RegistryEntry> entries;
  const auto ntt_entries = ntt_registry_entries();
  for_each_ring([&]<class R>() { add_ring_entries<R>(entries, ntt_entries); });
  return entries;
}

void add_unique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

}  // namespace

std::string RingMultiplier::id() const {
  const std::string p = params();
  return std::string(ring().name) + "/" + name() + (p.empty() ? "" : "-" + p) + "/" + isa();
}

namespace {

// The catalogue and the entries registered before the first read.
struct RegistryState {
  std::vector<RegistryEntry> entries = build_registry();
  bool read = false;
};

RegistryState& registry_state() {
  static RegistryState state;
  return state;
}

}  // namespace

const std::vector<RegistryEntry>& multiplier_registry() {
  auto& state = registry_state();
  state.read = true;
  return state.entries;
}

void register_multiplier(RegistryEntry entry) {
  auto& state = registry_state();
  const std::string what = entry.ring + "/" + entry.multiplier;
  if (state.read)
    throw std::logic_error("register_multiplier(" + what +
                           "): the registry was read already; register from a "
                           "namespace-scope object");
  if (!entry.make) throw std::invalid_argument("register_multiplier(" + what + "): no maker");
  bool ring_known = false;
  for (const auto& e : state.entries) {
    if (e.ring == entry.ring && e.multiplier == entry.multiplier)
      throw std::logic_error("register_multiplier(" + what + "): registered already");
    ring_known = ring_known || e.ring == entry.ring;
  }
  if (!ring_known) throw std::invalid_argument("register_multiplier(" + what + "): unknown ring");
  if (entry.variants.empty()) entry.variants = {""};
  state.entries.push_back(std::move(entry));
}

const RegistryEntry* find_registry_entry(std::string_view ring, std::string_view multiplier) {
  for (const auto& e : multiplier_registry())
    if (e.ring == ring && e.multiplier == multiplier) return &e;
  return nullptr;
}

Params RegistryEntry::default_params() const { return variants.empty() ? Params{} : Params::parse(variants.front()); }

std::vector<std::string> registered_rings() {
  std::vector<std::string> r;
  for (const auto& e : multiplier_registry()) add_unique(r, e.ring);
  return r;
}

std::vector<std::string> registered_multipliers() {
  std::vector<std::string> r;
  for (const auto& e : multiplier_registry()) add_unique(r, e.multiplier);
  return r;
}

std::vector<std::string> multipliers_for_ring(std::string_view ring) {
  std::vector<std::string> r;
  for (const auto& e : multiplier_registry())
    if (e.ring == ring) add_unique(r, e.multiplier);
  return r;
}

std::vector<Isa> RegistryEntry::compiled() const {
  std::vector<Isa> out = {Isa::portable};
  for (const auto& [isa, make_simd] : simd) out.push_back(isa);
  return out;
}

namespace {

// The maker of the requested ISA, or of the best one the CPU runs.
const std::function<std::unique_ptr<RingMultiplier>(const Params&)>& maker_for(const RegistryEntry& e,
                                                                               std::optional<Isa> isa) {
  const Isa chosen = isa ? *isa : best_available_isa(e.compiled());
  if (chosen == Isa::portable) return e.make;
  for (const auto& [candidate, make_simd] : e.simd)
    if (candidate == chosen) {
      if (const std::string why = isa_unavailable_reason(chosen); !why.empty())
        throw UnknownChoice(e.ring + "/" + e.multiplier + "/" + std::string(isa_name(chosen)) + " cannot run: " + why);
      return make_simd;
    }
  std::vector<std::string_view> have;
  for (Isa i : e.compiled()) have.push_back(isa_name(i));
  throw UnknownChoice(e.ring + "/" + e.multiplier + " has no " + std::string(isa_name(*isa)) +
                      " version (built: " + fmt::format("{}", fmt::join(have, ", ")) + ")");
}

}  // namespace

std::unique_ptr<RingMultiplier> make_multiplier(std::string_view ring, std::string_view multiplier,
                                                const Params& params, std::optional<Isa> isa) {
  const auto rings = registered_rings();
  if (std::find(rings.begin(), rings.end(), ring) == rings.end())
    throw UnknownChoice("unknown ring '" + std::string(ring) +
                        "' (valid: " + fmt::format("{}", fmt::join(rings, ", ")) + ")");
  for (const auto& e : multiplier_registry())
    if (e.ring == ring && e.multiplier == multiplier) {
      const auto& make = maker_for(e, isa);
      try {
        // No parameters: the entry's default variant (toom-k needs points).
        auto m = make(params.empty() ? e.default_params() : params);
        // A SIMD maker hands variants it has no kernels for to the portable code.
        if (isa && m->isa() != isa_name(*isa))
          throw UnknownChoice(e.ring + "/" + e.multiplier + " with parameters '" + params.to_string() + "' has no " +
                              std::string(isa_name(*isa)) + " version");
        return m;
      } catch (const std::invalid_argument& err) {
        throw UnknownChoice(std::string(multiplier) + " is invalid for ring " + std::string(ring) + ": " + err.what());
      }
    }
  throw UnknownChoice("unknown multiplier '" + std::string(multiplier) + "' for ring " + std::string(ring) +
                      " (valid: " + fmt::format("{}", fmt::join(multipliers_for_ring(ring), ", ")) + ")");
}

}  // namespace pqmul
