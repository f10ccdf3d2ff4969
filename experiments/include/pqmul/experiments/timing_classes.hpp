#pragma once
// The measuring half of a dudect test: each measurement's input class is
// drawn at random, so drift and bursts of other work on the machine fall on
// both classes alike; the inputs of a batch are prepared into slots of their
// own before any of them is timed, so preparing (random draws, copies) costs
// no measured time and both classes read their input from the same kind of
// freshly written memory.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace pqmul::experiments {

// One operation under test and its two input classes.
struct TimingTarget {
  std::string operation;  // keygen, encaps, decaps, control
  std::string test;       // what tells the classes apart, e.g. "fixed-vs-random-coins"
  std::size_t input_bytes = 0;
  // Writes an input of class 0 (fixed) or 1 (random) into `slot`.
  std::function<void(int input_class, std::span<std::uint8_t> slot, std::mt19937_64& rng)> prepare;
  // The timed call, on one prepared input.
  std::function<void(std::span<const std::uint8_t> slot)> run;
};

struct TimingRunSettings {
  std::size_t measurements = 100'000;
  std::size_t warmup = 1000;             // untimed calls first (caches, branch predictors, frequency)
  std::size_t batch_bytes = 256 * 1024;  // prepared inputs held at once (their slots stay within L2)
};

struct ClassMeasurements {
  std::vector<std::uint64_t> ticks;
  std::vector<std::uint8_t> classes;
};

// Measurements per batch: as many slots as fit in batch_bytes, at least 16.
inline std::size_t timing_batch_size(std::size_t input_bytes, std::size_t batch_bytes) {
  return std::max<std::size_t>(16, batch_bytes / std::max<std::size_t>(input_bytes, 1));
}

// Runs settings.warmup untimed calls, then settings.measurements timed ones,
// each of a class drawn from `rng`. Clock: Counter (counter.hpp), or a fake in tests.
template <class Clock>
ClassMeasurements measure_classes(const TimingTarget& target, Clock& clock, const TimingRunSettings& settings,
                                  std::mt19937_64& rng) {
  const std::size_t batch = timing_batch_size(target.input_bytes, settings.batch_bytes);
  std::vector<std::uint8_t> slots(batch * target.input_bytes);
  const auto slot = [&](std::size_t i) {
    return std::span<std::uint8_t>(slots).subspan(i * target.input_bytes, target.input_bytes);
  };
  std::vector<std::uint8_t> batch_classes(batch);
  const auto prepare_batch = [&](std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      batch_classes[i] = static_cast<std::uint8_t>(rng() & 1);
      target.prepare(batch_classes[i], slot(i), rng);
    }
  };

  for (std::size_t done = 0; done < settings.warmup;) {
    const std::size_t count = std::min(batch, settings.warmup - done);
    prepare_batch(count);
    for (std::size_t i = 0; i < count; ++i) target.run(slot(i));
    done += count;
  }

  ClassMeasurements out;
  out.ticks.resize(settings.measurements);
  out.classes.resize(settings.measurements);
  for (std::size_t done = 0; done < settings.measurements;) {
    const std::size_t count = std::min(batch, settings.measurements - done);
    prepare_batch(count);
    for (std::size_t i = 0; i < count; ++i) {
      const auto input = slot(i);
      const std::uint64_t start = clock.begin();
      target.run(input);
      out.ticks[done + i] = clock.end() - start;
    }
    std::copy_n(batch_classes.begin(), count, out.classes.begin() + static_cast<std::ptrdiff_t>(done));
    done += count;
  }
  return out;
}

}  // namespace pqmul::experiments
