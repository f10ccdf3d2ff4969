// 4-way Keccak-f[1600] with AVX-512VL: lane i of the four states in one
// 256-bit register, as in the AVX2 kernel, but with the AVX-512 forms of the
// rotation (vprolq) and of the three-input logic (vpternlogq for the column
// parity and chi), which halve the instruction count. Where 512-bit
// operations are split in two (as on AMD Zen 4) this matches the x8 kernel per
// state and serves batches of four or fewer. Only the kernel lives here (see
// cmake/simd.cmake).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "keccak_avx512_steps.hpp"
#include "pqmul/schemes/common/keccak_constants.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

using namespace avx512_steps;
using W = __m256i;
constexpr std::size_t stride = 4;

inline W load(const std::uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const W*>(p)); }
inline void store(std::uint64_t* p, W v) { _mm256_storeu_si256(reinterpret_cast<W*>(p), v); }

}  // namespace

void keccak_f1600_x4_avx512(std::uint64_t* states) {
#include "keccak_avx512_permutation.inl"
}

}  // namespace pqmul::keccak
