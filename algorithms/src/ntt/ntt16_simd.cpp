// Ntt16Simd (ntt16_simd.hpp): the kernel table per ISA and the steps around
// the kernels; in the debug build every kernel's bounds (ntt16_primes.hpp)
// are checked around each call.
#include "pqmul/algorithms/ntt/ntt16_simd.hpp"

#include <array>
#include <span>
#include <stdexcept>

#include "pqmul/algorithms/kernel_contracts.hpp"
#include "pqmul/algorithms/ntt/ntt16_kernels.hpp"

namespace pqmul {
namespace ntt16 {

std::vector<Isa> kernel_isas() {
  // Every SIMD ISA of the build has the kernels (one source, ntt16_simd_layers.inl).
  std::vector<Isa> isas = compiled_isas();
  std::erase(isas, Isa::portable);
  return isas;
}

const KernelSet& kernel_set(Isa isa) {
#if defined(PQMUL_X86_SIMD)
  static const KernelSet avx2_set{avx2::lanes,   avx2::forward, avx2::forward_lower_half,
                                  avx2::inverse, avx2::multiply_accumulate, avx2::crt,
                                  avx2::forward_split, avx2::inverse_split, avx2::inverse_split_crt,
                                  avx2::multiply_slices, avx2::good_split, avx2::good_fold,
                                  avx2::multiply_pairs, avx2::pair_split, avx2::pair_fold};
  static const KernelSet avx512_set{avx512::lanes,   avx512::forward, avx512::forward_lower_half,
                                    avx512::inverse, avx512::multiply_accumulate, avx512::crt,
                                    avx512::forward_split, avx512::inverse_split, avx512::inverse_split_crt,
                                    avx512::multiply_slices, avx512::good_split, avx512::good_fold,
                                    avx512::multiply_pairs, avx512::pair_split, avx512::pair_fold};
  if (isa == Isa::avx2 || isa == Isa::avx512) {
    if (!cpu_supports(isa))
      throw std::invalid_argument("ntt16/" + std::string(isa_name(isa)) + ": this CPU cannot run " +
                                  std::string(isa_name(isa)));
    return isa == Isa::avx2 ? avx2_set : avx512_set;
  }
#elif defined(PQMUL_ARM_SIMD)
  static const KernelSet neon_set{neon::lanes,   neon::forward, neon::forward_lower_half,
                                  neon::inverse, neon::multiply_accumulate, neon::crt,
                                  neon::forward_split, neon::inverse_split, neon::inverse_split_crt,
                                  neon::multiply_slices, neon::good_split, neon::good_fold,
                                  neon::multiply_pairs, neon::pair_split, neon::pair_fold};
  if (isa == Isa::neon) {
    if (!cpu_supports(isa)) throw std::invalid_argument("ntt16/neon: this CPU cannot run neon");
    return neon_set;
  }
#endif
  throw std::invalid_argument("ntt16: no " + std::string(isa_name(isa)) + " kernels in this build");
}

}  // namespace ntt16

template <RingDescription R>
void Ntt16Simd<R>::transform(const Poly<R>& a, operand& x) const {
  for (std::size_t k = 0; k < config().primes; ++k) {
    std::int16_t* f = x.data.residues.data() + k * ntt16::kLength;
    kernels_->forward(k, a.coeffs.data(), R::q, f);
    PQMUL_KERNEL_BOUND("ntt16::forward", "output", f, ntt16::kLength, -ntt16::kPrime[k].forward_output_bound,
                       ntt16::kPrime[k].forward_output_bound);
  }
  x.data.written.wrote(config().primes);
}

template <RingDescription R>
void Ntt16Simd<R>::multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
  for (std::size_t k = 0; k < config().primes; ++k) {
    const std::size_t o = k * ntt16::kLength;
    kernels_->multiply_accumulate(k, acc.data.residues.data() + o, x.data.residues.data() + o,
                                  y.data.residues.data() + o, ntt16::next_step(acc.data.bounds[k], k));
    PQMUL_KERNEL_BOUND("ntt16::multiply_accumulate", "accumulator", acc.data.residues.data() + o, ntt16::kLength,
                       -acc.data.bounds[k], acc.data.bounds[k]);
  }
  acc.data.written.wrote(config().primes);
}

template <RingDescription R>
void Ntt16Simd<R>::inverse(const accumulator& acc, Poly<R>& out) const {
  // Out of place (the accumulator stays). Prime 0's residues go to out's own
  // storage, which the CRT then overwrites in place; only the other rows in
  // use (one or two) need scratch, cleared after.
  std::array<std::int16_t, (ntt16::kMaxPrimes - 1) * ntt16::kLength> rest;
  const std::span<std::int16_t> used(rest.data(), (config().primes - 1) * ntt16::kLength);
  auto* first = reinterpret_cast<std::int16_t*>(out.coeffs.data());
  const auto row = [&](std::size_t k, std::int16_t* f) {
    kernels_->inverse(k, acc.data.row(k), f);
    PQMUL_KERNEL_BOUND("ntt16::inverse", "output", f, ntt16::kLength, -ntt16::kPrime[k].inverse_output_bound,
                       ntt16::kPrime[k].inverse_output_bound);
  };
  row(0, first);
  row(1, rest.data());
  if (config().primes == 3) row(2, rest.data() + ntt16::kLength);
  kernels_->crt(config().primes, first, rest.data(), out.coeffs.data(), R::q - 1);
  wipe(used);
}

template class Ntt16Simd<SaberRing>;
template class Ntt16Simd<SaberPRing>;

}  // namespace pqmul
