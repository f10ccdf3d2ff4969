// Keccak-f[1600] per kernel family, and the ML-KEM samplers built on the
// multi-way sponges, in TSC ticks per call. Names:
//   keccak/f1600/portable             one scalar permutation
//   keccak/f1600/avx512-x1            one state, the single-state AVX-512VL kernel
//   keccak/f1600/avx512-x4-one-state  one state run as lane 0 of the x4 AVX-512VL
//                                     kernel (interleaving included), for comparison
//   keccak/f1600-x4/avx2              four states, one call
//   keccak/f1600-x4/avx512            four states, AVX-512VL on 256 bits
//   keccak/f1600-x8/avx512            eight states, one call
//   keccak/lanes-squeeze-x4/<isa>     SpongeLanes: four SHAKE128 jobs of 10 output
//                                     blocks each (11 steps), straight into their outputs
//   keccak/lanes-absorb-x4/<isa>      SpongeLanes: four SHA3-256 jobs of 1,184 bytes
//                                     (9 steps, absorbing)
//   keccak/sha3-256-1184B/<isa>       SHA3-256 of 1,184 bytes (an ML-KEM-768 public
//                                     key), single-state sponge on that ISA's permutation
//   ml-kem-768/matrix/<isa>           the 3 x 3 matrix A^ (sample_matrix)
//   ml-kem-768/noise-eta2-x8/<isa>    eight SamplePolyCBD_2 polynomials (prf_cbd_x8)
//   ml-kem-768/noise-eta2-x4/<isa>    four of them (prf_cbd_x4)
//   ml-kem-768/matrix-beside-H/<isa>  A^T on three lanes of the 4-way Keccak beside
//                                     H(ek) of 1,184 bytes on the fourth
//                                     (sample_matrix_beside, as in encapsulation)
//   ml-kem-768/matrix-then-H/<isa>    the same two computed one after the other
// <isa>: the kernel family asked for (portable, and avx2 / avx512 where the CPU runs them).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bench_registration.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "tsc_counter.hpp"

namespace {

using namespace pqmul;

std::array<std::uint8_t, 32> seed() {
  std::array<std::uint8_t, 32> s;
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint8_t>(7 * i + 1);
  return s;
}

const bench::Registration registration([] {
  benchmark::RegisterBenchmark("keccak/f1600/portable", [](benchmark::State& s) {
    std::array<std::uint64_t, 25> state{};
    bench::measure_ticks(s, [&] {
      keccak::permute(state);
      benchmark::DoNotOptimize(state.data());
    });
  });
#if defined(PQMUL_X86_SIMD)
  if (isa_available(Isa::avx2))
    benchmark::RegisterBenchmark("keccak/f1600-x4/avx2", [](benchmark::State& s) {
      alignas(64) static std::uint64_t states[100] = {};
      bench::measure_ticks(s, [&] {
        keccak::keccak_f1600_x4_avx2(states);
        benchmark::DoNotOptimize(states);
      });
    });
  if (isa_available(Isa::avx512))
    benchmark::RegisterBenchmark("keccak/f1600/avx512-x1", [](benchmark::State& s) {
      std::array<std::uint64_t, 25> state{};
      bench::measure_ticks(s, [&] {
        keccak::keccak_f1600_x1_avx512(state.data());
        benchmark::DoNotOptimize(state.data());
      });
    });
  if (isa_available(Isa::avx512))
    benchmark::RegisterBenchmark("keccak/f1600/avx512-x4-one-state", [](benchmark::State& s) {
      std::array<std::uint64_t, 25> state{};
      bench::measure_ticks(s, [&] {
        alignas(64) std::uint64_t lanes[4 * 25] = {};
        for (std::size_t i = 0; i < 25; ++i) lanes[4 * i] = state[i];
        keccak::keccak_f1600_x4_avx512(lanes);
        for (std::size_t i = 0; i < 25; ++i) state[i] = lanes[4 * i];
        benchmark::DoNotOptimize(state.data());
      });
    });
  if (isa_available(Isa::avx512))
    benchmark::RegisterBenchmark("keccak/f1600-x4/avx512", [](benchmark::State& s) {
      alignas(64) static std::uint64_t states[100] = {};
      bench::measure_ticks(s, [&] {
        keccak::keccak_f1600_x4_avx512(states);
        benchmark::DoNotOptimize(states);
      });
    });
  if (isa_available(Isa::avx512))
    benchmark::RegisterBenchmark("keccak/f1600-x8/avx512", [](benchmark::State& s) {
      alignas(64) static std::uint64_t states[200] = {};
      bench::measure_ticks(s, [&] {
        keccak::keccak_f1600_x8_avx512(states);
        benchmark::DoNotOptimize(states);
      });
    });
#endif
  for (Isa isa : {Isa::avx2, Isa::avx512}) {
    if (keccak::lower_keccak_isa(isa, 4) != isa) continue;  // not runnable here
    benchmark::RegisterBenchmark(("keccak/lanes-squeeze-x4/" + std::string(isa_name(isa))).c_str(),
                                 [isa](benchmark::State& s) {
                                   const auto in = seed();
                                   std::vector<std::uint8_t> out[4];
                                   for (auto& o : out) o.resize(10 * keccak::shake128_rate);
                                   bench::measure_ticks(s, [&] {
                                     keccak::SpongeLanes lanes(isa);
                                     for (auto& o : out) lanes.start(keccak::shake128_rate, keccak::shake_domain, in, o);
                                     lanes.finish();
                                     benchmark::DoNotOptimize(out[3].data());
                                   });
                                 });
    benchmark::RegisterBenchmark(("keccak/lanes-absorb-x4/" + std::string(isa_name(isa))).c_str(),
                                 [isa](benchmark::State& s) {
                                   std::vector<std::uint8_t> key(1184, 0x3C);
                                   std::array<std::uint8_t, 32> out[4];
                                   bench::measure_ticks(s, [&] {
                                     keccak::SpongeLanes lanes(isa);
                                     for (auto& o : out) lanes.start(keccak::sha3_256_rate, keccak::sha3_domain, key, o);
                                     lanes.finish();
                                     benchmark::DoNotOptimize(out[3].data());
                                   });
                                 });
  }
  for (Isa isa : {Isa::portable, Isa::avx512}) {
    if (keccak::lower_keccak_isa(isa, 4) != isa) continue;  // not runnable here
    benchmark::RegisterBenchmark(("keccak/sha3-256-1184B/" + std::string(isa_name(isa))).c_str(),
                                 [isa](benchmark::State& s) {
                                   std::vector<std::uint8_t> key(1184);
                                   for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(i);
                                   bench::measure_ticks(s, [&] {
                                     auto digest = keccak::sha3_256(key, isa);
                                     benchmark::DoNotOptimize(digest.data());
                                   });
                                 });
  }
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512}) {
    if (keccak::lower_keccak_isa(isa, 8) != isa) continue;  // not runnable here
    const std::string suffix(isa_name(isa));
    benchmark::RegisterBenchmark(("ml-kem-768/matrix/" + suffix).c_str(), [isa](benchmark::State& s) {
      const auto rho = seed();
      std::vector<kyber::KPoly> a(9);
      bench::measure_ticks(s, [&] {
        kyber::sample_matrix(rho, 3, false, a, isa);
        benchmark::DoNotOptimize(a.data());
      });
    });
    benchmark::RegisterBenchmark(("ml-kem-768/noise-eta2-x8/" + suffix).c_str(), [isa](benchmark::State& s) {
      const auto sigma = seed();
      bench::measure_ticks(s, [&] {
        auto polys = kyber::prf_cbd_x8(sigma, {0, 1, 2, 3, 4, 5, 6, 7}, 2, isa);
        benchmark::DoNotOptimize(polys.data());
      });
    });
    benchmark::RegisterBenchmark(("ml-kem-768/noise-eta2-x4/" + suffix).c_str(), [isa](benchmark::State& s) {
      const auto sigma = seed();
      bench::measure_ticks(s, [&] {
        auto polys = kyber::prf_cbd_x4(sigma, {0, 1, 2, 3}, 2, isa);
        benchmark::DoNotOptimize(polys.data());
      });
    });
    if (isa == Isa::portable) continue;  // the lanes need a multi-way kernel
    benchmark::RegisterBenchmark(("ml-kem-768/matrix-beside-H/" + suffix).c_str(), [isa](benchmark::State& s) {
      const auto rho = seed();
      std::vector<std::uint8_t> ek(1184, 0x5A);
      std::vector<kyber::KPoly> a(9);
      std::array<std::uint8_t, 32> digest{};
      const kyber::HashBeside job{keccak::sha3_256_rate, keccak::sha3_domain, {std::span<const std::uint8_t>(ek), {}},
                                  digest};
      bench::measure_ticks(s, [&] {
        kyber::sample_matrix_beside(rho, 3, true, a, job, isa);
        benchmark::DoNotOptimize(a.data());
        benchmark::DoNotOptimize(digest.data());
      });
    });
    benchmark::RegisterBenchmark(("ml-kem-768/matrix-then-H/" + suffix).c_str(), [isa](benchmark::State& s) {
      const auto rho = seed();
      std::vector<std::uint8_t> ek(1184, 0x5A);
      std::vector<kyber::KPoly> a(9);
      bench::measure_ticks(s, [&] {
        kyber::sample_matrix(rho, 3, true, a, isa);
        auto digest = keccak::sha3_256(ek, isa);
        benchmark::DoNotOptimize(a.data());
        benchmark::DoNotOptimize(digest.data());
      });
    });
  }
});

}  // namespace
