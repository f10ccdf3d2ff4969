#pragma once
// "ntt16" on AVX2, AVX-512 or NEON (ntt16_kernels.hpp): the portable Ntt16<R>'s
// arithmetic lane for lane, NTT-domain values in the ISA's slot order (so the
// operands are a type of their own), the same products. The class is compiled
// for baseline x86-64 (ntt16_simd.cpp) and calls the kernels through a table
// chosen by the ISA at construction.
#include <cstddef>
#include <string>
#include <vector>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/ntt/ntt16.hpp"

namespace pqmul {

namespace ntt16 {

struct KernelSet {
  std::size_t lanes;
  void (*forward)(std::size_t, const std::uint16_t*, std::uint16_t, std::int16_t*);
  void (*forward_lower_half)(std::size_t, const std::uint16_t*, std::uint16_t, std::int16_t*);
  void (*inverse)(std::size_t, const std::int16_t*, std::int16_t*);
  void (*multiply_accumulate)(std::size_t, std::int16_t*, const std::int16_t*, const std::int16_t*, Step);
  void (*crt)(std::size_t, const std::int16_t*, const std::int16_t*, std::uint16_t*, std::uint16_t);
  // "ntt16-1536" (ntt16_good.hpp): its transforms and index maps.
  void (*forward_split)(std::size_t, bool, const std::int16_t*, const std::int16_t*, std::int16_t*, std::int16_t*);
  void (*inverse_split)(std::size_t, const std::int16_t*, const std::int16_t*, std::int16_t*, std::int16_t*);
  void (*inverse_split_crt)(const std::int16_t*, const std::int16_t*, std::int16_t*, std::uint16_t*);
  void (*multiply_slices)(std::size_t, std::int16_t* const*, const std::int16_t* const*, const std::int16_t* const*,
                          bool);
  void (*good_split)(const std::uint16_t*, std::size_t, std::uint16_t, std::int16_t*, std::int16_t*, std::size_t);
  void (*good_fold)(std::uint16_t*, std::size_t, std::uint16_t, std::uint16_t*);
  // "ntt16-1024" (ntt16_pairs.hpp): its base products and index maps.
  void (*multiply_pairs)(std::size_t, std::size_t, std::int16_t* const*, const std::int16_t* const*,
                         const std::int16_t* const*, bool);
  void (*pair_split)(const std::uint16_t*, std::size_t, std::uint16_t, std::int16_t*, std::int16_t*, std::int16_t*,
                     std::int16_t*);
  void (*pair_fold)(const std::uint16_t*, const std::uint16_t*, std::size_t, std::uint16_t, std::uint16_t*);
};
// The ISAs with kernels in this build (avx2 and avx512 on x86-64, neon on AArch64).
std::vector<Isa> kernel_isas();
// Throws std::invalid_argument unless isa is one of kernel_isas() and this CPU runs it.
const KernelSet& kernel_set(Isa isa);

}  // namespace ntt16

template <RingDescription R>
class Ntt16Simd : public UnfilledStorage<Transformed<Ntt16Simd<R>, ntt16::Operand>,
                                         Transformed<ntt16::AccumulatorOf<Ntt16Simd<R>>, ntt16::Accumulation>> {
 public:
  using ring = R;
  static constexpr ntt16::CrtInputs kCrtInputs = Ntt16<R>::kCrtInputs;
  using portable = Ntt16<R>;
  using operand = Transformed<Ntt16Simd<R>, ntt16::Operand>;
  using accumulator = Transformed<ntt16::AccumulatorOf<Ntt16Simd>, ntt16::Accumulation>;

  Ntt16Simd(ntt16::Config config, Isa isa) : portable_(config), isa_(isa), kernels_(&ntt16::kernel_set(isa)) {}

  Isa isa() const { return isa_; }
  const ntt16::Config& config() const { return portable_.config(); }
  std::string name() const { return "ntt16"; }
  std::size_t operand_bytes() const { return sizeof(operand); }
  std::size_t accumulator_bytes() const { return sizeof(accumulator); }
  std::size_t max_accumulated() const { return portable_.max_accumulated(); }

  void transform(const Poly<R>& a, operand& x) const;
  void clear(accumulator& acc) const { acc.data.bounds.fill(0); }
  void multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const;
  void inverse(const accumulator& acc, Poly<R>& out) const;

 private:
  portable portable_;
  Isa isa_;
  const ntt16::KernelSet* kernels_;
};

extern template class Ntt16Simd<SaberRing>;
extern template class Ntt16Simd<SaberPRing>;

}  // namespace pqmul
