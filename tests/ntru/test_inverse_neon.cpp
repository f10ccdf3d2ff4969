// The NEON divstep loops of NTRU's inversions (inverse_neon.cpp) against their
// portable twins on whole states (zeros, all ones, random; several lengths,
// step counts and start deltas), and the inverses they give against the
// portable inversions and the definition (a a^-1 = 1 in S_3).
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "../common/isa_gate.hpp"
#include "divstep_states.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/ntru/inverse.hpp"
#include "pqmul/schemes/ntru/ntru_kernels.hpp"
#include "test_support.hpp"

namespace pqmul_tests::ntru_test_inverse_neon {

using namespace pqmul::ntru;

#if defined(PQMUL_ARM_SIMD)

TEST_CASE("ntru divsteps: neon equals portable on whole states", "[ntru][inverse][neon]") {
  if (!pqmul::test::cpu_runs(pqmul::Isa::neon)) return;
  using namespace pqmul::ntru::detail;
  std::mt19937_64 rng(31);
  ntru_test::for_each_divstep_case(
      rng, [&]<std::size_t W>(const ntru_test::State<W>& start, std::size_t n, std::size_t planes, std::size_t steps,
                              std::int32_t delta, int kind) {
        INFO("n " << n << " kind " << kind << " delta " << delta << " planes " << planes);
        ntru_test::State<W> portable = start, simd = start;
        if (planes == 8)
          CHECK(divsteps_s3_portable<W>(portable.words.data(), n, steps, delta) ==
                divsteps_s3_neon(simd.words.data(), W, n, steps, delta));
        else
          CHECK(divsteps_s2_portable<W>(portable.words.data(), n, steps, delta) ==
                divsteps_s2_neon(simd.words.data(), W, n, steps, delta));
        CHECK(portable == simd);
      });
}

TEMPLATE_TEST_CASE("ntru inversions: neon equals portable and inverts", "[ntru][inverse][neon]", Hps2048509, Hps2048677,
                   Hps4096821, Hrss701) {
  using P = TestType;
  if (!pqmul::test::runs_here(pqmul::Isa::neon)) return;
  const auto& kernels = ntru_kernels<P>(pqmul::Isa::neon);
  CHECK(kernels.invert_s3.isa == pqmul::Isa::neon);
  CHECK(kernels.invert_s2.isa == pqmul::Isa::neon);
  std::mt19937_64 rng(37);
  for (const auto& a : ntru_test::inversion_inputs<P>(rng)) {
    S3<P> portable, simd;
    const bool ok_portable = invert_s3<P::n>(a, portable);
    CHECK(kernels.invert_s3(a, simd) == ok_portable);
    if (ok_portable) {
      CHECK(portable == simd);
      CHECK(ntru_test::s3_product_by_definition<P>(a, simd) == ntru_test::s3_one<P>());
    }
    std::array<std::uint8_t, P::n> bits, inverse_portable, inverse_simd;
    for (std::size_t i = 0; i < P::n; ++i) bits[i] = a[i] & 1;
    CHECK(invert_s2<P::n>(bits, inverse_portable) == kernels.invert_s2(bits, inverse_simd));
    CHECK(inverse_portable == inverse_simd);
  }
}

#else

TEST_CASE("ntru divsteps: neon not built on this architecture", "[ntru][inverse][neon]") {
  CHECK_FALSE(pqmul::isa_available(pqmul::Isa::neon));
}

#endif

}  // namespace pqmul_tests::ntru_test_inverse_neon
