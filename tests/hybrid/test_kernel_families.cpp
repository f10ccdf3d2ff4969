// The KEMs' kernel families (kernel_families.hpp): the rule every family
// follows (an object built for an ISA runs every kernel that has a version
// for that ISA on it, the others on the next narrower ISA that has one), the
// backends' order, and the KEMs' use of their tables.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>

#include "pqmul/algorithms/kernel_dispatch.hpp"
#include "pqmul/schemes/common/keccak_kernels.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/kernel_families.hpp"
#include "pqmul/schemes/kyber/poly_kernels.hpp"
#include "pqmul/schemes/ntru/ntru_kernels.hpp"
#include "pqmul/schemes/saber/saber_kernels.hpp"

namespace pqmul_tests::hybrid_test_kernel_families {

using pqmul::CpuFeatures;
using pqmul::Isa;

namespace {

int rank(Isa isa) { return isa == Isa::avx512 ? 2 : isa == Isa::avx2 ? 1 : 0; }

// The ISAs whose backends implement each entry, by entry name.
template <class Table>
std::map<std::string, std::set<Isa>> implementations() {
  std::map<std::string, std::set<Isa>> out;
  for (const auto& backend : Table::backends())
    for (const auto& [name, isa] : pqmul::kernel_origins(backend.kernels)) out[std::string(name)].insert(backend.isa);
  return out;
}

}  // namespace

TEMPLATE_TEST_CASE("every kernel of an object runs on the widest ISA up to the object's that has it", "[dispatch]",
                   pqmul::keccak::KeccakKernels, pqmul::kyber::PolyKernels, pqmul::saber::SaberKernels,
                   pqmul::ntru::NtruKernels<pqmul::ntru::Hps2048677>, pqmul::ntru::NtruKernels<pqmul::ntru::Hrss701>) {
  const auto backends = TestType::backends();
  REQUIRE(backends.front().isa == Isa::portable);
  for (std::size_t i = 1; i < backends.size(); ++i) CHECK(rank(backends[i - 1].isa) <= rank(backends[i].isa));
  const auto implemented = implementations<TestType>();
  for (const Isa wanted : {Isa::portable, Isa::avx2, Isa::avx512}) {
    const auto resolved = pqmul::kernel_origins(pqmul::resolve_kernels(backends, pqmul::all_features_up_to(wanted)));
    CHECK(resolved.size() == implemented.size());  // the portable backend implements every entry
    for (const auto& [name, isa] : resolved) {
      INFO(pqmul::isa_name(wanted) << " object, kernel " << name);
      const auto& have = implemented.at(std::string(name));
      CHECK(have.count(Isa::portable) == 1);
      Isa widest = Isa::portable;
      for (const Isa h : have)
        if (rank(h) <= rank(wanted) && rank(h) > rank(widest)) widest = h;
      CHECK(isa == widest);
    }
  }
}

#if defined(PQMUL_X86_SIMD)
// The x86 backends (an x86-64 build has them whatever this CPU runs: these
// resolve made-up CPUs).
TEST_CASE("kernels that need VBMI2 fall back to AVX2 on an AVX-512 CPU without it", "[dispatch]") {
  CpuFeatures without = pqmul::all_features_up_to(Isa::avx512);
  without.avx512_vbmi2 = false;
  const auto kyber = pqmul::resolve_kernels(pqmul::kyber::PolyKernels::backends(), without);
  CHECK(kyber.rej_uniform.isa == Isa::avx2);
  CHECK(kyber.cbd.isa == Isa::avx2);
  CHECK(kyber.compress.isa == Isa::avx512);
  const auto ntru = pqmul::resolve_kernels(pqmul::ntru::NtruKernels<pqmul::ntru::Hps4096821>::backends(), without);
  CHECK(ntru.invert_s3.isa == Isa::avx2);
  const auto with = pqmul::resolve_kernels(pqmul::ntru::NtruKernels<pqmul::ntru::Hps4096821>::backends(),
                                           pqmul::all_features_up_to(Isa::avx512));
  CHECK(with.invert_s3.isa == Isa::avx512);
}

TEST_CASE("hashing follows the object's ISA in every family", "[dispatch]") {
  // The rule of the issue this layer answers: an avx2 KEM hashes on the AVX2 Keccak.
  const auto avx2 =
      pqmul::resolve_kernels(pqmul::keccak::KeccakKernels::backends(), pqmul::all_features_up_to(Isa::avx2));
  CHECK(avx2.permute_x4.isa == Isa::avx2);
  CHECK(avx2.permute_x1.isa == Isa::portable);  // no single-state AVX2 kernel exists
  const auto avx512 =
      pqmul::resolve_kernels(pqmul::keccak::KeccakKernels::backends(), pqmul::all_features_up_to(Isa::avx512));
  CHECK(avx512.permute_x1.isa == Isa::avx512);
  CHECK(avx512.permute_x8.isa == Isa::avx512);
  CHECK(avx512.xor_lanes_x4.isa == Isa::avx2);
}
#endif

TEST_CASE("the family list names every family once, with its backends", "[dispatch]") {
  std::set<std::string> names;
  for (const auto& family : pqmul::kernel_families()) {
    CHECK(names.insert(std::string(family.name)).second);
    CHECK_FALSE(family.resolved(pqmul::all_features_up_to(Isa::portable)).empty());
    CHECK(family.backend_isas().front() == Isa::portable);
  }
  CHECK(names == std::set<std::string>{"keccak", "kyber", "saber", "ntru"});
}

}  // namespace pqmul_tests::hybrid_test_kernel_families
