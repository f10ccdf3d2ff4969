// TinyJAMBU encryption throughput per variant: message bytes per TSC tick for
// 64, 256, 1024 and 4096-byte messages with 32 bytes of associated data.
// Benchmark names: tinyjambu/encrypt/<variant id>/<message bytes>.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bench_registration.hpp"
#include "pqmul/schemes/tinyjambu/variants.hpp"
#include "tsc_counter.hpp"

namespace {

void bench_encrypt(benchmark::State& state, const pqmul::tinyjambu::AeadVariant& v, std::size_t message_bytes) {
  std::vector<std::uint8_t> key(v.key_bytes, 0x5A), message(message_bytes, 0xC3), ciphertext(message_bytes);
  const std::array<std::uint8_t, 32> ad{};
  std::array<std::uint8_t, 12> nonce{};
  std::array<std::uint8_t, 8> tag{};
  pqmul::bench::measure_ticks(state, [&] {
    v.encrypt(ciphertext, tag, message, ad, nonce, key);
    benchmark::DoNotOptimize(tag.data());
    benchmark::ClobberMemory();
  });
  // Median, and the best decile (the calls least disturbed on a shared machine).
  const auto median = state.counters["ticks_median"].value, p10 = state.counters["ticks_p10"].value;
  if (median > 0) state.counters["bytes_per_tick"] = static_cast<double>(message_bytes) / median;
  if (p10 > 0) state.counters["bytes_per_tick_p10"] = static_cast<double>(message_bytes) / p10;
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * message_bytes));
}

const pqmul::bench::Registration registration([] {
  for (const auto& v : pqmul::tinyjambu::aead_variants()) {
    for (std::size_t bytes : {64u, 256u, 1024u, 4096u}) {
      benchmark::RegisterBenchmark(("tinyjambu/encrypt/" + v.id() + "/" + std::to_string(bytes)).c_str(),
                                   [&v, bytes](benchmark::State& s) { bench_encrypt(s, v, bytes); });
    }
  }
});

}  // namespace
