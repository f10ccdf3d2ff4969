// Core cycles per counter tick (model.hpp): a chain of dependent additions
// runs one per core cycle on every x86-64 and AArch64 core, so its ticks
// give the core clock in the counter's unit. On this kind of VM the TSC runs
// at a fixed rate while the core clock boosts: without this ratio a modelled
// cycle count cannot be compared with a measured tick count.
#include <algorithm>
#include <cstdint>

#include "pqmul/experiments/model.hpp"

namespace pqmul::experiments {
namespace {

constexpr std::uint64_t chain_rounds = 20000;  // x 8 dependent additions

[[gnu::noinline]] std::uint64_t dependent_additions(std::uint64_t x) {
  for (std::uint64_t i = 0; i < chain_rounds; ++i) {
#if defined(__x86_64__)
    asm volatile(
        "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
        "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0"
        : "+r"(x));
#elif defined(__aarch64__)
    asm volatile(
        "add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\t"
        "add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1"
        : "+r"(x));
#else
    x += 8;
#endif
  }
  return x;
}

}  // namespace

double core_cycles_per_tick(const std::function<std::uint64_t()>& begin, const std::function<std::uint64_t()>& end) {
  std::uint64_t best = UINT64_MAX, sink = 0;
  for (int attempt = 0; attempt < 50; ++attempt) {
    const std::uint64_t t0 = begin();
    sink += dependent_additions(sink);
    const std::uint64_t t1 = end();
    best = std::min(best, t1 - t0);
  }
  // The loop's own increment and branch run beside the chain, not in it.
  return best == 0 || sink == 0 ? 0 : static_cast<double>(chain_rounds * 8) / static_cast<double>(best);
}

}  // namespace pqmul::experiments
