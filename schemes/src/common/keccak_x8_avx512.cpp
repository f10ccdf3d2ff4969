// 8-way Keccak-f[1600] with AVX-512F: lane i of the eight states in one
// 512-bit register. Rotations are single vprolq; the five-input column parity
// and chi (a ^ (~b & c)) are vpternlogq: the body of the x1 and x4 kernels
// (keccak_avx512_permutation.inl) on the 512-bit forms of its steps. Only the
// kernel lives here (see cmake/simd.cmake).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "keccak_avx512_steps.hpp"
#include "pqmul/schemes/common/keccak_constants.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

using namespace avx512_steps;
using W = __m512i;
constexpr std::size_t stride = 8;

inline W load(const std::uint64_t* p) { return _mm512_loadu_si512(p); }
inline void store(std::uint64_t* p, W v) { _mm512_storeu_si512(p, v); }

}  // namespace

void keccak_f1600_x8_avx512(std::uint64_t* states) {
#include "keccak_avx512_permutation.inl"
}

}  // namespace pqmul::keccak
