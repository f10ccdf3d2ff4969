// Kernels of the Kyber / ML-KEM NTT per ISA, in median TSC ticks per call:
// forward NTT, inverse NTT, and the base multiply-accumulate of a rank-3
// inner product (three calls into one accumulator), as the optimised public
// code reports them. Names: kernel/kyber/ntt/<isa>/<kernel>.
#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench_registration.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"
#include "tsc_counter.hpp"

namespace pqmul::bench {
namespace {

namespace kn = pqmul::kyber_ntt;

// Fixed centred inputs. The transforms run in place on a copy restored before
// every call, outside the timed region, so each call sees inputs within its
// bounds.
struct KernelInputs {
  kn::Coeffs poly{};
  std::array<kn::Coeffs, 3> a{}, b{};
  std::array<std::int32_t, 256> acc{};
};

std::shared_ptr<KernelInputs> make_inputs() {
  auto in = std::make_shared<KernelInputs>();
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<int> centred(-(kn::q - 1) / 2, (kn::q - 1) / 2);
  for (auto& c : in->poly) c = static_cast<std::int16_t>(centred(rng));
  for (std::size_t k = 0; k < 3; ++k)
    for (std::size_t i = 0; i < 256; ++i) {
      in->a[k][i] = static_cast<std::int16_t>(centred(rng));
      in->b[k][i] = static_cast<std::int16_t>(centred(rng));
    }
  return in;
}

// The kernels of one ISA as static functions, so the timed calls are direct.
struct PortableKernels {
  static void forward(kn::Coeffs& f) { kn::forward(f); }
  static void inverse(kn::Coeffs& f) { kn::inverse(f); }
  static void base_mul_acc(std::array<std::int32_t, 256>& acc, const kn::Coeffs& a, const kn::Coeffs& b) {
    kn::base_multiply_accumulate(acc, a, b);
  }
};
#if defined(PQMUL_X86_SIMD)
struct Avx2Kernels {
  static void forward(kn::Coeffs& f) { kn::avx2::forward(f.data()); }
  static void inverse(kn::Coeffs& f) { kn::avx2::inverse(f.data()); }
  static void base_mul_acc(std::array<std::int32_t, 256>& acc, const kn::Coeffs& a, const kn::Coeffs& b) {
    kn::avx2::base_multiply_accumulate(acc.data(), a.data(), b.data());
  }
};
#endif

template <class K>
void register_kernels(const std::string& isa) {
  const auto in = make_inputs();
  const std::string base = "kernel/kyber/ntt/" + isa + "/";
  benchmark::RegisterBenchmark((base + "forward").c_str(), [in](benchmark::State& s) {
    kn::Coeffs f;
    measure_ticks_after(s, [&] { f = in->poly; }, [&] {
      K::forward(f);
      benchmark::DoNotOptimize(f);
    });
  });
  benchmark::RegisterBenchmark((base + "inverse").c_str(), [in](benchmark::State& s) {
    kn::Coeffs f;
    measure_ticks_after(s, [&] { f = in->poly; }, [&] {
      K::inverse(f);
      benchmark::DoNotOptimize(f);
    });
  });
  benchmark::RegisterBenchmark((base + "base_multiply_accumulate-rank3").c_str(), [in](benchmark::State& s) {
    std::array<std::int32_t, 256> acc{};
    measure_ticks_after(s, [&] { acc.fill(0); }, [&] {
      for (std::size_t j = 0; j < 3; ++j) K::base_mul_acc(acc, in->a[j], in->b[j]);
      benchmark::DoNotOptimize(acc);
    });
  });
}

void register_kyber_ntt_kernel_benchmarks() {
  register_kernels<PortableKernels>("portable");
#if defined(PQMUL_X86_SIMD)
  if (isa_available(Isa::avx2)) register_kernels<Avx2Kernels>("avx2");
#endif
}

const Registration registration(register_kyber_ntt_kernel_benchmarks);

}  // namespace
}  // namespace pqmul::bench
