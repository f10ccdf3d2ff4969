// Pinning the measuring process to one CPU, and refusing a CPU it may not use.
#include <catch2/catch.hpp>
#include <sched.h>

#include "pqmul/experiments/cpu_pinning.hpp"

namespace pqmul_tests::experiments_test_cpu_pinning {

using namespace pqmul::experiments;

TEST_CASE("a pinned process runs on the CPU it was pinned to", "[cpu]") {
  cpu_set_t before;
  CPU_ZERO(&before);
  REQUIRE(sched_getaffinity(0, sizeof before, &before) == 0);
  int last = -1;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &before)) last = cpu;
  REQUIRE(last >= 0);
  pin_to_cpu(last);
  cpu_set_t after;
  CPU_ZERO(&after);
  REQUIRE(sched_getaffinity(0, sizeof after, &after) == 0);
  CHECK(CPU_COUNT(&after) == 1);
  CHECK(CPU_ISSET(last, &after));
  CHECK(sched_getcpu() == last);
  REQUIRE(sched_setaffinity(0, sizeof before, &before) == 0);  // the other tests keep every CPU
}

TEST_CASE("a CPU outside the allowed set is refused, naming the allowed ones", "[cpu]") {
  CHECK_THROWS_WITH(pin_to_cpu(-1), Catch::Contains("may run on"));
  CHECK_THROWS_WITH(pin_to_cpu(CPU_SETSIZE), Catch::Contains(allowed_cpus()));
  CHECK_FALSE(allowed_cpus().empty());
}

}  // namespace pqmul_tests::experiments_test_cpu_pinning
