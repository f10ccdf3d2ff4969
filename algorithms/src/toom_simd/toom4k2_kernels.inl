// Kernels of Toom-4 + Karatsuba with the leaf products batched in 16-bit lanes
// (declarations and the layout: toom_simd_kernels.hpp), in 256-bit registers.
// Included by toom4k2_avx2.cpp and toom4k2_avx512.cpp, which name the
// namespace (PQMUL_TOOM_KERNELS) and get their compiler flags from the file
// name: the same code, with AVX-512VL 32 registers instead of 16. Every block
// of 16 coefficients is one register, so the evaluation and recombination are
// whole-register additions and shifts; after the transposition every row is
// one register too, and the same Karatsuba code runs on rows.
//
// One job a file: lanes (shapes, register operations), evaluation (into the
// lanes), lane products, interpolation (out of the lanes), exact leaves, steps
// (the functions exported).
#include "toom4k2_lanes.inl"
#include "toom4k2_evaluation.inl"
#include "toom4k2_lane_products.inl"
#include "toom4k2_interpolation.inl"
#include "toom4k2_exact_leaves.inl"
#include "toom4k2_steps.inl"
