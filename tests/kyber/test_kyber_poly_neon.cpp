// The NEON polynomial kernels (poly_neon.hpp) against their portable twins
// (primitives.hpp, themselves checked against exact rounding and the FIPS 203
// definitions in test_kyber_primitives.cpp): every input value of every width
// in every lane position, zeros and extremes, seeded random inputs; called
// directly and through the resolved table of Isa::neon.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "../common/isa_gate.hpp"
#include "kyber_test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kyber/poly_kernels.hpp"
#include "pqmul/schemes/kyber/poly_neon.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"

namespace pqmul_tests::kyber_test_kyber_poly_neon {

using namespace pqmul;
using namespace pqmul::kyber;
using pqmul::test::every_value;

#if defined(PQMUL_ARM_SIMD)

namespace {

KPoly random_below(std::mt19937& rng, std::uint32_t bound) {
  KPoly p;
  for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(rng() % bound);
  return p;
}

// Zeros, every value in every lane, the top value everywhere, and random.
std::vector<KPoly> inputs_below(std::uint32_t bound, std::mt19937& rng) {
  std::vector<KPoly> polys = every_value(bound);
  polys.push_back(KPoly{});
  KPoly top;
  top.coeffs.fill(static_cast<std::uint16_t>(bound - 1));
  polys.push_back(top);
  for (int t = 0; t < 10; ++t) polys.push_back(random_below(rng, bound));
  return polys;
}

}  // namespace

TEST_CASE("kyber poly neon: Compress_d and Decompress_d equal the portable ones", "[kyber][compress][neon]") {
  if (!pqmul::test::cpu_runs(Isa::neon)) return;
  std::mt19937 rng(41);
  std::size_t wrong = 0;
  const auto canonical = inputs_below(q, rng);
  for (unsigned d : {1u, 4u, 5u, 10u, 11u})
    for (const auto& f : canonical) {
      KPoly in_place = f;
      REQUIRE(neon::compress(in_place.coeffs.data(), in_place.coeffs.data(), d));
      wrong += !(in_place == compress(f, d));
      wrong += !(compress(f, d, poly_kernels(Isa::neon)) == compress(f, d));
    }
  for (unsigned d = 1; d <= 11; ++d)
    for (const auto& y : inputs_below(1u << d, rng)) {
      KPoly r;
      REQUIRE(neon::decompress(r.coeffs.data(), y.coeffs.data(), d));
      wrong += !(r == decompress(y, d));
      wrong += !(decompress(y, d, poly_kernels(Isa::neon)) == decompress(y, d));
    }
  CHECK(wrong == 0);
  // Widths without a kernel are refused, and the table falls back.
  KPoly r, f = canonical.front();
  CHECK_FALSE(neon::compress(r.coeffs.data(), f.coeffs.data(), 3));
  CHECK_FALSE(neon::decompress(r.coeffs.data(), f.coeffs.data(), 12));
  CHECK(compress(f, 3, poly_kernels(Isa::neon)) == compress(f, 3));
}

TEST_CASE("kyber poly neon: ByteEncode_d and ByteDecode_d equal the portable ones", "[kyber][encode][neon]") {
  if (!pqmul::test::cpu_runs(Isa::neon)) return;
  std::mt19937 rng(43);
  std::size_t wrong = 0;
  for (unsigned d : {1u, 4u, 5u, 7u, 10u, 11u, 12u}) {
    const std::uint32_t bound = d == 12 ? q : 1u << d;
    const bool has_kernel = d != 7;
    std::vector<std::vector<std::uint8_t>> encodings;
    for (const auto& f : inputs_below(bound, rng)) {
      std::vector<std::uint8_t> portable(32 * d), simd(32 * d, 0xEE);
      byte_encode(f, d, portable);
      byte_encode(f, d, simd, poly_kernels(Isa::neon));
      wrong += simd != portable;
      std::vector<std::uint8_t> raw(32 * d + 8, 0xEE);  // 8 guard bytes must stay untouched
      CHECK(neon::byte_encode(raw.data(), f.coeffs.data(), d) == has_kernel);
      if (has_kernel) {
        wrong += !std::equal(portable.begin(), portable.end(), raw.begin());
        for (std::size_t g = 32 * d; g < raw.size(); ++g) wrong += raw[g] != 0xEE;
      }
      encodings.push_back(portable);
    }
    // Decoding: the encodings above, all ones (12-bit values above q reduce), random bytes.
    encodings.emplace_back(32 * d, std::uint8_t{0xFF});
    for (int t = 0; t < 10; ++t) {
      std::vector<std::uint8_t> bytes(32 * d);
      for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
      encodings.push_back(bytes);
    }
    for (const auto& bytes : encodings) {
      KPoly f;
      CHECK(neon::byte_decode(f.coeffs.data(), bytes.data(), d) == has_kernel);
      if (has_kernel) wrong += !(f == byte_decode(bytes, d));
      wrong += !(byte_decode(bytes, d, poly_kernels(Isa::neon)) == byte_decode(bytes, d));
    }
  }
  CHECK(wrong == 0);
}

TEST_CASE("kyber poly neon: ByteEncode_12 of a part writes its bytes only", "[kyber][encode][neon]") {
  if (!pqmul::test::cpu_runs(Isa::neon)) return;
  std::mt19937 rng(47);
  const KPoly f = random_below(rng, q);
  std::vector<std::uint8_t> whole(384);
  byte_encode(f, 12, whole);
  std::size_t wrong = 0;
  for (std::size_t from = 0; from < 256; from += 48)
    for (std::size_t to = from + 16; to <= 256; to += 80) {
      std::vector<std::uint8_t> part(384, 0xEE);
      neon::byte_encode_12_part(part.data(), f.coeffs.data(), from, to);
      for (std::size_t b = 0; b < 384; ++b) {
        const bool inside = b >= 3 * from / 2 && b < 3 * to / 2;
        wrong += part[b] != (inside ? whole[b] : 0xEE);
      }
    }
  CHECK(wrong == 0);
}

TEST_CASE("kyber poly neon: message conversions equal the portable ones", "[kyber][encode][neon]") {
  if (!pqmul::test::cpu_runs(Isa::neon)) return;
  std::mt19937 rng(53);
  const auto messages = pqmul::test::test_messages(rng, 10);
  std::size_t wrong = 0;
  for (const auto& m : messages) wrong += !(message_to_poly(m, poly_kernels(Isa::neon)) == message_to_poly(m));
  for (const auto& p : inputs_below(q, rng)) {
    std::array<std::uint8_t, 32> simd, portable;
    poly_to_message(p, simd, poly_kernels(Isa::neon));
    poly_to_message(p, portable);
    wrong += simd != portable;
  }
  CHECK(wrong == 0);
}

TEST_CASE("kyber poly neon: add_mod_q and sub equal the definition", "[kyber][compress][neon]") {
  if (!pqmul::test::cpu_runs(Isa::neon)) return;
  std::mt19937 rng(59);
  std::vector<std::pair<KPoly, KPoly>> pairs;
  for (const auto& a : inputs_below(q, rng)) {
    KPoly reversed;
    for (std::size_t i = 0; i < 256; ++i) reversed[i] = static_cast<std::uint16_t>(q - 1 - a[(i + 37) % 256]);
    pairs.emplace_back(a, reversed);
    pairs.emplace_back(reversed, a);
    pairs.emplace_back(a, a);
  }
  std::size_t wrong = 0;
  for (const auto& [a, b] : pairs) {
    const KPoly sum = add_mod_q(a, b, poly_kernels(Isa::neon));
    const KPoly difference = sub(a, b, poly_kernels(Isa::neon));
    for (std::size_t i = 0; i < 256; ++i) {
      wrong += sum[i] != (std::uint32_t{a[i]} + b[i]) % q;
      wrong += difference[i] != (std::uint32_t{a[i]} + q - b[i]) % q;
    }
  }
  CHECK(wrong == 0);
}

#else

TEST_CASE("kyber poly neon: not built on this architecture", "[kyber][compress][neon]") {
  CHECK_FALSE(isa_available(Isa::neon));
}

#endif

}  // namespace pqmul_tests::kyber_test_kyber_poly_neon
