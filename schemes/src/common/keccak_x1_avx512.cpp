// Keccak-f[1600] on one state with AVX-512VL: each lane in the low 64 bits
// of its own 256-bit register, rounds as in the 4-way kernel (vpternlogq for
// the column parities and chi, vprolq for the rotations), loaded and stored
// as single lanes so the caller's state needs no interleaving.
//
// Why 256-bit registers for one lane: the width costs nothing on Zen 4, and
// gcc then allocates the rounds as it does for the 4-way kernel: 598 TSC
// ticks per permutation (back to back), against 624 for the same code on
// 128-bit registers.
//
// Why not rows in 512-bit registers (five zmm of five lanes, pi as lane
// permutes)? On this project's x86 machines (AMD Zen 4) a 512-bit permute or
// rotation occupies the vector unit for a whole cycle and has 4-5 cycles of
// latency; that layout needs 17 of them plus 6 rotations per round and
// measured 1,170 TSC ticks per permutation, against 650 for the 128-bit form
// of this kernel and 780 for the scalar code. Only the kernel lives here (see cmake/simd.cmake).
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
constexpr std::size_t stride = 1;

// One lane in the low 64 bits of each register.
inline W load(const std::uint64_t* p) {
  return _mm256_zextsi128_si256(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
}
inline void store(std::uint64_t* p, W v) { _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm256_castsi256_si128(v)); }

}  // namespace

void keccak_f1600_x1_avx512(std::uint64_t* states) {
#include "keccak_avx512_permutation.inl"
}

}  // namespace pqmul::keccak
