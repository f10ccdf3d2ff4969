# Project-wide warning and code-generation flags, applied through one
# interface target so third-party headers keep their own settings.
add_library(pqmul_flags INTERFACE)
add_library(pqmul::flags ALIAS pqmul_flags)
target_compile_options(pqmul_flags INTERFACE -Wall -Wextra -Wpedantic)
if(NOT PQMUL_VECTORIZE)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(pqmul_flags INTERFACE -fno-tree-vectorize)
  else()
    target_compile_options(pqmul_flags INTERFACE -fno-vectorize -fno-slp-vectorize)
  endif()
endif()
# The SIMD kernels check the coefficient bounds their headers document in the
# debug (sanitizer) build (algorithms/include/pqmul/algorithms/kernel_contracts.hpp).
target_compile_definitions(pqmul_flags INTERFACE $<$<CONFIG:Debug>:PQMUL_KERNEL_CONTRACTS=1>)
