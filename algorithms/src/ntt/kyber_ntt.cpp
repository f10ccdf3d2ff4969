// Kyber / ML-KEM NTT over Z_3329 (FIPS 203 Algorithms 9-12). Loops are written
// over int16 arrays with a constant twiddle per block so that compilers can
// vectorise the Montgomery butterflies.
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"

#include <cstdlib>

namespace pqmul::kyber_ntt {

namespace {

[[maybe_unused]] bool all_below(const Coeffs& f, std::int32_t bound) {
  for (auto c : f)
    if (std::abs(static_cast<std::int32_t>(c)) >= bound) return false;
  return true;
}

// 2^16 * 128^-1 and 2^32 * 128^-1 mod q: the final scaling of the inverse, for
// plain and for Montgomery-factored input (fqmul divides by R once).
constexpr std::int16_t inverse_scale_plain = detail::centred(detail::pow_mod(128, q - 2, q) * (1 << 16));
constexpr std::int16_t inverse_scale_montgomery =
    detail::centred(detail::pow_mod(128, q - 2, q) * detail::pow_mod(1 << 16, 2, q));

// Gentleman-Sande layers of Algorithm 10; the sums are Barrett-reduced every
// layer so every value stays below q after the first one.
void inverse_with_scale(Coeffs& f, std::int16_t scale) {
  assert(all_below(f, 4 * q));
  std::size_t k = 127;
  for (std::size_t len = 2; len <= 128; len <<= 1) {
    for (std::size_t start = 0; start < n; start += 2 * len) {
      const std::int16_t zeta = tables.zetas[k--];
      for (std::size_t j = start; j < start + len; ++j) {
        const std::int16_t t = f[j];
        f[j] = barrett_reduce(static_cast<std::int32_t>(t) + f[j + len]);
        f[j + len] = fqmul(zeta, static_cast<std::int16_t>(f[j + len] - t));
      }
    }
  }
  for (auto& c : f) c = fqmul(c, scale);
  assert(all_below(f, q));
}

}  // namespace

void forward(Coeffs& f) {
  assert(all_below(f, q));
  std::size_t k = 1;
  // Layer by layer: |f| < (layer + 1) q, since each fqmul result is below q.
  for (std::size_t len = 128; len >= 2; len >>= 1) {
    for (std::size_t start = 0; start < n; start += 2 * len) {
      const std::int16_t zeta = tables.zetas[k++];
      for (std::size_t j = start; j < start + len; ++j) {
        const std::int16_t t = fqmul(zeta, f[j + len]);
        f[j + len] = static_cast<std::int16_t>(f[j] - t);
        f[j] = static_cast<std::int16_t>(f[j] + t);
      }
    }
  }
  assert(all_below(f, 8 * q));
}

void inverse(Coeffs& f) { inverse_with_scale(f, inverse_scale_plain); }

void inverse_from_montgomery(Coeffs& f) { inverse_with_scale(f, inverse_scale_montgomery); }

void base_multiply(Coeffs& r, const Coeffs& a, const Coeffs& b) {
  assert(all_below(a, q) && all_below(b, q));
  for (std::size_t i = 0; i < 128; ++i) {
    const std::int32_t a0 = a[2 * i], a1 = a[2 * i + 1], b0 = b[2 * i], b1 = b[2 * i + 1];
    // |a0 b0| < q^2 and |fqmul * gamma| < 1833 * 1664: the sum is far below 2^15 q.
    const std::int32_t c0 = a0 * b0 + static_cast<std::int32_t>(fqmul(static_cast<std::int16_t>(a1),
                                                                       static_cast<std::int16_t>(b1))) *
                                          tables.gammas[i];
    const std::int32_t c1 = a0 * b1 + a1 * b0;
    // montgomery_reduce divides by R; fqmul by R^2 multiplies it back.
    r[2 * i] = fqmul(montgomery_reduce(c0), r2_mod_q);
    r[2 * i + 1] = fqmul(montgomery_reduce(c1), r2_mod_q);
  }
  assert(all_below(r, q));
}

void base_multiply_accumulate(std::array<std::int32_t, 256>& acc, const Coeffs& a, const Coeffs& b) {
  assert(all_below(a, (q + 1) / 2) && all_below(b, (q + 1) / 2));
  for (std::size_t i = 0; i < 128; ++i) {
    const std::int32_t a0 = a[2 * i], a1 = a[2 * i + 1], b0 = b[2 * i], b1 = b[2 * i + 1];
    // fqmul(a1, b1) carries R^-1; the gamma table carries R: the product is plain.
    const std::int32_t high = static_cast<std::int32_t>(fqmul(static_cast<std::int16_t>(a1),
                                                              static_cast<std::int16_t>(b1))) *
                              tables.gammas[i];
    // Unsigned adds: a caller exceeding max_accumulated gets wrong values, not UB.
    acc[2 * i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc[2 * i]) +
                                           static_cast<std::uint32_t>(a0 * b0 + high));
    acc[2 * i + 1] = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc[2 * i + 1]) +
                                               static_cast<std::uint32_t>(a0 * b1 + a1 * b0));
  }
}

void reduce_accumulator(Coeffs& r, const std::array<std::int32_t, 256>& acc) {
  for (std::size_t i = 0; i < n; ++i) r[i] = barrett_reduce(montgomery_reduce_wide(acc[i]));
}

void reduce(Coeffs& f) {
  for (auto& c : f) c = barrett_reduce(c);
}

}  // namespace pqmul::kyber_ntt

namespace pqmul {

void KyberNttMultiplier::transform(const Poly<KyberRing>& a, operand& x) const {
  assert(is_canonical(a));
  for (std::size_t i = 0; i < KyberRing::n; ++i) x.data[i] = static_cast<std::int16_t>(a[i]);
  kyber_ntt::forward(x.data);
  kyber_ntt::reduce(x.data);
}

void KyberNttMultiplier::inverse(const accumulator& acc, Poly<KyberRing>& out) const {
  kyber_ntt::Coeffs f;
  kyber_ntt::reduce_accumulator(f, acc.data);  // carries R^-1 ...
  kyber_ntt::inverse_from_montgomery(f);       // ... which this removes
  for (std::size_t i = 0; i < KyberRing::n; ++i) out[i] = kyber_ntt::to_canonical(f[i]);
}

KyberNttMultiplier::operand KyberNttMultiplier::from_ntt(const std::array<std::uint16_t, 256>& fips_ntt) {
  operand x;
  // Any uint16 is below the Barrett bound after subtracting 2^15.
  constexpr std::int32_t shift = (1 << 15) % kyber_ntt::q;
  for (std::size_t i = 0; i < KyberRing::n; ++i)
    x.data[i] = kyber_ntt::barrett_reduce(
        kyber_ntt::barrett_reduce(static_cast<std::int32_t>(fips_ntt[i]) - (1 << 15)) + shift);
  return x;
}

KyberNttMultiplier::operand KyberNttMultiplier::from_ntt(const std::array<std::int16_t, 256>& fips_ntt) {
  operand x;
  for (std::size_t i = 0; i < KyberRing::n; ++i) x.data[i] = kyber_ntt::barrett_reduce(fips_ntt[i]);
  return x;
}

std::array<std::uint16_t, 256> KyberNttMultiplier::ntt_coefficients(const operand& x) {
  std::array<std::uint16_t, 256> c;
  for (std::size_t i = 0; i < KyberRing::n; ++i) c[i] = kyber_ntt::to_canonical(x.data[i]);
  return c;
}

void KyberNttMultiplier::add_ntt(accumulator& acc, const operand& x) {
  for (std::size_t i = 0; i < KyberRing::n; ++i)
    acc.data[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.data[i]) +
                                            static_cast<std::uint32_t>(std::int32_t{x.data[i]}));
}

void KyberNttMultiplier::to_ntt(const accumulator& acc, operand& x) {
  kyber_ntt::reduce_accumulator(x.data, acc.data);
  // Remove the R^-1 left by the reduction, then centre again.
  for (auto& c : x.data) c = kyber_ntt::barrett_reduce(kyber_ntt::fqmul(c, kyber_ntt::r2_mod_q));
}

}  // namespace pqmul
