# Cross build for AArch64 (NEON) with clang: cmake/aarch64-linux-gnu.cmake
# (sysroot, emulator, search paths) with clang's driver targeting
# aarch64-linux-gnu, which finds the GNU cross toolchain's libraries itself.
include(${CMAKE_CURRENT_LIST_DIR}/aarch64-linux-gnu.cmake)
set(CMAKE_C_COMPILER clang)
set(CMAKE_CXX_COMPILER clang++)
set(CMAKE_C_COMPILER_TARGET aarch64-linux-gnu)
set(CMAKE_CXX_COMPILER_TARGET aarch64-linux-gnu)
