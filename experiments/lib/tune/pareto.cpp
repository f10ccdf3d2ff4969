// Non-dominated sorting of measured rows.
#include "pqmul/experiments/pareto.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

namespace pqmul::experiments {

bool dominates(const Objectives& a, const Objectives& b) {
  bool better = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] > b[i]) return false;
    if (a[i] < b[i]) better = true;
  }
  return better;
}

std::vector<std::size_t> pareto_ranks(const std::vector<Objectives>& points) {
  constexpr std::size_t unranked = static_cast<std::size_t>(-1);
  std::vector<std::size_t> rank(points.size(), unranked);
  std::size_t left = points.size();
  for (std::size_t current = 0; left > 0; ++current) {
    std::vector<std::size_t> front;
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (rank[i] != unranked) continue;
      bool dominated = false;
      for (std::size_t j = 0; j < points.size() && !dominated; ++j)
        dominated = j != i && rank[j] == unranked && dominates(points[j], points[i]);
      if (!dominated) front.push_back(i);
    }
    for (auto i : front) rank[i] = current;
    left -= front.size();
  }
  return rank;
}

std::optional<Objectives> row_objectives(const Row& row) {
  if (!row.median || !row.stack_bytes || !row.bytes_held) return std::nullopt;
  return Objectives{*row.median, static_cast<double>(*row.stack_bytes), static_cast<double>(*row.bytes_held)};
}

std::vector<std::size_t> pareto_front_rows(const std::vector<Row>& rows) {
  using Group = std::tuple<std::string, std::string, std::string, std::string, std::string, std::uint64_t>;
  std::map<Group, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    if (!row_objectives(r)) continue;
    groups[{r.scheme, r.isa, r.compiler, r.cpu, r.operation, r.rank.value_or(0)}].push_back(i);
  }
  std::vector<std::size_t> front;
  for (const auto& [group, members] : groups) {
    std::vector<Objectives> points;
    for (auto i : members) points.push_back(*row_objectives(rows[i]));
    const auto ranks = pareto_ranks(points);
    for (std::size_t k = 0; k < members.size(); ++k)
      if (ranks[k] == 0) front.push_back(members[k]);
  }
  std::sort(front.begin(), front.end());
  return front;
}

}  // namespace pqmul::experiments
