#pragma once
// Every kernel family of the KEMs (kernel_dispatch.hpp), listed once, so
// that `pqmul list --kernels` and the tests can say which backend runs each
// kernel of an object built for a given ISA.
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "pqmul/algorithms/kernel_dispatch.hpp"

namespace pqmul {

struct KernelFamilyInfo {
  std::string_view name;
  std::string_view used_by;
  // Each implemented entry of the family's table resolved for `features`,
  // with the ISA of the backend that provides it.
  std::vector<std::pair<std::string_view, Isa>> (*resolved)(const CpuFeatures& features);
  // The ISAs of the family's backends, in resolution order.
  std::vector<Isa> (*backend_isas)();
};

std::span<const KernelFamilyInfo> kernel_families();

// The features a CPU with everything of `isa` has (avx512: avx2, AVX-512 and
// VBMI2; avx2: avx2 only; ...), whatever this CPU has: what `--isa` means.
CpuFeatures all_features_up_to(Isa isa);

}  // namespace pqmul
