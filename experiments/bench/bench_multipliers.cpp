// Multiplier benchmarks: mul, transform, multiply_accumulate, inverse and the
// rank-3 matrix-vector product (cached strategy, as the KEMs run it) for every
// ring x multiplier of the registry (default parameters), in median TSC ticks.
// Names: mul/<ring>/<multiplier>[-<params>]/<isa>/<step>, the steps named as
// `pqmul bench --ops` names them.
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

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

void register_one(std::shared_ptr<RingMultiplier> m, std::mt19937_64& rng) {
  {
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
    constexpr std::size_t rank = 3;
    std::vector<std::uint16_t> matrix, v;
    for (std::size_t k = 0; k < rank * rank; ++k) {
      const auto p = random_poly(m->ring(), rng);
      matrix.insert(matrix.end(), p.begin(), p.end());
    }
    for (std::size_t k = 0; k < rank; ++k) {
      const auto p = random_poly(m->ring(), rng);
      v.insert(v.end(), p.begin(), p.end());
    }
    std::shared_ptr<ModuleRunner> module;
    try {
      module = m->module(matrix, v, rank, Strategy::cached);
    } catch (const std::invalid_argument&) {
      return;  // a multiplier that cannot accumulate rank 3 products has no such row
    }
    benchmark::RegisterBenchmark((base + "matrix-vector").c_str(), [module, m](benchmark::State& s) {
      measure_ticks(s, [&] { module->matrix_vector(); });
    });
  }
}

// The portable version of every entry and each SIMD version this CPU runs.
void register_multiplier_benchmarks() {
  std::mt19937_64 rng(42);
  for (const auto& entry : multiplier_registry()) {
    const Params params = Params::parse(entry.variants.front());
    register_one(entry.make(params), rng);
    for (const auto& [isa, make] : entry.simd)
      if (isa_available(isa)) register_one(make(params), rng);
  }
}

const Registration registration(register_multiplier_benchmarks);

}  // namespace
}  // namespace pqmul::bench
