#pragma once
// Range checks for numeric options, so that a negative count cannot wrap
// around to 2^64, NaN cannot reach a measurement loop, and sizes cannot ask
// for more memory than the machine has. Whole numbers go through CLI::Range
// over a signed type ("-1" is then below the range, not a huge unsigned);
// reals through real_in, because CLI::Range lets NaN pass (every comparison
// with NaN is false) and prints its bounds with six decimals.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace pqmul::cli {

// Module ranks: the KEMs use 2 to 4; a rank-l product holds about l^2 polynomials.
inline constexpr std::int64_t max_rank = 16;

// A whole number in [lo, hi]; the error names the range.
inline CLI::Validator whole_in(std::int64_t lo, std::int64_t hi) { return CLI::Range(lo, hi); }

// A finite real number in [lo, hi] (in (lo, hi] when `above_lo`).
inline CLI::Validator real_in(double lo, double hi, bool above_lo = false) {
  const std::string range = fmt::format("{}{:g}, {:g}]", above_lo ? "(" : "[", lo, hi);
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        double value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        const bool in_range = ec == std::errc() && end == text.data() + text.size() && std::isfinite(value) &&
                              (above_lo ? value > lo : value >= lo) && value <= hi;
        return in_range ? std::string() : fmt::format("value {} is not a number in {}", text, range);
      },
      "REAL in " + range);
}

// Any unsigned 64-bit number (a seed): "-1" refused rather than wrapped.
inline CLI::Validator any_unsigned64() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        return ec == std::errc() && end == text.data() + text.size() && !text.empty()
                   ? std::string()
                   : fmt::format("value {} is not a whole number in [0, 2^64 - 1]", text);
      },
      "UINT64");
}

}  // namespace pqmul::cli
