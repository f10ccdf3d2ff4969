# Batched (unity) compilation for the targets whose sources share heavy inline
# code: the experiments library and the CLI (nlohmann-json, CLI11, toml11
# accessors, fmt), and the test executables (Catch2, the registries, the test
# helpers). gcc generates each inline function and
# template instance once per translation unit, so compiling a few sources as one
# saves most of that repeated work. The algorithm and scheme libraries instantiate
# their templates explicitly, one instance per file, and stay one file per unit.
# Each test file declares its names in a namespace of its own
# (pqmul_tests::<folder>_<file>), so files batched together cannot clash.
# A developer editing one file may prefer -DPQMUL_UNITY_BUILD=OFF: a batch
# recompiles as a whole. Sources with their own compile options (the SIMD kernels)
# are never batched (CMake leaves them out by itself).
set(PQMUL_UNITY_BATCH 6 CACHE STRING "Sources per batch of a unity-built target")

# pqmul_unity_build(<target>): compile <target>'s sources in batches.
function(pqmul_unity_build target)
  if(PQMUL_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${PQMUL_UNITY_BATCH})
  endif()
endfunction()
