// google-benchmark entry point; every bench_*.cpp registers its benchmarks
// dynamically (from the registries) before the run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <exception>

#include "bench_registration.hpp"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  try {
    for (auto& add : pqmul::bench::registrations()) add();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pqmul_bench: %s\n", e.what());
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
