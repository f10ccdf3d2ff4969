// Interleaved repetitions: order, warm-up verdict, figures and reruns.
#include "pqmul/experiments/interleaved.hpp"

#include <fmt/core.h>

#include <limits>
#include <stdexcept>

namespace pqmul::experiments {

std::vector<std::size_t> repetition_order(std::size_t count, std::size_t repetition) {
  std::vector<std::size_t> order(count);
  for (std::size_t i = 0; i < count; ++i) order[i] = (i + repetition) % count;
  return order;
}

bool timings_settled(const std::vector<double>& block_medians, double tolerance) {
  if (block_medians.size() < 3) return false;
  const auto last = block_medians.end() - 3;
  const auto [low, high] = std::minmax_element(last, block_medians.end());
  return *high <= *low * (1 + tolerance);
}

CaseFigures figures_of(const CaseAttempt& attempt, const NoiseLimits& limits) {
  CaseFigures f;
  std::vector<std::uint64_t> all;
  for (const auto& samples : attempt.repetitions) {
    if (samples.empty()) continue;
    all.insert(all.end(), samples.begin(), samples.end());
    f.repetition_medians.push_back(median_of(std::vector<double>(samples.begin(), samples.end())));
  }
  if (all.empty()) throw std::invalid_argument("no samples were taken");
  const Summary overall = summarize(all);
  f.p10 = overall.p10;
  f.p90 = overall.p90;
  f.samples = overall.samples;
  f.median = median_of(f.repetition_medians);
  f.interval = median_interval(f.repetition_medians);
  if (f.interval && f.median > 0) f.half_width = f.interval->relative_half_width(f.median);
  f.noise = noise_reasons(f.half_width, attempt.exposure, limits);
  if (!attempt.settled) f.noise += std::string(f.noise.empty() ? "" : "; ") + "warm-up did not settle";
  return f;
}

bool better_attempt(const CaseFigures& candidate, const CaseFigures& kept) {
  if (candidate.noise.empty() != kept.noise.empty()) return candidate.noise.empty();
  constexpr double unknown = std::numeric_limits<double>::infinity();
  return candidate.half_width.value_or(unknown) < kept.half_width.value_or(unknown);
}

std::vector<CaseFigures> measure_with_reruns(std::size_t case_count, const AttemptRunner& run,
                                             const RepetitionSettings& settings) {
  std::vector<std::size_t> pending(case_count);
  for (std::size_t i = 0; i < case_count; ++i) pending[i] = i;
  std::vector<CaseFigures> kept(case_count);
  for (std::size_t attempt = 0; attempt <= settings.reruns && !pending.empty(); ++attempt) {
    const auto attempts = run(pending);
    if (attempts.size() != pending.size()) throw std::logic_error("an attempt returned the wrong number of cases");
    std::vector<std::size_t> noisy;
    for (std::size_t k = 0; k < pending.size(); ++k) {
      const std::size_t i = pending[k];
      CaseFigures f = figures_of(attempts[k], settings.limits);
      f.attempts = attempt + 1;
      if (attempt == 0 || better_attempt(f, kept[i]))
        kept[i] = std::move(f);
      else
        kept[i].attempts = attempt + 1;
      if (!kept[i].noise.empty()) noisy.push_back(i);
    }
    pending = std::move(noisy);
  }
  for (auto& f : kept)
    if (!f.noise.empty() && f.attempts > 1) f.noise += fmt::format("; best of {} attempts", f.attempts);
  return kept;
}

}  // namespace pqmul::experiments
