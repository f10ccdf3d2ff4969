// NTRU over an NTT on each SIMD ISA of the build (the registry's ntt, ntt16,
// ntt16-1536 and ntt16-1024 on avx2 and avx512, or on neon): KAT entries
// equal to the official round-3 files and their published digests for every
// parameter set that takes the NTT; refused where the ISA cannot run, the
// portable path is forced, or the set's ring is too long for ntt16-1536 or
// ntt16-1024.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "kat_support.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"
#include "pqmul/schemes/kem.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::ntru_test_ntru_ntt_simd {

namespace {

const pqmul::KemEntry& entry_of(const std::string& scheme) {
  static const auto entries = pqmul::ntru_kem_entries();
  for (const auto& e : entries)
    if (e.scheme == scheme) return e;
  throw std::logic_error("no KEM entry " + scheme);
}

// The NTTs with SIMD KEMs, and the ISAs each has kernels for.
struct SimdNtt {
  const char* name;
  std::vector<pqmul::Isa> isas;
};
std::vector<SimdNtt> simd_ntts() {
  return {{"ntt", pqmul::big_ntt_simd_detail::kernel_isas()},
          {"ntt16", pqmul::ntt16::kernel_isas()},
          {"ntt16-1536", pqmul::ntt16::kernel_isas()},
          {"ntt16-1024", pqmul::ntt16::kernel_isas()}};
}
// ntt16-1536 takes the sets with 2n - 1 <= 1536, not hps4096821; ntt16-1024
// those with 2n - 1 <= 1024, hps2048509 only.
bool takes(const std::string& scheme, const char* ntt) {
  if (std::string(ntt) == "ntt16-1024") return scheme == "ntruhps2048509";
  return std::string(ntt) != "ntt16-1536" || scheme != "ntruhps4096821";
}

}  // namespace

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

TEST_CASE("ntru ntt, ntt16, ntt16-1536 and ntt16-1024 on the SIMD ISAs: counts 0 and 1 of every set, 100 vectors of "
          "hps2048509",
          "[ntru][kat][simd]") {
  pqmul::test::skip_unless_any_runs(pqmul::big_ntt_simd_detail::kernel_isas());
  for (const auto& [ntt, ntt_isas] : simd_ntts()) {
    for (pqmul::Isa isa : ntt_isas) {
      for (const auto& files : ntru_test::kat_files()) {
        INFO(files.scheme << " " << ntt << " " << pqmul::isa_name(isa));
        const auto& entry = entry_of(files.scheme);
        const auto isas = entry.isas(ntt);
        if (!takes(files.scheme, ntt)) {
          CHECK(isas == std::vector<pqmul::Isa>{pqmul::Isa::portable});
          CHECK_THROWS_AS(entry.make_for(ntt, pqmul::Strategy::eager, isa), std::invalid_argument);
          continue;
        }
        CHECK(std::find(isas.begin(), isas.end(), isa) != isas.end());
        if (!pqmul::isa_available(isa)) {
          CHECK_THROWS_AS(entry.make_for(ntt, pqmul::Strategy::eager, isa), std::invalid_argument);
          continue;
        }
        const auto kem = entry.make_for(ntt, pqmul::Strategy::eager, isa);
        CHECK(kem->scheme() == files.scheme);
        CHECK(kem->isa() == pqmul::isa_name(isa));
        CHECK(kem->multiplier() == ntt);
        const std::string text = ntru_test::read_text(ntru_test::vectors(files.file));
        const std::string first = ntru_test::kat_entry(*kem, 0);
        CHECK(first == ntru_test::rsp_entry(text, 0));
        CHECK(ntru_test::sha256_hex(first) == files.single);
        CHECK(ntru_test::kat_entry(*kem, 1) == ntru_test::rsp_entry(text, 1));
      }
      if (!pqmul::isa_available(isa)) continue;
      const auto& files = ntru_test::kat_files().front();
      const auto kem = entry_of(files.scheme).make_for(ntt, pqmul::Strategy::eager, isa);
      std::string all;
      for (std::size_t count = 0; count < 100; ++count) {
        if (count > 0) all += '\n';  // one blank line between entries
        all += ntru_test::kat_entry(*kem, count);
      }
      CHECK(ntru_test::sha256_hex(all) == files.all);
    }
  }
}

TEST_CASE("ntru ntt on the SIMD ISAs: explicit primes and layers give the official entries", "[ntru][kat][simd]") {
  pqmul::test::skip_unless_any_runs(pqmul::big_ntt_simd_detail::kernel_isas());
  const auto& files = ntru_test::kat_files().back();  // hrss701: two primes by default
  const std::string text = ntru_test::read_text(ntru_test::vectors(files.file));
  for (pqmul::Isa isa : pqmul::big_ntt_simd_detail::kernel_isas()) {
    if (!pqmul::isa_available(isa)) continue;
    for (const char* multiplier : {"ntt:layers=9", "ntt:primes=2;layers=7"}) {
      INFO(multiplier << " " << pqmul::isa_name(isa));
      const auto kem = entry_of(files.scheme).make_for(multiplier, pqmul::Strategy::eager, isa);
      CHECK(kem->isa() == pqmul::isa_name(isa));
      CHECK(ntru_test::kat_entry(*kem, 0) == ntru_test::rsp_entry(text, 0));
    }
  }
}

#endif

TEST_CASE("ntru ntt, ntt16, ntt16-1536 and ntt16-1024 on the SIMD ISAs: refused when the portable path is forced",
          "[ntru][simd]") {
  const pqmul::test::ForcePortable forced;
  const auto& entry = entry_of("ntruhrss701");
  for (const auto& [ntt, isas] : simd_ntts())
    for (pqmul::Isa isa : isas) CHECK_THROWS_AS(entry.make_for(ntt, pqmul::Strategy::eager, isa), std::invalid_argument);
}

TEST_CASE("ntru ntt16: explicit primes give the official entries, impossible ones are refused", "[ntru][kat]") {
  const auto& files = ntru_test::kat_files().back();  // hrss701
  const std::string text = ntru_test::read_text(ntru_test::vectors(files.file));
  const auto& entry = entry_of(files.scheme);
  std::vector<pqmul::Isa> isas{pqmul::Isa::portable};
  for (pqmul::Isa isa : pqmul::ntt16::kernel_isas())
    if (pqmul::isa_available(isa)) isas.push_back(isa);
  for (pqmul::Isa isa : isas) {
    INFO(pqmul::isa_name(isa));
    const auto kem = entry.make_for("ntt16:primes=3", pqmul::Strategy::eager, isa);
    CHECK(ntru_test::kat_entry(*kem, 0) == ntru_test::rsp_entry(text, 0));
    // Two primes cannot hold a full-range product of hrss701.
    CHECK_THROWS_WITH(entry.make_for("ntt16:primes=2", pqmul::Strategy::eager, isa), Catch::Contains("primes=3"));
  }
}

}  // namespace pqmul_tests::ntru_test_ntru_ntt_simd
