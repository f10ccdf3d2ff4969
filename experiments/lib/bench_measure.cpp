// A case's figures as row columns.
#include "pqmul/experiments/bench_measure.hpp"

namespace pqmul::experiments {

void fill_row(Row& row, const CaseFigures& f) {
  row.median = f.median;
  row.p10 = f.p10;
  row.p90 = f.p90;
  row.samples = f.samples;
  row.ci_low = f.interval ? std::optional<double>(f.interval->low) : std::nullopt;
  row.ci_high = f.interval ? std::optional<double>(f.interval->high) : std::nullopt;
  row.repetitions = f.repetition_medians.size();
  row.repetition_medians = f.repetition_medians;
  row.rounds = f.repetition_medians.empty() ? 0 : 1;
  row.noisy = !f.noise.empty();
  row.noise = f.noise;
}

}  // namespace pqmul::experiments
