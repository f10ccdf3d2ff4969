#pragma once
// Pareto fronts of measured rows: every objective is minimised (median
// ticks, stack bytes, bytes held). A row missing an objective is left out of
// the front: "unknown" can be shown neither better nor worse.
#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include "pqmul/experiments/row.hpp"

namespace pqmul::experiments {

using Objectives = std::array<double, 3>;

// a is no worse than b in every objective and better in one.
bool dominates(const Objectives& a, const Objectives& b);

// Non-dominated sorting: rank 0 for the front, rank 1 for the front of the
// rest, and so on; one rank per point, in the points' order.
std::vector<std::size_t> pareto_ranks(const std::vector<Objectives>& points);

// (median, stack_bytes, bytes_held) of a row; nullopt when one is missing.
std::optional<Objectives> row_objectives(const Row& row);

// The rows of each group (ring, ISA, compiler, CPU, operation, rank) that no row
// of the same group dominates; indices into `rows`, in order.
std::vector<std::size_t> pareto_front_rows(const std::vector<Row>& rows);

}  // namespace pqmul::experiments
