// The toom4-k2 kernels (toom4k2_kernels.inl) with AVX2 flags.
#define PQMUL_TOOM_KERNELS toom_avx2
#include "toom4k2_kernels.inl"
