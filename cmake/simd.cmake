# SIMD kernels live beside their portable twins in files whose names end in
# _avx2.cpp, _avx512.cpp, _avx512vbmi2.cpp or _neon.cpp. Each is compiled with its own target flags so one
# x86-64 binary holds every ISA and chooses at run time (pqmul/algorithms/isa.hpp);
# the portable code keeps the baseline flags, so it runs (and runs under
# valgrind) on any x86-64. Other architectures drop these files.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(PQMUL_X86_SIMD ON)
  target_compile_definitions(pqmul_flags INTERFACE PQMUL_X86_SIMD=1)
else()
  set(PQMUL_X86_SIMD OFF)
endif()
# NEON kernels (files ending in _neon.cpp) need no flags: Advanced SIMD is
# part of every AArch64 CPU.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(PQMUL_ARM_SIMD ON)
  target_compile_definitions(pqmul_flags INTERFACE PQMUL_ARM_SIMD=1)
else()
  set(PQMUL_ARM_SIMD OFF)
endif()

# (PCLMULQDQ: every AVX2 CPU has it; NTRU's S_2 inversion multiplies over GF(2) with it.)
set(PQMUL_AVX2_FLAGS -mavx2 -mbmi2 -mpopcnt -mpclmul)
set(PQMUL_AVX512_FLAGS -mavx2 -mbmi2 -mpopcnt -mpclmul -mavx512f -mavx512bw -mavx512vl -mavx512dq)
# Kernels that also use the byte permute and word compress of VBMI / VBMI2
# (Ice Lake, Zen 4 and later); callers check cpu_supports_avx512_vbmi2().
set(PQMUL_AVX512_VBMI2_FLAGS ${PQMUL_AVX512_FLAGS} -mavx512vbmi -mavx512vbmi2)

# pqmul_simd_sources(<list variable>): drops the SIMD files where they cannot
# be built and gives the others their flags.
function(pqmul_simd_sources list_var)
  set(kept)
  foreach(source IN LISTS ${list_var})
    if(source MATCHES "_avx2\\.cpp$")
      if(PQMUL_X86_SIMD)
        set_source_files_properties(${source} PROPERTIES COMPILE_OPTIONS "${PQMUL_AVX2_FLAGS}")
        list(APPEND kept ${source})
      endif()
    elseif(source MATCHES "_avx512vbmi2\\.cpp$")
      if(PQMUL_X86_SIMD)
        set_source_files_properties(${source} PROPERTIES COMPILE_OPTIONS "${PQMUL_AVX512_VBMI2_FLAGS}")
        list(APPEND kept ${source})
      endif()
    elseif(source MATCHES "_avx512\\.cpp$")
      if(PQMUL_X86_SIMD)
        set_source_files_properties(${source} PROPERTIES COMPILE_OPTIONS "${PQMUL_AVX512_FLAGS}")
        list(APPEND kept ${source})
      endif()
    elseif(source MATCHES "_neon\\.cpp$")
      if(PQMUL_ARM_SIMD)
        list(APPEND kept ${source})
      endif()
    else()
      list(APPEND kept ${source})
    endif()
  endforeach()
  set(${list_var} ${kept} PARENT_SCOPE)
endfunction()
