// 4-way Keccak-f[1600] with NEON: two passes of a 2-way permutation, lane i
// of two states in one 128-bit register (the 2-way layout of the AArch64
// Keccak literature; AArch64 has 32 vector registers, so the 25 lanes of one
// pair of states stay in registers and the pair is the natural unit). The
// kernel reads the 4-way interleaved layout of keccak_multiway.hpp: states 0
// and 1 are the first 128 bits of each 256-bit row, states 2 and 3 the second.
// Only the kernel lives here (see cmake/simd.cmake).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "pqmul/schemes/common/keccak_constants.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"

namespace pqmul::keccak {
namespace {

using V = uint64x2_t;

// Rotation left by R bits: a shift and a shift-right-and-insert.
template <unsigned R>
inline V rol(V x) {
  if constexpr (R == 0)
    return x;
  else
    return vsriq_n_u64(vshlq_n_u64(x, R), x, 64 - R);
}

// rho's offset of lane i = x + 5y, and where pi moves it: (x, y) -> (y, 2x + 3y).
constexpr unsigned rho_offsets[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                      25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};
constexpr std::size_t pi_destination(std::size_t i) { return i / 5 + 5 * ((2 * (i % 5) + 3 * (i / 5)) % 5); }

template <std::size_t... I>
inline void rho_pi(const V* a, V* b, std::index_sequence<I...>) {
  ((b[pi_destination(I)] = rol<rho_offsets[I]>(a[I])), ...);
}

// 24 rounds on the pair of states whose lane i is at p + 4 i (two words).
void permute_pair(std::uint64_t* p) {
  V a[25], b[25];
  for (std::size_t i = 0; i < 25; ++i) a[i] = vld1q_u64(p + 4 * i);
  for (std::size_t round = 0; round < 24; ++round) {
    V c[5], d[5];
    for (std::size_t x = 0; x < 5; ++x)
      c[x] = veorq_u64(veorq_u64(a[x], a[x + 5]), veorq_u64(veorq_u64(a[x + 10], a[x + 15]), a[x + 20]));
    for (std::size_t x = 0; x < 5; ++x) d[x] = veorq_u64(c[(x + 4) % 5], rol<1>(c[(x + 1) % 5]));
    for (std::size_t i = 0; i < 25; ++i) a[i] = veorq_u64(a[i], d[i % 5]);
    rho_pi(a, b, std::make_index_sequence<25>{});
    // chi: a = b ^ (~b[x+1] & b[x+2]), the and-not as one bic.
    for (std::size_t y = 0; y < 25; y += 5)
      for (std::size_t x = 0; x < 5; ++x)
        a[y + x] = veorq_u64(b[y + x], vbicq_u64(b[y + (x + 2) % 5], b[y + (x + 1) % 5]));
    a[0] = veorq_u64(a[0], vdupq_n_u64(round_constants[round]));
  }
  for (std::size_t i = 0; i < 25; ++i) vst1q_u64(p + 4 * i, a[i]);
}

}  // namespace

void keccak_f1600_x4_neon(std::uint64_t* states) {
  permute_pair(states);
  permute_pair(states + 2);
}

}  // namespace pqmul::keccak
