// The toom4-k2 kernels (toom4k2_kernels.inl) with AVX-512VL flags: the same
// 256-bit code, whose leaf products then keep their operands and sums in 32
// registers instead of spilling them (ntruhps2048677's product: ~7% fewer
// ticks on Zen 4).
#define PQMUL_TOOM_KERNELS toom_avx512
#include "toom4k2_kernels.inl"
