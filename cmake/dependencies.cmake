# Every dependency is a Debian package (scripts/install-deps.sh installs them).
# Header-only ones are shared by the host and the aarch64 cross build; compiled
# ones (google-benchmark, OpenSSL) are used only where they exist for the target.
find_package(Eigen3 3.4 REQUIRED NO_MODULE)
find_package(Boost 1.74 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(fmt REQUIRED)
# fmt's formatting core is compiled once, in Debian's libfmt, where the target
# has it: header-only fmt compiles that core again in every translation unit
# (about a quarter of an experiments file's build). The cross tree has only the
# host's headers, so it keeps the header-only form.
add_library(pqmul_fmt INTERFACE)
if(CMAKE_CROSSCOMPILING)
  target_link_libraries(pqmul_fmt INTERFACE fmt::fmt-header-only)
else()
  target_link_libraries(pqmul_fmt INTERFACE fmt::fmt)
endif()
add_library(pqmul::fmt ALIAS pqmul_fmt)
find_package(toml11 REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(Catch2 2 REQUIRED)
include(Catch)

if(CMAKE_CROSSCOMPILING)
  set(PQMUL_BENCHMARKS OFF)
endif()
if(PQMUL_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()
find_package(OpenSSL QUIET)
