# Project-wide warning and code-generation flags, applied through one
# interface target so third-party headers keep their own settings.
add_library(pqmul_flags INTERFACE)
add_library(pqmul::flags ALIAS pqmul_flags)
target_compile_options(pqmul_flags INTERFACE -Wall -Wextra -Wpedantic)
# Every function starts on a 64-byte boundary, so its loops sit in the same
# fetch blocks whatever else the binary holds. Without it the placement moves
# with unrelated code and the ticks with it: the same toom4-k2 evaluation
# code measured 2,782 and 3,536 ticks in two builds that differed elsewhere
# only (2,912 and 2,938 with the alignment); the alignment itself changed 78
# rows of ring and KEM operations by a geometric mean of 0.995.
target_compile_options(pqmul_flags INTERFACE -falign-functions=64)
if(NOT PQMUL_VECTORIZE)
  # Lets code pick the spelling a scalar build runs fastest (kyber_ntt.hpp).
  target_compile_definitions(pqmul_flags INTERFACE PQMUL_NO_AUTOVECTORIZE=1)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(pqmul_flags INTERFACE -fno-tree-vectorize)
  else()
    target_compile_options(pqmul_flags INTERFACE -fno-vectorize -fno-slp-vectorize)
  endif()
endif()
# The SIMD kernels check the coefficient bounds their headers document in the
# debug (sanitizer) build (algorithms/include/pqmul/algorithms/kernel_contracts.hpp).
target_compile_definitions(pqmul_flags INTERFACE $<$<CONFIG:Debug>:PQMUL_KERNEL_CONTRACTS=1>)
