#pragma once
// Synthetic rows and spec headers for the claims tests.
#include <algorithm>
#include <string>
#include <vector>

#include "pqmul/experiments/claims.hpp"
#include "report_rows.hpp"

namespace claims_test {

using pqmul::experiments::Row;

inline std::string header(const std::string& id, const std::string& comparability, const std::string& where = "x86") {
  return "id = \"" + id + "\"\nsource = \"s\"\nclaim = \"c\"\npaper = \"p\"\nprinted = \"Table 1\"\nhow = \"h\"\n"
         "where = \"" + where + "\"\ncomparability = \"" + comparability + "\"\n";
}

// A comparison of Saber keygen, cached / eager, below 1.
inline constexpr const char* cached_keygen_comparison = R"(
[[comparison]]
label = "L"
common = { scheme = "saber", operation = "keygen" }
numerator = { strategy = "cached" }
denominator = { strategy = "eager" }
check = "below"
threshold = 1.0
)";

inline Row row(const std::string& scheme, const std::string& op, const std::string& multiplier, const std::string& isa,
               const std::string& compiler, const std::string& strategy) {
  Row r = pqmul::experiments::testing::timed_row(scheme, op, multiplier, isa, 1000);
  r.compiler = compiler;
  r.strategy = strategy;
  r.samples = 100;
  return r;
}

// Eleven repetitions of one value.
inline std::vector<double> constant(double v) { return std::vector<double>(11, v); }
// Eleven repetitions evenly from `low` to `high`: every resampled median lies between them.
inline std::vector<double> spread(double low, double high) {
  std::vector<double> v;
  for (int i = 0; i < 11; ++i) v.push_back(low + (high - low) * i / 10);
  return v;
}
// `n_low` repetitions at `low`, `n_high` at `high`, interleaved as runs would be.
inline std::vector<double> two_valued(double low, int n_low, double high, int n_high) {
  std::vector<double> v;
  for (int i = 0; i < std::max(n_low, n_high); ++i) {
    if (i < n_high) v.push_back(high);
    if (i < n_low) v.push_back(low);
  }
  return v;
}

// The row with these repetition medians, its median their median (as `pqmul bench` writes it).
inline Row repeated(Row r, const std::vector<double>& medians) {
  r.repetition_medians = medians;
  r.repetitions = medians.size();
  auto sorted = medians;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  r.median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return r;
}

inline bool mentions(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

}  // namespace claims_test
