# Precompiled headers: a heavy header that every source of a target includes
# (Catch2's single header, CLI11) is parsed once per target instead of once per
# translation unit. They only speed the build up: every source still includes
# what it uses, and a tree configured with -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON
# builds without them.
#
# Keep the lists short. gcc loads the whole precompiled header into every
# source and handles all its inline functions and templates at the end of
# each, so a header that only some sources use makes the others slower. Measured
# with gcc 12 -O3: the experiments library with the standard library, fmt and
# nlohmann-json precompiled took 9% more CPU time (its small sources 2 s more
# each), and the CLI with the standard library and fmt/format.h added to its
# header 7% more. The parsing a precompiled header saves is 2-7 s of sources
# that take 10-30 s to optimise.

# A source with its own compile options (the -mavx2/-mavx512* kernels) would
# not match the precompiled header: gcc drops it with a -Winvalid-pch warning,
# clang stops with an error. Such sources keep the plain include.
function(pqmul_pch_skip_own_options target)
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    get_source_file_property(options ${source} COMPILE_OPTIONS)
    if(options)
      set_source_files_properties(${source} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
endfunction()

# pqmul_precompile_headers(<target> <header>...): <target> compiles <header>...
# once and its sources use the result.
function(pqmul_precompile_headers target)
  target_precompile_headers(${target} PRIVATE ${ARGN})
  pqmul_pch_skip_own_options(${target})
endfunction()

# pqmul_reuse_precompiled_headers(<target> <owner>): <target> uses the headers
# <owner> precompiled. <owner> must be compiled with the same options, and its
# definitions must be a subset of <target>'s (gcc ignores a header precompiled
# with a macro the using source lacks; extra macros in <target> are fine).
function(pqmul_reuse_precompiled_headers target owner)
  target_precompile_headers(${target} REUSE_FROM ${owner})
  pqmul_pch_skip_own_options(${target})
endfunction()
