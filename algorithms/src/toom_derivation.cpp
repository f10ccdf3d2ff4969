// Exact derivation of Toom-Cook matrices from a projective point set.
//
// With k pieces per operand the product has 2k-1 coefficients c_m, and its
// homogenised value at a point (x:y) is
//   w(x:y) = e_a(x:y) * e_b(x:y) = sum_m c_m x^m y^(2k-2-m),
// so the 2k-1 point values are V * c with V[i][m] = x_i^m y_i^(2k-2-m). The
// interpolation is V^-1, computed exactly over the rationals (Eigen FullPivLU
// on ExactRational). Each row of V^-1 is written over one positive common
// denominator odd * 2^shift; a power-of-two divisor costs `shift` bits of
// precision in a word that wraps mod 2^w, an odd one only needs an inverse.
#include "pqmul/algorithms/toom_derivation.hpp"

#include <fmt/format.h>

#include <Eigen/LU>
#include <algorithm>
#include <charconv>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "pqmul/algorithms/exact_rational.hpp"

namespace pqmul {
namespace {

using Integer = ExactRational::Integer;
using RationalMatrix = Eigen::Matrix<ExactRational, Eigen::Dynamic, Eigen::Dynamic>;

std::string_view trim(std::string_view s) {
  constexpr std::string_view blanks = " \t\r\n";
  const auto first = s.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(blanks);
  return s.substr(first, last - first + 1);
}

std::string describe(std::span<const ToomPoint> points) {
  std::string out = "{";
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i) out += ", ";
    out += to_string(points[i]);
  }
  return out + "}";
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char l, char r) {
    const auto lower = [](char c) {
      return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    };
    return lower(l) == lower(r);
  });
}

std::int64_t parse_integer(std::string_view part, std::string_view token) {
  part = trim(part);
  bool negative = false;
  if (!part.empty() && (part.front() == '+' || part.front() == '-')) {
    negative = part.front() == '-';
    part.remove_prefix(1);
  }
  // Digits only: from_chars would also accept a leading '-' we have consumed.
  if (part.empty() || part.find_first_not_of("0123456789") != std::string_view::npos) {
    throw std::invalid_argument(
        fmt::format("malformed point '{}': expected an integer, a fraction p/q or inf", token));
  }
  std::uint64_t magnitude = 0;
  const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), magnitude);
  constexpr auto limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (error != std::errc{} || end != part.data() + part.size() || magnitude > limit) {
    throw std::invalid_argument(fmt::format("point '{}' is too large for 64 bits", token));
  }
  const auto value = static_cast<std::int64_t>(magnitude);
  return negative ? -value : value;
}

ToomPoint parse_point(std::string_view token) {
  if (equals_ignoring_case(token, "inf") || equals_ignoring_case(token, "infinity") ||
      token == "\xE2\x88\x9E") {  // U+221E INFINITY
    return ToomPoint{1, 0};
  }
  const auto slash = token.find('/');
  std::int64_t x = parse_integer(token.substr(0, slash), token);
  std::int64_t y = 1;
  if (slash != std::string_view::npos) {
    y = parse_integer(token.substr(slash + 1), token);
    if (y == 0) {
      throw std::invalid_argument(fmt::format(
          "point '{}' has a zero denominator (write inf for the point at infinity)", token));
    }
  }
  // Lowest terms with a positive denominator, so 2/4 and 1/2 compare equal.
  const std::int64_t g = std::gcd(x, y);  // > 0 since y != 0
  x /= g;
  y /= g;
  if (y < 0) {
    x = -x;
    y = -y;
  }
  return ToomPoint{x, y};
}

// A point is a non-zero pair; infinity is spelled (1:0) as the header fixes.
void check_point(const ToomPoint& p) {
  if (p.y == 0 && p.x != 1) {
    throw std::invalid_argument(
        fmt::format("invalid point ({}:0): the point at infinity is written (1:0)", p.x));
  }
}

// Projective equality: (x:y) == (u:v) iff x v == u y.
bool same_point(const ToomPoint& a, const ToomPoint& b) {
  return Integer(a.x) * b.y == Integer(b.x) * a.y;
}

Integer power(const Integer& base, std::size_t exponent) {
  Integer result = 1;
  for (std::size_t i = 0; i < exponent; ++i) result *= base;
  return result;
}

std::int64_t to_int64(const Integer& v, std::span<const ToomPoint> points, const char* what) {
  if (v > std::numeric_limits<std::int64_t>::max() ||
      v < std::numeric_limits<std::int64_t>::min()) {
    throw std::invalid_argument(
        fmt::format("point set {} is too large: {} {} does not fit in 64 bits", describe(points),
                    what, v.str()));
  }
  return v.convert_to<std::int64_t>();
}

RationalMatrix homogeneous_vandermonde(std::span<const ToomPoint> points) {
  const auto n = static_cast<Eigen::Index>(points.size());
  RationalMatrix v(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const Integer x = points[static_cast<std::size_t>(i)].x;
    const Integer y = points[static_cast<std::size_t>(i)].y;
    for (Eigen::Index m = 0; m < n; ++m) {
      v(i, m) = ExactRational(power(x, static_cast<std::size_t>(m)) *
                              power(y, static_cast<std::size_t>(n - 1 - m)));
    }
  }
  return v;
}

bool is_identity(const RationalMatrix& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
      if (m(i, j) != ExactRational(i == j ? 1 : 0)) return false;
    }
  }
  return true;
}

InterpolationRow integer_row(const RationalMatrix& inverse, Eigen::Index row,
                             std::span<const ToomPoint> points) {
  const Eigen::Index n = inverse.cols();
  Integer denominator = 1;
  for (Eigen::Index j = 0; j < n; ++j) {
    denominator = boost::multiprecision::lcm(denominator, inverse(row, j).denominator());
  }
  std::vector<Integer> numerators;
  Integer common = denominator;
  for (Eigen::Index j = 0; j < n; ++j) {
    const ExactRational& r = inverse(row, j);
    numerators.push_back(r.numerator() * (denominator / r.denominator()));
    common = boost::multiprecision::gcd(common, numerators.back());
  }
  // The lcm of reduced fractions already leaves gcd 1; dividing keeps the
  // promise of the header even if that reasoning were ever broken.
  InterpolationRow out;
  for (auto& num : numerators)
    out.numerators.push_back(to_int64(num / common, points, "interpolation numerator"));
  Integer odd = denominator / common;
  while (boost::multiprecision::bit_test(odd, 0) == false) {
    odd >>= 1;
    ++out.shift;
  }
  out.odd = to_int64(odd, points, "interpolation divisor");
  return out;
}

}  // namespace

std::vector<ToomPoint> parse_toom_points(std::string_view text) {
  std::vector<ToomPoint> points;
  std::vector<std::string> spellings;
  if (trim(text).empty()) throw std::invalid_argument("empty point set");
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    const std::string_view token = trim(text.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (token.empty()) {
      throw std::invalid_argument(fmt::format("empty entry in point set '{}'", text));
    }
    const ToomPoint p = parse_point(token);
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (points[i] == p) {
        const std::string same = spellings[i] == token
                                     ? std::string{}
                                     : fmt::format(" (the same as '{}')", spellings[i]);
        throw std::invalid_argument(
            fmt::format("singular point set: repeated point '{}'{} in '{}'", token, same, text));
      }
    }
    points.push_back(p);
    spellings.emplace_back(token);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return points;
}

std::string to_string(const ToomPoint& p) {
  if (p.is_infinity()) return "inf";
  const bool flip = p.y < 0;  // show the sign on the numerator
  const std::int64_t x = flip ? -p.x : p.x;
  const std::int64_t y = flip ? -p.y : p.y;
  return y == 1 ? fmt::format("{}", x) : fmt::format("{}/{}", x, y);
}

std::vector<std::int64_t> ToomScheme::odd_divisors() const {
  std::vector<std::int64_t> out;
  for (const auto& row : interpolation) {
    if (row.odd > 1) out.push_back(row.odd);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

ToomScheme derive_toom(std::span<const ToomPoint> points) {
  const std::size_t n = points.size();
  if (n < 3) {
    throw std::invalid_argument(fmt::format(
        "a Toom-Cook point set needs at least 3 points, got {}: {}", n, describe(points)));
  }
  if (n % 2 == 0) {
    throw std::invalid_argument(
        fmt::format("a Toom-Cook point set needs an odd number 2k-1 of points, got {}: {}", n,
                    describe(points)));
  }
  for (const auto& p : points) check_point(p);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (same_point(points[i], points[j])) {
        throw std::invalid_argument(
            fmt::format("singular point set: {} and {} are the same point in {}",
                        to_string(points[i]), to_string(points[j]), describe(points)));
      }
    }
  }

  const RationalMatrix v = homogeneous_vandermonde(points);
  Eigen::FullPivLU<RationalMatrix> lu(v);
  if (!lu.isInvertible()) {
    throw std::invalid_argument(
        fmt::format("singular point set: {} (the evaluation system has rank {} of {})",
                    describe(points), lu.rank(), n));
  }
  const RationalMatrix inverse = lu.inverse();
  if (!is_identity(v * inverse)) {
    throw std::logic_error(
        fmt::format("exact inversion failed for point set {}", describe(points)));
  }

  ToomScheme scheme;
  scheme.k = (n + 1) / 2;
  scheme.points.assign(points.begin(), points.end());
  for (const auto& p : points) {
    std::vector<std::int64_t> weights;
    for (std::size_t j = 0; j < scheme.k; ++j) {
      weights.push_back(to_int64(power(Integer(p.x), j) * power(Integer(p.y), scheme.k - 1 - j),
                                 points, "evaluation weight"));
    }
    scheme.evaluation.push_back(std::move(weights));
  }
  for (Eigen::Index row = 0; row < inverse.rows(); ++row) {
    scheme.interpolation.push_back(integer_row(inverse, row, points));
    scheme.bits_lost = std::max(scheme.bits_lost, scheme.interpolation.back().shift);
  }
  return scheme;
}

unsigned max_q_bits(unsigned bits_lost, unsigned word_bits) {
  return bits_lost < word_bits ? word_bits - bits_lost : 0;
}

std::vector<ToomPoint> karatsuba_points() { return {{0, 1}, {1, 1}, {1, 0}}; }

std::vector<ToomPoint> toom3_points() { return {{0, 1}, {1, 1}, {-1, 1}, {2, 1}, {1, 0}}; }

std::vector<ToomPoint> toom4_points() {
  return {{0, 1}, {1, 1}, {-1, 1}, {1, 2}, {-1, 2}, {2, 1}, {1, 0}};
}

}  // namespace pqmul
