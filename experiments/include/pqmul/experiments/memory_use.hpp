#pragma once
// Memory of one operation, beside its time: the stack it reaches (painted
// stack of its own, own_stack.hpp), the heap it allocates (an allocation
// counter the executable installs) and, for a ring multiplier, the code of
// its functions in this executable (code_size.hpp). README "Result rows".
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/own_stack.hpp"

namespace pqmul::experiments {

// Bytes and blocks requested from operator new by one thread.
struct HeapUse {
  std::uint64_t bytes = 0;
  std::uint64_t allocations = 0;
};

// The counting half of a replaced global operator new, which only an
// executable may hold (libraries are linked into sanitizer builds and into
// tests that replace operator new themselves): counting_operator_new.cpp,
// linked into pqmul and pqmul_bench, installs one at start-up.
struct AllocationCounter {
  void (*start)();    // this thread counts from zero
  HeapUse (*stop)();  // this thread stops counting; what it counted
};
void install_allocation_counter(const AllocationCounter* counter);
// nullptr when the executable has none (heap use is then "not counted").
const AllocationCounter* installed_allocation_counter();
constexpr const char* heap_not_counted_note = "heap not counted (this executable has no allocation counter)";

struct OperationMemory {
  std::size_t stack_bytes = 0;
  std::optional<HeapUse> heap;  // empty without an allocation counter
};

// Calls `operation` once as it would run (lazy initialisation and symbol
// binding happen there, not in the figures), then twice on `stack` painted
// 0x00 and 0xFF: the deeper of the two depths is its stack use, and the
// allocations of the first painted call its heap use. Exceptions of the
// operation propagate.
OperationMemory measure_operation(OwnStack& stack, const std::function<void()>& operation);

// Fills stack_bytes, heap_bytes, heap_allocations and code_bytes of every
// case's row (code_bytes where attributable), memory_note saying what is
// missing and why. Each case's operation runs three more times, untimed.
void measure_memory(std::vector<BenchCase>& cases);

}  // namespace pqmul::experiments
