// Toom4Simd<R>: the typed multiplier over the AVX2, AVX-512VL (or NEON)
// kernels, and its registry maker, for every ring whose q is a power of two
// <= 2^13. Compiled for the baseline ISA; only the kernels it calls need AVX2.
#include "pqmul/algorithms/toom_simd.hpp"

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

#include <cassert>
#include <stdexcept>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/kernel_contracts.hpp"
#include "pqmul/algorithms/registry_adapter.hpp"

namespace pqmul {

std::vector<Isa> toom_simd::kernel_isas() {
#if defined(PQMUL_X86_SIMD)
  return {Isa::avx2, Isa::avx512};  // toom4k2_avx2.cpp, toom4k2_avx512.cpp
#else
  return {Isa::neon};  // toom4k2_neon.cpp
#endif
}

template <RingDescription R>
requires toom_simd_supports<R>
void Toom4Simd<R>::transform(const Poly<R>& a, operand& out) const {
  assert(is_canonical(a));
  steps_->evaluate(a.coeffs.data(), R::n, blocks, out.data.v.data());
}

template <RingDescription R>
requires toom_simd_supports<R>
void Toom4Simd<R>::clear(accumulator& acc) const {
  acc.data.cleared = true;
  acc.data.used = toom_avx2::used_accumulator_values(blocks, row_levels_);
}

template <RingDescription R>
requires toom_simd_supports<R>
void Toom4Simd<R>::multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
  if (acc.data.cleared) {
    steps_->multiply(acc.data.v.data(), x.data.v.data(), y.data.v.data(), blocks);
    acc.data.cleared = false;
  } else {
    steps_->multiply_accumulate(acc.data.v.data(), x.data.v.data(), y.data.v.data(), blocks);
  }
}

template <RingDescription R>
requires toom_simd_supports<R>
void Toom4Simd<R>::inverse(const accumulator& acc, Poly<R>& out) const {
  if (acc.data.cleared) {  // (no product since: the empty sum)
    out.coeffs.fill(0);
    return;
  }
  steps_->interpolate(acc.data.v.data(), blocks, R::n, R::wrap == Wrap::negacyclic, static_cast<std::uint16_t>(R::q),
                      out.coeffs.data());
  PQMUL_KERNEL_BOUND("toom_avx2::interpolate", "output", out.coeffs.data(), R::n, 0, R::q - 1);
}

template <RingDescription R>
requires toom_simd_supports<R>
void Toom4Simd<R>::multiply(const operand& x, const operand& y, Poly<R>& out) const {
  multiply_modulo(x, y, static_cast<std::uint16_t>(R::q), out.coeffs.data());
}

template <RingDescription R>
requires toom_simd_supports<R>
void Toom4Simd<R>::multiply_modulo(const operand& x, const operand& y, std::uint16_t modulus,
                                   std::uint16_t* out) const {
  assert(modulus != 0 && modulus <= 8192 && (modulus & (modulus - 1)) == 0);
  steps_->multiply_interpolate(x.data.v.data(), y.data.v.data(), blocks, R::n, R::wrap == Wrap::negacyclic, modulus,
                               out);
  PQMUL_KERNEL_BOUND("toom_avx2::multiply_interpolate", "output", out, R::n, 0, modulus - 1);
}

template <RingDescription R>
std::unique_ptr<RingMultiplier> make_toom_simd_ring_multiplier(const Params& params, Isa isa, std::string_view plan) {
  const std::string name(isa_name(isa)), plan_name(plan);
  params.require_only({"word"});
  if (params.get("word", "16") != "16")
    throw std::invalid_argument("the " + name + " " + plan_name + " runs in 16-bit words (word=16)");
  if (const std::string why = isa_unavailable_reason(isa); !why.empty())
    throw std::invalid_argument(name + " cannot run: " + why);
  return std::make_unique<RingMultiplierAdapter<Toom4Simd<R>>>(
      Toom4Simd<R>{isa, plan}, plan_name, params.to_string(), name, CountFunction{},
      "the " + name + " kernels have no counting arithmetic (count the portable " + plan_name + ")");
}

#define PQMUL_INSTANTIATE_TOOM_AVX2(RING) \
  template class Toom4Simd<RING>;         \
  template std::unique_ptr<RingMultiplier> make_toom_simd_ring_multiplier<RING>(const Params&, Isa, std::string_view);

PQMUL_INSTANTIATE_TOOM_AVX2(SaberRing)
PQMUL_INSTANTIATE_TOOM_AVX2(SaberPRing)
PQMUL_INSTANTIATE_TOOM_AVX2(NtruHps2048509Ring)
PQMUL_INSTANTIATE_TOOM_AVX2(NtruHps2048677Ring)
PQMUL_INSTANTIATE_TOOM_AVX2(NtruHrss701Ring)
PQMUL_INSTANTIATE_TOOM_AVX2(NtruHps4096821Ring)

#undef PQMUL_INSTANTIATE_TOOM_AVX2

}  // namespace pqmul

#endif  // PQMUL_X86_SIMD || PQMUL_ARM_SIMD
