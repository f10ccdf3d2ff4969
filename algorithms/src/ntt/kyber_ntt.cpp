// Kyber / ML-KEM NTT over Z_3329 (FIPS 203 Algorithms 9-12). Loops are written
// over int16 arrays with a constant twiddle per block so that compilers can
// vectorise the Montgomery butterflies. Every arithmetic operation goes
// through Arithmetic<Tally>, whose uncounted instantiation is the plain
// expression; both tallies are instantiated at the end of the namespace.
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

// Built by gcc for x86-64, both transforms take the butterflies of a block
// two at a time, the four inputs loaded before any output is stored (every
// block has an even length). With the 16-bit Montgomery quotient (see
// montgomery_quotient in kyber_ntt.hpp) one butterfly an iteration chained
// the iterations through its partial register: built without
// auto-vectorisation the forward took 1.25 times the ticks of pq-crystals'
// reference C; two at a time it took 0.55 of its ticks before (0.85
// auto-vectorised). Such a build now takes the 32-bit quotient, which has no
// chain, and the pairs change little there (forward 2,660 ticks against
// 2,610 one at a time, inverse 3,540 against 3,600); auto-vectorised they
// keep their gain. clang keeps one butterfly an iteration: it vectorised the
// pairs with shuffles (the forward 1.27, the inverse 1.58 times its ticks
// before), and its scalar code has no such chain; so do other targets, which
// have no partial registers.
#if defined(__x86_64__) && !defined(__clang__)
constexpr bool kPairedButterflies = true;
#else
constexpr bool kPairedButterflies = false;
#endif

// One Gentleman-Sande layer of Algorithm 10; `reduce` Barrett-reduces the sums.
template <class Tally, bool reduce>
void inverse_layer(Coeffs& f, std::size_t len, std::size_t& k) {
  using A = Arithmetic<Tally>;
  const auto butterfly = [](std::int16_t& top, std::int16_t& bottom, std::int16_t a, std::int16_t b,
                            std::int16_t zeta) {
    const std::int32_t sum = A::add(a, b);
    top = reduce ? barrett_reduce(sum) : static_cast<std::int16_t>(sum);
    bottom = A::mul_const_montgomery(static_cast<std::int16_t>(A::sub(b, a)), zeta);
  };
  for (std::size_t start = 0; start < n; start += 2 * len) {
    const std::int16_t zeta = tables.zetas[k--];
    if constexpr (kPairedButterflies) {
      for (std::size_t j = start; j < start + len; j += 2) {
        const std::int16_t a0 = f[j], a1 = f[j + 1], b0 = f[j + len], b1 = f[j + len + 1];
        butterfly(f[j], f[j + len], a0, b0, zeta);
        butterfly(f[j + 1], f[j + len + 1], a1, b1, zeta);
      }
    } else {
      for (std::size_t j = start; j < start + len; ++j) {
        const std::int16_t t = f[j];
        const std::int32_t sum = A::add(t, f[j + len]);
        f[j] = reduce ? barrett_reduce(sum) : static_cast<std::int16_t>(sum);
        f[j + len] = A::mul_const_montgomery(static_cast<std::int16_t>(A::sub(f[j + len], t)), zeta);
      }
    }
  }
}

// Algorithm 10 with lazy reduction. The differences go through fqmul (< q);
// only the sums grow, doubling per layer: reducing them in layers 1, 4 and 7
// keeps every value below 4q before a layer and every sum below 8q < 2^15.
template <class Tally>
void inverse_with_scale(Coeffs& f, std::int16_t scale) {
  assert(all_below(f, 4 * q));
  std::size_t k = 127;
  for (std::size_t len = 2; len <= 128; len <<= 3) {
    inverse_layer<Tally, true>(f, len, k);                       // sums <= (q-1)/2, all < q
    if (len < 128) inverse_layer<Tally, false>(f, len << 1, k);  // < 2q
    if (len < 128) inverse_layer<Tally, false>(f, len << 2, k);  // < 4q
  }
  for (auto& c : f) c = Arithmetic<Tally>::mul_const_montgomery(c, scale);
  assert(all_below(f, q));
}

}  // namespace

template <class Tally>
void forward(Coeffs& f) {
  using A = Arithmetic<Tally>;
  assert(all_below(f, q));
  std::size_t k = 1;
  // Layer by layer: |f| < (layer + 1) q, since each fqmul result is below q.
  for (std::size_t len = 128; len >= 2; len >>= 1) {
    for (std::size_t start = 0; start < n; start += 2 * len) {
      const std::int16_t zeta = tables.zetas[k++];
      if constexpr (kPairedButterflies) {
        for (std::size_t j = start; j < start + len; j += 2) {
          const std::int16_t a0 = f[j], a1 = f[j + 1], b0 = f[j + len], b1 = f[j + len + 1];
          const std::int16_t t0 = A::mul_const_montgomery(b0, zeta), t1 = A::mul_const_montgomery(b1, zeta);
          f[j] = static_cast<std::int16_t>(A::add(a0, t0));
          f[j + 1] = static_cast<std::int16_t>(A::add(a1, t1));
          f[j + len] = static_cast<std::int16_t>(A::sub(a0, t0));
          f[j + len + 1] = static_cast<std::int16_t>(A::sub(a1, t1));
        }
      } else {
        for (std::size_t j = start; j < start + len; ++j) {
          const std::int16_t t = A::mul_const_montgomery(f[j + len], zeta);
          f[j + len] = static_cast<std::int16_t>(A::sub(f[j], t));
          f[j] = static_cast<std::int16_t>(A::add(f[j], t));
        }
      }
    }
  }
  assert(all_below(f, 8 * q));
}

template <class Tally>
void inverse(Coeffs& f) {
  inverse_with_scale<Tally>(f, inverse_scale_plain);
}

template <class Tally>
void inverse_from_montgomery(Coeffs& f) {
  inverse_with_scale<Tally>(f, inverse_scale_montgomery);
}

template <class Tally>
void base_multiply(Coeffs& r, const Coeffs& a, const Coeffs& b) {
  using A = Arithmetic<Tally>;
  assert(all_below(a, q) && all_below(b, q));
  for (std::size_t i = 0; i < 128; ++i) {
    const std::int16_t a0 = a[2 * i], a1 = a[2 * i + 1], b0 = b[2 * i], b1 = b[2 * i + 1];
    // |a0 b0| < q^2 and |fqmul * gamma| < 1833 * 1664: the sum is far below 2^15 q.
    const std::int32_t c0 = A::add(A::mul(a0, b0), A::mul_const(A::mul_montgomery(a1, b1), tables.gammas[i]));
    const std::int32_t c1 = A::add(A::mul(a0, b1), A::mul(a1, b0));
    // montgomery_reduce divides by R; fqmul by R^2 multiplies it back.
    r[2 * i] = A::mul_const_montgomery(montgomery_reduce(c0), r2_mod_q);
    r[2 * i + 1] = A::mul_const_montgomery(montgomery_reduce(c1), r2_mod_q);
  }
  assert(all_below(r, q));
}

template <class Tally>
void base_multiply_accumulate(std::array<std::int32_t, 256>& acc, const Coeffs& a, const Coeffs& b) {
  using A = Arithmetic<Tally>;
  assert(all_below(a, (q + 1) / 2) && all_below(b, (q + 1) / 2));
  for (std::size_t i = 0; i < 128; ++i) {
    const std::int16_t a0 = a[2 * i], a1 = a[2 * i + 1], b0 = b[2 * i], b1 = b[2 * i + 1];
    // fqmul(a1, b1) carries R^-1; the gamma table carries R: the product is plain.
    const std::int32_t high = A::mul_const(A::mul_montgomery(a1, b1), tables.gammas[i]);
    acc[2 * i] = A::add_wrapping(acc[2 * i], A::add(A::mul(a0, b0), high));
    acc[2 * i + 1] = A::add_wrapping(acc[2 * i + 1], A::add(A::mul(a0, b1), A::mul(a1, b0)));
  }
}

void reduce_accumulator(Coeffs& r, const std::array<std::int32_t, 256>& acc) {
  for (std::size_t i = 0; i < n; ++i) r[i] = barrett_reduce(montgomery_reduce_wide(acc[i]));
}

void reduce(Coeffs& f) {
  for (auto& c : f) c = barrett_reduce(c);
}

#define PQMUL_KYBER_NTT_INSTANTIATE(TALLY)                                                   \
  template void forward<TALLY>(Coeffs&);                                                     \
  template void inverse<TALLY>(Coeffs&);                                                     \
  template void inverse_from_montgomery<TALLY>(Coeffs&);                                     \
  template void base_multiply<TALLY>(Coeffs&, const Coeffs&, const Coeffs&);                \
  template void base_multiply_accumulate<TALLY>(std::array<std::int32_t, 256>&, const Coeffs&, \
                                                const Coeffs&);
PQMUL_KYBER_NTT_INSTANTIATE(ntt_tally::Uncounted)
PQMUL_KYBER_NTT_INSTANTIATE(ntt_tally::Counted)
#undef PQMUL_KYBER_NTT_INSTANTIATE

}  // namespace pqmul::kyber_ntt

namespace pqmul {

template <class Tally>
void BasicKyberNttMultiplier<Tally>::transform(const Poly<KyberRing>& a, operand& x) const {
  assert(is_canonical(a));
  for (std::size_t i = 0; i < KyberRing::n; ++i) x.data[i] = static_cast<std::int16_t>(a[i]);
  kyber_ntt::forward<Tally>(x.data);
  kyber_ntt::reduce(x.data);
}

template <class Tally>
void BasicKyberNttMultiplier<Tally>::inverse(const accumulator& acc, Poly<KyberRing>& out) const {
  kyber_ntt::Coeffs f;
  kyber_ntt::reduce_accumulator(f, acc.data);    // carries R^-1 ...
  kyber_ntt::inverse_from_montgomery<Tally>(f);  // ... which this removes
  for (std::size_t i = 0; i < KyberRing::n; ++i) out[i] = kyber_ntt::to_canonical(f[i]);
}

template <class Tally>
auto BasicKyberNttMultiplier<Tally>::from_ntt(const std::array<std::uint16_t, 256>& fips_ntt) -> operand {
  operand x;
  // Any uint16 is below the Barrett bound after subtracting 2^15.
  constexpr std::int32_t shift = (1 << 15) % kyber_ntt::q;
  for (std::size_t i = 0; i < KyberRing::n; ++i)
    x.data[i] = kyber_ntt::barrett_reduce(
        kyber_ntt::barrett_reduce(static_cast<std::int32_t>(fips_ntt[i]) - (1 << 15)) + shift);
  return x;
}

template <class Tally>
auto BasicKyberNttMultiplier<Tally>::from_ntt(const std::array<std::int16_t, 256>& fips_ntt) -> operand {
  operand x;
  for (std::size_t i = 0; i < KyberRing::n; ++i) x.data[i] = kyber_ntt::barrett_reduce(fips_ntt[i]);
  return x;
}

template <class Tally>
std::array<std::uint16_t, 256> BasicKyberNttMultiplier<Tally>::ntt_coefficients(const operand& x) {
  std::array<std::uint16_t, 256> c;
  for (std::size_t i = 0; i < KyberRing::n; ++i) c[i] = kyber_ntt::to_canonical(x.data[i]);
  return c;
}

template <class Tally>
void BasicKyberNttMultiplier<Tally>::add_ntt(accumulator& acc, const operand& x) {
  for (std::size_t i = 0; i < KyberRing::n; ++i)
    acc.data[i] = kyber_ntt::Arithmetic<Tally>::add_wrapping(acc.data[i], x.data[i]);
}

template <class Tally>
void BasicKyberNttMultiplier<Tally>::to_ntt(const accumulator& acc, operand& x) {
  kyber_ntt::reduce_accumulator(x.data, acc.data);
  // Remove the R^-1 left by the reduction, then centre again.
  for (auto& c : x.data)
    c = kyber_ntt::barrett_reduce(kyber_ntt::Arithmetic<Tally>::mul_const_montgomery(c, kyber_ntt::r2_mod_q));
}

template class BasicKyberNttMultiplier<ntt_tally::Uncounted>;
template class BasicKyberNttMultiplier<ntt_tally::Counted>;

}  // namespace pqmul
