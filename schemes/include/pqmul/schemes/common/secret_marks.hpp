#pragma once
// Marks for the constant-time test (tests/security/ct_memcheck.cpp), which
// runs the KEMs under valgrind's memcheck with their randomness marked
// undefined: every secret derived from it stays undefined, and memcheck
// reports each branch, memory index or system call that depends on one.
// `declassify` states where a value computed from secrets is public by the
// standard (rho and the public key it is part of), so that the public work on
// it (rejection sampling of the matrix, say) is not reported. Outside
// valgrind both are a few instructions that do nothing.
#include <cstddef>
#include <span>

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define PQMUL_HAVE_MEMCHECK 1
#endif
#endif

namespace pqmul::ct {

inline void declassify_bytes([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#if defined(PQMUL_HAVE_MEMCHECK)
  VALGRIND_MAKE_MEM_DEFINED(p, n);
#endif
}
inline void mark_secret_bytes([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#if defined(PQMUL_HAVE_MEMCHECK)
  VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#endif
}
template <class T, std::size_t N>
void declassify(std::span<T, N> s) {
  declassify_bytes(s.data(), s.size_bytes());
}
template <class T, std::size_t N>
void mark_secret(std::span<T, N> s) {
  mark_secret_bytes(s.data(), s.size_bytes());
}

}  // namespace pqmul::ct
