#include "pqmul/algorithms/kernel_contracts.hpp"

#include <cstdio>
#include <cstdlib>

namespace pqmul::contract {

template <class T>
void within(const char* kernel, const char* what, const T* v, std::size_t n, std::int64_t lo, std::int64_t hi) {
  for (std::size_t i = 0; i < n; ++i) {
    const auto x = static_cast<std::int64_t>(v[i]);
    if (x < lo || x > hi) {
      std::fprintf(stderr, "kernel contract broken: %s: %s[%zu] = %lld, outside [%lld, %lld]\n", kernel, what, i,
                   static_cast<long long>(x), static_cast<long long>(lo), static_cast<long long>(hi));
      std::abort();
    }
  }
}

template void within(const char*, const char*, const std::int16_t*, std::size_t, std::int64_t, std::int64_t);
template void within(const char*, const char*, const std::uint16_t*, std::size_t, std::int64_t, std::int64_t);
template void within(const char*, const char*, const std::int32_t*, std::size_t, std::int64_t, std::int64_t);
template void within(const char*, const char*, const std::uint32_t*, std::size_t, std::int64_t, std::int64_t);

}  // namespace pqmul::contract
