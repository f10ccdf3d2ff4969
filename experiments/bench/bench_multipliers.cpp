// Multiplier benchmarks: mul, transform, multiply_accumulate and inverse for
// every ring x multiplier of the registry (default parameters), in median
// TSC ticks. Names: mul/<ring>/<multiplier>[-<params>]/<isa>/<step>.
#include <memory>
#include <random>

#include "bench_registration.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "tsc_counter.hpp"

namespace pqmul::bench {
namespace {

std::vector<std::uint16_t> random_poly(const RingInfo& r, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::uint32_t> coeff(0, r.q - 1);
  std::vector<std::uint16_t> p(r.n);
  for (auto& c : p) c = static_cast<std::uint16_t>(coeff(rng));
  return p;
}

void register_multiplier_benchmarks() {
  std::mt19937_64 rng(42);
  for (const auto& entry : multiplier_registry()) {
    std::shared_ptr<RingMultiplier> m = entry.make(Params::parse(entry.variants.front()));
    const auto a = random_poly(m->ring(), rng), b = random_poly(m->ring(), rng);
    std::shared_ptr<StepRunner> steps = m->steps(a, b);
    const std::string base = "mul/" + m->id() + "/";
    benchmark::RegisterBenchmark((base + "mul").c_str(), [steps, m](benchmark::State& s) {
      measure_ticks(s, [&] { steps->mul(); });
    });
    benchmark::RegisterBenchmark((base + "transform").c_str(), [steps, m](benchmark::State& s) {
      measure_ticks(s, [&] { steps->transform(); });
    });
    benchmark::RegisterBenchmark((base + "multiply_accumulate").c_str(), [steps, m](benchmark::State& s) {
      measure_ticks(s, [&] { steps->multiply_accumulate(); });
    });
    benchmark::RegisterBenchmark((base + "inverse").c_str(), [steps, m](benchmark::State& s) {
      measure_ticks(s, [&] { steps->inverse(); });
    });
  }
}

const Registration registration(register_multiplier_benchmarks);

}  // namespace
}  // namespace pqmul::bench
