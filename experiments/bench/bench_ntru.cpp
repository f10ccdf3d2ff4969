// NTRU benchmarks for every parameter set x multiplier: the KEM operations
// and one R_q product alone, in median TSC ticks. Names:
// ntru/<scheme>/<multiplier>/portable/<operation>, with operations keygen,
// encaps, decaps, rq_mul (two full-range factors, as in the inversion and in
// decapsulation) and rq_mul_short (a ternary factor, as in most NTRU products;
// the ntt multiplier then uses its smaller-modulus transform); the SIMD
// products and S_3 inversions below.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "bench_registration.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/toom_simd.hpp"
#include "pqmul/schemes/ntru/factory.hpp"
#include "pqmul/schemes/ntru/inverse.hpp"
#include "pqmul/schemes/ntru/kem_adapter.hpp"
#include "pqmul/schemes/ntru/products.hpp"
#include "tsc_counter.hpp"

namespace pqmul::bench {
namespace {

using namespace pqmul::ntru;

template <ParameterSet P>
struct Factors {
  Rq<P> a, b, ternary, out;
};

template <ParameterSet P>
std::shared_ptr<Factors<P>> random_factors() {
  std::mt19937_64 rng(P::n);
  auto f = std::make_shared<Factors<P>>();
  for (std::size_t i = 0; i < P::n; ++i) {
    f->a[i] = static_cast<std::uint16_t>(rng() % P::q);
    f->b[i] = static_cast<std::uint16_t>(rng() % P::q);
    f->ternary[i] = static_cast<std::uint16_t>((rng() % 3 + P::q - 1) % P::q);
  }
  return f;
}

template <class Op>
void add(const std::string& name, Op op) {
  benchmark::RegisterBenchmark(name.c_str(), [op](benchmark::State& state) mutable { measure_ticks(state, op); });
}

// rq_mul and rq_mul_short with the multiplier(s) the KEM of this name uses.
template <ParameterSet P, Multiplier M>
void add_products(const std::string& base, std::shared_ptr<const M> general, std::shared_ptr<const M> for_short) {
  auto f = random_factors<P>();
  add(base + "rq_mul", [general, f] {
    f->out = pqmul::mul(*general, f->a, f->b);
    benchmark::DoNotOptimize(f->out);
  });
  add(base + "rq_mul_short", [for_short, f] {
    f->out = pqmul::mul(*for_short, f->a, f->ternary);
    benchmark::DoNotOptimize(f->out);
  });
}

template <ParameterSet P>
void register_set() {
  using R = typename P::ring;
  for (const auto& name : kem_multipliers<P>()) {
    std::shared_ptr<const Kem> kem = make_kem<P>(name);
    const std::string base = "ntru/" + std::string(P::name) + "/" + name + "/" + kem->isa() + "/";
    auto pk = std::make_shared<std::vector<std::uint8_t>>(kem->public_key_bytes());
    auto sk = std::make_shared<std::vector<std::uint8_t>>(kem->secret_key_bytes());
    auto ct = std::make_shared<std::vector<std::uint8_t>>(kem->ciphertext_bytes());
    auto rng = std::make_shared<BenchmarkRandom>();
    std::array<std::uint8_t, 32> key{};
    kem->keypair(*pk, *sk, *rng);
    kem->encaps(*ct, key, *pk, *rng);
    add(base + "keygen", [kem, pk, sk, rng] { kem->keypair(*pk, *sk, *rng); });
    add(base + "encaps", [kem, pk, ct, rng] {
      std::array<std::uint8_t, 32> k{};
      kem->encaps(*ct, k, *pk, *rng);
      benchmark::DoNotOptimize(k);
    });
    add(base + "decaps", [kem, sk, ct] {
      std::array<std::uint8_t, 32> k{};
      kem->decaps(k, *ct, *sk);
      benchmark::DoNotOptimize(k);
    });
    // The products of the multipliers this KEM holds, built by the KEM factory's own dispatch.
    const MultiplierChoice choice = choose_multiplier(P::name, R::name, name);
    visit_kem_multipliers<P>(
        choice,
        [&]<Multiplier M>(M general, std::optional<M> for_short) {
          auto shared = std::make_shared<const M>(std::move(general));
          add_products<P>(base, shared, for_short ? std::make_shared<const M>(std::move(*for_short)) : shared);
        },
        [&] {
          auto shared = std::make_shared<const DynamicMultiplier<R>>(registered_multiplier<R>(choice));
          add_products<P>(base, shared, shared);
        });
  }
}

// ntru/<scheme>/toom4-k4/<isa>/rq_mul: the product as the SIMD KEMs form it
// (both factors evaluated, then the fused multiply-interpolate), with the
// AVX2 and the AVX-512VL build of the kernels.
template <ParameterSet P>
void register_simd_product() {
#if defined(PQMUL_X86_SIMD)
  for (Isa isa : {Isa::avx2, Isa::avx512}) {
    if (!isa_available(isa)) continue;
    auto m = std::make_shared<const Toom4Simd<typename P::ring>>(isa);
    auto f = random_factors<P>();
    add("ntru/" + std::string(P::name) + "/" + std::string(toom_simd_plan<typename P::ring>) + "/" + std::string(isa_name(isa)) + "/rq_mul", [m, f] {
      f->out = ntru::multiply(*m, f->a, f->b);
      benchmark::DoNotOptimize(f->out);
    });
  }
#endif
}

// ntru/<scheme>/invert_s3/<kernels>: the S_3 inversion of key generation
// (f^-1 mod 3) with the portable, AVX2, AVX-512 and NEON divstep kernels.
template <ParameterSet P>
void register_inversions() {
  struct Inversion {
    S3<P> a, out;
  };
  auto x = std::make_shared<Inversion>();
  std::mt19937_64 rng(P::n + 1);
  for (std::size_t i = 0; i + 1 < P::n; ++i) x->a[i] = static_cast<std::uint8_t>(rng() % 3);
  const std::string base = "ntru/" + std::string(P::name) + "/invert_s3/";
  add(base + "portable", [x] { benchmark::DoNotOptimize(invert_s3<P::n>(x->a, x->out)); });
#if defined(PQMUL_X86_SIMD)
  if (isa_available(Isa::avx2))
    add(base + "avx2", [x] { benchmark::DoNotOptimize(invert_s3<P::n, Kernels::avx2>(x->a, x->out)); });
  if (avx512_vbmi2_available())
    add(base + "avx512", [x] { benchmark::DoNotOptimize(invert_s3<P::n, Kernels::avx2, true>(x->a, x->out)); });
#endif
#if defined(PQMUL_ARM_SIMD)
  if (isa_available(Isa::neon))
    add(base + "neon", [x] { benchmark::DoNotOptimize(invert_s3<P::n, Kernels::neon>(x->a, x->out)); });
#endif
}

const Registration registration([] {
  for_each_parameter_set([]<class P>() {
    register_set<P>();
    register_simd_product<P>();
    register_inversions<P>();
  });
});

}  // namespace
}  // namespace pqmul::bench
