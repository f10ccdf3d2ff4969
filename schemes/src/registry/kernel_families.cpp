// The KEMs' kernel families (kernel_families.hpp).
#include "pqmul/schemes/kernel_families.hpp"

#include <array>

#include "pqmul/schemes/common/keccak_kernels.hpp"
#include "pqmul/schemes/kyber/poly_kernels.hpp"
#include "pqmul/schemes/ntru/ntru_kernels.hpp"
#include "pqmul/schemes/saber/saber_kernels.hpp"

namespace pqmul {
namespace {

template <class Table>
std::vector<std::pair<std::string_view, Isa>> resolved(const CpuFeatures& features) {
  const Table table = resolve_kernels(Table::backends(), features);
  return kernel_origins(table);
}

template <class Table>
std::vector<Isa> backend_isas() {
  std::vector<Isa> out;
  for (const auto& backend : Table::backends()) out.push_back(backend.isa);
  return out;
}

template <class Table>
constexpr KernelFamilyInfo family(std::string_view name, std::string_view used_by) {
  return {name, used_by, &resolved<Table>, &backend_isas<Table>};
}

// NTRU's table has the same backends for every parameter set; HPS-2048-677
// stands for them (HRSS has no fixed-type sampler).
constexpr std::array families{
    family<keccak::KeccakKernels>("keccak", "the hashes and samplers of every KEM"),
    family<kyber::PolyKernels>("kyber", "Kyber, ML-KEM: sampling, encoding, compression"),
    family<saber::SaberKernels>("saber", "Saber: packing, sampling, rounding, comparison"),
    family<ntru::NtruKernels<ntru::Hps2048677>>("ntru", "NTRU: arithmetic, sampling, packing, inversions"),
};

}  // namespace

std::span<const KernelFamilyInfo> kernel_families() { return families; }

CpuFeatures all_features_up_to(Isa isa) {
  CpuFeatures f;
  f.avx2 = isa == Isa::avx2 || isa == Isa::avx512;
  f.avx512 = f.avx512_vbmi2 = isa == Isa::avx512;
  f.neon = isa == Isa::neon;
  return f;
}

}  // namespace pqmul
