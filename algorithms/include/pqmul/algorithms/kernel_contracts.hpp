#pragma once
// The coefficient bounds each SIMD kernel's header documents, checked at the
// kernel's entry and exit in the sanitizer (debug) build, where
// PQMUL_KERNEL_CONTRACTS is defined; in other builds the checks vanish.
//
// A kernel runs on bounds it does not test (a lazy reduction, an int16 lane
// that must not overflow): a caller that breaks one gets wrong values, not an
// error. The checks turn such a break into an abort naming the kernel, the
// value and the bound, in every test of the debug build.
//
// The checking functions are compiled with the baseline flags in their own
// file and called through a macro: an inline function instantiated in a
// kernel file would carry that file's ISA flags into code other files share.
#include <cstddef>
#include <cstdint>

namespace pqmul::contract {

#if defined(PQMUL_KERNEL_CONTRACTS)
inline constexpr bool checked = true;
#else
inline constexpr bool checked = false;
#endif

// Aborts, naming kernel, what and the first offending index and value, unless
// lo <= v[i] <= hi for every i < n. Instantiated in kernel_contracts.cpp for
// the coefficient types of the kernels (int16, uint16, int32, uint32).
template <class T>
void within(const char* kernel, const char* what, const T* v, std::size_t n, std::int64_t lo, std::int64_t hi);
extern template void within(const char*, const char*, const std::int16_t*, std::size_t, std::int64_t, std::int64_t);
extern template void within(const char*, const char*, const std::uint16_t*, std::size_t, std::int64_t, std::int64_t);
extern template void within(const char*, const char*, const std::int32_t*, std::size_t, std::int64_t, std::int64_t);
extern template void within(const char*, const char*, const std::uint32_t*, std::size_t, std::int64_t, std::int64_t);

}  // namespace pqmul::contract

// PQMUL_KERNEL_BOUND(kernel, what, values, count, lo, hi): lo <= values[i] <= hi.
#define PQMUL_KERNEL_BOUND(kernel, what, values, count, lo, hi)                        \
  do {                                                                                 \
    if constexpr (::pqmul::contract::checked)                                          \
      ::pqmul::contract::within((kernel), (what), (values), (count), (lo), (hi));      \
  } while (false)

// PQMUL_KERNEL_BOUND_EACH(kernel, what, arrays, arrays_count, offset, count, lo, hi): the same for
// arrays[j] + offset, j < arrays_count (a row kernel's factors).
#define PQMUL_KERNEL_BOUND_EACH(kernel, what, arrays, arrays_count, offset, count, lo, hi)            \
  do {                                                                                                \
    if constexpr (::pqmul::contract::checked)                                                         \
      for (std::size_t each_ = 0; each_ < (arrays_count); ++each_)                                    \
        ::pqmul::contract::within((kernel), (what), (arrays)[each_] + (offset), (count), (lo), (hi)); \
  } while (false)
