#pragma once
// The run-time KyberKem over a typed Kyber<P, M>, and the factories each
// instantiation file provides (one file per multiplier family, so the
// instantiations build in parallel).
#include <memory>
#include <string>
#include <string_view>

#include "pqmul/algorithms/params.hpp"
#include "pqmul/schemes/common/ring_multipliers.hpp"
#include "pqmul/schemes/kyber/kyber_scheme.hpp"

namespace pqmul::kyber {

template <class P, Multiplier M>
class KyberKemImpl final : public KyberKem {
 public:
  // isa: what the instance runs on; it also picks the Keccak of the samplers.
  KyberKemImpl(M m, std::string multiplier_name, Strategy s, Isa isa = Isa::portable)
      : scheme_(std::move(m), s, isa), multiplier_name_(std::move(multiplier_name)), isa_(isa_name(isa)) {}

  std::string scheme() const override { return std::string(P::name); }
  std::string multiplier() const override { return multiplier_name_; }
  Strategy strategy() const override { return scheme_.strategy(); }
  std::string isa() const override { return isa_; }
  Version version() const override { return P::version; }

  std::size_t public_key_bytes() const override { return P::ek_bytes; }
  std::size_t secret_key_bytes() const override { return P::dk_bytes; }
  std::size_t ciphertext_bytes() const override { return P::ct_bytes; }
  std::size_t shared_secret_bytes() const override { return P::ss_bytes; }

  void keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource& rng) const override {
    // The reference code draws d || z in one call (ML-KEM) or d and z in two
    // calls (round 3); the DRBG output differs between the two.
    std::array<std::uint8_t, 64> dz;
    const WipeOnExit wipe_seeds(dz);
    if constexpr (P::version == Version::fips203) {
      rng.fill(dz);
    } else {
      rng.fill(std::span(dz).first(32));
      rng.fill(std::span(dz).last(32));
    }
    scheme_.keygen_internal(std::span<const std::uint8_t, 32>(dz.data(), 32),
                            std::span<const std::uint8_t, 32>(dz.data() + 32, 32), pk, sk);
  }
  void encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
              RandomSource& rng) const override {
    std::array<std::uint8_t, 32> random;
    const WipeOnExit wipe_random(random);
    rng.fill(random);
    scheme_.encaps_from_random(ct, ss, pk, random);
  }
  void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
              std::span<const std::uint8_t> sk) const override {
    scheme_.decaps(ss, ct, sk);
  }
  void check_public_key(std::span<const std::uint8_t> pk) const override { scheme_.check_encapsulation_key(pk); }
  void check_secret_key(std::span<const std::uint8_t> sk) const override { scheme_.check_decapsulation_key(sk); }
  void encaps_checked_key(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
                          RandomSource& rng) const override {
    std::array<std::uint8_t, 32> random;
    const WipeOnExit wipe_random(random);
    rng.fill(random);
    scheme_.encaps_from_random(ct, ss, pk, random, true);
  }
  void decaps_checked_key(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
                          std::span<const std::uint8_t> sk) const override {
    scheme_.decaps(ss, ct, sk, true);
  }
  void keygen_internal(std::span<const std::uint8_t, 32> d, std::span<const std::uint8_t, 32> z,
                       std::span<std::uint8_t> ek, std::span<std::uint8_t> dk) const override {
    scheme_.keygen_internal(d, z, ek, dk);
  }
  std::optional<std::size_t> measured_bytes_held() const override { return measured_bytes_of(scheme_.multiplier()); }
  void encaps_internal(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> ek,
                       std::span<const std::uint8_t, 32> m) const override {
    scheme_.encaps_internal(ct, ss, ek, m);
  }

 private:
  Kyber<P, M> scheme_;
  std::string multiplier_name_;
  std::string isa_;
};

// Factories, one per multiplier family, explicitly instantiated for the six
// parameter sets in their own files. `display` is the name Kem::multiplier()
// reports.
template <class P>
std::unique_ptr<KyberKem> make_kyber_with_ntt(Strategy s);
template <class P>
std::unique_ptr<KyberKem> make_kyber_with_toom(std::string_view name, const Params& params, std::string display,
                                               Strategy s);
template <class P>
std::unique_ptr<KyberKem> make_kyber_with_kronecker(Strategy s);
#if defined(PQMUL_X86_SIMD)
// The NTT multiplier on AVX2, with the Keccak of `isa` (avx2: 4-way, avx512:
// 8-way); call only where isa_available(isa).
template <class P>
std::unique_ptr<KyberKem> make_kyber_with_ntt_avx2(Strategy s, Isa isa = Isa::avx2);
// The NTT multiplier with the AVX-512 lane-wise kernels and the AVX-512 Keccak;
// call only where isa_available(Isa::avx512).
template <class P>
std::unique_ptr<KyberKem> make_kyber_with_ntt_avx512(Strategy s);
#endif
#if defined(PQMUL_ARM_SIMD)
// The NTT multiplier on NEON (the scalar Keccak).
template <class P>
std::unique_ptr<KyberKem> make_kyber_with_ntt_neon(Strategy s);
#endif
// Any other multiplier of the kyber ring, through its registry entry's steps.
template <class P>
std::unique_ptr<KyberKem> make_kyber_with_registry(const MultiplierChoice& choice, Strategy s);

#define PQMUL_KYBER_FOR_EACH_SET(X) \
  X(::pqmul::kyber::Kyber512)       \
  X(::pqmul::kyber::Kyber768)       \
  X(::pqmul::kyber::Kyber1024)      \
  X(::pqmul::kyber::MlKem512)       \
  X(::pqmul::kyber::MlKem768)       \
  X(::pqmul::kyber::MlKem1024)

}  // namespace pqmul::kyber
