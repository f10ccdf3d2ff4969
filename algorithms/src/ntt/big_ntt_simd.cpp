// BigNttSimd: the kernel tables built from BigNtt's per-prime tables, and the
// typed multiplier over the kernels. Portable code (baseline flags): only the
// kernels themselves are compiled for AVX2 / AVX-512.
#include "pqmul/algorithms/ntt/big_ntt_simd.hpp"

#include "pqmul/algorithms/kernel_contracts.hpp"

#include <array>
#include <cassert>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace pqmul {
namespace big_ntt_simd_detail {

namespace bk = big_ntt_kernels;

#if defined(PQMUL_X86_SIMD) || defined(PQMUL_ARM_SIMD)
namespace {

// The kernels behind the bounds of big_ntt_kernels.hpp (residues in [0, p),
// zeros where the header says so), checked around every call in the debug
// build: one wrapper per kernel covers both ISAs.
[[maybe_unused]] constexpr const char* kernel_name(std::size_t lanes, int kernel) {
  constexpr const char* names[3][5] = {
      {"big_ntt::avx2::forward", "big_ntt::avx2::inverse", "big_ntt::avx2::base_multiply_accumulate",
       "big_ntt::avx2::lift_centred", "big_ntt::avx2::crt_to_q"},
      {"big_ntt::avx512::forward", "big_ntt::avx512::inverse", "big_ntt::avx512::base_multiply_accumulate",
       "big_ntt::avx512::lift_centred", "big_ntt::avx512::crt_to_q"},
      {"big_ntt::neon::forward", "big_ntt::neon::inverse", "big_ntt::neon::base_multiply_accumulate",
       "big_ntt::neon::lift_centred", "big_ntt::neon::crt_to_q"}};
  return names[lanes == bk::avx2_lanes ? 0 : lanes == bk::avx512_lanes ? 1 : 2][kernel];
}

template <std::size_t Lanes, auto Kernel>
void checked_forward(const bk::PrimeKernelTables& t, std::uint32_t* f, std::size_t length, unsigned layers,
                     std::size_t nonzero) {
  const char* name = kernel_name(Lanes, 0);
  PQMUL_KERNEL_BOUND(name, "input", f, length, 0, t.p - 1);
  if (nonzero < length) PQMUL_KERNEL_BOUND(name, "input past nonzero", f + nonzero, length - nonzero, 0, 0);
  Kernel(t, f, length, layers, nonzero);
  PQMUL_KERNEL_BOUND(name, "output", f, length, 0, t.p - 1);
}

template <std::size_t Lanes, auto Kernel>
void checked_inverse(const bk::PrimeKernelTables& t, std::uint32_t* f, const std::uint32_t* in, std::size_t length,
                     unsigned layers) {
  PQMUL_KERNEL_BOUND(kernel_name(Lanes, 1), "input", in, length, 0, t.p - 1);
  Kernel(t, f, in, length, layers);
  PQMUL_KERNEL_BOUND(kernel_name(Lanes, 1), "output", f, length, 0, t.p - 1);
}

template <std::size_t Lanes, auto Kernel>
void checked_base_multiply_accumulate(const bk::PrimeKernelTables& t, std::uint32_t* acc, const std::uint32_t* a,
                                      const std::uint32_t* b, std::size_t length, unsigned layers) {
  const char* name = kernel_name(Lanes, 2);
  PQMUL_KERNEL_BOUND(name, "a", a, length, 0, t.p - 1);
  PQMUL_KERNEL_BOUND(name, "b", b, length, 0, t.p - 1);
  PQMUL_KERNEL_BOUND(name, "accumulator", acc, length, 0, t.p - 1);
  Kernel(t, acc, a, b, length, layers);
  PQMUL_KERNEL_BOUND(name, "accumulator out", acc, length, 0, t.p - 1);
}

template <std::size_t Lanes, auto Kernel>
void checked_lift_centred(std::uint32_t* f, const std::uint16_t* a, std::size_t n, std::size_t length,
                          std::uint32_t q, std::uint32_t p) {
  const char* name = kernel_name(Lanes, 3);
  PQMUL_KERNEL_BOUND(name, "input", a, n, 0, q - 1);
  Kernel(f, a, n, length, q, p);
  PQMUL_KERNEL_BOUND(name, "output", f, n, 0, p - 1);
  PQMUL_KERNEL_BOUND(name, "output past n", f + n, length - n, 0, 0);
}

template <std::size_t Lanes, auto Kernel>
void checked_crt_to_q(const bk::CrtKernelConstants& c, std::uint16_t* out, const std::uint32_t* r1,
                      const std::uint32_t* r2, std::size_t n, std::size_t fold) {
  const char* name = kernel_name(Lanes, 4);
  // The residues read: i < n, and i + fold for i < n - 1 where the ring is cyclic.
  const std::size_t read = fold != 0 ? fold + n - 1 : n;
  PQMUL_KERNEL_BOUND(name, "first residues", r1, read, 0, c.p1 - 1);
  if (c.p2 != 0) PQMUL_KERNEL_BOUND(name, "second residues", r2, read, 0, c.p2 - 1);
  Kernel(c, out, r1, r2, n, fold);
  PQMUL_KERNEL_BOUND(name, "output", out, n, 0, c.q_mask);
}

template <std::size_t Lanes, auto Forward, auto Inverse, auto Multiply, auto Lift, auto Crt>
KernelSet kernels() {
  if constexpr (contract::checked)
    return {Lanes,
            checked_forward<Lanes, Forward>,
            checked_inverse<Lanes, Inverse>,
            checked_base_multiply_accumulate<Lanes, Multiply>,
            checked_lift_centred<Lanes, Lift>,
            checked_crt_to_q<Lanes, Crt>};
  return {Lanes, Forward, Inverse, Multiply, Lift, Crt};
}

}  // namespace
#endif

std::vector<Isa> kernel_isas() {
#if defined(PQMUL_X86_SIMD)
  return {Isa::avx2, Isa::avx512};
#elif defined(PQMUL_ARM_SIMD)
  return {Isa::neon};
#else
  return {};
#endif
}

namespace {

[[maybe_unused]] void require_runnable(Isa isa) {
  if (!cpu_supports(isa))
    throw std::invalid_argument("ntt/" + std::string(isa_name(isa)) + ": this CPU cannot run " +
                                std::string(isa_name(isa)));
}

}  // namespace

const KernelSet& kernel_set(Isa isa) {
#if defined(PQMUL_X86_SIMD)
  static const KernelSet avx2 = kernels<bk::avx2_lanes, bk::avx2::forward, bk::avx2::inverse,
                                        bk::avx2::base_multiply_accumulate, bk::avx2::lift_centred,
                                        bk::avx2::crt_to_q>();
  static const KernelSet avx512 = kernels<bk::avx512_lanes, bk::avx512::forward, bk::avx512::inverse,
                                          bk::avx512::base_multiply_accumulate, bk::avx512::lift_centred,
                                          bk::avx512::crt_to_q>();
  if (isa == Isa::avx2 || isa == Isa::avx512) {
    require_runnable(isa);
    return isa == Isa::avx2 ? avx2 : avx512;
  }
#elif defined(PQMUL_ARM_SIMD)
  static const KernelSet neon = kernels<bk::neon_lanes, bk::neon::forward, bk::neon::inverse,
                                        bk::neon::base_multiply_accumulate, bk::neon::lift_centred,
                                        bk::neon::crt_to_q>();
  if (isa == Isa::neon) {
    require_runnable(isa);
    return neon;
  }
#endif
  throw std::invalid_argument("ntt: no " + std::string(isa_name(isa)) + " kernels in this build");
}

std::size_t low_input_index(std::size_t lanes, std::size_t len, std::size_t l) {
  if (lanes == bk::avx2_lanes) {
    // _mm256_permute2x128 / unpack*_epi64 / 32-bit blends (big_ntt_avx2.cpp).
    static constexpr std::size_t by_len[3][8] = {
        {0, 8, 2, 10, 4, 12, 6, 14}, {0, 1, 8, 9, 4, 5, 12, 13}, {0, 1, 2, 3, 8, 9, 10, 11}};
    return by_len[len == 1 ? 0 : len == 2 ? 1 : 2][l];
  }
  // _mm512_permutex2var_epi32 (AVX-512), zips and unzips (NEON): the low
  // inputs in ascending order.
  return l / len * 2 * len + l % len;
}

namespace {

// The Shoup pair of a constant c in Montgomery form: w = c 2^-32 mod p and
// floor(w 2^32 / p) (public constants: the division is on them only).
std::pair<std::uint32_t, std::uint32_t> shoup_pair(std::uint32_t c, const big_ntt_detail::MontgomeryPrime& m) {
  const std::uint32_t w = m.reduce(c);
  return {w, static_cast<std::uint32_t>((std::uint64_t{w} << 32) / m.p)};
}

}  // namespace

KernelTables make_kernel_tables(const big_ntt_detail::PrimeTables& t, std::size_t length, unsigned layers,
                                std::size_t lanes) {
  const auto& m = t.arithmetic;
  const auto plain = [&](std::uint32_t c) { return shoup_pair(c, m).first; };
  const auto shoup = [&](std::uint32_t c) { return shoup_pair(c, m).second; };
  KernelTables k;
  k.p = m.p;
  k.minus_p_inverse = m.minus_p_inverse;
  for (auto z : t.zetas) {
    k.zetas.push_back(plain(z));
    k.zetas_shoup.push_back(shoup(z));
  }
  for (auto g : t.gammas) {
    k.gammas.push_back(plain(g));
    k.gammas_shoup.push_back(shoup(g));
  }
  const std::size_t d = length >> layers;
  // The lower layers, chunk by chunk, in the order each transform runs them.
  if (d < lanes) {
    const auto push_layer = [&](std::vector<std::uint32_t>& out, std::size_t chunk, std::size_t len, bool forward) {
      std::vector<std::uint32_t> z(lanes);
      for (std::size_t l = 0; l < lanes; ++l) {
        const std::size_t group = (chunk + low_input_index(lanes, len, l)) / (2 * len);
        const std::size_t groups = length / (2 * len);
        z[l] = t.zetas[forward ? groups + group : 2 * groups - 1 - group];
      }
      for (auto v : z) out.push_back(plain(v));
      for (auto v : z) out.push_back(shoup(v));
    };
    for (std::size_t chunk = 0; chunk < length; chunk += 2 * lanes) {
      for (std::size_t len = lanes / 2; len >= d && len >= 1; len >>= 1) push_layer(k.forward_lanes, chunk, len, true);
      for (std::size_t len = d; len < lanes; len <<= 1) push_layer(k.inverse_lanes, chunk, len, false);
    }
  }
  if (d >= 2)
    for (std::size_t i = 0; i < length; ++i) {
      k.gamma_lanes.push_back(plain(t.gammas[i / d]));
      k.gamma_lanes_shoup.push_back(shoup(t.gammas[i / d]));
    }
  std::tie(k.scale, k.scale_shoup) = shoup_pair(t.inverse_scale, m);
  std::tie(k.last_zeta_scaled, k.last_zeta_scaled_shoup) = shoup_pair(m.mul(t.zetas[1], t.inverse_scale), m);
  return k;
}

bk::PrimeKernelTables KernelTables::view() const {
  bk::PrimeKernelTables v;
  v.p = p;
  v.minus_p_inverse = minus_p_inverse;
  v.zetas = zetas.data();
  v.zetas_shoup = zetas_shoup.data();
  v.forward_lanes = forward_lanes.data();
  v.inverse_lanes = inverse_lanes.data();
  v.gammas = gammas.data();
  v.gammas_shoup = gammas_shoup.data();
  v.gamma_lanes = gamma_lanes.data();
  v.gamma_lanes_shoup = gamma_lanes_shoup.data();
  v.scale = scale;
  v.scale_shoup = scale_shoup;
  v.last_zeta_scaled = last_zeta_scaled;
  v.last_zeta_scaled_shoup = last_zeta_scaled_shoup;
  return v;
}

bk::CrtKernelConstants make_crt_constants(const std::vector<std::uint32_t>& primes, std::uint32_t q) {
  bk::CrtKernelConstants c;
  c.p1 = primes.at(0);
  c.q_mask = q - 1;
  if (primes.size() == 1) {
    c.half = (c.p1 - 1) / 2;
    c.modulus_low = c.p1;
    return c;
  }
  c.p2 = primes.at(1);
  const big_ntt_detail::MontgomeryPrime m2(c.p2);
  c.p2_minus_inverse = m2.minus_p_inverse;
  std::tie(c.p1_inverse_mod_p2, c.p1_inverse_mod_p2_shoup) = shoup_pair(
      m2.to_montgomery(static_cast<std::uint32_t>(big_ntt_detail::pow_mod(c.p1 % c.p2, c.p2 - 2, c.p2))), m2);
  const std::uint64_t modulus = std::uint64_t{c.p1} * c.p2;
  c.half = (modulus - 1) / 2;
  c.modulus_low = static_cast<std::uint32_t>(modulus);
  return c;
}

}  // namespace big_ntt_simd_detail

template <RingDescription R>
BigNttSimd<R>::BigNttSimd(BigNttConfig config, Isa isa)
    : portable_(config), isa_(isa), kernels_(&big_ntt_simd_detail::kernel_set(isa)) {
  auto state = std::make_shared<State>();
  const unsigned layers = portable_.config().layers;
  for (auto p : portable_.primes())
    state->tables.push_back(big_ntt_simd_detail::make_kernel_tables(big_ntt_detail::make_prime_tables(p, layers),
                                                                    length, layers, kernels_->lanes));
  for (const auto& t : state->tables) state->views.push_back(t.view());
  state->crt = big_ntt_simd_detail::make_crt_constants(portable_.primes(), R::q);
  state_ = std::move(state);
}

template <RingDescription R>
void BigNttSimd<R>::transform(const Poly<R>& a, operand& x) const {
  assert(is_canonical(a));
  const std::size_t primes = state_->views.size();
  assert(x.data.residues.size() == primes * length);
  for (std::size_t k = 0; k < primes; ++k) {
    std::uint32_t* f = x.data.residues.data() + k * length;
    const auto& t = state_->views[k];
    kernels_->lift_centred(f, a.coeffs.data(), R::n, length, R::q, t.p);
    kernels_->forward(t, f, length, config().layers, R::n);
  }
  std::uint32_t max_abs = 0;
#ifndef NDEBUG
  for (std::size_t i = 0; i < R::n; ++i) {
    const std::uint32_t c = a[i];
    max_abs = std::max(max_abs, c > (R::q - 1) / 2 ? R::q - c : c);
  }
#endif
  x.data.max_abs = max_abs;
}

template <RingDescription R>
void BigNttSimd<R>::multiply_accumulate(accumulator& acc, const operand& x, const operand& y) const {
#ifndef NDEBUG
  const std::uint64_t w = std::uint64_t{x.data.max_abs} * y.data.max_abs;
  assert(w <= std::uint64_t{config().bound_a} * config().bound_b);
  acc.data.weight += w;
#endif
  for (std::size_t k = 0; k < state_->views.size(); ++k)
    kernels_->base_multiply_accumulate(state_->views[k], acc.data.residues.data() + k * length,
                                       x.data.residues.data() + k * length, y.data.residues.data() + k * length,
                                       length, config().layers);
}

template <RingDescription R>
void BigNttSimd<R>::inverse(const accumulator& acc, Poly<R>& out) const {
  const std::size_t primes = state_->views.size();
  std::array<std::uint32_t, 2 * length> f;  // the accumulator stays as it is
  for (std::size_t k = 0; k < primes; ++k)
    kernels_->inverse(state_->views[k], f.data() + k * length, acc.data.residues.data() + k * length, length,
                      config().layers);
  constexpr bool cyclic = R::wrap == Wrap::cyclic;
  kernels_->crt_to_q(state_->crt, out.coeffs.data(), f.data(), primes == 2 ? f.data() + length : nullptr, R::n,
                     cyclic ? R::n : 0);
}

template class BigNttSimd<SaberRing>;
template class BigNttSimd<SaberPRing>;
template class BigNttSimd<NtruHps2048509Ring>;
template class BigNttSimd<NtruHps2048677Ring>;
template class BigNttSimd<NtruHrss701Ring>;
template class BigNttSimd<NtruHps4096821Ring>;

}  // namespace pqmul
