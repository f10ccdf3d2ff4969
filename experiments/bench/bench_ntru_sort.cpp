// The constant-time sorting network of NTRU's fixed-type sampling, in median
// TSC ticks per call: ntru/sort/<length>/<isa> for the padded lengths of the
// HPS parameter sets (512: hps2048509; 1024: hps2048677, hps4096821), and
// ntru/sort/<length>-live<n>/avx2 with the keys past n padding, as the
// sampler sorts them (the padding's comparators left out).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "bench_registration.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/ntru/sort.hpp"
#include "tsc_counter.hpp"

namespace {

using namespace pqmul;

struct alignas(32) Keys {
  std::int32_t v[1024];
};

Keys random_keys() {
  std::mt19937 rng(5);
  Keys keys;
  for (auto& k : keys.v) k = static_cast<std::int32_t>(rng());
  return keys;
}

const bench::Registration registration([] {
  for (std::size_t length : {std::size_t{512}, std::size_t{1024}}) {
    benchmark::RegisterBenchmark(("ntru/sort/" + std::to_string(length) + "/portable").c_str(),
                                 [length](benchmark::State& s) {
                                   const Keys source = random_keys();
                                   Keys keys;
                                   bench::measure_ticks(s, [&] {
                                     keys = source;  // (a 4 KB copy: about 1% of the time)
                                     ntru::sort_int32_pow2_portable(keys.v, length);
                                     benchmark::DoNotOptimize(keys.v);
                                   });
                                 });
#if defined(PQMUL_X86_SIMD)
    if (!isa_available(Isa::avx2)) continue;
    benchmark::RegisterBenchmark(("ntru/sort/" + std::to_string(length) + "/avx2").c_str(),
                                 [length](benchmark::State& s) {
                                   const Keys source = random_keys();
                                   Keys keys;
                                   bench::measure_ticks(s, [&] {
                                     keys = source;  // (a 4 KB copy: about 1% of the time)
                                     ntru::sort_int32_pow2_avx2(keys.v, length);
                                     benchmark::DoNotOptimize(keys.v);
                                   });
                                 });
    const std::size_t live = length == 512 ? 508 : 676;
    benchmark::RegisterBenchmark(("ntru/sort/" + std::to_string(length) + "-live" + std::to_string(live) + "/avx2").c_str(),
                                 [length, live](benchmark::State& s) {
                                   Keys source = random_keys();
                                   for (std::size_t i = live; i < length; ++i) source.v[i] = INT32_MAX;
                                   Keys keys;
                                   bench::measure_ticks(s, [&] {
                                     keys = source;
                                     ntru::sort_int32_pow2_avx2(keys.v, length, live);
                                     benchmark::DoNotOptimize(keys.v);
                                   });
                                 });
#endif
  }
});

}  // namespace
