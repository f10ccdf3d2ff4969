#pragma once
// Runs a function on a stack of its own: a block of memory filled with one
// byte value and entered with swapcontext, so that every byte the call's
// frames wrote lies in a known region that nothing else writes. The stack
// meter reads the deepest byte changed (pqm4's "stack painting", exact here
// because the region belongs to the call alone); the secret-residue test
// searches the dead stack for secrets.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace pqmul::experiments {

class OwnStack {
 public:
  static constexpr std::size_t default_size = std::size_t{4} << 20;

  explicit OwnStack(std::size_t size = default_size);
  OwnStack(const OwnStack&) = delete;
  OwnStack& operator=(const OwnStack&) = delete;

  // Fills the whole stack with `paint`, runs `operation` on it and returns
  // when it has. An exception of the operation is rethrown here (exceptions
  // cannot unwind across the context switch: it is carried over).
  void run(const std::function<void()>& operation, std::uint8_t paint = 0);

  // The stack as the last run left it (lowest address first; the stack grows
  // down, from the end towards the start).
  std::span<const std::uint8_t> memory() const { return memory_; }

  // Bytes from the top of the stack down to the deepest byte that is no
  // longer `paint`: the stack the last run used, with the frame of the entry
  // trampoline (a few hundred bytes) included.
  std::size_t used_bytes(std::uint8_t paint) const;

 private:
  std::vector<std::uint8_t> memory_;
};

// The stack high-water mark of one call of `operation`, in bytes: it runs
// twice on a stack of its own, painted with 0x00 and with 0xFF, so that a
// byte the call wrote with the paint's own value is still seen (it differs
// from one of the two paints). Deterministic stack use is assumed: the
// larger of the two depths is returned.
std::size_t stack_high_water(OwnStack& stack, const std::function<void()>& operation);

}  // namespace pqmul::experiments
