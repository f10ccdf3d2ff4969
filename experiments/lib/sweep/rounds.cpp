// Rounds of a sweep: merging a later process's rows into a job's rows.
#include "pqmul/experiments/sweep_rounds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "pqmul/experiments/statistics.hpp"

namespace pqmul::experiments {
namespace {

bool same_row(const Row& a, const Row& b) {
  return a.id == b.id && a.operation == b.operation && a.strategy == b.strategy && a.params == b.params &&
         a.rank == b.rank && a.isa == b.isa;
}

// Rounds whose own process marked them noisy, counted from the noise text
// ("round 3: ...; round 5: ...").
std::size_t noisy_round_count(const Row& row) {
  std::size_t n = 0;
  for (std::size_t at = row.noise.find("round "); at != std::string::npos; at = row.noise.find("round ", at + 1))
    if (at == 0 || row.noise.compare(at - 2, 2, "; ") == 0) ++n;
  return n;
}

void set_round_figures(Row& row) {
  row.rounds = row.round_medians.size();
  row.median = median_of(row.round_medians);
  const auto interval = median_interval(row.round_medians);
  row.ci_low = interval ? std::optional<double>(interval->low) : std::nullopt;
  row.ci_high = interval ? std::optional<double>(interval->high) : std::nullopt;
}

}  // namespace

void add_round(std::vector<Row>& rows, const std::vector<Row>& round_rows, std::size_t round) {
  if (round < 2) throw std::invalid_argument("add_round: round 1 is the rows themselves");
  if (round_rows.size() != rows.size())
    throw std::runtime_error(
        fmt::format("round {} printed {} rows where round 1 printed {}", round, round_rows.size(), rows.size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (!same_row(rows[i], round_rows[i]))
      throw std::runtime_error(fmt::format("round {} printed row {} ({} {}) where round 1 printed {} {}", round,
                                           i + 1, round_rows[i].id, round_rows[i].operation, rows[i].id,
                                           rows[i].operation));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    Row& row = rows[i];
    const Row& next = round_rows[i];
    if (!row.median) continue;
    if (!next.median) throw std::runtime_error(fmt::format("round {} has no timing for {} {}", round, row.id, row.operation));
    if (row.round_medians.empty()) {
      row.round_medians.push_back(*row.median);
      // Round 1's own noise, named like the later rounds'.
      if (row.noisy) row.noise = "round 1: " + row.noise;
    }
    row.round_medians.push_back(*next.median);
    row.repetitions += next.repetitions;
    row.repetition_medians.insert(row.repetition_medians.end(), next.repetition_medians.begin(),
                                  next.repetition_medians.end());
    row.samples += next.samples;
    if (next.p10) row.p10 = row.p10 ? std::min(*row.p10, *next.p10) : *next.p10;
    if (next.p90) row.p90 = row.p90 ? std::max(*row.p90, *next.p90) : *next.p90;
    if (next.correct == "fail") row.correct = "fail";
    if (next.noisy) row.noise += fmt::format("{}round {}: {}", row.noise.empty() ? "" : "; ", round, next.noise);
    row.noisy = false;  // decided over all rounds by judge_rounds
    set_round_figures(row);
  }
}

void judge_rounds(std::vector<Row>& rows, double max_half_width) {
  for (Row& row : rows) {
    if (row.round_medians.size() < 2 || !row.median || *row.median <= 0) continue;
    std::vector<std::string> why;
    if (row.ci_low && row.ci_high) {
      const double half = Interval{*row.ci_low, *row.ci_high}.relative_half_width(*row.median);
      if (half > max_half_width)
        why.push_back(fmt::format("half-width over {} rounds {:.1f}% > {:g}%", row.rounds, half * 100,
                                  max_half_width * 100));
    }
    const std::size_t noisy_rounds = noisy_round_count(row);
    if (noisy_rounds * 4 > row.round_medians.size())
      why.push_back(fmt::format("{} of {} rounds noisy", noisy_rounds, row.round_medians.size()));
    row.noisy = !why.empty();
    if (row.noisy) row.noise = fmt::format("{}{}{}", fmt::join(why, "; "), row.noise.empty() ? "" : "; ", row.noise);
  }
}

}  // namespace pqmul::experiments
