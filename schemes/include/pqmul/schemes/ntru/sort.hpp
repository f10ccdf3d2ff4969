#pragma once
// Constant-time sorting of 32-bit signed integers: a bitonic sorting network
// (in its "flip" form, where every comparator puts the minimum at the lower
// index), so the sequence of compare-exchange positions depends only on the
// length. Portable code and an AVX2 twin run the same network.
#include <cstddef>
#include <cstdint>
#include <span>

namespace pqmul::ntru {

// Sorts ascending (as signed values). Memory accesses and branches depend on
// values.size() only.
void sort_int32_ct(std::span<std::int32_t> values);

// The network itself on x[0 .. length), length a power of two >= 8 (pad with
// INT32_MAX, which sorts to the end). Portable twin of sort_int32_pow2_avx2.
void sort_int32_pow2_portable(std::int32_t* x, std::size_t length);

#if defined(PQMUL_X86_SIMD)
// AVX2 kernel (sort_avx2.cpp): the same network, eight lanes at a time;
// x must be 32-byte aligned. Call only where isa_available(Isa::avx2).
// x[live ..) must be INT32_MAX padding: the comparators between two vectors
// of padding, which never exchange anything, are left out (sample_fixed_type
// sorts 676 keys padded to 1024, for one).
void sort_int32_pow2_avx2(std::int32_t* x, std::size_t length, std::size_t live);
inline void sort_int32_pow2_avx2(std::int32_t* x, std::size_t length) { sort_int32_pow2_avx2(x, length, length); }
#endif

}  // namespace pqmul::ntru
