// google-benchmark entry point; every bench_*.cpp registers its benchmarks
// dynamically (from the registries) before the run.
#include <benchmark/benchmark.h>

#include "bench_registration.hpp"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  for (auto& add : pqmul::bench::registrations()) add();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
