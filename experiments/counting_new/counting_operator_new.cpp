// The allocation counter of the measuring executables (pqmul, pqmul_bench):
// a replaced global operator new that, while the calling thread counts,
// adds each request's size and one block to that thread's tally. Linked into
// those executables only: a library holding it would impose it on the
// sanitizer builds and on tests that replace operator new themselves.
//
// Blocks come from malloc and go back to free, as with the default operators,
// so that a block may be released by either (and AddressSanitizer, which
// checks that blocks are released the way they were taken, sees malloc/free).
#include <cstdlib>
#include <new>

#include "pqmul/experiments/memory_use.hpp"

namespace {

struct Tally {
  bool counting = false;
  std::uint64_t bytes = 0, allocations = 0;
};
thread_local Tally tally;

void count(std::size_t size) {
  if (!tally.counting) return;
  tally.bytes += size;
  ++tally.allocations;
}

void start() { tally = Tally{true, 0, 0}; }

pqmul::experiments::HeapUse stop() {
  tally.counting = false;
  return {tally.bytes, tally.allocations};
}

const pqmul::experiments::AllocationCounter counter{&start, &stop};
const bool installed = [] {
  pqmul::experiments::install_allocation_counter(&counter);
  return true;
}();

void* allocate(std::size_t size) {
  count(size);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

void* allocate_aligned(std::size_t size, std::align_val_t alignment) {
  count(size);
  const auto align = static_cast<std::size_t>(alignment);
  // aligned_alloc wants a multiple of the alignment.
  if (void* p = std::aligned_alloc(align, size == 0 ? align : (size + align - 1) / align * align)) return p;
  throw std::bad_alloc();
}

}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, std::align_val_t alignment) { return allocate_aligned(size, alignment); }
void* operator new[](std::size_t size, std::align_val_t alignment) { return allocate_aligned(size, alignment); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return allocate(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
