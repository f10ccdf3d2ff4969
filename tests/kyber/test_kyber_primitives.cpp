// The FIPS 203 building blocks: compression against exact rational rounding,
// the reduction, encodings, sampling, and CCTV's intermediate values.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <utility>
#include <vector>

#include "kyber_test_util.hpp"
#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"

namespace pqmul_tests::kyber_test_kyber_primitives {

using namespace pqmul;
using namespace pqmul::kyber;

namespace {
KPoly random_poly(test::TestPrng& prng) {
  KPoly p;
  for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(prng.below(q));
  return p;
}
// "{c0, c1, ...} = <hex>": the coefficient list between the braces.
KPoly parse_list(const std::string& value) {
  const auto open = value.find('{'), close = value.find('}');
  REQUIRE(open != std::string::npos);
  REQUIRE(close != std::string::npos);
  const std::string braces = value.substr(open + 1, close - open - 1);
  KPoly p;
  std::size_t i = 0;
  std::istringstream items(braces);
  for (std::string item; std::getline(items, item, ',');) {
    REQUIRE(i < 256);
    p[i++] = static_cast<std::uint16_t>(std::stoul(item));
  }
  REQUIRE(i == 256);
  return p;
}
}  // namespace

// Exhaustive loops count mismatches and assert once, so that the test stays
// fast under emulation; the first mismatch is reported.
TEST_CASE("compress equals round(2^d x / q) for every x and d", "[kyber][compress]") {
  for (unsigned d : {1u, 4u, 5u, 10u, 11u}) {
    INFO("d = " << d);
    std::size_t wrong = 0;
    std::uint32_t first_wrong = 0;
    for (std::uint32_t x = 0; x < q; ++x) {
      // Exact rounding with rational arithmetic: floor((2^(d+1) x + q) / 2q).
      const std::uint32_t expected = (((x << (d + 1)) + q) / (2 * q)) % (1u << d);
      if (compress(static_cast<std::uint16_t>(x), d) != expected && wrong++ == 0) first_wrong = x;
    }
    INFO("first wrong x = " << first_wrong);
    CHECK(wrong == 0);
    std::size_t wrong_decompress = 0, not_identity = 0;
    for (std::uint32_t y = 0; y < (1u << d); ++y) {
      const std::uint32_t expected = (2 * y * q + (1u << d)) / (1u << (d + 1));
      wrong_decompress += decompress(static_cast<std::uint16_t>(y), d) != expected;
      // Decompression followed by compression is the identity (FIPS 203 section 4.2.1).
      not_identity += compress(decompress(static_cast<std::uint16_t>(y), d), d) != y;
    }
    CHECK(wrong_decompress == 0);
    CHECK(not_identity == 0);
  }
}

TEST_CASE("reduce is x mod q on its whole input range", "[kyber][reduce]") {
  std::size_t wrong = 0;
  for (std::uint32_t x = 0; x < (1u << 20); ++x) wrong += reduce(x) != x % q;
  test::TestPrng prng(26);
  for (int i = 0; i < 200000; ++i) {
    const auto x = static_cast<std::uint32_t>(prng.next() & ((1u << 26) - 1));
    wrong += reduce(x) != x % q;
  }
  for (std::uint32_t x = (1u << 26) - 5000; x < (1u << 26); ++x) wrong += reduce(x) != x % q;
  CHECK(wrong == 0);
}

TEST_CASE("ByteEncode and ByteDecode are inverse for every d", "[kyber][encode]") {
  test::TestPrng prng(5);
  for (unsigned d = 1; d <= 12; ++d) {
    KPoly p;
    for (auto& c : p.coeffs) c = static_cast<std::uint16_t>(d == 12 ? prng.below(q) : prng.below(1u << d));
    std::vector<std::uint8_t> bytes(32 * d);
    byte_encode(p, d, bytes);
    CHECK(byte_decode(bytes, d) == p);
    // Bit order: coefficient 0 fills the lowest bits of byte 0.
    CHECK((bytes[0] & ((1u << std::min(d, 8u)) - 1)) == (p[0] & ((1u << std::min(d, 8u)) - 1)));
  }
  std::vector<std::uint8_t> wrong(31);
  CHECK_THROWS(byte_encode(KPoly{}, 1, wrong));
}

// ByteEncode_d / ByteDecode_d against their definition bit by bit (bit b of
// coefficient i is bit d i + b of the string, least significant first):
// zeros, the largest values and seeded random ones, and every byte string.
TEST_CASE("ByteEncode and ByteDecode match the bitwise definition", "[kyber][encode]") {
  test::TestPrng prng(11);
  std::size_t wrong_encode = 0, wrong_decode = 0, wrong_roundtrip = 0;
  for (unsigned d = 1; d <= 12; ++d) {
    const std::uint32_t bound = d == 12 ? q : 1u << d;
    for (int trial = 0; trial < 6; ++trial) {
      KPoly p;
      for (std::size_t i = 0; i < 256; ++i)
        p[i] = static_cast<std::uint16_t>(trial == 0 ? 0 : trial == 1 ? bound - 1 : trial == 2 ? (i % 2) * (bound - 1)
                                                                                         : prng.below(bound));
      std::vector<std::uint8_t> bytes(32 * d), oracle(32 * d, 0);
      byte_encode(p, d, bytes);
      for (std::size_t i = 0; i < 256; ++i)
        for (unsigned b = 0; b < d; ++b)
          oracle[(d * i + b) / 8] |= static_cast<std::uint8_t>(((p[i] >> b) & 1u) << ((d * i + b) % 8));
      wrong_encode += bytes != oracle;
      wrong_roundtrip += !(byte_decode(bytes, d) == p);
      // Any byte string (all ones included) decodes bit by bit, reduced mod q for d = 12.
      for (auto& x : bytes) x = static_cast<std::uint8_t>(trial == 1 ? 0xFF : prng.below(256));
      const KPoly decoded = byte_decode(bytes, d);
      for (std::size_t i = 0; i < 256; ++i) {
        std::uint32_t value = 0;
        for (unsigned b = 0; b < d; ++b) value |= ((bytes[(d * i + b) / 8] >> ((d * i + b) % 8)) & 1u) << b;
        wrong_decode += decoded[i] != value % bound;
      }
    }
  }
  CHECK(wrong_encode == 0);
  CHECK(wrong_decode == 0);
  CHECK(wrong_roundtrip == 0);
}

TEST_CASE("ByteEncode_12 by parts writes the bits of those coefficients only", "[kyber][encode]") {
  // Against the bitwise definition, on every ISA path this machine runs:
  // the range's bytes as in the whole encoding, the others untouched; and
  // ranges that are not multiples of 16 rejected.
  test::TestPrng prng(12);
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512}) {
    if (!isa_available(isa)) continue;
    for (int trial = 0; trial < 8; ++trial) {
      KPoly p;
      for (std::size_t i = 0; i < 256; ++i)
        p[i] = static_cast<std::uint16_t>(trial == 0 ? q - 1 : trial == 1 ? (i % 2) * (q - 1) : prng.below(q));
      std::vector<std::uint8_t> oracle(384, 0);
      for (std::size_t i = 0; i < 256; ++i)
        for (unsigned b = 0; b < 12; ++b)
          oracle[(12 * i + b) / 8] |= static_cast<std::uint8_t>(((p[i] >> b) & 1u) << ((12 * i + b) % 8));
      for (auto [from, to] : {std::pair<std::size_t, std::size_t>{0, 128}, {128, 256}, {16, 48}, {0, 256}, {240, 256}}) {
        INFO(isa_name(isa) << ", coefficients [" << from << ", " << to << ")");
        std::vector<std::uint8_t> bytes(384, 0xA5), expected(384, 0xA5);
        std::copy(oracle.begin() + 3 * from / 2, oracle.begin() + 3 * to / 2, expected.begin() + 3 * from / 2);
        byte_encode_12_part(p, from, to, bytes, poly_kernels(isa));
        REQUIRE(bytes == expected);
      }
    }
    std::vector<std::uint8_t> bytes(384);
    CHECK_THROWS_AS(byte_encode_12_part(KPoly{}, 8, 128, bytes, poly_kernels(isa)), std::invalid_argument);
    CHECK_THROWS_AS(byte_encode_12_part(KPoly{}, 128, 272, bytes, poly_kernels(isa)), std::invalid_argument);
    std::vector<std::uint8_t> short_row(383);
    CHECK_THROWS_AS(byte_encode_12_part(KPoly{}, 0, 128, short_row, poly_kernels(isa)), std::invalid_argument);
  }
}

// The polynomial versions of Compress_d / Decompress_d (fixed-d loops) equal
// the coefficient versions for every d, on zeros, extremes and random input.
TEST_CASE("Compress and Decompress of polynomials equal the coefficient functions", "[kyber][compress]") {
  test::TestPrng prng(12);
  std::size_t wrong = 0;
  for (unsigned d = 1; d <= 11; ++d)
    for (int trial = 0; trial < 4; ++trial) {
      KPoly x, y;
      for (std::size_t i = 0; i < 256; ++i) {
        x[i] = static_cast<std::uint16_t>(trial == 0 ? 0 : trial == 1 ? q - 1 - i % 4 : prng.below(q));
        y[i] = static_cast<std::uint16_t>(trial == 0 ? 0 : trial == 1 ? (1u << d) - 1 : prng.below(1u << d));
      }
      const KPoly cx = compress(x, d), dy = decompress(y, d);
      for (std::size_t i = 0; i < 256; ++i) {
        wrong += cx[i] != compress(x[i], d);
        wrong += dy[i] != decompress(y[i], d);
      }
    }
  CHECK(wrong == 0);
}

// The 16-bit sum and difference mod q against 32-bit arithmetic: zeros,
// q - 1 against q - 1 and 0, and seeded random values.
TEST_CASE("add and sub equal the sum and difference mod q", "[kyber][arith]") {
  test::TestPrng prng(15);
  std::size_t wrong = 0;
  for (int trial = 0; trial < 40; ++trial) {
    KPoly a, b;
    for (std::size_t i = 0; i < 256; ++i) {
      a[i] = static_cast<std::uint16_t>(trial == 0 ? 0 : trial == 1 ? q - 1 : prng.below(q));
      b[i] = static_cast<std::uint16_t>(trial == 0 ? 0 : trial == 1 ? (i % 2) * (q - 1) : prng.below(q));
    }
    const KPoly s = pqmul::add(a, b);
    for (std::size_t i = 0; i < 256; ++i) wrong += s[i] != (std::uint32_t{a[i]} + b[i]) % q;
    const KPoly d = sub(a, b);
    for (std::size_t i = 0; i < 256; ++i) wrong += d[i] != (std::uint32_t{a[i]} + q - b[i]) % q;
  }
  CHECK(wrong == 0);
}

// Messages: bit i of m becomes (q + 1) / 2 or 0 and back.
TEST_CASE("message_to_poly and poly_to_message follow bit order", "[kyber][encode]") {
  test::TestPrng prng(13);
  std::array<std::uint8_t, 32> m, back;
  for (auto& b : m) b = static_cast<std::uint8_t>(prng.below(256));
  const KPoly f = message_to_poly(m);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < 256; ++i) wrong += f[i] != (((m[i / 8] >> (i % 8)) & 1u) ? (q + 1) / 2 : 0u);
  CHECK(wrong == 0);
  poly_to_message(f, back);
  CHECK(back == m);
}

TEST_CASE("ByteDecode_12 reduces mod q and the modulus check sees every coefficient", "[kyber][encode]") {
  std::vector<std::uint8_t> bytes(384, 0);
  CHECK(encoding_is_reduced(bytes));
  for (unsigned pos : {0u, 1u, 100u, 255u}) {
    for (std::uint32_t value : {q, q + 1, 4095u}) {
      std::vector<std::uint8_t> b(384, 0);
      // Coefficient pos occupies bits 12 pos .. 12 pos + 11.
      for (unsigned bit = 0; bit < 12; ++bit)
        if ((value >> bit) & 1) b[(12 * pos + bit) / 8] |= static_cast<std::uint8_t>(1u << ((12 * pos + bit) % 8));
      CHECK_FALSE(encoding_is_reduced(b));
      CHECK(byte_decode(b, 12)[pos] == value - q);
    }
  }
}

TEST_CASE("NTT round trip and the message encoding", "[kyber][ntt]") {
  test::TestPrng prng(7);
  for (int i = 0; i < 20; ++i) {
    const KPoly a = random_poly(prng);
    CHECK(inverse_ntt(ntt(a)) == a);
    CHECK(is_canonical(ntt(a)));
  }
  const auto m = prng.bytes(32);
  std::array<std::uint8_t, 32> back{};
  poly_to_message(message_to_poly(test::fixed<32>(m)), back);
  CHECK(std::vector<std::uint8_t>(back.begin(), back.end()) == m);
}

TEST_CASE("CBD noise lies in [-eta, eta] mod q", "[kyber][sample]") {
  std::array<std::uint8_t, 32> sigma{};
  for (unsigned eta : {2u, 3u}) {
    const KPoly e = sample_noise(sigma, 7, eta);
    for (auto c : e.coeffs) CHECK((c <= eta || c >= q - eta));
  }
  CHECK_THROWS(sample_noise(sigma, 0, 4));
}

TEST_CASE("CCTV intermediate values of ML-KEM-768 (steps unchanged since the ipd)", "[kyber][cctv]") {
  const auto v = test::read_key_values(test::vector_file("ml-kem-edge/cctv/intermediate_ipd_ML-KEM-768.txt"));
  const auto rho = test::from_hex(v.at("ρ"));
  // SampleNTT for A[0, 0], and its encoding as the start of the matrix dump.
  const KPoly a00 = sample_ntt(test::fixed<32>(rho), 0, 0);
  CHECK(a00 == parse_list(v.at("A[0, 0]")));
  std::vector<std::uint8_t> enc(384);
  byte_encode(a00, 12, enc);
  CHECK(test::to_hex(enc) == v.at("A").substr(0, 768));
  // NTT of the first secret polynomial.
  CHECK(ntt(parse_list(v.at("s[0]"))) == parse_list(v.at("NTT(s[0])")));
  // Compression of u[0] with du = 10 and of v with dv = 4.
  CHECK(compress(parse_list(v.at("u[0]")), 10) == parse_list(v.at("compress(u[0])")));
  CHECK(compress(parse_list(v.at("v")), 4) == parse_list(v.at("compress(v)")));
}

}  // namespace pqmul_tests::kyber_test_kyber_primitives
