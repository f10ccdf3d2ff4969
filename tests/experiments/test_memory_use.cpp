// The memory meters: the stack of a call on a painted stack of its own, the
// heap it takes from operator new (this test executable links the counting
// operator new of the measuring executables), the code of a multiplier's
// functions in the executable, and measure_memory over bench cases.
#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/bench_plan.hpp"
#include "pqmul/experiments/code_size.hpp"
#include "pqmul/experiments/memory_use.hpp"
#include "pqmul/experiments/own_stack.hpp"

namespace pqmul_tests::experiments_test_memory_use {

using namespace pqmul::experiments;

namespace {

// A frame of N bytes at least, every byte written (with values that include
// both paints, so that only the second painted run sees some of them).
template <std::size_t N>
[[gnu::noinline]] void use_stack() {
  volatile std::uint8_t block[N];
  for (std::size_t i = 0; i < N; ++i) block[i] = static_cast<std::uint8_t>(i % 2 ? 0x00 : 0xFF);
  asm volatile("" : : "r"(block) : "memory");
}

// What the meter adds to a frame: the trampoline entering the stack, the
// std::function call and the frame's own spill slots and alignment.
constexpr std::size_t overhead_bound = 2048;

// AddressSanitizer puts redzones around stack arrays, wider for larger ones:
// the two frames then differ by more than their sizes.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t frame_slack = 512;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr std::size_t frame_slack = 512;
#else
constexpr std::size_t frame_slack = 64;
#endif
#else
constexpr std::size_t frame_slack = 64;
#endif

}  // namespace

TEST_CASE("the stack meter finds the depth of a frame of known size", "[memory]") {
  OwnStack stack;
  const std::size_t small = measure_operation(stack, [] { use_stack<1024>(); }).stack_bytes;
  const std::size_t large = measure_operation(stack, [] { use_stack<100'000>(); }).stack_bytes;
  INFO("1 KiB frame: " << small << " bytes, 100000-byte frame: " << large << " bytes");
  CHECK(small >= 1024);
  CHECK(small < 1024 + overhead_bound);
  CHECK(large >= 100'000);
  CHECK(large < 100'000 + overhead_bound);
  // The same overhead under both frames: the difference is the frames'.
  CHECK(large - small >= 100'000 - 1024 - frame_slack);
  CHECK(large - small <= 100'000 - 1024 + frame_slack);
}

TEST_CASE("an exception of the operation reaches the caller, and the stack serves again", "[memory]") {
  OwnStack stack;
  CHECK_THROWS_WITH(measure_operation(stack, [] { throw std::runtime_error("from the own stack"); }),
                    "from the own stack");
  int calls = 0;
  (void)measure_operation(stack, [&] { ++calls; });
  CHECK(calls == 3);  // one on the usual stack, two painted
}

TEST_CASE("the heap counter counts the bytes and blocks of one call exactly", "[memory]") {
  REQUIRE(installed_allocation_counter() != nullptr);
  OwnStack stack;
  const auto memory = measure_operation(stack, [] {
    std::vector<std::uint8_t> a(1000), b(24);
    asm volatile("" : : "r"(a.data()), "r"(b.data()) : "memory");  // (the blocks are taken, not elided)
  });
  REQUIRE(memory.heap.has_value());
  CHECK(memory.heap->bytes == 1024);
  CHECK(memory.heap->allocations == 2);
  const auto none = measure_operation(stack, [] { use_stack<64>(); });
  REQUIRE(none.heap.has_value());
  CHECK(none.heap->bytes == 0);
  CHECK(none.heap->allocations == 0);
}

TEST_CASE("without an allocation counter the heap is reported not counted", "[memory]") {
  const AllocationCounter* counter = installed_allocation_counter();
  install_allocation_counter(nullptr);
  std::vector<BenchCase> cases(1);
  cases[0].row.scheme = "ml-kem-768";
  cases[0].run = [] {
    std::vector<int> v(10);
    asm volatile("" : : "r"(v.data()) : "memory");
  };
  measure_memory(cases);
  install_allocation_counter(counter);
  const Row& r = cases[0].row;
  CHECK(r.stack_bytes.has_value());
  CHECK_FALSE(r.heap_bytes.has_value());
  CHECK_FALSE(r.heap_allocations.has_value());
  CHECK_FALSE(r.code_bytes.has_value());
  CHECK_THAT(r.memory_note, Catch::Contains("heap not counted") && Catch::Contains("ring rows only"));
}

TEST_CASE("measure_memory fills stack, heap and code bytes of ring rows", "[memory]") {
  BenchSelection selection;
  selection.rings = {"saber"};
  selection.multipliers = {"ntt", "toom4-k2"};
  selection.isas = {"portable"};
  selection.operations = {"mul", "matrix-vector"};
  selection.strategies = {"eager", "cached"};
  selection.check = false;
  auto cases = plan_benchmarks(selection, nullptr);
  REQUIRE(cases.size() == 6);
  measure_memory(cases);
  std::vector<std::uint64_t> ntt_code;
  for (const auto& c : cases) {
    INFO(c.key() << ": " << c.row.memory_note);
    CHECK(c.row.stack_bytes.value_or(0) > 0);
    CHECK(c.row.heap_bytes.has_value());
    CHECK(c.row.heap_allocations.has_value());
    if (c.row.multiplier == "ntt") {
      // BigNtt<SaberRing, ...> is the class of Saber's portable ntt alone.
      CHECK(c.row.code_bytes.value_or(0) > 0);
      CHECK(c.row.memory_note.empty());
      ntt_code.push_back(c.row.code_bytes.value_or(0));
    } else {
      // One Toom-Cook class, configured at run time, serves schoolbook to toom-k.
      CHECK_FALSE(c.row.code_bytes.has_value());
      CHECK_THAT(c.row.memory_note, Catch::Contains("karatsuba/portable") && Catch::Contains("not one multiplier's"));
    }
  }
  // The code is the multiplier's, whatever the operation.
  REQUIRE(ntt_code.size() == 3);
  CHECK(ntt_code[0] == ntt_code[1]);
  CHECK(ntt_code[1] == ntt_code[2]);
}

TEST_CASE("a multiplier's class is named from its registration", "[memory]") {
  const auto m = pqmul::make_multiplier("saber", "toom4-k2", {}, pqmul::Isa::portable);
  const std::string name = multiplier_class_name(*m);
  INFO(name);
  CHECK(name.rfind("pqmul::", 0) == 0);
  std::string why_not;
  CHECK_FALSE(class_code_bytes("pqmul::NoSuchMultiplier<pqmul::SaberRing>", &why_not).has_value());
  CHECK_THAT(why_not, Catch::Contains("no function"));
  CHECK_FALSE(class_code_bytes(name, &why_not, "/nonexistent/executable").has_value());
  CHECK_THAT(why_not, Catch::Contains("cannot read"));
}

}  // namespace pqmul_tests::experiments_test_memory_use
