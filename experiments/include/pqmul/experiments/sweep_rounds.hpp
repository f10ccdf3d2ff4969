#pragma once
// Rounds of a sweep: every job's benchmark runs once per round, in separate
// processes, and a row's median and interval are taken over its round
// medians (see Row::rounds for why).
#include <cstddef>
#include <vector>

#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

// Adds round `round` (1-based; round 1 holds the rows already there) of a
// job's benchmark to its rows: the rows must be the same ones in the same
// order (std::runtime_error otherwise, naming the first that differs). Rows
// without timings are left as they are.
void add_round(std::vector<Row>& rows, const std::vector<Row>& round_rows, std::size_t round);

// After a job's last round: marks a row noisy when its interval over rounds
// is wider than `max_half_width` (relative, e.g. 0.03) or when more than one
// round in four was noisy in its own process.
void judge_rounds(std::vector<Row>& rows, double max_half_width);

}  // namespace pqmul::experiments
