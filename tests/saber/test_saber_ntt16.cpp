// Saber over "ntt16" (16-bit primes) on each SIMD ISA that has its kernels:
// the regenerated NIST .rsp text equals the official round-3 files and
// their published digests (all 100 vectors of Saber; counts 0 and 1 of every
// set and strategy); the secret's bound chooses two primes; parameters that
// cannot hold a row, and ISAs that cannot run, are refused with the reason.
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <string>

#include "../common/isa_gate.hpp"
#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul_tests::saber_test_saber_ntt16 {

using saber_test::entry_of;
using saber_test::kat_sets;
using saber_test::official;
using saber_test::official_prefix;

namespace {

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("Saber ntt16: the KEM's bounds and refusals", "[saber][ntt16]") {
  using pqmul::Strategy;
  // Two primes hold a row of secret products in every set and strategy.
  for (const auto& set : kat_sets)
    for (auto strategy : pqmul::all_strategies) {
      const auto kem = pqmul::saber::make_saber(set.scheme, "ntt16", strategy);
      CHECK(kem->multiplier() == "ntt16");
      CHECK(saber_test::kat_file(*kem, set.header, 1) == official_prefix(set, 1));
    }
  // A wider bound needs the third prime; forcing two is refused.
  CHECK(pqmul::saber::make_saber("saber", "ntt16:bound-b=4096", Strategy::cached)->multiplier() ==
        "ntt16:bound-b=4096");
  CHECK(message_of([] {
          pqmul::saber::make_saber("saber", "ntt16:bound-b=4096;primes=2", Strategy::cached);
        }).find("primes=3") != std::string::npos);
  CHECK(message_of([] { pqmul::saber::make_saber("saber", "ntt16:bound-b=3", Strategy::cached); }).find("mu/2 = 4") !=
        std::string::npos);
  CHECK(message_of([] {
          pqmul::saber::make_saber("saber", "ntt16:layers=7", Strategy::cached);
        }).find("unknown parameter 'layers'") != std::string::npos);
}

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

TEST_CASE("Saber ntt16 on the SIMD ISAs: every set and strategy reproduces KAT counts 0 and 1; all 100 of Saber",
          "[saber][kat][simd][ntt16]") {
  pqmul::test::skip_unless_any_runs(pqmul::ntt16::kernel_isas());
  for (pqmul::Isa isa : pqmul::ntt16::kernel_isas()) {
    for (const auto& set : kat_sets) {
      const auto& entry = entry_of(set.scheme);
      const auto isas = entry.isas("ntt16");
      CHECK(std::find(isas.begin(), isas.end(), isa) != isas.end());
      const std::string expected = official_prefix(set, 2);
      for (auto strategy : pqmul::all_strategies) {
        INFO(set.scheme << " " << to_string(strategy) << " " << pqmul::isa_name(isa));
        if (!pqmul::isa_available(isa)) {
          CHECK_THROWS_AS(entry.make_for("ntt16", strategy, isa), std::invalid_argument);
          continue;
        }
        const auto kem = entry.make_for("ntt16", strategy, isa);
        CHECK(kem->isa() == pqmul::isa_name(isa));
        CHECK(saber_test::kat_file(*kem, set.header, 2) == expected);
      }
    }
    if (!pqmul::isa_available(isa)) continue;
    const auto& set = kat_sets[1];
    const auto [single, all] = saber_test::published_digests(set.hash_row);
    const std::string text =
        saber_test::kat_file(*entry_of(set.scheme).make_for("ntt16", pqmul::Strategy::cached, isa), set.header, 100);
    CHECK(saber_test::all_digest(text) == all);
    CHECK(text == official(set));
  }
}

#endif

TEST_CASE("Saber ntt16 on the SIMD ISAs: refused when the portable path is forced", "[saber][simd][ntt16]") {
  const pqmul::test::ForcePortable forced;
  const auto& entry = entry_of("saber");
  for (pqmul::Isa isa : pqmul::ntt16::kernel_isas())
    CHECK_THROWS_AS(entry.make_for("ntt16", pqmul::Strategy::cached, isa), std::invalid_argument);
  const auto kem = entry.make_for("ntt16", pqmul::Strategy::cached, pqmul::Isa::portable);
  CHECK(kem->isa() == "portable");
}

}  // namespace pqmul_tests::saber_test_saber_ntt16
