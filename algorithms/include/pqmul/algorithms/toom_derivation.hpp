#pragma once
// Exact derivation of Toom-Cook evaluation and interpolation matrices from a
// point set (DESIGN.md section 3, toom-k). Points are projective: a finite
// rational x/y or infinity. A piece-polynomial a(X) = sum_{j<k} a_j X^j is
// evaluated homogeneously, e(x:y) = sum_j a_j x^j y^(k-1-j), so evaluation
// needs only integers; interpolation needs exact division.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pqmul {

struct ToomPoint {
  std::int64_t x = 0;  // numerator
  std::int64_t y = 1;  // denominator; 0 means infinity (x = 1)
  bool is_infinity() const { return y == 0; }
  friend bool operator==(const ToomPoint&, const ToomPoint&) = default;
};

// "0,1,-1,1/2,-1/2,2,inf" (also "∞" or "infinity"). Throws std::invalid_argument.
std::vector<ToomPoint> parse_toom_points(std::string_view text);
std::string to_string(const ToomPoint& p);

// Row i of the interpolation: c_i = (sum_j numerators[j] * e_j) / (odd * 2^shift),
// exact over the integers. odd > 0, and gcd(numerators..., odd * 2^shift) = 1.
struct InterpolationRow {
  std::vector<std::int64_t> numerators;
  std::int64_t odd = 1;
  unsigned shift = 0;
};

struct ToomScheme {
  std::size_t k = 0;                 // pieces per operand; 2k-1 points
  std::vector<ToomPoint> points;     // 2k-1 points, as given
  // evaluation[i][j]: weight of piece j at point i (integers, homogenised).
  std::vector<std::vector<std::int64_t>> evaluation;
  std::vector<InterpolationRow> interpolation;  // 2k-1 rows
  unsigned bits_lost = 0;            // max shift over the rows
  std::vector<std::int64_t> odd_divisors() const;  // the distinct odd > 1
};

// Throws std::invalid_argument: fewer than 3 points or an even count, a
// repeated point, or a singular system.
ToomScheme derive_toom(std::span<const ToomPoint> points);

// The largest power of two q = 2^b such that a composition of levels losing
// `bits_lost` bits in total still yields exact results mod q in a word of
// `word_bits` bits: b = word_bits - bits_lost (0 if none).
unsigned max_q_bits(unsigned bits_lost, unsigned word_bits);

// The classic point sets of the catalogue.
std::vector<ToomPoint> karatsuba_points();  // 0, 1, inf
std::vector<ToomPoint> toom3_points();      // 0, 1, -1, 2, inf
std::vector<ToomPoint> toom4_points();      // 0, 1, -1, 1/2, -1/2, 2, inf

}  // namespace pqmul
