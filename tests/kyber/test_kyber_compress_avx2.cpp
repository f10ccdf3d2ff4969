// The AVX2 (and AVX-512 Compress_d) kernels against their portable twins
// (kyber::compress / decompress, themselves checked against exact rounding in
// test_kyber_primitives.cpp): every input value of every d, in all positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kyber/compress_avx2.hpp"
#include "pqmul/schemes/kyber/compress_avx512.hpp"
#include "pqmul/schemes/kyber/encode_avx2.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"
#include "../common/isa_gate.hpp"
#include "kyber_test_util.hpp"

namespace pqmul_tests::kyber_test_kyber_compress_avx2 {

using namespace pqmul;
using namespace pqmul::kyber;

#if defined(PQMUL_X86_SIMD)

using pqmul::test::every_value;

TEST_CASE("kyber compress avx2: equals the portable Compress_d on every value", "[kyber][compress][avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));
    return;
  }
  const auto inputs = every_value(q);
  std::size_t wrong = 0;
  for (unsigned d : {1u, 4u, 5u, 10u, 11u})
    for (const auto& f : inputs) {
      KPoly r;
      REQUIRE(avx2::compress(r.coeffs.data(), f.coeffs.data(), d));
      wrong += !(r == compress(f, d));
      wrong += !(compress(f, d, poly_kernels(Isa::avx2)) == compress(f, d));
      if (cpu_supports(Isa::avx512)) {  // the AVX-512 kernel, and in place
        KPoly in_place = f;
        REQUIRE(avx512::compress(in_place.coeffs.data(), in_place.coeffs.data(), d));
        wrong += !(in_place == compress(f, d));
        wrong += !(compress(f, d, poly_kernels(Isa::avx512)) == compress(f, d));
      }
    }
  CHECK(wrong == 0);
  // Zeros, and in place.
  KPoly z{};
  REQUIRE(avx2::compress(z.coeffs.data(), z.coeffs.data(), 10));
  CHECK(z == KPoly{});
  // Widths without a kernel are refused, and the Isa overload falls back.
  KPoly r, f = inputs.front();
  CHECK_FALSE(avx2::compress(r.coeffs.data(), f.coeffs.data(), 3));
  CHECK(compress(f, 3, poly_kernels(Isa::avx2)) == compress(f, 3));
}

TEST_CASE("kyber compress avx2: equals the portable Decompress_d on every value", "[kyber][compress][avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));
    return;
  }
  std::size_t wrong = 0;
  for (unsigned d = 1; d <= 11; ++d)
    for (const auto& y : every_value(1u << d)) {
      KPoly r;
      REQUIRE(avx2::decompress(r.coeffs.data(), y.coeffs.data(), d));
      wrong += !(r == decompress(y, d));
      wrong += !(decompress(y, d, poly_kernels(Isa::avx512)) == decompress(y, d));
    }
  CHECK(wrong == 0);
  KPoly r, y{};
  CHECK_FALSE(avx2::decompress(r.coeffs.data(), y.coeffs.data(), 12));
}

// ByteDecode_12: zeros, all ones (4095 -> 766), every 12-bit value at every
// lane position, and seeded random bytes.
TEST_CASE("kyber encode avx2: ByteDecode_12 equals the portable one", "[kyber][encode][avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));
    return;
  }
  std::vector<std::vector<std::uint8_t>> inputs;
  inputs.emplace_back(384, std::uint8_t{0});
  inputs.emplace_back(384, std::uint8_t{0xFF});
  for (std::uint32_t start = 0; start < 4096; start += 256)
    for (std::uint32_t shift = 0; shift < 16; shift += 3) {
      std::vector<std::uint8_t> bytes(384, 0);
      for (std::uint32_t i = 0; i < 256; ++i) {
        const std::uint32_t v = (start + i) % 4096, j = (i + shift) % 256;  // value v at coefficient j
        for (unsigned b = 0; b < 12; ++b)
          bytes[(12 * j + b) / 8] |= static_cast<std::uint8_t>(((v >> b) & 1u) << ((12 * j + b) % 8));
      }
      inputs.push_back(bytes);
    }
  std::mt19937 rng(14);
  for (int t = 0; t < 20; ++t) {
    std::vector<std::uint8_t> bytes(384);
    for (auto& x : bytes) x = static_cast<std::uint8_t>(rng());
    inputs.push_back(bytes);
  }
  std::size_t wrong = 0;
  for (const auto& bytes : inputs) {
    KPoly f;
    avx2::byte_decode_12(f.coeffs.data(), bytes.data());
    wrong += !(f == byte_decode(bytes, 12));
    wrong += !(byte_decode(bytes, 12, poly_kernels(Isa::avx2)) == byte_decode(bytes, 12));
  }
  CHECK(wrong == 0);
  // Widths without a kernel fall back to the portable decoder.
  const std::vector<std::uint8_t> seven(224, std::uint8_t{0xA5});
  CHECK(byte_decode(seven, 7, poly_kernels(Isa::avx2)) == byte_decode(seven, 7));
}

// ByteDecode_1 / _4 / _5 / _10 / _11: zeros, all ones, every d-bit value at every
// lane position (through the portable encoder), and seeded random bytes. Each
// input is a vector of exactly 32 d bytes, so ASan reports a read past it.
TEST_CASE("kyber encode avx2: ByteDecode_1, _4, _5, _10 and _11 equal the portable ones", "[kyber][encode][avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));
    return;
  }
  std::mt19937 rng(17);
  std::size_t wrong = 0;
  for (unsigned d : {1u, 4u, 5u, 10u, 11u}) {
    const std::size_t length = 32 * d;
    std::vector<std::vector<std::uint8_t>> inputs;
    inputs.emplace_back(length, std::uint8_t{0});
    inputs.emplace_back(length, std::uint8_t{0xFF});
    for (const auto& p : every_value(1u << d)) {
      std::vector<std::uint8_t> bytes(length);
      byte_encode(p, d, bytes);
      inputs.push_back(bytes);
    }
    for (int t = 0; t < 20; ++t) {
      std::vector<std::uint8_t> bytes(length);
      for (auto& x : bytes) x = static_cast<std::uint8_t>(rng());
      inputs.push_back(bytes);
    }
    for (const auto& bytes : inputs) {
      KPoly f;
      switch (d) {
        case 1: avx2::byte_decode_1(f.coeffs.data(), bytes.data()); break;
        case 4: avx2::byte_decode_4(f.coeffs.data(), bytes.data()); break;
        case 5: avx2::byte_decode_5(f.coeffs.data(), bytes.data()); break;
        case 10: avx2::byte_decode_10(f.coeffs.data(), bytes.data()); break;
        default: avx2::byte_decode_11(f.coeffs.data(), bytes.data()); break;
      }
      wrong += !(f == byte_decode(bytes, d));
      wrong += !(byte_decode(bytes, d, poly_kernels(Isa::avx2)) == byte_decode(bytes, d));
    }
  }
  CHECK(wrong == 0);
}

// ByteEncode_1 / _4 / _5 / _10 / _11 / _12: zeros, the largest values, every value
// at every lane position, seeded random values, with guard bytes after the
// output; other widths fall back to the portable code.
TEST_CASE("kyber encode avx2: ByteEncode_1, _4, _5, _10, _11 and _12 equal the portable ones", "[kyber][encode][avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));
    return;
  }
  std::mt19937 rng(16);
  std::size_t wrong = 0;
  for (unsigned d : {1u, 4u, 5u, 7u, 10u, 11u, 12u}) {
    const std::uint32_t bound = d == 12 ? q : 1u << d;
    std::vector<KPoly> inputs = every_value(bound);
    inputs.push_back(KPoly{});
    KPoly top;
    top.coeffs.fill(static_cast<std::uint16_t>(bound - 1));
    inputs.push_back(top);
    for (int t = 0; t < 20; ++t) {
      KPoly p;
      for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(rng() % bound);
      inputs.push_back(p);
    }
    for (const auto& f : inputs) {
      std::vector<std::uint8_t> simd(32 * d, 0xEE), portable(32 * d);
      byte_encode(f, d, portable);
      byte_encode(f, d, simd, poly_kernels(Isa::avx2));
      wrong += simd != portable;
      if (d != 7) {
        std::vector<std::uint8_t> raw(32 * d + 8, 0xEE);  // 8 guard bytes must stay untouched
        REQUIRE(avx2::byte_encode(raw.data(), f.coeffs.data(), d));
        wrong += !std::equal(portable.begin(), portable.end(), raw.begin());
        for (std::size_t g = 32 * d; g < raw.size(); ++g) wrong += raw[g] != 0xEE;
      }
    }
  }
  CHECK(wrong == 0);
  std::vector<std::uint8_t> out(32 * 7);
  CHECK_FALSE(avx2::byte_encode(out.data(), KPoly{}.coeffs.data(), 7));
}

// Messages: every single set bit, all zeros / ones and seeded random
// messages decode to the portable polynomial; every coefficient value in
// every lane and random polynomials encode to the portable message.
TEST_CASE("kyber encode avx2: message conversions equal the portable ones", "[kyber][encode][avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));
    return;
  }
  std::mt19937 rng(23);
  const auto messages = pqmul::test::test_messages(rng, 20);
  std::size_t wrong = 0;
  for (const auto& m : messages) wrong += !(message_to_poly(m, poly_kernels(Isa::avx2)) == message_to_poly(m));
  std::vector<KPoly> polys = every_value(q);
  for (int t = 0; t < 20; ++t) {
    KPoly p;
    for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(rng() % q);
    polys.push_back(p);
  }
  for (const auto& p : polys) {
    std::array<std::uint8_t, 32> simd, portable;
    poly_to_message(p, simd, poly_kernels(Isa::avx2));
    poly_to_message(p, portable);
    wrong += simd != portable;
  }
  CHECK(wrong == 0);
}

// Sum and difference mod q: every value against every lane (paired with a
// reversed and a shifted copy), the extremes 0 and q - 1 against each other,
// and seeded random pairs.
TEST_CASE("kyber compress avx2: add_mod_q and sub equal the portable ones", "[kyber][compress][avx2]") {
  if (!pqmul::test::cpu_runs(Isa::avx2)) {
    CHECK_FALSE(isa_available(Isa::avx2));
    return;
  }
  std::vector<std::pair<KPoly, KPoly>> pairs;
  for (const auto& a : every_value(q)) {
    KPoly reversed, shifted;
    for (std::size_t i = 0; i < 256; ++i) {
      reversed[i] = static_cast<std::uint16_t>(q - 1 - a[i]);
      shifted[i] = a[(i + 37) % 256];
    }
    pairs.emplace_back(a, reversed);
    pairs.emplace_back(a, shifted);
  }
  for (std::uint16_t x : {std::uint16_t{0}, static_cast<std::uint16_t>(q - 1)})
    for (std::uint16_t y : {std::uint16_t{0}, static_cast<std::uint16_t>(q - 1)}) {
      KPoly a, b;
      a.coeffs.fill(x);
      b.coeffs.fill(y);
      pairs.emplace_back(a, b);
    }
  std::mt19937 rng(29);
  for (int t = 0; t < 50; ++t) {
    KPoly a, b;
    for (std::size_t i = 0; i < 256; ++i) {
      a[i] = static_cast<std::uint16_t>(rng() % q);
      b[i] = static_cast<std::uint16_t>(rng() % q);
    }
    pairs.emplace_back(a, b);
  }
  std::size_t wrong = 0;
  for (const auto& [a, b] : pairs) {
    const KPoly sum = add_mod_q(a, b, poly_kernels(Isa::avx2));
    for (std::size_t i = 0; i < 256; ++i) wrong += sum[i] != (std::uint32_t{a[i]} + b[i]) % q;
    wrong += !(sub(a, b, poly_kernels(Isa::avx2)) == sub(a, b));
  }
  CHECK(wrong == 0);
}

#else

TEST_CASE("kyber compress avx2: not built on this architecture", "[kyber][compress][avx2]") {
  CHECK_FALSE(isa_available(Isa::avx2));
}

#endif

}  // namespace pqmul_tests::kyber_test_kyber_compress_avx2
