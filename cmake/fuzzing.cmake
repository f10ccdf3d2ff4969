# libFuzzer targets (tests/fuzz), with -DPQMUL_FUZZERS=ON (the debug preset).
# Every library is compiled with the fuzzer's coverage instrumentation and
# with AddressSanitizer and UndefinedBehaviorSanitizer; the fuzz executables
# also link libFuzzer's main (tests/fuzz/CMakeLists.txt). clang only: Debian
# ships libFuzzer in libclang-rt-<version>-dev (scripts/install-deps.sh).
option(PQMUL_FUZZERS "Build the libFuzzer targets of tests/fuzz (clang with libFuzzer only)" OFF)
# A sanitized tree (the flags below, or sanitizers given in CMAKE_CXX_FLAGS) leaves
# out the tests that need valgrind or the plain stack and allocator
# (tests/CMakeLists.txt asks PQMUL_SANITIZED).
if(PQMUL_FUZZERS OR CMAKE_CXX_FLAGS MATCHES "-fsanitize=")
  set(PQMUL_SANITIZED ON)
else()
  set(PQMUL_SANITIZED OFF)
endif()
if(NOT PQMUL_FUZZERS)
  return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "PQMUL_FUZZERS needs clang and its libFuzzer, not ${CMAKE_CXX_COMPILER_ID} "
                      "(configure with `cmake --preset debug`)")
endif()

include(CheckCXXSourceCompiles)
set(CMAKE_REQUIRED_FLAGS -fsanitize=fuzzer)
set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=fuzzer)
check_cxx_source_compiles([[
#include <cstddef>
#include <cstdint>
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }
]] PQMUL_HAVE_LIBFUZZER)
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)
if(NOT PQMUL_HAVE_LIBFUZZER)
  string(REGEX MATCH "^[0-9]+" pqmul_clang_major "${CMAKE_CXX_COMPILER_VERSION}")
  message(FATAL_ERROR "${CMAKE_CXX_COMPILER} cannot link libFuzzer (-fsanitize=fuzzer): install "
                      "libclang-rt-${pqmul_clang_major}-dev (scripts/install-deps.sh does)")
endif()

# Every translation unit: the sanitizers' checks, a report stopping the run. The
# SIMD kernels check the coefficient bounds their headers document
# (algorithms/include/pqmul/algorithms/kernel_contracts.hpp), so an input that
# breaks one is a finding, not a wrong value.
add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
# Coverage guides the fuzzer towards branches its input decides. The multipliers'
# sources (algorithms/src) branch on sizes and plans, never on the coefficients a
# fuzzer feeds them, so their coverage would tell it nothing, and it cost a quarter
# of their compile time (fuzz_coverage_ignore.txt leaves them out).
add_compile_options(-fsanitize=fuzzer-no-link
  -fsanitize-coverage-ignorelist=${CMAKE_CURRENT_LIST_DIR}/fuzz_coverage_ignore.txt)
add_link_options(-fsanitize=address,undefined)
target_compile_definitions(pqmul_flags INTERFACE PQMUL_KERNEL_CONTRACTS=1)
