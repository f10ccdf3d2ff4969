// pqmul toom: the exact Toom-Cook matrices of a point set, the bits its
// interpolation loses and the largest power-of-two modulus it supports in a
// word; `--then` composes further levels (each applied to the products of the
// level before), e.g. Toom-4 then Toom-3.
#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "command.hpp"
#include "pqmul/algorithms/toom_derivation.hpp"

namespace pqmul::cli {
namespace {

using BigInt = boost::multiprecision::cpp_int;
using Rational = boost::multiprecision::cpp_rational;
using Table = std::vector<std::vector<std::string>>;

struct ToomOptions {
  std::string points;
  std::vector<std::string> then;
  unsigned word_bits = 16;
};

ToomScheme derive_level(const std::string& text) {
  try {
    return derive_toom(parse_toom_points(text));
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("toom: {}", e.what()));
  }
}

std::string point_list(const ToomScheme& s) {
  std::vector<std::string> names;
  for (const auto& p : s.points) names.push_back(to_string(p));
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string level_name(const ToomScheme& s) {
  return s.k == 2 ? std::string("Toom-2 (Karatsuba)") : fmt::format("Toom-{}", s.k);
}

// Right-aligned columns; the first column (row labels) left-aligned.
void print_table(const Table& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line = "  ";
    for (std::size_t c = 0; c < row.size(); ++c) {
      line += c == 0 ? fmt::format("{:<{}}", row[c], width[c])
                     : fmt::format("  {:>{}}", row[c], width[c]);
    }
    fmt::print("{}\n", line);
  }
}

std::string divisor_text(const InterpolationRow& row) {
  if (row.shift == 0) return fmt::format("{}", row.odd);
  if (row.odd == 1) return fmt::format("2^{}", row.shift);
  return fmt::format("{} * 2^{}", row.odd, row.shift);
}

std::vector<std::int64_t> prime_factors(std::vector<std::int64_t> numbers) {
  std::vector<std::int64_t> primes;
  for (auto n : numbers) {
    for (std::int64_t p = 2; p * p <= n; ++p) {
      if (n % p) continue;
      primes.push_back(p);
      while (n % p == 0) n /= p;
    }
    if (n > 1) primes.push_back(n);
  }
  std::sort(primes.begin(), primes.end());
  primes.erase(std::unique(primes.begin(), primes.end()), primes.end());
  return primes;
}

std::string number_list(const std::vector<std::int64_t>& numbers) {
  return fmt::format("{}", fmt::join(numbers, ", "));
}

void print_scheme(const ToomScheme& s) {
  fmt::print("{} over {} points: {}   (k = {} pieces per operand, {} product pieces)\n\n",
             level_name(s), s.points.size(), point_list(s), s.k, s.points.size());

  fmt::print(
      "Evaluation: e(x:y) = sum_j x^j y^(k-1-j) a_j   (integer weights, points homogenised)\n");
  Table evaluation{{"point", "(x:y)"}};
  for (std::size_t j = 0; j < s.k; ++j) evaluation[0].push_back(fmt::format("a{}", j));
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    const ToomPoint& p = s.points[i];
    std::vector<std::string> row{to_string(p), fmt::format("({}:{})", p.x, p.y)};
    for (auto w : s.evaluation[i]) row.push_back(fmt::format("{}", w));
    evaluation.push_back(std::move(row));
  }
  print_table(evaluation);

  fmt::print("\nInterpolation: c_m = sum_i r_mi w_i   (w_i = e_a * e_b at point i)\n");
  std::vector<std::string> header{""};
  for (const auto& p : s.points) header.push_back("w(" + to_string(p) + ")");
  Table rational{header};
  for (std::size_t m = 0; m < s.interpolation.size(); ++m) {
    const auto& r = s.interpolation[m];
    const BigInt denominator = BigInt(r.odd) << r.shift;
    std::vector<std::string> row{fmt::format("c{}", m)};
    for (auto n : r.numerators) row.push_back(Rational(BigInt(n), denominator).str());
    rational.push_back(std::move(row));
  }
  print_table(rational);

  fmt::print("\nInterpolation over the integers: c_m = (sum_i n_mi w_i) / (odd * 2^shift)\n");
  header.push_back("divisor");
  Table integer{header};
  for (std::size_t m = 0; m < s.interpolation.size(); ++m) {
    const auto& r = s.interpolation[m];
    std::vector<std::string> row{fmt::format("c{}", m)};
    for (auto n : r.numerators) row.push_back(fmt::format("{}", n));
    row.push_back("/ " + divisor_text(r));
    integer.push_back(std::move(row));
  }
  print_table(integer);

  std::vector<std::string> worst;
  for (std::size_t m = 0; m < s.interpolation.size(); ++m) {
    if (s.bits_lost > 0 && s.interpolation[m].shift == s.bits_lost)
      worst.push_back(fmt::format("c{}", m));
  }
  fmt::print("\nBits lost: {}{}\n", s.bits_lost,
             worst.empty() ? std::string(" (no power-of-two divisor)")
                           : fmt::format(" (divisor 2^{} in {})", s.bits_lost, fmt::join(worst, ", ")));
  const auto odd = s.odd_divisors();
  fmt::print("Odd divisors: {}\n", odd.empty()
                                       ? std::string("none")
                                       : fmt::format("{} (prime factors {})", number_list(odd),
                                                     number_list(prime_factors(odd))));
}

void print_limits(unsigned bits_lost, const std::vector<std::int64_t>& odd, unsigned word_bits) {
  const unsigned b = max_q_bits(bits_lost, word_bits);
  if (b == 0) {
    fmt::print("In {}-bit words: no power-of-two q fits ({} bits lost)\n", word_bits, bits_lost);
  } else {
    fmt::print(
        "In {}-bit words: largest power-of-two q = 2^{} = {} (word bits {} - bits lost {})\n",
        word_bits, b, (BigInt(1) << b).str(), word_bits, bits_lost);
  }
  std::vector<std::int64_t> excluded{2};
  for (auto p : prime_factors(odd)) excluded.push_back(p);
  fmt::print(
      "For a prime q: division by 2 and by the odd divisors is multiplication by their inverse mod "
      "q,\n"
      "  so no bits are lost, but they must be invertible: q must not be {}.\n",
      excluded.size() == 1 ? "2" : fmt::format("one of {}", number_list(excluded)));
}

void run_toom(const ToomOptions& options) {
  std::vector<ToomScheme> levels{derive_level(options.points)};
  for (const auto& text : options.then) levels.push_back(derive_level(text));

  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (levels.size() > 1) fmt::print("=== level {} of {} ===\n", i + 1, levels.size());
    print_scheme(levels[i]);
    fmt::print("\n");
  }

  unsigned total = 0;
  std::vector<std::int64_t> odd;
  for (const auto& s : levels) {
    total += s.bits_lost;
    for (auto d : s.odd_divisors()) odd.push_back(d);
  }
  if (levels.size() > 1) {
    std::vector<std::string> names;
    for (const auto& s : levels)
      names.push_back(
          fmt::format("{} ({} bit{})", level_name(s), s.bits_lost, s.bits_lost == 1 ? "" : "s"));
    fmt::print("Composition, outermost first: {}\n", fmt::join(names, " then "));
    // An outer division by 2^s acts on values the inner levels already know
    // only modulo a smaller power of two, so the losses add up.
    fmt::print("Total bits lost: {} (the levels' losses add up)\n", total);
  }
  print_limits(total, odd, options.word_bits);
}

const CommandRegistration toom_registration{[](CLI::App& app) {
  auto options = std::make_shared<ToomOptions>();
  auto* cmd = app.add_subcommand(
      "toom", "Derive exact Toom-Cook evaluation/interpolation matrices from a point set");
  cmd->add_option("--points", options->points,
                  "Evaluation points, comma separated: integers, fractions p/q, inf (2k-1 of them)")
      ->required();
  cmd->add_option(
         "--then", options->then,
         "A further level applied to each pointwise product (repeatable), e.g. \"0,1,-1,2,inf\"")
      ->expected(1)
      ->take_all();
  cmd->add_option("--word-bits", options->word_bits, "Bits of the arithmetic's word (default 16)")
      ->check(CLI::Range(1u, 64u));
  cmd->callback([options] { run_toom(*options); });
}};

}  // namespace
}  // namespace pqmul::cli
