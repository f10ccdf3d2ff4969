# Cross build for AArch64 (NEON); ctest runs the binaries under qemu.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu)
# Header-only host packages (Eigen, Boost, Catch2, CLI11, fmt, toml11) are
# found through the host prefix; libraries are only searched in the sysroot.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
# fmt's package files live in the host's multiarch folder; only its
# header-only target is used in this tree.
set(fmt_DIR /usr/lib/x86_64-linux-gnu/cmake/fmt CACHE PATH "fmt package (header-only use)")
