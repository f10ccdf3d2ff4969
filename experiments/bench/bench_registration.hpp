#pragma once
// Benchmark files register a function that adds their benchmarks at start-up,
// after google-benchmark has parsed its flags.
#include <functional>
#include <vector>

namespace pqmul::bench {

inline std::vector<std::function<void()>>& registrations() {
  static std::vector<std::function<void()>> list;
  return list;
}

struct Registration {
  explicit Registration(std::function<void()> add) { registrations().push_back(std::move(add)); }
};

}  // namespace pqmul::bench
