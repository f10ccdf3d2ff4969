#pragma once
// How large and how deeply nested the files the experiments read may be. A
// file past a limit is refused with a one-line message before it is parsed:
// the TOML and JSON parsers recurse once per level (20,000 '[' overflow the
// stack), and whole files are held in memory.
#include <cstddef>

namespace pqmul::experiments {

// Sweep and claim specs, label files, paper figures: the shipped ones have a few kilobytes.
inline constexpr std::size_t max_spec_bytes = std::size_t{1} << 20;
// Results (CSV, JSON), claims.json, a sweep's state: the committed run's results.csv has 0.4 MB.
inline constexpr std::size_t max_results_bytes = std::size_t{64} << 20;
// Arrays and tables inside one another; the shipped files nest 3 deep.
inline constexpr std::size_t max_nesting_depth = 32;
// Module ranks of a counted claim: each runs a rank x rank matrix-vector
// product, whose memory and time grow with the square (the schemes' ranks are
// 2 to 4; `pqmul bench --rank` takes up to 16 too).
inline constexpr std::size_t max_counted_rank = 16;

}  // namespace pqmul::experiments
