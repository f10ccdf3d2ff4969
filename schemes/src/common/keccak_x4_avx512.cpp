// 4-way Keccak-f[1600] with AVX-512VL: lane i of the four states in one
// 256-bit register, as in the AVX2 kernel, but with the AVX-512 forms of the
// rotation (vprolq) and of the three-input logic (vpternlogq for the column
// parity and chi), which halve the instruction count. Where 512-bit
// operations are split in two (as on AMD Zen 4) this matches the x8 kernel per
// state and serves batches of four or fewer. Only the kernel lives here (see
// cmake/simd.cmake).
#include <immintrin.h>

#include <cstdint>

#include "pqmul/schemes/common/keccak_constants.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

using W = __m256i;

// vprolq on 256 bits, spelled with an all-ones zero-mask for the reason given
// in keccak_x8_avx512.cpp (gcc 12's unmasked form draws -Wuninitialized).
template <int R>
inline W rol256(W x) {
  return _mm256_maskz_rol_epi64(0xF, x, R);
}

inline W load256(const std::uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const W*>(p)); }
inline void store256(std::uint64_t* p, W v) { _mm256_storeu_si256(reinterpret_cast<W*>(p), v); }

}  // namespace

// The same rounds on 4 states in 256-bit registers with the AVX-512VL forms
// of vprolq and vpternlogq: half the instructions of the AVX2 kernel.
void keccak_f1600_x4_avx512(std::uint64_t* states) {
  W a00 = load256(states + 0);
  W a01 = load256(states + 4);
  W a02 = load256(states + 8);
  W a03 = load256(states + 12);
  W a04 = load256(states + 16);
  W a05 = load256(states + 20);
  W a06 = load256(states + 24);
  W a07 = load256(states + 28);
  W a08 = load256(states + 32);
  W a09 = load256(states + 36);
  W a10 = load256(states + 40);
  W a11 = load256(states + 44);
  W a12 = load256(states + 48);
  W a13 = load256(states + 52);
  W a14 = load256(states + 56);
  W a15 = load256(states + 60);
  W a16 = load256(states + 64);
  W a17 = load256(states + 68);
  W a18 = load256(states + 72);
  W a19 = load256(states + 76);
  W a20 = load256(states + 80);
  W a21 = load256(states + 84);
  W a22 = load256(states + 88);
  W a23 = load256(states + 92);
  W a24 = load256(states + 96);
#include "keccak_avx512_rounds.inl"
  store256(states + 0, a00);
  store256(states + 4, a01);
  store256(states + 8, a02);
  store256(states + 12, a03);
  store256(states + 16, a04);
  store256(states + 20, a05);
  store256(states + 24, a06);
  store256(states + 28, a07);
  store256(states + 32, a08);
  store256(states + 36, a09);
  store256(states + 40, a10);
  store256(states + 44, a11);
  store256(states + 48, a12);
  store256(states + 52, a13);
  store256(states + 56, a14);
  store256(states + 60, a15);
  store256(states + 64, a16);
  store256(states + 68, a17);
  store256(states + 72, a18);
  store256(states + 76, a19);
  store256(states + 80, a20);
  store256(states + 84, a21);
  store256(states + 88, a22);
  store256(states + 92, a23);
  store256(states + 96, a24);
}

}  // namespace pqmul::keccak
