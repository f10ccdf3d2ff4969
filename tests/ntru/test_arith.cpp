// Coefficient maps, packing, sampling and the constant-time sort, against
// definitions written here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "pqmul/schemes/ntru/pack.hpp"
#include "pqmul/schemes/ntru/sample.hpp"
#include "test_support.hpp"

namespace pqmul_tests::ntru_test_arith {

using namespace pqmul::ntru;

TEST_CASE("ntru mod3 is exact on 16-bit values", "[ntru][arith]") {
  for (std::uint32_t x = 0; x < 65536; ++x) REQUIRE(mod3(x) == x % 3);
}

TEST_CASE("ntru constant-time sort agrees with std::sort", "[ntru][arith]") {
  std::mt19937_64 rng(1);
  for (std::size_t size : {0u, 1u, 2u, 3u, 17u, 508u, 676u, 820u}) {
    std::vector<std::int32_t> v(size);
    for (auto& x : v) x = static_cast<std::int32_t>(rng());
    if (size > 3) v[1] = v[2] = INT32_MIN, v[3] = INT32_MAX;  // extremes and ties
    auto expected = v;
    std::sort(expected.begin(), expected.end());
    sort_int32_ct(v);
    CHECK(v == expected);
  }
}

TEMPLATE_TEST_CASE("ntru packing round trips and fixes the layout", "[ntru][arith]", Hps2048509, Hps2048677,
                   Hps4096821, Hrss701) {
  using P = TestType;
  std::mt19937_64 rng(2);
  auto a = ntru_test::random_rq<P>(rng);
  std::array<std::uint8_t, P::rq_bytes> bytes{};
  pack_sq<P>(a, bytes);
  // Bit j of coefficient i is bit log_q * i + j of the little-endian string.
  for (std::size_t i = 0; i < P::n - 1; i += 37)
    for (unsigned j = 0; j < P::log_q; ++j) {
      const std::size_t bit = P::log_q * i + j;
      CHECK(((bytes[bit / 8] >> (bit % 8)) & 1) == ((a[i] >> j) & 1));
    }
  CHECK(unused_bits_set<P>(bytes) == 0);
  auto s = unpack_sq<P>(bytes);
  for (std::size_t i = 0; i + 1 < P::n; ++i) CHECK(s[i] == a[i]);
  CHECK(s[P::n - 1] == 0);
  auto z = unpack_rq_sum_zero<P>(bytes);
  std::uint32_t sum = 0;
  for (auto c : z.coeffs) sum += c;
  CHECK(sum % P::q == 0);
  if constexpr ((P::log_q * (P::n - 1)) % 8 != 0) {
    bytes.back() |= 0x80;
    CHECK(unused_bits_set<P>(bytes) == 1);
  }

  auto t = ntru_test::random_s3<P>(rng);
  std::array<std::uint8_t, P::trinary_bytes> packed{};
  pack_s3<P>(t, packed);
  CHECK(unpack_s3<P>(packed) == t);
  std::uint32_t value = 0;
  for (std::size_t j = 5; j-- > 0;) value = 3 * value + t[j];
  CHECK(packed[0] == value);  // base 3, coefficient 0 least significant
  // The last byte holds the remaining (n-1) mod 5 coefficients, if any.
  std::uint32_t last = 0;
  for (std::size_t j = P::n - 1; j-- > 5 * (P::trinary_bytes - 1);) last = 3 * last + t[j];
  CHECK(packed.back() == last);
  // Bytes above 242 decode digit by digit: 255 = 100110 in base 3.
  packed.fill(255);
  const auto d = unpack_s3<P>(packed);
  CHECK((d[0] == 0 && d[1] == 1 && d[2] == 1 && d[3] == 0 && d[4] == 0));

  // Unpacking arbitrary bytes (all ones, random) reads coefficient i from
  // bits log_q * i .. log_q * (i+1) - 1, bit by bit.
  for (int trial = 0; trial < 2; ++trial) {
    if (trial == 0) bytes.fill(0xff);
    else ntru_test::random_bytes(bytes, rng);
    const auto u = unpack_sq<P>(bytes);
    for (std::size_t i = 0; i + 1 < P::n; ++i) {
      std::uint32_t expected = 0;
      for (unsigned j = 0; j < P::log_q; ++j) {
        const std::size_t bit = P::log_q * i + j;
        expected |= static_cast<std::uint32_t>((bytes[bit / 8] >> (bit % 8)) & 1) << j;
      }
      CHECK(u[i] == expected);
    }
    CHECK(u[P::n - 1] == 0);
  }
}

TEMPLATE_TEST_CASE("ntru Z_3 / Z_q maps and the lift", "[ntru][arith]", Hps2048509, Hps2048677, Hps4096821, Hrss701) {
  using P = TestType;
  std::mt19937_64 rng(3);
  const auto m = ntru_test::random_s3<P>(rng);
  const auto mq = to_rq<P>(m);
  for (std::size_t i = 0; i < P::n; ++i) CHECK(mq[i] == (m[i] == 2 ? P::q - 1 : m[i]));
  CHECK(trinary_from_rq<P>(mq) == m);
  // rq_to_s3 reads centred values: q/2 - 1 and -q/2 mod 3.
  Rq<P> a;
  a[0] = P::q / 2 - 1;
  a[1] = P::q / 2;
  a[2] = P::q - 2;
  const auto s = rq_to_s3<P>(a);
  CHECK(s[0] == (P::q / 2 - 1) % 3);
  CHECK(s[1] == ((-static_cast<long>(P::q / 2)) % 3 + 3) % 3);
  CHECK(s[2] == 1);
  // Lift(m) = m mod (3, Phi_n), and for HRSS a multiple of (x - 1).
  const auto lifted = lift<P>(m);
  CHECK(rq_to_s3<P>(lifted) == m);
  std::uint32_t sum = 0;
  for (auto c : lifted.coeffs) {
    const bool small = c <= 2 || c >= P::q - 2;
    CHECK(small);
    sum += c;
  }
  if constexpr (P::variant == Variant::hrss) {
    CHECK(sum % P::q == 0);
  }
}

TEMPLATE_TEST_CASE("ntru samplers", "[ntru][arith]", Hps2048509, Hps2048677, Hps4096821, Hrss701) {
  using P = TestType;
  std::mt19937_64 rng(4);
  std::array<std::uint8_t, P::iid_bytes> iid{};
  ntru_test::random_bytes(iid, rng);
  const auto r = sample_iid<P>(iid);
  for (std::size_t i = 0; i + 1 < P::n; ++i) CHECK(r[i] == iid[i] % 3);
  CHECK(r[P::n - 1] == 0);
  if constexpr (P::variant == Variant::hps) {
    std::array<std::uint8_t, P::fixed_type_bytes> u{};
    for (int trial = 0; trial < 4; ++trial) {
      ntru_test::random_bytes(u, rng);
      const auto m = sample_fixed_type<P>(u);
      const auto ones = std::count(m.coeffs.begin(), m.coeffs.end(), 1);
      const auto twos = std::count(m.coeffs.begin(), m.coeffs.end(), 2);
      CHECK(ones == static_cast<long>(P::weight / 2));
      CHECK(twos == static_cast<long>(P::weight / 2));
      CHECK(m[P::n - 1] == 0);
    }
    // Keys are signed: with every key 0 except key 0, whose bit 31 (bit 5 of
    // byte 3) is set, key 0 sorts first and the rest sort by label.
    u.fill(0);
    u[3] = 0x20;
    const auto sorted = sample_fixed_type<P>(u);
    std::vector<std::uint8_t> expected(P::n, 0);
    expected[0] = 1;
    const std::size_t zeros = P::n - 1 - P::weight;
    for (std::size_t i = 0; i < P::weight / 2 - 1; ++i) expected[1 + zeros + i] = 1;
    for (std::size_t i = 0; i < P::weight / 2; ++i) expected[zeros + P::weight / 2 + i] = 2;
    CHECK(std::vector<std::uint8_t>(sorted.coeffs.begin(), sorted.coeffs.end()) == expected);
  } else {
    const auto plus = sample_iid_plus<P>(iid);
    long correlation = 0;
    auto centred = [](int v) { return v == 2 ? -1 : v; };
    for (std::size_t i = 0; i + 1 < P::n; ++i) correlation += centred(plus[i]) * centred(plus[i + 1]);
    CHECK(correlation >= 0);
    for (std::size_t i = 1; i < P::n; i += 2) CHECK(plus[i] == r[i]);  // odd indices untouched
  }
}

}  // namespace pqmul_tests::ntru_test_arith
