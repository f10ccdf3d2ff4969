// KyberNttSimdMultiplier<Isa>: the typed multiplier over one ISA's kernels
// (kyber_ntt_simd.hpp), written once and instantiated for AVX2 and AVX-512
// (x86-64) or NEON (AArch64). Compiled for the baseline; its callers choose an
// instance only when isa_available(its ISA).
#include <cassert>
#include <stdexcept>
#include <string>

#include "pqmul/algorithms/ntt/kyber_ntt_simd.hpp"

// The kernels exist only in x86-64 (AVX2, AVX-512) and AArch64 (NEON)
// builds (cmake/simd.cmake).
#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)

namespace pqmul {
namespace {

// The kernels of an ISA as one value, for the multiplier written over the ISA:
// one entry per kernel of kyber_ntt_simd_kernels.inl.
struct KernelSet {
  void (*forward)(std::int16_t*);
  void (*forward_centred)(std::int16_t*);
  void (*forward_centred_from)(std::int16_t*, const std::uint16_t*);
  void (*inverse_from_montgomery)(std::int16_t*);
  void (*inverse_from_montgomery_to_canonical)(std::uint16_t*, std::int16_t*);
  void (*base_multiply_accumulate)(std::int32_t*, const std::int16_t*, const std::int16_t*);
  void (*base_multiply_accumulate_canonical)(std::int32_t*, const std::uint16_t*, const std::int16_t*);
  void (*base_multiply_canonical)(std::int32_t*, const std::uint16_t*, const std::int16_t*);
  void (*base_multiply_canonical_part)(std::int32_t*, const std::uint16_t*, const std::int16_t*, bool, std::size_t,
                                       std::size_t);
  void (*base_multiply_row)(std::int16_t*, const std::int16_t* const*, const std::int16_t* const*, std::size_t);
  void (*base_multiply_row_canonical)(std::int16_t*, const std::uint16_t* const*, const std::int16_t* const*,
                                      std::size_t);
  void (*base_multiply_row_plus_to_canonical_part)(std::uint16_t*, const std::uint16_t* const*,
                                                   const std::int16_t* const*, std::size_t, const std::int16_t*,
                                                   std::size_t, std::size_t);
  void (*clear_accumulator)(std::int32_t*);
  void (*reduce_accumulator)(std::int16_t*, const std::int32_t*);
  void (*accumulator_to_centred)(std::int16_t*, const std::int32_t*);
  void (*accumulator_plus_to_canonical)(std::uint16_t*, const std::int32_t*, const std::int16_t*);
  void (*accumulator_plus_to_canonical_part)(std::uint16_t*, const std::int32_t*, const std::int16_t*, std::size_t,
                                             std::size_t);
  void (*reduce)(std::int16_t*);
  void (*to_canonical)(std::uint16_t*, const std::int16_t*);
  void (*centre_canonical)(std::int16_t*, const std::uint16_t*);
  void (*copy_coefficients)(std::int16_t*, const std::uint16_t*);
};

// The set of the kernels in namespace `ns`, listed once for both ISAs.
#define PQMUL_KYBER_NTT_KERNEL_SET(ns)                                                                               \
  KernelSet {                                                                                                        \
    &ns::forward, &ns::forward_centred, &ns::forward_centred_from, &ns::inverse_from_montgomery,                     \
        &ns::inverse_from_montgomery_to_canonical, &ns::base_multiply_accumulate,                                    \
        &ns::base_multiply_accumulate_canonical, &ns::base_multiply_canonical, &ns::base_multiply_canonical_part,    \
        &ns::base_multiply_row, &ns::base_multiply_row_canonical, &ns::base_multiply_row_plus_to_canonical_part,     \
        &ns::clear_accumulator, &ns::reduce_accumulator,                                                             \
        &ns::accumulator_to_centred, &ns::accumulator_plus_to_canonical, &ns::accumulator_plus_to_canonical_part,    \
        &ns::reduce, &ns::to_canonical, &ns::centre_canonical, &ns::copy_coefficients                                \
  }
template <Isa I>
consteval KernelSet kernel_set() {
#if defined(PQMUL_X86_SIMD)
  if constexpr (I == Isa::avx2) return PQMUL_KYBER_NTT_KERNEL_SET(kyber_ntt::avx2);
  if constexpr (I == Isa::avx512) return PQMUL_KYBER_NTT_KERNEL_SET(kyber_ntt::avx512);
#endif
#if defined(PQMUL_ARM_SIMD)
  if constexpr (I == Isa::neon) return PQMUL_KYBER_NTT_KERNEL_SET(kyber_ntt::neon);
#endif
}
template <Isa I>
constexpr KernelSet kernels = kernel_set<I>();
#undef PQMUL_KYBER_NTT_KERNEL_SET

}  // namespace

template <Isa I>
void KyberNttSimdMultiplier<I>::transform(const Poly<KyberRing>& a, operand& x) const {
  assert(is_canonical(a));
  kernels<I>.forward_centred_from(x.data.data(), a.coeffs.data());
}

template <Isa I>
void KyberNttSimdMultiplier<I>::clear(accumulator& acc) const {
  kernels<I>.clear_accumulator(acc.data.data());
}

template <Isa I>
void KyberNttSimdMultiplier<I>::multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
  kernels<I>.base_multiply_accumulate(acc.data.data(), x.data.data(), y.data.data());
}

template <Isa I>
void KyberNttSimdMultiplier<I>::multiply_canonical(accumulator& acc, const std::array<std::uint16_t, 256>& c,
                                                   const operand& y, bool first) {
  if (first) {
    kernels<I>.base_multiply_canonical(acc.data.data(), c.data(), y.data.data());
  } else {
    kernels<I>.base_multiply_accumulate_canonical(acc.data.data(), c.data(), y.data.data());
  }
}

template <Isa I>
void KyberNttSimdMultiplier<I>::multiply_canonical(accumulator& acc, const std::array<std::uint16_t, 256>& c,
                                                   const operand& y, bool first, std::size_t from, std::size_t to) {
  assert(from <= to && to <= 256 && from % 32 == 0 && to % 32 == 0);
  kernels<I>.base_multiply_canonical_part(acc.data.data(), c.data(), y.data.data(), first, from, to);
}

// The inverses work in out's own storage (int16 and uint16 may alias): no
// scratch copy of a secret product is left behind to wipe.
namespace {
std::int16_t* as_int16(Poly<KyberRing>& out) { return reinterpret_cast<std::int16_t*>(out.coeffs.data()); }
}  // namespace

template <Isa I>
void KyberNttSimdMultiplier<I>::inverse(const accumulator& acc, Poly<KyberRing>& out) const {
  kernels<I>.reduce_accumulator(as_int16(out), acc.data.data());                       // carries R^-1 ...
  kernels<I>.inverse_from_montgomery_to_canonical(out.coeffs.data(), as_int16(out));  // ... which this removes
}

namespace {
// A row's factors as the row kernels take them: the coefficients of each
// first factor (coefficients_of(j)) and of each operand y_j, their number
// checked against the kernels' limit (a public count: the rank).
template <class T>
struct RowFactors {
  std::array<const T*, kyber_ntt::simd_max_row_products> a{};
  std::array<const std::int16_t*, kyber_ntt::simd_max_row_products> b{};
  std::size_t count = 0;
};
template <class T, class Operand>
RowFactors<T> row_factors(std::size_t count, std::span<const Operand> y, auto&& coefficients_of) {
  if (count != y.size()) throw std::invalid_argument("ntt: a row's factors differ in number");
  if (count == 0 || count > kyber_ntt::simd_max_row_products)
    throw std::invalid_argument("ntt: a row of " + std::to_string(count) + " products (1 to " +
                                std::to_string(kyber_ntt::simd_max_row_products) + " in one pass)");
  RowFactors<T> f;
  f.count = count;
  for (std::size_t j = 0; j < count; ++j) {
    f.a[j] = coefficients_of(j);
    f.b[j] = y[j].data.data();
  }
  return f;
}
}  // namespace

template <Isa I>
void KyberNttSimdMultiplier<I>::inverse_of_row(std::span<const operand> x, std::span<const operand> y,
                                               Poly<KyberRing>& out) {
  const auto f = row_factors<std::int16_t>(x.size(), y, [&](std::size_t j) { return x[j].data.data(); });
  kernels<I>.base_multiply_row(as_int16(out), f.a.data(), f.b.data(), f.count);       // carries R^-1 ...
  kernels<I>.inverse_from_montgomery_to_canonical(out.coeffs.data(), as_int16(out));  // ... which this removes
}

template <Isa I>
void KyberNttSimdMultiplier<I>::inverse_of_row_canonical(std::span<const std::array<std::uint16_t, 256>* const> c,
                                                         std::span<const operand> y, Poly<KyberRing>& out) {
  const auto f = row_factors<std::uint16_t>(c.size(), y, [&](std::size_t j) { return c[j]->data(); });
  kernels<I>.base_multiply_row_canonical(as_int16(out), f.a.data(), f.b.data(), f.count);
  kernels<I>.inverse_from_montgomery_to_canonical(out.coeffs.data(), as_int16(out));
}

template <Isa I>
void KyberNttSimdMultiplier<I>::ntt_row_sum_coefficients(std::array<std::uint16_t, 256>& out,
                                                         std::span<const std::array<std::uint16_t, 256>* const> c,
                                                         std::span<const operand> y, const operand& e_hat,
                                                         std::size_t from, std::size_t to) {
  assert(from <= to && to <= 256 && from % 32 == 0 && to % 32 == 0);
  const auto f = row_factors<std::uint16_t>(c.size(), y, [&](std::size_t j) { return c[j]->data(); });
  kernels<I>.base_multiply_row_plus_to_canonical_part(out.data(), f.a.data(), f.b.data(), f.count, e_hat.data.data(),
                                                      from, to);
}

// The NTT-domain helpers act lane by lane on the shared domain types: the
// portable ones give the same values.
// Any uint16: shift into int16 by -2^15, reduce, add 2^15 mod q back, reduce
// again (the portable twin's two Barrett steps, on the reduce kernel).
template <Isa I>
auto KyberNttSimdMultiplier<I>::from_ntt(const std::array<std::uint16_t, 256>& fips_ntt) -> operand {
  constexpr std::int16_t shift = (1 << 15) % kyber_ntt::q;
  operand x;
  for (std::size_t i = 0; i < KyberRing::n; ++i) x.data[i] = static_cast<std::int16_t>(fips_ntt[i] - (1 << 15));
  kernels<I>.reduce(x.data.data());
  for (auto& c : x.data) c = static_cast<std::int16_t>(c + shift);
  kernels<I>.reduce(x.data.data());
  return x;
}

template <Isa I>
auto KyberNttSimdMultiplier<I>::from_ntt(const std::array<std::int16_t, 256>& fips_ntt) -> operand {
  operand x;
  x.data = fips_ntt;
  kernels<I>.reduce(x.data.data());
  return x;
}

template <Isa I>
void KyberNttSimdMultiplier<I>::from_canonical_ntt(const std::array<std::uint16_t, 256>& c, operand& x) {
  kernels<I>.centre_canonical(x.data.data(), c.data());
}

template <Isa I>
std::array<std::uint16_t, 256> KyberNttSimdMultiplier<I>::ntt_coefficients(const operand& x) {
  std::array<std::uint16_t, 256> c;
  kernels<I>.to_canonical(c.data(), x.data.data());
  return c;
}

template <Isa I>
void KyberNttSimdMultiplier<I>::add_ntt(accumulator& acc, const operand& x) {
  KyberNttMultiplier::add_ntt(acc, x);
}

template <Isa I>
void KyberNttSimdMultiplier<I>::to_ntt(const accumulator& acc, operand& x) {
  kernels<I>.accumulator_to_centred(x.data.data(), acc.data.data());
}

template <Isa I>
std::array<std::uint16_t, 256> KyberNttSimdMultiplier<I>::ntt_sum_coefficients(const accumulator& acc,
                                                                               const Poly<KyberRing>& e) {
  operand e_hat;
  transform_unreduced(e, e_hat);
  std::array<std::uint16_t, 256> c;
  kernels<I>.accumulator_plus_to_canonical(c.data(), acc.data.data(), e_hat.data.data());
  return c;
}

// |NTT(e)| < 8q: the int32 sum with an accumulator needs no reduction first.
template <Isa I>
void KyberNttSimdMultiplier<I>::transform_unreduced(const Poly<KyberRing>& e, operand& x) {
  assert(is_canonical(e));
  kernels<I>.copy_coefficients(x.data.data(), e.coeffs.data());
  kernels<I>.forward(x.data.data());
}

template <Isa I>
void KyberNttSimdMultiplier<I>::ntt_sum_coefficients(std::array<std::uint16_t, 256>& out, const accumulator& acc,
                                                     const operand& e_hat, std::size_t from, std::size_t to) {
  assert(from <= to && to <= 256 && from % 32 == 0 && to % 32 == 0);
  kernels<I>.accumulator_plus_to_canonical_part(out.data(), acc.data.data(), e_hat.data.data(), from, to);
}

#if defined(PQMUL_X86_SIMD)
template class KyberNttSimdMultiplier<Isa::avx2>;
template class KyberNttSimdMultiplier<Isa::avx512>;
#endif
#if defined(PQMUL_ARM_SIMD)
template class KyberNttSimdMultiplier<Isa::neon>;
#endif

}  // namespace pqmul

#endif  // PQMUL_X86_SIMD || PQMUL_ARM_SIMD
