// The AVX2 coefficient and encoding kernels of NTRU (arith_kernels.hpp,
// pack_kernels.hpp) against their portable twins in arith.hpp and pack.hpp, on zeros, single coefficients, constants,
// extremes (every 16-bit value class the kernels' lanes can meet) and seeded
// random inputs, for every parameter set (n % 16 differs between them, so the
// padded tails are covered); the fused Toom product against clear +
// multiply_accumulate + inverse; and the AVX2 S_3 product against the
// definition, including the all-(-1) operands that give the largest integer
// coefficients.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/ntru/arith.hpp"
#include "pqmul/schemes/ntru/scheme.hpp"
#include "test_support.hpp"

#if defined(PQMUL_X86_SIMD)
#include "pqmul/algorithms/toom_simd.hpp"
#include "pqmul/schemes/ntru/arith_kernels.hpp"
#include "pqmul/schemes/ntru/inverse_kernels.hpp"
#include "pqmul/schemes/ntru/pack.hpp"
#include "pqmul/schemes/ntru/pack_kernels.hpp"
#include "pqmul/schemes/ntru/sample.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::ntru_test_arith_avx2 {

using namespace pqmul::ntru;

namespace {

// R_q-sized inputs (any 16-bit values, as the kernels accept them).
template <ParameterSet P>
std::vector<Rq<P>> word_inputs(std::mt19937_64& rng) {
  std::vector<Rq<P>> inputs;
  inputs.emplace_back();  // zeros
  for (std::size_t position : {std::size_t{0}, std::size_t{15}, std::size_t{16}, P::n - 2, P::n - 1})
    for (std::uint16_t value : {std::uint16_t{1}, std::uint16_t(P::q - 1), std::uint16_t(P::q / 2),
                                std::uint16_t(P::q / 2 - 1), std::uint16_t{0xffff}}) {
      Rq<P> single;
      single[position] = value;
      inputs.push_back(single);
    }
  for (std::uint16_t value : {std::uint16_t{1}, std::uint16_t{2}, std::uint16_t(P::q - 1), std::uint16_t(P::q / 2),
                              std::uint16_t{0x7fff}, std::uint16_t{0x8000}, std::uint16_t{0xffff}}) {
    Rq<P> constant;
    constant.coeffs.fill(value);
    inputs.push_back(constant);
  }
  Rq<P> extremes, canonical, wide, ternary;
  const std::uint16_t choices[] = {0, 1, 2, 3, std::uint16_t(P::q - 1), std::uint16_t(P::q - 2), std::uint16_t(P::q),
                                   std::uint16_t(P::q / 2), 0xfffe, 0xffff, 0x8000};
  for (std::size_t i = 0; i < P::n; ++i) {
    extremes[i] = choices[rng() % std::size(choices)];
    canonical[i] = static_cast<std::uint16_t>(rng() % P::q);
    wide[i] = static_cast<std::uint16_t>(rng());
    const std::uint16_t t[] = {0, 1, std::uint16_t(P::q - 1)};
    ternary[i] = t[rng() % 3];
  }
  inputs.push_back(extremes);
  inputs.push_back(canonical);
  inputs.push_back(wide);
  inputs.push_back(ternary);
  Rq<P> ternary_top = ternary;  // a valid r: ternary with a zero top coefficient
  ternary_top[P::n - 1] = 0;
  inputs.push_back(ternary_top);
  return inputs;
}

// S_3-sized inputs: byte values, mostly trits.
template <ParameterSet P>
std::vector<S3<P>> trit_inputs(std::mt19937_64& rng) {
  std::vector<S3<P>> inputs;
  inputs.emplace_back();
  for (std::size_t position : {std::size_t{0}, std::size_t{15}, P::n - 2, P::n - 1})
    for (std::uint8_t value : {1, 2}) {
      S3<P> single;
      single[position] = value;
      inputs.push_back(single);
    }
  for (std::uint8_t value : {1, 2, 3, 255}) {
    S3<P> constant;
    constant.coeffs.fill(value);
    inputs.push_back(constant);
  }
  for (int k = 0; k < 4; ++k) {
    inputs.push_back(ntru_test::random_s3<P>(rng));
    inputs.push_back(ntru_test::random_s3<P>(rng, false));
  }
  S3<P> bytes;
  for (auto& c : bytes.coeffs) c = static_cast<std::uint8_t>(rng());
  inputs.push_back(bytes);
  return inputs;
}

template <ParameterSet P>
void check_kernels(std::mt19937_64& rng) {
  const auto q = static_cast<std::uint16_t>(P::q);
  for (const S3<P>& a : trit_inputs<P>(rng)) {
    Rq<P> got;
    kernels::trits_to_rq_avx2(a.coeffs.data(), P::n, q, got.coeffs.data());
    CHECK(got == to_rq<P>(a));
    S3<P> reduced;
    kernels::bytes_mod3_avx2(a.coeffs.data(), P::n - 1, reduced.coeffs.data());
    reduced[P::n - 1] = 0;
    CHECK(reduced == sample_iid<P>(std::span<const std::uint8_t, P::iid_bytes>(a.coeffs.data(), P::iid_bytes)));
    bool trits = true;
    for (std::uint8_t c : a.coeffs) trits &= c <= 2;
    if (P::variant == Variant::hrss && trits) {
      Rq<P> lifted;
      kernels::lift_hrss_avx2(a.coeffs.data(), P::n, q, lifted.coeffs.data());
      CHECK(lifted == lift<P>(a));
    }
    Rq<P> widened;
    kernels::widen_trits_avx2(a.coeffs.data(), P::n, widened.coeffs.data());
    bool same = true;
    for (std::size_t i = 0; i < P::n; ++i) same &= widened[i] == a[i];
    CHECK(same);
  }
  const auto words = word_inputs<P>(rng);
  for (std::size_t k = 0; k < words.size(); ++k) {
    const Rq<P>& a = words[k];
    const Rq<P>& b = words[(k * 7 + 3) % words.size()];
    S3<P> s3;
    kernels::rq_to_s3_avx2(a.coeffs.data(), P::n, P::log_q, s3.coeffs.data());
    CHECK(s3 == rq_to_s3<P>(a));
    kernels::trinary_from_rq_avx2(a.coeffs.data(), P::n, P::log_q, s3.coeffs.data());
    CHECK(s3 == trinary_from_rq<P>(a));
    Rq<P> reduced = a, expected = a;
    kernels::reduce_phi_rq_avx2(reduced.coeffs.data(), P::n, q);
    reduce_phi<P>(expected);
    CHECK(reduced == expected);
    Rq<P> sum, difference;
    kernels::add_rq_avx2(a.coeffs.data(), b.coeffs.data(), P::n, q, sum.coeffs.data());
    kernels::sub_rq_avx2(a.coeffs.data(), b.coeffs.data(), P::n, q, difference.coeffs.data());
    CHECK(sum == add_rq<P>(a, b));
    CHECK(difference == sub_rq<P>(a, b));
    // invalid_r's portable twin (scheme_impl.hpp), restated: ternary
    // coefficients below n-1 and a zero top coefficient.
    std::uint32_t bad = a[P::n - 1];
    for (std::size_t i = 0; i + 1 < P::n; ++i) bad |= ((a[i] + 1u) & (P::q - 4)) | ((a[i] + 2u) & 4u);
    bool ternary = a[P::n - 1] == 0;
    for (std::size_t i = 0; i + 1 < P::n; ++i) ternary &= a[i] == 0 || a[i] == 1 || a[i] == P::q - 1;
    const std::uint8_t invalid = kernels::invalid_r_avx2(a.coeffs.data(), P::n, q);
    CHECK(invalid == (bad != 0 ? 1 : 0));
    bool canonical = true;  // r is reduced mod q where the check is used
    for (std::uint16_t c : a.coeffs) canonical &= c < P::q;
    if (canonical) CHECK(invalid == (ternary ? 0 : 1));
  }
  // rq_to_s3 with log_q = 14 (the exact products of the S_3 multiplication).
  for (const Rq<P>& a : words) {
    S3<P> got, expected;
    kernels::rq_to_s3_avx2(a.coeffs.data(), P::n, 14, got.coeffs.data());
    for (std::size_t i = 0; i < P::n; ++i) {
      const std::uint32_t v = a[i] & 0x3fffu;
      const std::uint32_t centred_mod3 = v >= 0x2000 ? (v + 2u) % 3 : v % 3u;  // -2^14 = 2 mod 3
      expected[i] = static_cast<std::uint8_t>(centred_mod3);
    }
    reduce_phi(expected);
    CHECK(got == expected);
  }
}

// Every byte value, all zeros, all ones, seeded random bytes.
template <std::size_t B>
std::vector<std::array<std::uint8_t, B>> byte_inputs(std::mt19937_64& rng) {
  std::vector<std::array<std::uint8_t, B>> inputs(5);
  inputs[1].fill(0xff);
  for (std::size_t i = 0; i < B; ++i) {
    inputs[2][i] = static_cast<std::uint8_t>(i);
    inputs[3][i] = static_cast<std::uint8_t>(rng());
    inputs[4][i] = static_cast<std::uint8_t>(rng() % 243);  // what pack_s3 produces
  }
  return inputs;
}

template <ParameterSet P>
void check_encodings(std::mt19937_64& rng) {
  for (const Rq<P>& a : word_inputs<P>(rng)) {
    std::array<std::uint8_t, P::rq_bytes> got{}, expected{};
    kernels::pack_bits_avx2(a.coeffs.data(), P::pack_degree, P::log_q, got.data(), P::rq_bytes);
    pack_sq<P>(a, expected);
    CHECK(got == expected);
  }
  for (const auto& bytes : byte_inputs<P::rq_bytes>(rng)) {
    const std::span<const std::uint8_t, P::rq_bytes> in(bytes);
    Rq<P> got;
    const std::uint32_t sum = kernels::unpack_bits_avx2(in.data(), P::rq_bytes, P::pack_degree, P::log_q,
                                                        got.coeffs.data());
    const Rq<P> expected = unpack_sq<P>(in);
    bool same = true;
    std::uint32_t expected_sum = 0;
    for (std::size_t i = 0; i < P::pack_degree; ++i) {
      same &= got[i] == expected[i];
      expected_sum += expected[i];
    }
    CHECK(same);
    CHECK(sum == expected_sum);
    CHECK(mod_q<P>(0u - sum) == unpack_rq_sum_zero<P>(in)[P::n - 1]);
  }
  for (const auto& bytes : byte_inputs<P::trinary_bytes>(rng)) {
    const std::span<const std::uint8_t, P::trinary_bytes> in(bytes);
    S3<P> got;
    kernels::unpack_s3_avx2(in.data(), P::trinary_bytes, P::pack_degree, got.coeffs.data());
    got[P::n - 1] = 0;
    CHECK(got == unpack_s3<P>(in));
  }
  if constexpr (P::variant == Variant::hps) {
    // The keys of fixed-type sampling: 30-bit fields of the bit string, read
    // bit by bit here, shifted up by 2; also for shorter strings (whole
    // groups of four keys, odd and even group counts).
    for (const auto& bytes : byte_inputs<P::fixed_type_bytes>(rng))
      for (std::size_t count : {std::size_t{4}, std::size_t{8}, std::size_t{12}, P::n - 1}) {
        std::vector<std::int32_t> got(count), expected(count);
        kernels::fixed_type_keys_avx2(bytes.data(), count, got.data());
        for (std::size_t i = 0; i < count; ++i) {
          std::uint32_t field = 0;
          for (std::size_t b = 0; b < 30; ++b) {
            const std::size_t bit = 30 * i + b;
            field |= std::uint32_t{(bytes[bit / 8] >> (bit % 8)) & 1u} << b;
          }
          expected[i] = static_cast<std::int32_t>(field << 2);
        }
        INFO("count " << count);
        CHECK(got == expected);
      }
  }
}

// The bit-plane conversions of the inversions against the loops they
// replace (inverse.hpp): planes of n-1 reversed coefficients, and back.
template <ParameterSet P>
void check_planes(std::mt19937_64& rng) {
  constexpr std::size_t words = (P::n + 255) / 256 * 4;
  for (const S3<P>& a : trit_inputs<P>(rng)) {
    bool trits = true;
    for (std::uint8_t c : a.coeffs) trits &= c <= 2;
    std::array<std::uint64_t, words> p{}, m{}, bits{}, expected_p{}, expected_m{}, expected_bits{};
    for (std::size_t i = 0; i + 1 < P::n; ++i) {
      const std::size_t j = P::n - 2 - i;
      const std::uint32_t t = mod3(a[i] + 2u * a[P::n - 1]);
      expected_p[j / 64] |= std::uint64_t{t & 1} << (j % 64);
      expected_m[j / 64] |= std::uint64_t{t >> 1} << (j % 64);
      expected_bits[j / 64] |= std::uint64_t((a[i] ^ a[P::n - 1]) & 1) << (j % 64);
    }
    if (trits) {
      pqmul::ntru::detail::s3_planes_reversed_avx2(a.coeffs.data(), P::n, p.data(), m.data());
      CHECK(p == expected_p);
      CHECK(m == expected_m);
    }
    pqmul::ntru::detail::s2_plane_reversed_avx2(a.coeffs.data(), P::n, bits.data());
    CHECK(bits == expected_bits);
  }
  for (int round = 0; round < 6; ++round) {
    std::array<std::uint64_t, words> p{}, m{};
    for (std::size_t w = 0; w < words; ++w) {
      p[w] = round == 0 ? 0 : round == 1 ? ~std::uint64_t{0} : rng();
      m[w] = round == 1 ? 0 : round == 2 ? ~p[w] : round == 5 ? rng() : rng() & ~p[w];
    }
    for (std::uint32_t f0 = 0; f0 < 4; ++f0) {
      S3<P> got, expected;
      for (std::size_t i = 0; i + 1 < P::n; ++i) {
        const std::size_t j = P::n - 2 - i;
        const auto v = static_cast<std::uint32_t>(((p[j / 64] >> (j % 64)) & 1) + 2 * ((m[j / 64] >> (j % 64)) & 1));
        expected[i] = static_cast<std::uint8_t>(mod3(f0 * v));
      }
      pqmul::ntru::detail::s3_from_planes_reversed_avx2(p.data(), m.data(), P::n, f0, got.coeffs.data());
      CHECK(got == expected);
    }
    std::array<std::uint8_t, P::n> got{}, expected{};
    for (std::size_t i = 0; i + 1 < P::n; ++i)
      expected[i] = static_cast<std::uint8_t>((p[(P::n - 2 - i) / 64] >> ((P::n - 2 - i) % 64)) & 1);
    pqmul::ntru::detail::s2_from_plane_reversed_avx2(p.data(), P::n, got.data());
    CHECK(got == expected);
  }
}

template <ParameterSet P>
void check_products(std::mt19937_64& rng) {
  using R = typename P::ring;
  const pqmul::Toom4Simd<R> m;
  for (int round = 0; round < 3; ++round) {
    Rq<P> a = ntru_test::random_rq<P>(rng), b = ntru_test::random_rq<P>(rng);
    if (round == 1) a.coeffs.fill(static_cast<std::uint16_t>(P::q - 1));
    if (round == 2) b = ntru_test::rq_one<P>();
    auto x = m.make_operand(), y = m.make_operand();
    m.transform(a, x);
    m.transform(b, y);
    auto acc = m.make_accumulator();
    m.clear(acc);
    m.multiply_accumulate(acc, x, y);
    Rq<P> accumulated, fused;
    m.inverse(acc, accumulated);
    m.multiply(x, y, fused);
    CHECK(fused == accumulated);
    if (round == 2) CHECK(fused == a);
  }
  const Ntru<P, pqmul::Toom4Simd<R>> scheme{m};
  S3<P> minus_one;
  minus_one.coeffs.fill(2);
  const S3<P> cases[][2] = {{minus_one, minus_one},
                            {ntru_test::random_s3<P>(rng), ntru_test::random_s3<P>(rng)},
                            {ntru_test::random_s3<P>(rng, false), minus_one},
                            {ntru_test::s3_one<P>(), ntru_test::random_s3<P>(rng)},
                            {S3<P>{}, ntru_test::random_s3<P>(rng)}};
  for (const auto& [a, b] : cases) CHECK(scheme.mul_s3(a, b) == ntru_test::s3_product_by_definition<P>(a, b));
}

}  // namespace

TEMPLATE_TEST_CASE("ntru coefficient kernels: avx2 equals portable", "[ntru][arith][avx2]", Hps2048509, Hps2048677,
                   Hps4096821, Hrss701) {
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) {
    CHECK_FALSE(pqmul::isa_available(pqmul::Isa::avx2));
    return;
  }
  std::mt19937_64 rng(2026);
  check_kernels<TestType>(rng);
  check_encodings<TestType>(rng);
  check_planes<TestType>(rng);
}

TEMPLATE_TEST_CASE("ntru avx2 products: fused Toom product and S_3 product", "[ntru][arith][avx2]", Hps2048509,
                   Hps2048677, Hps4096821, Hrss701) {
  if (!pqmul::test::runs_here(pqmul::Isa::avx2)) {
    CHECK_FALSE(pqmul::isa_available(pqmul::Isa::avx2));
    return;
  }
  std::mt19937_64 rng(77);
  check_products<TestType>(rng);
}

}  // namespace pqmul_tests::ntru_test_arith_avx2

#endif  // PQMUL_X86_SIMD
