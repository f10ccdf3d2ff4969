// The exact Toom-Cook derivation against interpolation formulas from the
// literature, against exact arithmetic and against an emulation of 16-bit lanes.
//
// The 16-bit limits asserted below, derived by hand (w(p) is the product's
// value at p; points 1/2 and -1/2 are homogenised, h(x:y) = sum c_m x^m y^(6-m)):
//
//  * Karatsuba {0, 1, inf}: c0 = w(0), c2 = w(inf), c1 = w(1) - w(0) - w(inf).
//    No division at all: 0 bits lost, q up to 2^16.
//  * Toom-3 {0, 1, -1, 2, inf}: c2 = (w(1) + w(-1))/2 - w(0) - w(inf) divides by 2;
//    c3 = (w(2) - w(-1))/6 - (w(1) - w(0))/2 - 2 w(inf) and c1 = (w(1) - w(-1))/2 - c3
//    divide by 6 = 3 * 2. Largest power of two: 2^1, so 1 bit lost, q up to 2^15.
//  * Toom-4 {0, 1, -1, 1/2, -1/2, 2, inf}: the even coefficients satisfy
//    A = (w(1) + w(-1))/2 - c0 - c6 = c2 + c4 and
//    B = (h(1:2) + h(-1:2))/2 - 64 c0 - c6 = 16 c2 + 4 c4,
//    so c4 = (16 A - B)/12 and c2 = (B - 4 A)/12: with the halving that made A
//    and B, denominators 24 = 3 * 2^3. The odd ones: (w(1) - w(-1))/2 = c1 + c3 + c5
//    and (h(1:2) - h(-1:2))/4 = 16 c1 + 4 c3 + c5, with w(2) giving the third
//    equation, end in denominators 18 = 9 * 2 and 180 = 45 * 2^2. Largest power
//    of two 2^3: 3 bits lost, q up to 2^13 - exactly Saber's q in 16-bit lanes.
//  * Toom-4 then Toom-3 on each of the 7 products: the Toom-3 interpolation
//    leaves the products known mod 2^15, the Toom-4 one divides by 2^3 more:
//    1 + 3 = 4 bits lost, q up to 2^12.
#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "pqmul/algorithms/toom_derivation.hpp"

namespace pqmul_tests::algorithms_test_toom_derivation {

namespace {

using pqmul::ToomPoint;
using pqmul::ToomScheme;
// Without expression templates, and built from machine integers only: gcc 12
// raises false -Wmaybe-uninitialized alarms inside Boost 1.74's
// rational_adaptor when a rational is assigned from a cpp_int.
using Rational = boost::multiprecision::number<boost::multiprecision::cpp_rational_backend,
                                               boost::multiprecision::et_off>;
using BigInt = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<>,
                                             boost::multiprecision::et_off>;
using RationalMatrix = std::vector<std::vector<Rational>>;

Rational q(long long numerator, long long denominator = 1) {
  return Rational(numerator, denominator);
}

// The derived interpolation as rationals: numerators / (odd * 2^shift).
RationalMatrix interpolation_of(const ToomScheme& s) {
  RationalMatrix out;
  for (const auto& row : s.interpolation) {
    std::vector<Rational> r;
    for (auto n : row.numerators) {
      Rational value(n);  // built from machine integers only (see the Rational alias)
      value /= Rational(row.odd);
      for (unsigned i = 0; i < row.shift; ++i) value /= Rational(2);
      r.push_back(value);
    }
    out.push_back(std::move(r));
  }
  return out;
}

// The matrix of a linear interpolation sequence: apply it to each unit vector.
template <typename Sequence>
RationalMatrix matrix_of_sequence(std::size_t points, Sequence sequence) {
  RationalMatrix out(points, std::vector<Rational>(points));
  for (std::size_t j = 0; j < points; ++j) {
    std::vector<Rational> w(points, Rational(0));
    w[j] = 1;
    const std::vector<Rational> c = sequence(w);
    for (std::size_t i = 0; i < points; ++i) out[i][j] = c[i];
  }
  return out;
}

ToomScheme derive(std::string_view text) {
  return pqmul::derive_toom(pqmul::parse_toom_points(text));
}

}  // namespace

TEST_CASE("toom derivation: Karatsuba {0, 1, inf}", "[toom-derivation]") {
  const ToomScheme s = pqmul::derive_toom(pqmul::karatsuba_points());
  CHECK(s.k == 2);
  CHECK(s.evaluation == std::vector<std::vector<std::int64_t>>{{1, 0}, {1, 1}, {0, 1}});
  CHECK(interpolation_of(s) == RationalMatrix{{1, 0, 0}, {-1, 1, -1}, {0, 0, 1}});
  CHECK(s.bits_lost == 0);
  CHECK(s.odd_divisors().empty());
  CHECK(pqmul::max_q_bits(s.bits_lost, 16) == 16);
}

TEST_CASE("toom derivation: Toom-3 {0, 1, -1, 2, inf} is Bodrato's interpolation",
          "[toom-derivation]") {
  const ToomScheme s = pqmul::derive_toom(pqmul::toom3_points());
  CHECK(s.k == 3);
  CHECK(s.evaluation == std::vector<std::vector<std::int64_t>>{
                            {1, 0, 0}, {1, 1, 1}, {1, -1, 1}, {1, 2, 4}, {0, 0, 1}});

  // Columns: w(0), w(1), w(-1), w(2), w(inf); rows c0..c4.
  // clang-format off
  const RationalMatrix written_down{
      {q(1),     q(0),     q(0),     q(0),     q(0)},
      {q(-1, 2), q(1),     q(-1, 3), q(-1, 6), q(2)},
      {q(-1),    q(1, 2),  q(1, 2),  q(0),     q(-1)},
      {q(1, 2),  q(-1, 2), q(-1, 6), q(1, 6),  q(-2)},
      {q(0),     q(0),     q(0),     q(0),     q(1)},
  };
  // clang-format on
  CHECK(interpolation_of(s) == written_down);

  // Bodrato's sequence (as in GMP's 5-point interpolation), step by step.
  const auto bodrato = [](const std::vector<Rational>& w) {
    const Rational& w0 = w[0];
    const Rational& w1 = w[1];
    const Rational& wm1 = w[2];
    const Rational& w2 = w[3];
    const Rational& winf = w[4];
    Rational r3 = (w2 - wm1) / 3;
    Rational r1 = (w1 - wm1) / 2;
    Rational r2 = w1 - w0;
    r3 = (r3 - r2) / 2;
    r2 = r2 - r1 - winf;
    r3 = r3 - 2 * winf;
    r1 = r1 - r3;
    return std::vector<Rational>{w0, r1, r2, r3, winf};
  };
  CHECK(interpolation_of(s) == matrix_of_sequence(5, bodrato));

  CHECK(s.bits_lost == 1);
  CHECK(s.odd_divisors() == std::vector<std::int64_t>{3});
  CHECK(pqmul::max_q_bits(s.bits_lost, 16) == 15);
}

TEST_CASE("toom derivation: Toom-3 {0, 1, -1, -2, inf} is the textbook inverse",
          "[toom-derivation]") {
  // The inverse matrix printed for this point order in the usual Toom-3 exposition.
  // clang-format off
  const RationalMatrix textbook{
      {q(1),     q(0),    q(0),    q(0),     q(0)},
      {q(1, 2),  q(1, 3), q(-1),   q(1, 6),  q(-2)},
      {q(-1),    q(1, 2), q(1, 2), q(0),     q(-1)},
      {q(-1, 2), q(1, 6), q(1, 2), q(-1, 6), q(2)},
      {q(0),     q(0),    q(0),    q(0),     q(1)},
  };
  // clang-format on
  CHECK(interpolation_of(derive("0, 1, -1, -2, inf")) == textbook);
}

TEST_CASE("toom derivation: Toom-4 {0, 1, -1, 1/2, -1/2, 2, inf} is Saber's interpolation",
          "[toom-derivation]") {
  const ToomScheme s = pqmul::derive_toom(pqmul::toom4_points());
  CHECK(s.k == 4);
  // Homogenised: 1/2 -> (1:2) weights 2^(3-j); -1/2 -> (-1:2).
  CHECK(s.evaluation == std::vector<std::vector<std::int64_t>>{{1, 0, 0, 0},
                                                               {1, 1, 1, 1},
                                                               {1, -1, 1, -1},
                                                               {8, 4, 2, 1},
                                                               {8, -4, 2, -1},
                                                               {1, 2, 4, 8},
                                                               {0, 0, 0, 1}});

  // The 16-bit interpolation sequence of the Saber reference (shifts are
  // exact divisions by powers of two; the products by the inverses of 3, 9
  // and 15 mod 2^16 are exact divisions by 3, 9 and 15). Inputs in the
  // reference's order: inf, 2, 1, -1, 1/2, -1/2, 0; outputs c6 down to c0.
  const auto saber = [](const std::vector<Rational>& w) {
    // Reorder our point order (0, 1, -1, 1/2, -1/2, 2, inf) into the reference's.
    Rational r0 = w[6], r1 = w[5], r2 = w[1], r3 = w[2], r4 = w[3], r5 = w[4], r6 = w[0];
    r1 = r1 + r4;
    r5 = r5 - r4;
    r3 = (r3 - r2) / 2;
    r4 = r4 - r0;
    r4 = r4 - 64 * r6;
    r4 = 2 * r4 + r5;
    r2 = r2 + r3;
    r1 = r1 - 65 * r2;
    r2 = r2 - r6;
    r2 = r2 - r0;
    r1 = r1 + 45 * r2;
    r4 = (r4 - 8 * r2) / 3 / 8;
    r5 = r5 + r1;
    r1 = (r1 + 16 * r3) / 9 / 2;
    r3 = -(r3 + r1);
    r5 = (30 * r1 - r5) / 15 / 4;
    r2 = r2 - r4;
    r1 = r1 - r5;
    return std::vector<Rational>{r6, r5, r4, r3, r2, r1, r0};
  };
  CHECK(interpolation_of(s) == matrix_of_sequence(7, saber));

  CHECK(s.bits_lost == 3);
  CHECK(s.odd_divisors() == std::vector<std::int64_t>{3, 9, 45});
  CHECK(pqmul::max_q_bits(s.bits_lost, 16) == 13);
  // Rows c2 and c4 carry the 2^3 (denominator 24), as derived in the comment.
  CHECK(s.interpolation[2].odd == 3);
  CHECK(s.interpolation[2].shift == 3);
  CHECK(s.interpolation[4].odd == 3);
  CHECK(s.interpolation[4].shift == 3);
}

TEST_CASE("toom derivation: 16-bit limits of composed levels", "[toom-derivation]") {
  const unsigned karatsuba = pqmul::derive_toom(pqmul::karatsuba_points()).bits_lost;
  const unsigned toom3 = pqmul::derive_toom(pqmul::toom3_points()).bits_lost;
  const unsigned toom4 = pqmul::derive_toom(pqmul::toom4_points()).bits_lost;
  CHECK(pqmul::max_q_bits(toom4 + toom3, 16) == 12);
  CHECK(pqmul::max_q_bits(toom4 + karatsuba + karatsuba, 16) == 13);  // toom4-k2 keeps Saber's q
  CHECK(pqmul::max_q_bits(toom3 + toom4, 16) == 12);
  CHECK(pqmul::max_q_bits(16, 16) == 0);
  CHECK(pqmul::max_q_bits(20, 16) == 0);
  CHECK(pqmul::max_q_bits(3, 32) == 29);
}

namespace {

// V[i][m] = x^m y^(n-1-m), built here independently of the library.
RationalMatrix vandermonde(const std::vector<ToomPoint>& points) {
  const std::size_t n = points.size();
  RationalMatrix v(n, std::vector<Rational>(n));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t m = 0; m < n; ++m) {
      Rational entry(1);
      for (std::size_t t = 0; t < m; ++t) entry *= Rational(points[i].x);
      for (std::size_t t = m; t + 1 < n; ++t) entry *= Rational(points[i].y);
      v[i][m] = entry;
    }
  }
  return v;
}

const char* const point_sets[] = {
    "0, 1, inf",
    "0, 1, -1",
    "0, 1, -1, 2, inf",
    "0, 1, -1, -2, inf",
    "0, 1, -1, 1/2, -1/2, 2, inf",
    "0, 1, -1, 2, -2, 1/2, -1/2, 3, inf",  // Toom-5
    "0, 1/3, -2/5, 7, inf",
    "1/-2, 3, inf",
};

}  // namespace

TEST_CASE("toom derivation: V times the derived interpolation is exactly I", "[toom-derivation]") {
  for (const char* text : point_sets) {
    INFO(text);
    const auto points = pqmul::parse_toom_points(text);
    const ToomScheme s = pqmul::derive_toom(points);
    REQUIRE(s.points == points);
    REQUIRE(2 * s.k - 1 == points.size());
    const RationalMatrix v = vandermonde(points);
    const RationalMatrix inverse = interpolation_of(s);
    for (std::size_t i = 0; i < points.size(); ++i) {
      for (std::size_t j = 0; j < points.size(); ++j) {
        Rational sum = 0;
        for (std::size_t t = 0; t < points.size(); ++t) sum += v[i][t] * inverse[t][j];
        CHECK(sum == (i == j ? 1 : 0));
      }
    }
    // Each row: odd > 0 and odd, fully reduced, bits_lost the largest shift.
    unsigned largest_shift = 0;
    for (const auto& row : s.interpolation) {
      CHECK(row.odd > 0);
      CHECK(row.odd % 2 == 1);
      BigInt g = BigInt(row.odd) << row.shift;
      for (auto n : row.numerators) g = gcd(g, BigInt(n));
      CHECK(g == 1);
      largest_shift = std::max(largest_shift, row.shift);
    }
    CHECK(s.bits_lost == largest_shift);
  }
}

TEST_CASE("toom derivation: evaluate, multiply, interpolate gives the schoolbook product",
          "[toom-derivation]") {
  std::mt19937_64 rng(20240607);
  std::uniform_int_distribution<std::int64_t> coefficient(-(1 << 12), 1 << 12);
  for (const char* text : point_sets) {
    INFO(text);
    const ToomScheme s = derive(text);
    const std::size_t k = s.k, points = 2 * k - 1;
    for (std::size_t piece_length : {1u, 3u, 4u}) {
      const std::size_t n = k * piece_length;
      std::vector<std::int64_t> a(n), b(n);
      for (auto& c : a) c = coefficient(rng);
      for (auto& c : b) c = coefficient(rng);

      std::vector<std::int64_t> expected(2 * n - 1, 0);  // schoolbook
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) expected[i + j] += a[i] * b[j];

      // Evaluate the pieces at every point, multiply the evaluated pieces.
      std::vector<std::vector<BigInt>> products(points, std::vector<BigInt>(2 * piece_length - 1));
      for (std::size_t p = 0; p < points; ++p) {
        std::vector<BigInt> ea(piece_length), eb(piece_length);
        for (std::size_t j = 0; j < k; ++j) {
          for (std::size_t t = 0; t < piece_length; ++t) {
            ea[t] += BigInt(s.evaluation[p][j]) * a[j * piece_length + t];
            eb[t] += BigInt(s.evaluation[p][j]) * b[j * piece_length + t];
          }
        }
        for (std::size_t i = 0; i < piece_length; ++i)
          for (std::size_t j = 0; j < piece_length; ++j) products[p][i + j] += ea[i] * eb[j];
      }

      // Interpolate: exact division, then overlap-add the 2k-1 product pieces.
      std::vector<BigInt> result(2 * n - 1);
      for (std::size_t m = 0; m < points; ++m) {
        const auto& row = s.interpolation[m];
        const BigInt denominator = BigInt(row.odd) << row.shift;
        for (std::size_t t = 0; t < 2 * piece_length - 1; ++t) {
          BigInt sum = 0;
          for (std::size_t p = 0; p < points; ++p)
            sum += BigInt(row.numerators[p]) * products[p][t];
          REQUIRE(sum % denominator == 0);
          result[m * piece_length + t] += sum / denominator;
        }
      }
      for (std::size_t i = 0; i < result.size(); ++i) CHECK(result[i] == expected[i]);
    }
  }
}

namespace {

// Toom-Cook in 16-bit lanes that wrap mod 2^16, as SIMD code computes it:
// odd divisors by their inverse mod 2^16, powers of two by a right shift.
using Lanes = std::vector<std::uint16_t>;

std::uint16_t inverse_mod_2_16(std::int64_t odd) {
  std::uint32_t inverse = static_cast<std::uint32_t>(odd);  // correct to 3 bits
  for (int i = 0; i < 4; ++i) inverse *= 2u - static_cast<std::uint32_t>(odd) * inverse;  // Newton
  return static_cast<std::uint16_t>(inverse);
}

std::uint16_t times(std::uint16_t a, std::int64_t b) {  // mod 2^16, without int promotion overflow
  return static_cast<std::uint16_t>(std::uint32_t{a} * static_cast<std::uint32_t>(b));
}

Lanes multiply_16(const Lanes& a, const Lanes& b, const std::vector<ToomScheme>& levels,
                  std::size_t level) {
  Lanes result(2 * a.size() - 1, 0);
  if (level == levels.size()) {
    for (std::size_t i = 0; i < a.size(); ++i)
      for (std::size_t j = 0; j < b.size(); ++j)
        result[i + j] = static_cast<std::uint16_t>(result[i + j] + times(a[i], b[j]));
    return result;
  }
  const ToomScheme& s = levels[level];
  const std::size_t len = a.size() / s.k;
  std::vector<Lanes> products;
  for (const auto& weights : s.evaluation) {
    Lanes ea(len, 0), eb(len, 0);
    for (std::size_t j = 0; j < s.k; ++j) {
      for (std::size_t t = 0; t < len; ++t) {
        ea[t] = static_cast<std::uint16_t>(ea[t] + times(a[j * len + t], weights[j]));
        eb[t] = static_cast<std::uint16_t>(eb[t] + times(b[j * len + t], weights[j]));
      }
    }
    products.push_back(multiply_16(ea, eb, levels, level + 1));
  }
  for (std::size_t m = 0; m < s.interpolation.size(); ++m) {
    const auto& row = s.interpolation[m];
    const std::uint16_t odd_inverse = inverse_mod_2_16(row.odd);
    for (std::size_t t = 0; t < 2 * len - 1; ++t) {
      std::uint16_t sum = 0;
      for (std::size_t p = 0; p < products.size(); ++p)
        sum = static_cast<std::uint16_t>(sum + times(products[p][t], row.numerators[p]));
      const auto c = static_cast<std::uint16_t>(times(sum, odd_inverse) >> row.shift);
      result[m * len + t] = static_cast<std::uint16_t>(result[m * len + t] + c);
    }
  }
  return result;
}

// Number of coefficients of a 16-bit Toom product that differ from the true
// product mod 2^bits, over a few random operands.
std::size_t wrong_mod(const std::vector<ToomScheme>& levels, unsigned bits, std::mt19937_64& rng) {
  std::size_t n = 2;  // leaf length
  for (const auto& s : levels) n *= s.k;
  std::uniform_int_distribution<std::uint32_t> lane(0, 0xFFFF);
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  std::size_t wrong = 0;
  for (int trial = 0; trial < 8; ++trial) {
    Lanes a(n), b(n);
    for (auto& c : a) c = static_cast<std::uint16_t>(lane(rng));
    for (auto& c : b) c = static_cast<std::uint16_t>(lane(rng));
    const Lanes got = multiply_16(a, b, levels, 0);
    for (std::size_t i = 0; i < 2 * n - 1; ++i) {
      std::uint64_t expected = 0;
      for (std::size_t j = 0; j < n; ++j)
        if (i >= j && i - j < n) expected += std::uint64_t{a[j]} * b[i - j];
      if (((expected ^ got[i]) & mask) != 0) ++wrong;
    }
  }
  return wrong;
}

}  // namespace

TEST_CASE("toom derivation: the computed limits hold in 16-bit lanes, and are tight",
          "[toom-derivation]") {
  std::mt19937_64 rng(7);
  const ToomScheme karatsuba = pqmul::derive_toom(pqmul::karatsuba_points());
  const ToomScheme toom3 = pqmul::derive_toom(pqmul::toom3_points());
  const ToomScheme toom4 = pqmul::derive_toom(pqmul::toom4_points());
  const std::vector<std::vector<ToomScheme>> compositions{
      {karatsuba}, {toom3}, {toom4}, {toom4, toom3}, {toom4, karatsuba, karatsuba}};
  for (const auto& levels : compositions) {
    unsigned bits_lost = 0;
    for (const auto& s : levels) bits_lost += s.bits_lost;
    const unsigned q_bits = pqmul::max_q_bits(bits_lost, 16);
    INFO("levels: " << levels.size() << ", q = 2^" << q_bits);
    CHECK(wrong_mod(levels, q_bits, rng) == 0);
    if (q_bits < 16) CHECK(wrong_mod(levels, q_bits + 1, rng) > 0);
  }
}

TEST_CASE("toom derivation: singular, short, even and malformed point sets are refused",
          "[toom-derivation]") {
  using Catch::Contains;
  const auto derive_points = [](std::vector<ToomPoint> p) { return pqmul::derive_toom(p); };
  CHECK_THROWS_WITH(derive_points({{0, 1}, {0, 1}, {1, 1}}), Contains("singular point set"));
  CHECK_THROWS_WITH(derive_points({{1, 2}, {2, 4}, {1, 0}}), Contains("singular point set"));
  CHECK_THROWS_WITH(derive_points({{-1, 2}, {1, -2}, {0, 1}}), Contains("singular point set"));
  CHECK_THROWS_WITH(derive_points({{0, 1}, {1, 1}, {2, 1}, {1, 0}}), Contains("odd number"));
  CHECK_THROWS_WITH(derive_points({{0, 1}, {1, 0}}), Contains("at least 3"));
  CHECK_THROWS_WITH(derive_points({{0, 1}}), Contains("at least 3"));
  CHECK_THROWS_WITH(derive_points({}), Contains("at least 3"));
  CHECK_THROWS_AS(derive_points({{0, 0}, {1, 1}, {1, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(derive_points({{0, 1}, {1, 1}, {1000000000, 1}, {2, 1}, {1, 0}}),
                  std::invalid_argument);

  CHECK_THROWS_WITH(pqmul::parse_toom_points("0,0,1"), Contains("repeated point"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points("0, 1/2, 2/4"), Contains("repeated point '2/4'"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points("inf, 1, infinity"), Contains("repeated point"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points("0, 1/0, 1"), Contains("zero denominator"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points("0, one, 1"), Contains("malformed point 'one'"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points("0, 1/2/3, 1"), Contains("malformed"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points("0, 1.5, 1"), Contains("malformed"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points("0,,1"), Contains("empty entry"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points(" "), Contains("empty point set"));
  CHECK_THROWS_WITH(pqmul::parse_toom_points("0, 1, 99999999999999999999"), Contains("too large"));
}

TEST_CASE("toom derivation: parsing and printing points", "[toom-derivation]") {
  CHECK(pqmul::parse_toom_points("0,1,-1,1/2,-1/2,2,inf") == pqmul::toom4_points());
  CHECK(pqmul::parse_toom_points(" 0 , 1, -1 , 2 ,\xE2\x88\x9E ") == pqmul::toom3_points());
  CHECK(pqmul::parse_toom_points("0, 1, Infinity") == pqmul::karatsuba_points());
  // Lowest terms, positive denominator.
  CHECK(pqmul::parse_toom_points("2/4, -3/-9, +4/-8, 0/5") ==
        std::vector<ToomPoint>{{1, 2}, {1, 3}, {-1, 2}, {0, 1}});
  CHECK(pqmul::to_string(ToomPoint{1, 0}) == "inf");
  CHECK(pqmul::to_string(ToomPoint{-1, 2}) == "-1/2");
  CHECK(pqmul::to_string(ToomPoint{1, -2}) == "-1/2");
  CHECK(pqmul::to_string(ToomPoint{7, 1}) == "7");
  for (const char* text : {"0, 1, -1, 1/2, -1/2, 2, inf", "1/3, -2/5, 7"}) {
    std::string printed;
    for (const auto& p : pqmul::parse_toom_points(text))
      printed += (printed.empty() ? "" : ", ") + pqmul::to_string(p);
    CHECK(printed == text);
  }
}

}  // namespace pqmul_tests::algorithms_test_toom_derivation
