// The toom4-k2 kernels (toom4k2_kernels.inl) on NEON: each 16-lane block a
// pair of 128-bit registers (toom4k2_lanes.inl), AArch64's 32 registers
// holding what AVX2's 16 hold.
#define PQMUL_TOOM_KERNELS toom_neon
#include "toom4k2_kernels.inl"
