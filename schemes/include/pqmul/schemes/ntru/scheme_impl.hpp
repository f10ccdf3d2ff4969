#pragma once
// Member definitions of Ntru<P, M>; included by the files that instantiate it.
#include <array>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/constant_time.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/ntru/ntru_kernels.hpp"
#include "pqmul/schemes/ntru/inverse.hpp"
#include "pqmul/schemes/ntru/pack.hpp"
#include "pqmul/schemes/ntru/sample.hpp"
#include "pqmul/schemes/ntru/scheme.hpp"

#if defined(PQMUL_X86_SIMD)
#include "pqmul/algorithms/toom_simd_kernels.hpp"
#endif

namespace pqmul::ntru {

namespace detail {

// HPS: 1 unless m has exactly weight/2 coefficients 1 and weight/2 coefficients 2.
template <ParameterSet P>
std::uint8_t invalid_m(const S3<P>& m) {
  std::uint32_t ones = 0, twos = 0;
  for (std::size_t i = 0; i < P::n; ++i) {
    ones += m[i] & 1;
    twos += m[i] >> 1;
  }
  const std::uint32_t bad = (ones ^ twos) | ((2 * twos) ^ static_cast<std::uint32_t>(P::weight));
  return static_cast<std::uint8_t>((0u - bad) >> 31);
}

}  // namespace detail

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
Rq<P> Ntru<P, M>::mul_rq(const Rq<P>& a, const Rq<P>& b) const {
  return ntru::multiply(multiplier_, a, b);
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
Rq<P> Ntru<P, M>::mul_rq_short(const Rq<P>& a, const Rq<P>& b) const {
  return ntru::multiply(short_multiplier(), a, b);
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
Rq<P> Ntru<P, M>::mul_sq(const Rq<P>& a, const Rq<P>& b) const {
  Rq<P> r = mul_rq(a, b);
  kernels_.reduce_phi(r);
  return r;
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
Rq<P> Ntru<P, M>::mul_sq_short(const Rq<P>& a, const Rq<P>& b) const {
  Rq<P> r = mul_rq_short(a, b);
  kernels_.reduce_phi(r);
  return r;
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
S3<P> Ntru<P, M>::mul_s3(const S3<P>& a, const S3<P>& b) const {
  static_assert(P::n < P::q / 2, "the product of trits must fit in the centred range of Z_q");
#if defined(PQMUL_X86_SIMD)
  // (multipliers with a product mod 2^13 of their own: the SIMD Toom
  // kernels, whose construction required AVX2, as the conversions below do)
  constexpr bool products_mod_power_of_two =
      requires(const M& m, const typename M::operand& x, std::uint16_t* out) { m.multiply_modulo(x, x, 8192, out); };
  if constexpr (products_mod_power_of_two) {
    // The trits as the integers 0, 1, 2: every coefficient of the cyclic
    // product is at most 4n < 2^13, where the Toom kernels are exact, so the
    // product mod 2^13 is the integer product, which is the product of the
    // trits read as 0, 1, -1, modulo 3.
    static_assert(4 * P::n < 8192);
    const M& s = short_multiplier();
    Rq<P> a16(uninitialized), b16(uninitialized), c(uninitialized);  // (the kernels write them whole)
    const WipeOnExit wipe_work(a16, b16, c);
    kernels::widen_trits_avx2(a.coeffs.data(), P::n, a16.coeffs.data());
    kernels::widen_trits_avx2(b.coeffs.data(), P::n, b16.coeffs.data());
    auto x = s.make_operand(), y = s.make_operand();
    const WipeOnExit wipe_operands(x, y);
    s.transform(a16, x);
    s.transform(b16, y);
    s.multiply_modulo(x, y, 8192, c.coeffs.data());
    S3<P> r(uninitialized);
    kernels::rq_to_s3_avx2(c.coeffs.data(), P::n, 14, r.coeffs.data());  // c < 2^13: never "negative"
    return r;
  }
#endif
  return rq_to_s3<P>(mul_rq_short(to_rq<P>(a), to_rq<P>(b)));
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
bool Ntru<P, M>::owcpa_keypair(Bytes<P::public_key_bytes> pk, Bytes<P::owcpa_secret_key_bytes> sk,
                               ConstBytes<P::fg_bytes> seed) const {
  const auto f_bytes = seed.template first<P::iid_bytes>();
  S3<P> f, g;
  const WipeOnExit wipe_f_g(f, g);
  if constexpr (P::variant == Variant::hps) {
    f = kernels_.sample_iid(f_bytes);
    g = kernels_.sample_fixed_type(seed.template subspan<P::iid_bytes, P::fixed_type_bytes>().data());
  } else {
    f = sample_iid_plus<P>(f_bytes);
    g = sample_iid_plus<P>(seed.template subspan<P::iid_bytes, P::iid_bytes>());
  }
  S3<P> f_inverse_mod3;
  const WipeOnExit wipe_f_inverse(f_inverse_mod3);
  bool ok = kernels_.invert_s3(f, f_inverse_mod3);
  pack_s3<P>(f, sk.template subspan<0, P::trinary_bytes>());
  pack_s3<P>(f_inverse_mod3, sk.template subspan<P::trinary_bytes, P::trinary_bytes>());

  // The products below all have f or 3g (3(x-1)g) as their short second
  // factor; each operand is transformed once.
  const M& s = short_multiplier();
  // (Every value below but h is secret: each is named, to be cleared.)
  auto transformed = [&s](const Rq<P>& a) {
    auto x = s.make_operand();
    s.transform(a, x);
    return x;
  };
  auto product = [&s](const auto& x, const auto& y) { return transformed_product(s, x, y); };
  const Rq<P> f_q = kernels_.to_rq(f), g_key = key_g<P>(g);  // 3g (HPS) or 3(x-1)g (HRSS)
  const auto f_t = transformed(f_q);
  const auto g_t = transformed(g_key);
  const Rq<P> gf = product(g_t, f_t);
  Rq<P> gf_inverse;
  const WipeOnExit wipe_products(f_q, g_key, f_t, g_t, gf, gf_inverse);
  ok &= invert_rq<P>(multiplier_, gf, gf_inverse, kernels_.invert_s2);
  const auto gf_inverse_t = transformed(gf_inverse);
  // h^-1 = (gf)^-1 f^2 = f / (3g), h = (gf)^-1 g^2 = 3g / f.
  const Rq<P> gf_inverse_f = product(gf_inverse_t, f_t), gf_inverse_g = product(gf_inverse_t, g_t);
  const auto gf_inverse_f_t = transformed(gf_inverse_f);
  Rq<P> h_inverse = product(gf_inverse_f_t, f_t);
  const WipeOnExit wipe_inverses(gf_inverse_t, gf_inverse_f, gf_inverse_g, gf_inverse_f_t, h_inverse);
  kernels_.reduce_phi(h_inverse);
  kernels_.pack_sq(h_inverse, sk.template subspan<2 * P::trinary_bytes, P::rq_bytes>());
  const Rq<P> h = product(transformed(gf_inverse_g), g_t);
  kernels_.pack_sq(h, pk);
  return ok;
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
void Ntru<P, M>::owcpa_encrypt(Bytes<P::ciphertext_bytes> ct, const S3<P>& r, const S3<P>& m,
                               ConstBytes<P::public_key_bytes> pk) const {
  const Rq<P> h = kernels_.unpack_rq_sum_zero(pk);
  const Rq<P> r_q = kernels_.to_rq(r), hr = mul_rq_short(h, r_q), m_lifted = kernels_.lift(m);
  const WipeOnExit wipe_secrets(r_q, hr, m_lifted);
  kernels_.pack_sq(kernels_.add_rq(hr, m_lifted), ct);
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
std::uint8_t Ntru<P, M>::owcpa_decrypt(Bytes<P::message_bytes> rm, ConstBytes<P::ciphertext_bytes> ct,
                                       ConstBytes<P::secret_key_bytes> sk) const {
  const Rq<P> c = kernels_.unpack_rq_sum_zero(ct);
  const S3<P> f = kernels_.unpack_s3(sk.template subspan<0, P::trinary_bytes>());
  // m = (c f mod (q, x^n - 1), centred, mod (3, Phi_n)) * f^-1 in S_3.
  const Rq<P> f_q = kernels_.to_rq(f), cf = mul_rq_short(c, f_q);
  const S3<P> mf = kernels_.rq_to_s3(cf);
  const S3<P> f_inverse_mod3 = kernels_.unpack_s3(sk.template subspan<P::trinary_bytes, P::trinary_bytes>());
  const S3<P> m = mul_s3(mf, f_inverse_mod3);
  const WipeOnExit wipe_secrets(f, f_q, cf, mf, f_inverse_mod3, m);
  pack_s3<P>(m, rm.template subspan<P::trinary_bytes, P::trinary_bytes>());

  std::uint8_t fail = unused_bits_set<P>(ct);
  // The KEM needs ct = Enc(h, (r, m)). Instead of re-encrypting it suffices
  // that m is in the message space and r = (c - Lift(m)) / h mod (q, Phi_n)
  // is ternary with r_{n-1} = 0, because c(1) = 0 by construction of c.
  if constexpr (P::variant == Variant::hps) fail |= detail::invalid_m<P>(m);
  const Rq<P> m_lifted = kernels_.lift(m), b = kernels_.sub_rq(c, m_lifted);
  const Rq<P> h_inverse = kernels_.unpack_sq(sk.template subspan<2 * P::trinary_bytes, P::rq_bytes>());
  const Rq<P> r = mul_sq(b, h_inverse);
  const S3<P> r_trits = kernels_.trinary_from_rq(r);
  const WipeOnExit wipe_r(m_lifted, b, h_inverse, r, r_trits);
  fail |= kernels_.invalid_r(r);
  pack_s3<P>(r_trits, rm.template subspan<0, P::trinary_bytes>());
  return fail;
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
void Ntru<P, M>::keypair(Bytes<P::public_key_bytes> pk, Bytes<P::secret_key_bytes> sk, ConstBytes<P::fg_bytes> seed,
                         ConstBytes<P::prf_key_bytes> prf_key) const {
  owcpa_keypair(pk, sk.template first<P::owcpa_secret_key_bytes>(), seed);
  auto key = sk.template subspan<P::owcpa_secret_key_bytes, P::prf_key_bytes>();
  std::copy(prf_key.begin(), prf_key.end(), key.begin());
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
void Ntru<P, M>::encaps(Bytes<P::ciphertext_bytes> ct, Bytes<P::shared_secret_bytes> ss,
                        ConstBytes<P::public_key_bytes> pk, ConstBytes<P::rm_bytes> coins) const {
  const S3<P> r = kernels_.sample_iid(coins.template first<P::iid_bytes>());
  S3<P> m;
  std::array<std::uint8_t, P::message_bytes> rm;
  const WipeOnExit wipe_secrets(r, m, rm);
  if constexpr (P::variant == Variant::hps)
    m = kernels_.sample_fixed_type(coins.template subspan<P::iid_bytes, P::fixed_type_bytes>().data());
  else
    m = kernels_.sample_iid(coins.template subspan<P::iid_bytes, P::iid_bytes>());
  pack_s3<P>(r, std::span(rm).template first<P::trinary_bytes>());
  pack_s3<P>(m, std::span(rm).template subspan<P::trinary_bytes>());
  const auto key = keccak::sha3_256(rm, isa_);
  const WipeOnExit wipe_key(key);
  std::copy(key.begin(), key.end(), ss.begin());
  owcpa_encrypt(ct, r, m, pk);
}

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
void Ntru<P, M>::decaps(Bytes<P::shared_secret_bytes> ss, ConstBytes<P::ciphertext_bytes> ct,
                        ConstBytes<P::secret_key_bytes> sk) const {
  std::array<std::uint8_t, P::message_bytes> rm;
  std::array<std::uint8_t, 32> key, rejection;
  const WipeOnExit wipe_secrets(rm, key, rejection);
  const std::uint8_t fail = owcpa_decrypt(rm, ct, sk);
  // The key SHA3-256(r || m) and the rejection key SHA3-256(prf key || ct),
  // both in every case, side by side where the ISA's 4-way Keccak is a SIMD
  // one (keccak::SpongeLanes).
  const auto prf_key = sk.template subspan<P::owcpa_secret_key_bytes, P::prf_key_bytes>();
  keccak::SpongeLanes lanes(isa_);
  lanes.start(keccak::sha3_256_rate, keccak::sha3_domain, prf_key, rejection, ct);
  lanes.start(keccak::sha3_256_rate, keccak::sha3_domain, rm, key);
  lanes.finish();
  std::copy(key.begin(), key.end(), ss.begin());
  ct::conditional_move(ss, rejection, fail);
}

}  // namespace pqmul::ntru
