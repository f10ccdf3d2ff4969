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

// Registers ntru/sort/<name>: `sort` on `length` keys, those past `live` set
// to the padding value.
template <class Sort>
void register_sort(const std::string& name, std::size_t length, std::size_t live, Sort sort) {
  benchmark::RegisterBenchmark(("ntru/sort/" + name).c_str(), [length, live, sort](benchmark::State& s) {
    Keys source = random_keys();
    for (std::size_t i = live; i < length; ++i) source.v[i] = INT32_MAX;
    Keys keys;
    bench::measure_ticks(s, [&] {
      keys = source;  // (a 4 KB copy: about 1% of the time)
      sort(keys.v, length, live);
      benchmark::DoNotOptimize(keys.v);
    });
  });
}

const bench::Registration registration([] {
  for (std::size_t length : {std::size_t{512}, std::size_t{1024}}) {
    const std::string size = std::to_string(length);
    register_sort(size + "/portable", length, length,
                  [](std::int32_t* x, std::size_t n, std::size_t) { ntru::sort_int32_pow2_portable(x, n); });
#if defined(PQMUL_X86_SIMD)
    if (!isa_available(Isa::avx2)) continue;
    const auto avx2 = [](std::int32_t* x, std::size_t n, std::size_t live) { ntru::sort_int32_pow2_avx2(x, n, live); };
    register_sort(size + "/avx2", length, length, avx2);
    const std::size_t live = length == 512 ? 508 : 676;
    register_sort(size + "-live" + std::to_string(live) + "/avx2", length, live, avx2);
#endif
  }
});

}  // namespace
