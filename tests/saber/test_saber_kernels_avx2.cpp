// Saber's AVX2 conversion, sampling and rounding kernels against their
// portable twins (pack.hpp, sampling.hpp, rounding.hpp, ct::differ) on zeros,
// single coefficients, constants, extremes and seeded random inputs; and the
// implicit-rejection path of the SIMD instances against the portable one.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "../../schemes/src/saber/factories.hpp"
#include "../common/test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/common/constant_time.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/saber/kernels_avx2.hpp"
#include "pqmul/schemes/saber/rounding.hpp"
#include "pqmul/schemes/saber/sampling.hpp"
#include "../common/isa_gate.hpp"

namespace pqmul_tests::saber_test_saber_kernels_avx2 {

#if defined(PQMUL_X86_SIMD)

namespace {

using Poly = pqmul::saber::SaberPoly;
using pqmul::Isa;
constexpr unsigned widths[] = {1, 3, 4, 6, 8, 10, 13};

// Polynomials whose coefficients lie below `limit`: zeros, one coefficient at
// a time (first, inside a group, group edges, last), constants, alternating
// extremes, and seeded random ones.
std::vector<Poly> polys_below(std::uint32_t limit, std::uint64_t seed) {
  std::vector<Poly> out;
  out.push_back(Poly{});
  for (std::size_t at : {0u, 1u, 3u, 4u, 7u, 8u, 15u, 16u, 128u, 255u}) {
    Poly p;
    p[at] = static_cast<std::uint16_t>(limit - 1);
    out.push_back(p);
  }
  for (std::uint32_t c : {1u, limit / 2, limit - 1, 0x5555u % limit, 0xAAAAu % limit}) {
    Poly p;
    p.coeffs.fill(static_cast<std::uint16_t>(c));
    out.push_back(p);
  }
  Poly alternating;
  for (std::size_t i = 0; i < 256; ++i) alternating[i] = static_cast<std::uint16_t>(i % 2 ? limit - 1 : 0);
  out.push_back(alternating);
  pqmul::test::TestPrng prng(seed);
  for (int k = 0; k < 20; ++k) {
    Poly p;
    for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(prng.below(limit));
    out.push_back(p);
  }
  return out;
}

// Byte strings of `len`: zeros, all ones, single set bits and bytes, patterns, seeded random.
std::vector<std::vector<std::uint8_t>> byte_inputs(std::size_t len, std::uint64_t seed) {
  std::vector<std::vector<std::uint8_t>> out;
  out.emplace_back(len, 0x00);
  out.emplace_back(len, 0xFF);
  out.emplace_back(len, 0x55);
  out.emplace_back(len, 0xAA);
  for (std::size_t at : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{12}, std::size_t{13}, len / 2,
                         len - 1}) {
    for (std::uint8_t v : {std::uint8_t{0x01}, std::uint8_t{0x80}, std::uint8_t{0xFF}}) {
      std::vector<std::uint8_t> b(len, 0);
      b[at] = v;
      out.push_back(b);
    }
  }
  pqmul::test::TestPrng prng(seed);
  for (int k = 0; k < 20; ++k) out.push_back(prng.bytes(len));
  return out;
}

}  // namespace

TEST_CASE("Saber avx2 kernels: pack equals the portable bit stream", "[saber][avx2][kernels]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(pqmul::isa_available(Isa::avx2));
    return;
  }
  for (unsigned bits : widths) {
    INFO("bits " << bits);
    REQUIRE(pqmul::saber::avx2::packs_width(bits));
    // Coefficients of every size up to 16 bits: both drop the bits above `bits`.
    for (std::uint32_t limit : {1u << bits, 1u << 13, 1u << 16}) {
      for (const Poly& p : polys_below(limit, bits * 100 + limit)) {
        std::vector<std::uint8_t> portable(bits * 32), simd(bits * 32, 0xEE), raw(bits * 32, 0xEE);
        pqmul::saber::pack_poly(p, bits, portable);
        pqmul::saber::pack_poly(p, bits, simd, pqmul::saber::saber_kernels(Isa::avx2));
        pqmul::saber::avx2::pack(p.coeffs.data(), bits, raw.data());
        CHECK(simd == portable);
        CHECK(raw == portable);
      }
    }
  }
  CHECK_FALSE(pqmul::saber::avx2::packs_width(5));
  CHECK_FALSE(pqmul::saber::avx2::packs_width(16));
}

TEST_CASE("Saber avx2 kernels: unpack equals the portable reading", "[saber][avx2][kernels]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) return;
  for (unsigned bits : widths) {
    INFO("bits " << bits);
    for (const auto& bytes : byte_inputs(bits * 32, bits)) {
      Poly portable, simd, raw;
      simd.coeffs.fill(0xEEEE);
      raw.coeffs.fill(0xEEEE);
      pqmul::saber::unpack_poly(bytes, bits, portable);
      pqmul::saber::unpack_poly(bytes, bits, simd, pqmul::saber::saber_kernels(Isa::avx2));
      pqmul::saber::avx2::unpack(bytes.data(), bits, raw.coeffs.data());
      CHECK(simd == portable);
      CHECK(raw == portable);
    }
  }
  // Vectors and the message go through the same kernels.
  pqmul::test::TestPrng prng(5);
  const auto stream = prng.bytes(3 * 416);
  std::array<Poly, 3> portable, simd;
  pqmul::saber::unpack_vector(stream, 13, portable);
  pqmul::saber::unpack_vector(stream, 13, simd, pqmul::saber::saber_kernels(Isa::avx512));
  CHECK(simd == portable);
  std::vector<std::uint8_t> again(3 * 416);
  pqmul::saber::pack_vector(simd, 13, again, pqmul::saber::saber_kernels(Isa::avx2));
  CHECK(again == stream);
}

TEST_CASE("Saber avx2 kernels: centred binomial equals the portable sampler", "[saber][avx2][kernels]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) return;
  for (unsigned mu : {6u, 8u, 10u}) {
    INFO("mu " << mu);
    REQUIRE(pqmul::saber::avx2::samples_mu(mu));
    for (const auto& coins : byte_inputs(mu * 32, mu)) {
      Poly portable, simd, raw;
      pqmul::saber::centred_binomial(coins, mu, portable);
      pqmul::saber::centred_binomial(coins, mu, simd, pqmul::saber::saber_kernels(Isa::avx2));
      pqmul::saber::avx2::centred_binomial(coins.data(), mu, raw.coeffs.data());
      CHECK(simd == portable);
      CHECK(raw == portable);
    }
    // The extremes +mu/2 and -mu/2, as an independent check of the sign.
    std::vector<std::uint8_t> coins(mu * 32, 0);
    for (std::size_t i = 0; i < 256; ++i)
      for (unsigned k = 0; k < mu / 2; ++k)
        coins[(i * mu + k) / 8] |= static_cast<std::uint8_t>(1u << ((i * mu + k) % 8));
    Poly s;
    pqmul::saber::centred_binomial(coins, mu, s, pqmul::saber::saber_kernels(Isa::avx2));
    for (auto c : s.coeffs) CHECK(c == mu / 2);
    for (auto& c : coins) c = static_cast<std::uint8_t>(~c);
    pqmul::saber::centred_binomial(coins, mu, s, pqmul::saber::saber_kernels(Isa::avx2));
    for (auto c : s.coeffs) CHECK(c == 8192 - mu / 2);
    // gen_secret through the AVX-512 Keccak gives the same vector.
    std::array<std::uint8_t, 32> seed{};
    seed[0] = static_cast<std::uint8_t>(mu);
    std::array<Poly, 4> portable_vector, simd_vector;
    pqmul::saber::gen_secret(seed, mu, portable_vector);
    pqmul::saber::gen_secret(seed, mu, simd_vector, Isa::avx512);
    CHECK(simd_vector == portable_vector);
  }
  CHECK_FALSE(pqmul::saber::avx2::samples_mu(4));
}

TEST_CASE("Saber avx2 kernels: gen_matrix equals the portable matrix", "[saber][avx2][kernels]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) return;
  for (std::size_t l : {2u, 3u, 4u}) {
    std::array<std::uint8_t, 32> seed{};
    seed[31] = static_cast<std::uint8_t>(l);
    std::vector<Poly> portable(l * l), avx2(l * l), avx512(l * l);
    pqmul::saber::gen_matrix(seed, l, portable);
    pqmul::saber::gen_matrix(seed, l, avx2, Isa::avx2);
    CHECK(avx2 == portable);
    if (pqmul::cpu_supports(Isa::avx512)) {
      pqmul::saber::gen_matrix(seed, l, avx512, Isa::avx512);
      CHECK(avx512 == portable);
    }
  }
}

TEST_CASE("Saber avx2 kernels: rounding steps equal the portable ones", "[saber][avx2][kernels]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) return;
  const auto values = polys_below(8192, 77);
  for (const Poly& p : values) {
    std::array<Poly, 1> portable{p}, simd{p};
    pqmul::saber::round_q_to_p(portable);
    pqmul::saber::round_q_to_p(simd, pqmul::saber::saber_kernels(Isa::avx2));
    CHECK(simd == portable);
  }
  // Independent values: 8191 + 4 wraps to 3 mod q, then >> 3 is 0; 4 rounds to 1.
  std::array<Poly, 1> edge{};
  edge[0][0] = 8191;
  edge[0][1] = 4;
  edge[0][2] = 3;
  pqmul::saber::round_q_to_p(edge, pqmul::saber::saber_kernels(Isa::avx2));
  CHECK(edge[0][0] == 0);
  CHECK(edge[0][1] == 1);
  CHECK(edge[0][2] == 0);

  for (unsigned et : {3u, 4u, 6u}) {
    INFO("et " << et);
    const auto bits = polys_below(2, et);
    const auto cms = polys_below(1u << et, et + 1);
    for (std::size_t i = 0; i < values.size(); ++i) {
      Poly portable = values[i], simd = values[i];
      const Poly& m = bits[i % bits.size()];
      pqmul::saber::round_message(portable, m, et);
      pqmul::saber::round_message(simd, m, et, pqmul::saber::saber_kernels(Isa::avx2));
      CHECK(simd == portable);
      Poly v_portable = values[i], v_simd = values[i];
      const Poly& cm = cms[(i * 7) % cms.size()];
      pqmul::saber::recover_message(v_portable, cm, et);
      pqmul::saber::recover_message(v_simd, cm, et, pqmul::saber::saber_kernels(Isa::avx2));
      CHECK(v_simd == v_portable);
      for (auto c : v_simd.coeffs) CHECK(c <= 1);
    }
  }
}

TEST_CASE("Saber avx2 kernels: ciphertext comparison equals ct::differ", "[saber][avx2][kernels]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) return;
  pqmul::test::TestPrng prng(3);
  for (std::size_t len : {0u, 1u, 31u, 32u, 33u, 64u, 736u, 1088u, 1472u}) {
    INFO("len " << len);
    const auto a = prng.bytes(len);
    CHECK(pqmul::saber::ciphertexts_differ(a, a, pqmul::saber::saber_kernels(Isa::avx2)) == 0);
    CHECK(pqmul::saber::avx2::differ(a.data(), a.data(), len) == 0);
    for (std::size_t at = 0; at < len; at += (len > 64 ? 37 : 1)) {
      for (std::uint8_t flip : {std::uint8_t{0x01}, std::uint8_t{0x80}}) {
        auto b = a;
        b[at] ^= flip;
        CHECK(pqmul::ct::differ(a, b) == 1);
        CHECK(pqmul::saber::ciphertexts_differ(a, b, pqmul::saber::saber_kernels(Isa::avx2)) == 1);
      }
    }
    if (len > 0) {
      auto b = a;
      b[len - 1] ^= 0xFF;
      CHECK(pqmul::saber::avx2::differ(a.data(), b.data(), len) == 1);
    }
  }
}

TEST_CASE("Saber avx2/avx512: a modified ciphertext gives the portable implicit-rejection key",
          "[saber][avx2][kernels]") {
  if (!pqmul::test::runs_here(Isa::avx2)) return;
  std::vector<Isa> isas{Isa::avx2};
  if (pqmul::isa_available(Isa::avx512)) isas.push_back(Isa::avx512);
  for (const char* scheme : {"lightsaber", "saber", "firesaber"}) {
    const auto portable = pqmul::saber::make_saber(scheme, "toom4-k2", pqmul::Strategy::cached);
    std::array<std::uint8_t, 48> entropy{};
    entropy[0] = 9;
    pqmul::NistKatDrbg rng(entropy);
    std::vector<std::uint8_t> pk(portable->public_key_bytes()), sk(portable->secret_key_bytes()),
        ct(portable->ciphertext_bytes()), ss(32), expected(32), got(32);
    portable->keypair(pk, sk, rng);
    portable->encaps(ct, ss, pk, rng);
    ct[ct.size() / 2] ^= 0x04;
    portable->decaps(expected, ct, sk);
    CHECK(expected != ss);
    for (Isa isa : isas) {
      INFO(scheme << " " << pqmul::isa_name(isa));
      const auto kem = pqmul::saber::detail::make_toom4_simd_saber(scheme, pqmul::Strategy::cached, "toom4-k2", isa);
      CHECK(kem->isa() == pqmul::isa_name(isa));
      kem->decaps(got, ct, sk);
      CHECK(got == expected);
    }
  }
}

#else

TEST_CASE("Saber avx2 kernels: not built here, so avx2 is unavailable", "[saber][avx2][kernels]") {
  CHECK_FALSE(pqmul::isa_available(pqmul::Isa::avx2));
}

#endif

}  // namespace pqmul_tests::saber_test_saber_kernels_avx2
