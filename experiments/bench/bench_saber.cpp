// Saber benchmarks for every parameter set x multiplier x strategy: the KEM
// operations and the module products alone, in median TSC ticks. Names:
// saber/<scheme>/<multiplier>[-<params>]/<isa>/<strategy>/<operation>, with
// operations keygen, encaps, decaps, matrix_vector (A s', one rank-l product),
// inner_product (b^T s') and encryption_products (both, sharing s' when cached).
// The bytes of transformed data each strategy holds are reported as bytes_held.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench_registration.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/saber/saber.hpp"
#include "tsc_counter.hpp"

namespace pqmul::bench {
namespace {

using saber::SaberPoly;

struct ProductInputs {
  std::vector<SaberPoly> a, s, b, out;
  SaberPoly v;
};

ProductInputs random_inputs(std::size_t l, unsigned mu) {
  std::mt19937_64 rng(l);
  std::uniform_int_distribution<int> uniform_q(0, SaberRing::q - 1), uniform_p(0, 1023),
      secret(-static_cast<int>(mu / 2), static_cast<int>(mu / 2));
  ProductInputs in{std::vector<SaberPoly>(l * l), std::vector<SaberPoly>(l), std::vector<SaberPoly>(l),
                   std::vector<SaberPoly>(l), {}};
  for (auto& p : in.a)
    for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(uniform_q(rng));
  for (auto& p : in.s)
    for (auto& c : p.coeffs) c = static_cast<std::uint16_t>((secret(rng) + SaberRing::q) % SaberRing::q);
  for (auto& p : in.b)
    for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(uniform_p(rng));
  return in;
}

std::string label(const std::string& multiplier) {
  std::string s = multiplier;
  for (auto& c : s)
    if (c == ':') c = '-';
  return s;
}

template <class Op>
void add(const std::string& name, std::shared_ptr<saber::SaberKem> kem, Op op) {
  benchmark::RegisterBenchmark(name.c_str(), [kem, op](benchmark::State& state) mutable {
    measure_ticks(state, [&] { op(); });
    state.counters["bytes_held"] = static_cast<double>(kem->bytes_held());
  });
}

void register_saber_benchmarks() {
  for (const auto& scheme : saber::saber_schemes()) {
    for (const auto& multiplier : saber::saber_multipliers()) {
      for (Strategy strategy : all_strategies) {
        std::shared_ptr<saber::SaberKem> kem = saber::make_saber(scheme, multiplier, strategy);
        const std::string base = "saber/" + scheme + "/" + label(multiplier) + "/" + kem->isa() + "/" +
                                 std::string(to_string(strategy)) + "/";
        auto in = std::make_shared<ProductInputs>(random_inputs(kem->rank(), kem->mu()));
        auto pk = std::make_shared<std::vector<std::uint8_t>>(kem->public_key_bytes());
        auto sk = std::make_shared<std::vector<std::uint8_t>>(kem->secret_key_bytes());
        auto ct = std::make_shared<std::vector<std::uint8_t>>(kem->ciphertext_bytes());
        auto ss = std::make_shared<std::vector<std::uint8_t>>(kem->shared_secret_bytes());
        auto rng = std::make_shared<BenchmarkRandom>();
        kem->keypair(*pk, *sk, *rng);
        kem->encaps(*ct, *ss, *pk, *rng);

        add(base + "keygen", kem, [kem, pk, sk, rng] { kem->keypair(*pk, *sk, *rng); });
        add(base + "encaps", kem, [kem, pk, ct, rng] {
          std::array<std::uint8_t, 32> key{};
          kem->encaps(*ct, key, *pk, *rng);
          benchmark::DoNotOptimize(key);
        });
        add(base + "decaps", kem, [kem, sk, ct] {
          std::array<std::uint8_t, 32> key{};
          kem->decaps(key, *ct, *sk);
          benchmark::DoNotOptimize(key);
        });
        add(base + "matrix_vector", kem, [kem, in] {
          kem->matrix_vector(in->a, in->s, in->out, Transpose::no, nullptr);
          benchmark::DoNotOptimize(in->out.data());
        });
        add(base + "inner_product", kem, [kem, in] {
          kem->inner_product(in->b, in->s, in->v, nullptr);
          benchmark::DoNotOptimize(in->v);
        });
        add(base + "encryption_products", kem, [kem, in] {
          kem->encryption_products(in->a, in->s, in->b, in->out, in->v, nullptr);
          benchmark::DoNotOptimize(in->out.data());
        });
      }
    }
  }
}

const Registration registration(register_saber_benchmarks);

}  // namespace
}  // namespace pqmul::bench
