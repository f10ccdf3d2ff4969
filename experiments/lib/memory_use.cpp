// Stack, heap and code bytes of the cases of a bench plan (memory_use.hpp).
#include "pqmul/experiments/memory_use.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <string>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/params.hpp"
#include "pqmul/algorithms/registry.hpp"
#include "pqmul/experiments/code_size.hpp"

namespace pqmul::experiments {
namespace {

std::atomic<const AllocationCounter*> installed{nullptr};

// Stops the counter however the counted call ends.
class Counting {
 public:
  explicit Counting(const AllocationCounter* counter) : counter_(counter) {
    if (counter_) counter_->start();
  }
  ~Counting() {
    if (counter_) (void)counter_->stop();
  }
  HeapUse stop() {
    const HeapUse use = counter_->stop();
    counter_ = nullptr;
    return use;
  }
  Counting(const Counting&) = delete;
  Counting& operator=(const Counting&) = delete;

 private:
  const AllocationCounter* counter_;
};

bool is_ring(const std::string& name) {
  const auto rings = registered_rings();
  return std::find(rings.begin(), rings.end(), name) != rings.end();
}

// The registrations (multiplier/isa, default variant) of a ring that build
// each typed class, for the ISAs this CPU runs.
std::map<std::string, std::vector<std::string>> registrations_by_class(const std::string& ring) {
  static std::mutex lock;
  static std::map<std::string, std::map<std::string, std::vector<std::string>>> by_ring;
  const std::lock_guard<std::mutex> guard(lock);
  auto it = by_ring.find(ring);
  if (it != by_ring.end()) return it->second;
  std::map<std::string, std::vector<std::string>> classes;
  for (const auto& entry : multiplier_registry()) {
    if (entry.ring != ring) continue;
    for (Isa isa : entry.compiled()) {
      if (!isa_available(isa)) continue;
      try {
        const auto m = make_multiplier(ring, entry.multiplier, entry.default_params(), isa);
        classes[multiplier_class_name(*m)].push_back(entry.multiplier + "/" + std::string(isa_name(isa)));
      } catch (const std::invalid_argument&) {
        // not buildable here: it cannot be told apart, nor confused
      }
    }
  }
  return by_ring.emplace(ring, std::move(classes)).first->second;
}

// The code of the row's multiplier, for rows of a ring (multiplier steps and
// module products): a KEM's operations run much else besides. Only where the
// typed class is this registration's alone: a class configured at run time
// (the Toom-Cook family's) serves several multipliers, whose code it mixes.
std::optional<std::uint64_t> code_bytes_of(const Row& row, std::string* why_not) {
  if (!is_ring(row.scheme)) {
    *why_not = "code bytes attributed on ring rows only (a KEM operation runs more than its multiplier)";
    return std::nullopt;
  }
  try {
    const auto multiplier =
        make_multiplier(row.scheme, row.multiplier, Params::parse(row.params), isa_from_name(row.isa));
    const std::string class_name = multiplier_class_name(*multiplier);
    const auto classes = registrations_by_class(row.scheme);
    const auto sharing = classes.find(class_name);
    const std::string self = row.multiplier + "/" + row.isa;
    if (sharing != classes.end() &&
        std::any_of(sharing->second.begin(), sharing->second.end(), [&](const auto& r) { return r != self; })) {
      *why_not = fmt::format("code bytes: {} serves {} registrations of ring {} ({}), its code is not one multiplier's",
                             class_name, sharing->second.size(), row.scheme, fmt::join(sharing->second, ", "));
      return std::nullopt;
    }
    return class_code_bytes(class_name, why_not);
  } catch (const std::invalid_argument& e) {
    *why_not = std::string("code bytes: ") + e.what();
    return std::nullopt;
  }
}

void add_note(std::string& note, const std::string& text) {
  if (!note.empty()) note += "; ";
  note += text;
}

}  // namespace

void install_allocation_counter(const AllocationCounter* counter) { installed.store(counter); }

const AllocationCounter* installed_allocation_counter() { return installed.load(); }

OperationMemory measure_operation(OwnStack& stack, const std::function<void()>& operation) {
  operation();
  OperationMemory memory;
  const AllocationCounter* counter = installed_allocation_counter();
  {
    Counting counting(counter);
    stack.run(operation, 0x00);
    if (counter) memory.heap = counting.stop();
  }
  memory.stack_bytes = stack.used_bytes(0x00);
  stack.run(operation, 0xFF);
  memory.stack_bytes = std::max(memory.stack_bytes, stack.used_bytes(0xFF));
  return memory;
}

void measure_memory(std::vector<BenchCase>& cases) {
  OwnStack stack;
  for (auto& c : cases) {
    Row& row = c.row;
    row.memory_note.clear();
    const OperationMemory memory = measure_operation(stack, c.run);
    row.stack_bytes = memory.stack_bytes;
    if (memory.heap) {
      row.heap_bytes = memory.heap->bytes;
      row.heap_allocations = memory.heap->allocations;
    } else {
      row.heap_bytes.reset();
      row.heap_allocations.reset();
      add_note(row.memory_note, heap_not_counted_note);
    }
    std::string why_not;
    row.code_bytes = code_bytes_of(row, &why_not);
    if (!row.code_bytes) add_note(row.memory_note, why_not);
  }
}

}  // namespace pqmul::experiments
