// Sweep specs (`pqmul sweep SPEC`): the TOML parser, then the plan it expands
// into, against this binary's registries and a fixed x86-64 host with AVX2
// and AVX-512 (so every ISA section is planned, none skipped for the CPU).
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "pqmul/experiments/sweep_plan.hpp"
#include "pqmul/experiments/sweep_spec.hpp"

namespace {

const pqmul::experiments::HostInfo& fixed_host() {
  static const pqmul::experiments::HostInfo host{
      "x86_64", "fuzzing host", {"avx2", "bmi2", "avx512f", "avx512bw", "avx512vl"}, "fuzz", 2};
  return host;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pqmul::experiments;
  static const Catalogue catalogue = catalogue_from_registries();
  const std::string text = pqmul::fuzz::text_of(data, size);
  SweepSpec spec;
  if (!pqmul::fuzz::completes<SpecError>([&] { spec = parse_sweep_spec(text, "input"); })) return 0;
  Plan plan;
  if (!pqmul::fuzz::completes<SpecError>([&] { plan = make_plan(spec, catalogue, fixed_host()); })) return 0;
  for (const auto& job : plan.jobs)
    pqmul::fuzz::require(job.tree < plan.trees.size(),
                         "a job of tree " + std::to_string(job.tree) + " of " + std::to_string(plan.trees.size()));
  return 0;
}
