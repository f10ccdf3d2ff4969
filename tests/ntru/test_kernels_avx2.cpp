// The NTRU kernels and their twins: the flip-form bitonic network (portable
// against std::sort, AVX2 against portable) and the divstep loops of the
// inversions (AVX2 against portable on whole states, and the inverses they
// give against the definition), on zeros, extremes and seeded random inputs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/ntru/inverse.hpp"
#include "pqmul/schemes/ntru/sample.hpp"
#include "pqmul/schemes/ntru/sort.hpp"
#include "divstep_states.hpp"
#include "test_support.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::ntru_test_kernels_avx2 {

using namespace pqmul::ntru;

namespace {

constexpr std::int32_t int_min = std::numeric_limits<std::int32_t>::min();
constexpr std::int32_t int_max = std::numeric_limits<std::int32_t>::max();

// Inputs of one length: zeros, a constant, the extremes mixed, descending,
// seeded random words, and random words near the wrap-around of b - a.
std::vector<std::vector<std::int32_t>> sort_inputs(std::size_t length, std::mt19937_64& rng) {
  std::vector<std::vector<std::int32_t>> inputs;
  inputs.emplace_back(length, 0);
  inputs.emplace_back(length, -7);
  std::vector<std::int32_t> extremes(length), descending(length), random(length), near_wrap(length);
  for (std::size_t i = 0; i < length; ++i) {
    const std::int32_t choices[] = {int_min, int_max, 0, -1, 1, int_min + 1, int_max - 1};
    extremes[i] = choices[rng() % 7];
    descending[i] = static_cast<std::int32_t>(length - i) * 1000003;
    random[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(rng()));
    near_wrap[i] = static_cast<std::int32_t>((rng() & 1 ? 0x80000000u : 0x7fff0000u) + (rng() & 0xffff));
  }
  inputs.push_back(extremes);
  inputs.push_back(descending);
  inputs.push_back(random);
  inputs.push_back(near_wrap);
  return inputs;
}

}  // namespace

TEST_CASE("ntru sorting network sorts like std::sort", "[ntru][sort]") {
  std::mt19937_64 rng(11);
  for (std::size_t length = 8; length <= 2048; length *= 2)
    for (auto input : sort_inputs(length, rng)) {
      auto expected = input;
      std::sort(expected.begin(), expected.end());
      sort_int32_pow2_portable(input.data(), length);
      CHECK(input == expected);
    }
  for (std::size_t length : {1u, 5u, 508u, 676u, 820u, 1500u}) {
    for (auto input : sort_inputs(length, rng)) {
      auto expected = input;
      std::sort(expected.begin(), expected.end());
      sort_int32_ct(input);
      CHECK(input == expected);
    }
  }
}

#if defined(PQMUL_X86_SIMD)

TEST_CASE("ntru sorting network: avx2 equals portable", "[ntru][sort][avx2]") {
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) {
    CHECK_FALSE(pqmul::isa_available(pqmul::Isa::avx2));
    return;
  }
  std::mt19937_64 rng(12);
  for (std::size_t length = 8; length <= 2048; length *= 2)
    for (const auto& input : sort_inputs(length, rng)) {
      std::vector<std::int32_t> portable = input;
      struct alignas(32) Buffer {
        std::array<std::int32_t, 2048> v;
      } simd;
      std::copy(input.begin(), input.end(), simd.v.begin());
      sort_int32_pow2_portable(portable.data(), length);
      sort_int32_pow2_avx2(simd.v.data(), length);
      CHECK(std::equal(portable.begin(), portable.end(), simd.v.begin()));
    }
}

TEST_CASE("ntru sorting network: avx2 leaving out the padding's comparators still sorts", "[ntru][sort][avx2]") {
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) {
    CHECK_FALSE(pqmul::isa_available(pqmul::Isa::avx2));
    return;
  }
  std::mt19937_64 rng(14);
  struct alignas(32) Buffer {
    std::array<std::int32_t, 2048> v;
  } simd;
  std::size_t checked = 0;
  for (std::size_t length = 8; length <= 2048; length *= 2)
    // The live counts of the HPS sets (508, 676, 820), around vector edges, all and none.
    for (std::size_t live : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{9},
                             length / 2 + 3, length - 8, length - 1, length, std::size_t{508}, std::size_t{676},
                             std::size_t{820}}) {
      if (live > length) continue;
      for (const auto& input : sort_inputs(length, rng)) {
        std::vector<std::int32_t> padded = input;
        // Live keys may be anything but the padding value, as the sampler's are.
        for (std::size_t i = 0; i < length; ++i)
          padded[i] = i < live ? std::min(padded[i], std::numeric_limits<std::int32_t>::max() - 1)
                               : std::numeric_limits<std::int32_t>::max();
        std::copy(padded.begin(), padded.end(), simd.v.begin());
        std::sort(padded.begin(), padded.end());
        sort_int32_pow2_avx2(simd.v.data(), length, live);
        INFO("length " << length << ", live " << live);
        REQUIRE(std::equal(padded.begin(), padded.end(), simd.v.begin()));
        ++checked;
      }
    }
  CHECK(checked > 300);
}

TEST_CASE("ntru divsteps: avx2 equals portable", "[ntru][inverse][avx2]") {
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) {
    CHECK_FALSE(pqmul::isa_available(pqmul::Isa::avx2));
    return;
  }
  using namespace pqmul::ntru::detail;
  std::mt19937_64 rng(13);
  ntru_test::for_each_divstep_case(rng, [&]<std::size_t W>(const ntru_test::State<W>& start, std::size_t n,
                                                           std::size_t planes, std::size_t steps, std::int32_t delta,
                                                           int kind) {
    INFO("n " << n << " kind " << kind << " delta " << delta << " planes " << planes);
    ntru_test::State<W> portable = start, simd = start;
    std::int32_t d_portable, d_simd;
    if (planes == 8) {
      d_portable = divsteps_s3_portable<W>(portable.words.data(), n, steps, delta);
      d_simd = divsteps_s3_avx2(simd.words.data(), W, n, steps, delta);
    } else {
      d_portable = divsteps_s2_portable<W>(portable.words.data(), n, steps, delta);
      d_simd = divsteps_s2_avx2(simd.words.data(), W, n, steps, delta);
    }
    CHECK(d_portable == d_simd);
    if (planes == 8) {
      CHECK(portable == simd);
      if (pqmul::avx512_vbmi2_available()) {  // the AVX-512 twin of the S_3 kernel
        ntru_test::State<W> avx512 = start;
        CHECK(divsteps_s3_avx512(avx512.words.data(), W, n, steps, delta) == d_portable);
        CHECK(portable == avx512);
      }
    } else {
      // The GF(2) kernel jumps: after the steps only v, w and f(0) are
      // specified (see divsteps_s2_avx2).
      CHECK((portable.words[0] & 1) == (simd.words[0] & 1));
      CHECK(std::equal(portable.words.begin() + 2 * W, portable.words.begin() + 4 * W, simd.words.begin() + 2 * W));
    }
  });
}

TEMPLATE_TEST_CASE("ntru inversions and fixed-type sampling: avx2 equals portable", "[ntru][inverse][avx2]",
                   Hps2048509, Hps2048677, Hps4096821, Hrss701) {
  using P = TestType;
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) {
    CHECK_FALSE(pqmul::isa_available(pqmul::Isa::avx2));
    return;
  }
  std::mt19937_64 rng(14);
  for (const auto& a : ntru_test::inversion_inputs<P>(rng)) {
    S3<P> portable, simd;
    const bool ok_portable = invert_s3<P::n>(a, portable);
    const bool ok_simd = invert_s3<P::n, Kernels::avx2>(a, simd);
    CHECK(ok_portable == ok_simd);
    if (ok_simd) {
      CHECK(portable == simd);
      CHECK(ntru_test::s3_product_by_definition<P>(a, simd) == ntru_test::s3_one<P>());
    }
    if (pqmul::avx512_vbmi2_available()) {
      S3<P> with_avx512;
      CHECK(invert_s3<P::n, Kernels::avx2, true>(a, with_avx512) == ok_portable);
      if (ok_portable) CHECK(with_avx512 == portable);
    }
    std::array<std::uint8_t, P::n> bits, inverse_portable, inverse_simd;
    for (std::size_t i = 0; i < P::n; ++i) bits[i] = a[i] & 1;
    CHECK(invert_s2<P::n>(bits, inverse_portable) == invert_s2<P::n, Kernels::avx2>(bits, inverse_simd));
    CHECK(inverse_portable == inverse_simd);
  }
  if constexpr (P::variant == Variant::hps) {
    for (int trial = 0; trial < 4; ++trial) {
      std::array<std::uint8_t, P::fixed_type_bytes> u;
      if (trial == 0) u.fill(0);
      else if (trial == 1) u.fill(0xff);
      else ntru_test::random_bytes(u, rng);
      const S3<P> portable = sample_fixed_type<P>(u);
      CHECK(portable == sample_fixed_type<P, Kernels::avx2>(u));
      std::size_t ones = 0, twos = 0;
      for (auto c : portable.coeffs) ones += c == 1, twos += c == 2;
      CHECK(ones == P::weight / 2);
      CHECK(twos == P::weight / 2);
    }
  }
}

#endif

}  // namespace pqmul_tests::ntru_test_kernels_avx2
