// OwnStack: makecontext / swapcontext onto a painted block. AddressSanitizer
// is told about each switch (its fiber annotations), else it would take the
// block for a heap object and the unwinding of an exception for a wild jump.
#include "pqmul/experiments/own_stack.hpp"

#include <ucontext.h>

#include <algorithm>
#include <exception>
#include <stdexcept>

#if defined(__SANITIZE_ADDRESS__)
#define PQMUL_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PQMUL_ASAN_FIBERS 1
#endif
#endif
#ifdef PQMUL_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>
#endif

namespace pqmul::experiments {
namespace {

// What the trampoline on the own stack needs; one per run (runs may nest).
struct Switch {
  const std::function<void()>* operation = nullptr;
  std::exception_ptr error;
  ucontext_t caller{}, callee{};
  const void* caller_stack_bottom = nullptr;
  std::size_t caller_stack_size = 0;
  void* fake_stack = nullptr;
};
thread_local Switch* current = nullptr;

void trampoline() {
  Switch* s = current;
#ifdef PQMUL_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(nullptr, &s->caller_stack_bottom, &s->caller_stack_size);
#endif
  try {
    (*s->operation)();
  } catch (...) {
    s->error = std::current_exception();
  }
#ifdef PQMUL_ASAN_FIBERS
  // This stack ends here (uc_link returns to the caller): no fake stack to keep.
  __sanitizer_start_switch_fiber(nullptr, s->caller_stack_bottom, s->caller_stack_size);
#endif
}

}  // namespace

OwnStack::OwnStack(std::size_t size) : memory_(size) {
  if (size < 64 * 1024) throw std::invalid_argument("a stack of its own needs at least 64 KiB");
  // A first switch binds the symbols the switching calls (lazily bound ones
  // are resolved on the stack in use, a few KiB deep), so that no measured
  // run pays for it.
  run([] {}, 0);
}

void OwnStack::run(const std::function<void()>& operation, std::uint8_t paint) {
  std::fill(memory_.begin(), memory_.end(), paint);
  Switch s;
  s.operation = &operation;
  if (getcontext(&s.callee) != 0) throw std::runtime_error("getcontext failed");
  s.callee.uc_stack.ss_sp = memory_.data();
  s.callee.uc_stack.ss_size = memory_.size();
  s.callee.uc_link = &s.caller;
  makecontext(&s.callee, &trampoline, 0);
  Switch* outer = current;
  current = &s;
#ifdef PQMUL_ASAN_FIBERS
  __sanitizer_start_switch_fiber(&s.fake_stack, memory_.data(), memory_.size());
#endif
  const int status = swapcontext(&s.caller, &s.callee);
#ifdef PQMUL_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(s.fake_stack, nullptr, nullptr);
#endif
  current = outer;
  if (status != 0) throw std::runtime_error("swapcontext failed");
  if (s.error) std::rethrow_exception(s.error);
}

std::size_t OwnStack::used_bytes(std::uint8_t paint) const {
  const auto deepest = std::find_if(memory_.begin(), memory_.end(), [paint](std::uint8_t b) { return b != paint; });
  return static_cast<std::size_t>(memory_.end() - deepest);
}

std::size_t stack_high_water(OwnStack& stack, const std::function<void()>& operation) {
  std::size_t deepest = 0;
  for (const std::uint8_t paint : {std::uint8_t{0x00}, std::uint8_t{0xFF}}) {
    stack.run(operation, paint);
    deepest = std::max(deepest, stack.used_bytes(paint));
  }
  return deepest;
}

}  // namespace pqmul::experiments
