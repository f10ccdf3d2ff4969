#pragma once
// Measuring the cases of a bench plan: interleaved repetitions with the
// noise guard (interleaved.hpp), each case's figures written into its row.
#include <cstdio>
#include <functional>
#include <vector>

#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/interleaved.hpp"

namespace pqmul::experiments {

// median, p10, p90, samples, ci_low / ci_high, repetitions, repetition_medians, noisy, noise.
void fill_row(Row& row, const CaseFigures& figures);

// Measures every case with `clock` (Counter, or a fake in tests) and fills
// its row's figures; reruns go to `progress` (nullptr: silent).
template <class Clock>
void measure_cases(std::vector<BenchCase>& cases, Clock& clock, const RepetitionSettings& settings,
                   const SystemReader& read, std::FILE* progress) {
  std::vector<std::function<void()>> runs;
  for (const auto& c : cases) runs.push_back(c.run);
  std::size_t attempt = 0;
  const auto figures = measure_with_reruns(
      cases.size(),
      [&](const std::vector<std::size_t>& subset) {
        if (attempt++ && progress)
          std::fprintf(progress, "pqmul bench: rerunning %zu noisy case(s), attempt %zu of %zu\n", subset.size(),
                       attempt, settings.reruns + 1);
        return run_interleaved(runs, subset, clock, settings, read);
      },
      settings);
  for (std::size_t i = 0; i < cases.size(); ++i) fill_row(cases[i].row, figures[i]);
}

}  // namespace pqmul::experiments
