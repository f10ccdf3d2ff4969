#pragma once
// NTRU round 3 (OW-CPA scheme and the KEM with implicit rejection) over a
// parameter set P and a multiplier M of P's ring. Every product in R_q, S_q
// and S_3 goes through M; the rest (sampling, packing, inversion steps) is
// fixed. Member definitions are in scheme_impl.hpp, instantiated once per
// (parameter set, multiplier type) in schemes/src/ntru/.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/kronecker.hpp"
#include "pqmul/algorithms/multiplier.hpp"
#include "pqmul/algorithms/ntt/big_ntt.hpp"
#include "pqmul/algorithms/toom_cook.hpp"
#include "pqmul/schemes/ntru/arith.hpp"
#include "pqmul/schemes/ntru/ntru_kernels.hpp"
#include "pqmul/schemes/ntru/params.hpp"

namespace pqmul::ntru {

template <ParameterSet P, Multiplier M>
  requires std::same_as<typename M::ring, typename P::ring>
class Ntru {
 public:
  using params = P;
  using multiplier_type = M;
  template <std::size_t B>
  using Bytes = std::span<std::uint8_t, B>;
  template <std::size_t B>
  using ConstBytes = std::span<const std::uint8_t, B>;

  // Most products of NTRU have a short factor: a ternary polynomial, 3g or
  // 3(x-1)g, with centred coefficients of absolute value at most short_bound.
  // `for_short` (if given) computes those products, and may rely on that
  // bound (e.g. an NTT over a smaller modulus); `multiplier` computes the rest.
  static constexpr std::uint32_t short_bound = P::variant == Variant::hps ? 3 : 6;

  // isa: the ISA of the kernels outside the multiplier: the Keccak kernels
  // of SHA3-256 (SIMD: decapsulation's two hashes side by side on the 4-way
  // lanes) and NTRU's arithmetic, sampling, packing and inversion kernels
  // (ntru_kernels.hpp), chosen once here.
  explicit Ntru(M multiplier, Isa isa = Isa::portable)
      : kernels_(ntru_kernels<P>(isa)), multiplier_(std::move(multiplier)), isa_(isa) {}
  Ntru(M multiplier, M for_short, Isa isa = Isa::portable)
      : kernels_(ntru_kernels<P>(isa)), multiplier_(std::move(multiplier)), short_(std::move(for_short)), isa_(isa) {}
  Isa isa() const { return isa_; }
  const M& multiplier() const { return multiplier_; }
  const M& short_multiplier() const { return short_ ? *short_ : multiplier_; }

  // Products. mul_sq reduces modulo Phi_n. mul_s3 multiplies in R_q with the
  // trits as {-1, 0, 1}: the exact coefficients are at most n < q/2 in
  // absolute value, so the centred result mod q is the integer product.
  // mul_rq_short requires |centred b_i| <= short_bound.
  Rq<P> mul_rq(const Rq<P>& a, const Rq<P>& b) const;
  Rq<P> mul_rq_short(const Rq<P>& a, const Rq<P>& b) const;
  Rq<P> mul_sq(const Rq<P>& a, const Rq<P>& b) const;
  Rq<P> mul_sq_short(const Rq<P>& a, const Rq<P>& b) const;
  S3<P> mul_s3(const S3<P>& a, const S3<P>& b) const;

  // KEM. The seeds are the bytes the reference draws from randombytes():
  // keypair draws fg_bytes then prf_key_bytes, encaps draws rm_bytes.
  void keypair(Bytes<P::public_key_bytes> pk, Bytes<P::secret_key_bytes> sk, ConstBytes<P::fg_bytes> seed,
               ConstBytes<P::prf_key_bytes> prf_key) const;
  void encaps(Bytes<P::ciphertext_bytes> ct, Bytes<P::shared_secret_bytes> ss, ConstBytes<P::public_key_bytes> pk,
              ConstBytes<P::rm_bytes> coins) const;
  // Implicit rejection: an invalid ciphertext gives SHA3-256(prf key || ct).
  void decaps(Bytes<P::shared_secret_bytes> ss, ConstBytes<P::ciphertext_bytes> ct,
              ConstBytes<P::secret_key_bytes> sk) const;

  // The deterministic OW-CPA scheme. owcpa_keypair returns false in the
  // (negligibly rare) case that f or 3gf is not invertible; the keys are
  // then unusable, as in the reference, which does not check.
  bool owcpa_keypair(Bytes<P::public_key_bytes> pk, Bytes<P::owcpa_secret_key_bytes> sk,
                     ConstBytes<P::fg_bytes> seed) const;
  void owcpa_encrypt(Bytes<P::ciphertext_bytes> ct, const S3<P>& r, const S3<P>& m,
                     ConstBytes<P::public_key_bytes> pk) const;
  // Writes the packed (r, m) and returns 0, or 1 (in constant time) when ct
  // is not the encryption of a valid (r, m) under the key.
  std::uint8_t owcpa_decrypt(Bytes<P::message_bytes> rm, ConstBytes<P::ciphertext_bytes> ct,
                             ConstBytes<P::secret_key_bytes> sk) const;

 private:
  const NtruKernels<P>& kernels_;
  M multiplier_;
  std::optional<M> short_;
  Isa isa_;
};

// Instantiated in schemes/src/ntru/ntru_<set>.cpp.
#define PQMUL_NTRU_EXTERN(P)                                          \
  extern template class Ntru<P, ToomCook<typename P::ring>>;          \
  extern template class Ntru<P, Kronecker<typename P::ring>>;         \
  extern template class Ntru<P, BigNtt<typename P::ring>>;
PQMUL_NTRU_EXTERN(Hps2048509)
PQMUL_NTRU_EXTERN(Hps2048677)
PQMUL_NTRU_EXTERN(Hps4096821)
PQMUL_NTRU_EXTERN(Hrss701)
#undef PQMUL_NTRU_EXTERN

}  // namespace pqmul::ntru
