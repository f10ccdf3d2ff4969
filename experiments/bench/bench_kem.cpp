// KEM benchmarks: keygen, encaps and decaps for every scheme x multiplier of
// the KEM registry (default strategy), in median TSC ticks per call.
// Names: kem/<scheme>/<multiplier>/<isa>/<keygen|encaps|decaps>.
// Randomness comes from a cheap deterministic generator, so the figures are
// the schemes' own cost (neither the KAT DRBG's AES nor a system call).
#include <memory>
#include <string>
#include <vector>

#include "bench_registration.hpp"
#include "pqmul/schemes/kem.hpp"
#include "tsc_counter.hpp"

namespace pqmul::bench {
namespace {


// A key pair and a ciphertext made once, shared by the three benchmarks.
struct Fixture {
  std::shared_ptr<Kem> kem;
  std::vector<std::uint8_t> pk, sk, ct, ss;
  BenchmarkRandom rng;
  explicit Fixture(std::unique_ptr<Kem> k)
      : kem(std::move(k)),
        pk(kem->public_key_bytes()),
        sk(kem->secret_key_bytes()),
        ct(kem->ciphertext_bytes()),
        ss(kem->shared_secret_bytes()) {
    kem->keypair(pk, sk, rng);
    kem->encaps(ct, ss, pk, rng);
  }
};

void register_kem_benchmarks() {
  for (const auto& entry : kem_registry()) {
    for (const auto& multiplier : entry.multipliers) {
      auto f = std::make_shared<Fixture>(entry.make(multiplier, entry.strategies.empty() ? Strategy::cached
                                                                                          : entry.strategies.front()));
      const std::string base = "kem/" + f->kem->id() + "/";
      benchmark::RegisterBenchmark((base + "keygen").c_str(), [f](benchmark::State& s) {
        std::vector<std::uint8_t> pk(f->pk.size()), sk(f->sk.size());
        measure_ticks(s, [&] { f->kem->keypair(pk, sk, f->rng); });
      });
      benchmark::RegisterBenchmark((base + "encaps").c_str(), [f](benchmark::State& s) {
        std::vector<std::uint8_t> ct(f->ct.size()), ss(f->ss.size());
        measure_ticks(s, [&] { f->kem->encaps(ct, ss, f->pk, f->rng); });
      });
      benchmark::RegisterBenchmark((base + "decaps").c_str(), [f](benchmark::State& s) {
        std::vector<std::uint8_t> ss(f->ss.size());
        measure_ticks(s, [&] { f->kem->decaps(ss, f->ct, f->sk); });
      });
    }
  }
}

const Registration registration(register_kem_benchmarks);

}  // namespace
}  // namespace pqmul::bench
