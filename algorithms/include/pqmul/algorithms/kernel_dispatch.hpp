#pragma once
// One way to choose kernels, shared by every kernel family (Keccak, Kyber's
// polynomial kernels, Saber's, NTRU's arithmetic): a family is a table of
// function pointers; each backend (portable, avx2, avx512, neon) says which
// entries it implements and what it needs of the CPU; the table an object
// uses is the portable backend overlaid, in order, by every backend the
// object's ISA may use on this CPU. An object resolves its table once, at
// construction, so the instruction set is chosen in one place per family from
// one description of the CPU (CpuFeatures), and a kernel a backend lacks
// falls back to the next narrower backend that has it.
#include <array>
#include <cstddef>
#include <span>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "pqmul/algorithms/isa.hpp"

namespace pqmul {

// The CPU as kernel selection sees it.
struct CpuFeatures {
  bool avx2 = false;          // the avx2 level of isa.cpp (AVX2, BMI2, POPCNT, PCLMULQDQ)
  bool avx512 = false;        // F, BW, VL and DQ
  bool avx512_vbmi2 = false;  // VBMI and VBMI2 besides
  bool neon = false;
  bool operator==(const CpuFeatures&) const = default;
};

// What an object built for `isa` may use of this CPU: the CPU's features up
// to `isa` (avx512 includes avx2; avx2 excludes the AVX-512 ones; portable
// none). Ignores force_portable: kernels_for applies it.
CpuFeatures features_up_to(Isa isa);

// One entry of a family's table: the function and the ISA of the backend it
// came from (which `pqmul list --kernels` reports).
template <class Fn>
struct Kernel {
  Fn* fn = nullptr;
  Isa isa = Isa::portable;
  template <class... Args>
  decltype(auto) operator()(Args&&... args) const {
    return fn(std::forward<Args>(args)...);
  }
};

// A named entry of a table type, for the generic overlay and the report: a
// family lists its entries once, as `static constexpr auto entries =
// std::tuple{KernelEntry{"name", &Table::member}, ...}`.
template <class Table, class Fn>
struct KernelEntry {
  std::string_view name;
  Kernel<Fn> Table::*member;
};
// (Spelled out: compilers without aggregate deduction, such as clang before 17, need it.)
template <class Table, class Fn>
KernelEntry(std::string_view, Kernel<Fn> Table::*) -> KernelEntry<Table, Fn>;

template <class Table>
struct KernelBackend {
  Isa isa;
  bool (*runs_on)(const CpuFeatures&);
  Table kernels;  // entries it does not implement stay null
};

// The first backend (portable, complete) overlaid by every later backend
// that runs on `features`.
template <class Table>
Table resolve_kernels(std::span<const KernelBackend<Table>> backends, const CpuFeatures& features) {
  Table table = backends.front().kernels;
  for (const auto& backend : backends.subspan(1)) {
    if (!backend.runs_on(features)) continue;
    std::apply(
        [&](const auto&... entry) {
          auto take = [&](const auto& e) {
            const auto& offered = backend.kernels.*(e.member);
            if (offered.fn != nullptr) table.*(e.member) = {offered.fn, backend.isa};
          };
          (take(entry), ...);
        },
        Table::entries);
  }
  return table;
}

// The table of an object built for `isa` on this CPU, from the family's one
// backend list (`static std::span<const KernelBackend<Table>> Table::backends()`):
// resolved once per ISA and process; the portable table while force_portable is on.
template <class Table>
const Table& kernels_for(Isa isa) {
  static const std::array<Table, 4> by_isa = [] {
    std::array<Table, 4> tables;
    for (const Isa each : {Isa::portable, Isa::avx2, Isa::avx512, Isa::neon})
      tables[static_cast<std::size_t>(each)] = resolve_kernels(Table::backends(), features_up_to(each));
    return tables;
  }();
  return by_isa[static_cast<std::size_t>(portable_forced() ? Isa::portable : isa)];
}

// Each implemented entry's name and the ISA of the kernel that runs it.
template <class Table>
std::vector<std::pair<std::string_view, Isa>> kernel_origins(const Table& table) {
  std::vector<std::pair<std::string_view, Isa>> out;
  auto add = [&](const auto& entry) {
    const auto& kernel = table.*(entry.member);
    if (kernel.fn != nullptr) out.emplace_back(entry.name, kernel.isa);
  };
  std::apply([&](const auto&... entry) { (add(entry), ...); }, Table::entries);
  return out;
}

}  // namespace pqmul
