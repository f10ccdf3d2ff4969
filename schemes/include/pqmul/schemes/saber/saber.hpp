#pragma once
// Saber (round 3) as a KEM: LightSaber, Saber and FireSaber over any
// multiplier of the Saber ring (q = 2^13; products mod p = 2^10 are taken in
// the q ring and masked, since p divides q).
//
// The module products run under a strategy (module.hpp). Under `cached` the
// secret vector s' of encryption is transformed once and serves both A s'
// and b^T s' (Bermudo Mera, Karmakar, Verbauwhede, TCHES 2020); decapsulation's
// re-encryption does the same.
//
// Saber<P, M> is the typed scheme; SaberKem is its run-time face (the Kem
// interface plus the module products and their statistics, for tests and
// benchmarks). Member definitions live in saber_impl.hpp, included only by
// the files that instantiate them.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/saber/pack.hpp"
#include "pqmul/schemes/saber/params.hpp"

namespace pqmul {
namespace saber {

class SaberKem : public Kem {
 public:
  virtual std::size_t rank() const = 0;  // l
  virtual unsigned mu() const = 0;

  // The KEM operations, adding what their module products did to *stats.
  virtual void keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource& rng,
                       ModuleStats* stats) const = 0;
  virtual void encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
                      RandomSource& rng, ModuleStats* stats) const = 0;
  virtual void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct, std::span<const std::uint8_t> sk,
                      ModuleStats* stats) const = 0;

  void keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource& rng) const final {
    keypair(pk, sk, rng, nullptr);
  }
  void encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
              RandomSource& rng) const final {
    encaps(ct, ss, pk, rng, nullptr);
  }
  void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
              std::span<const std::uint8_t> sk) const final {
    decaps(ss, ct, sk, nullptr);
  }

  // The module products alone, under this object's strategy. Polynomials are
  // canonical mod q; a is l*l row-major, vectors hold l polynomials. The secret
  // is always the vector operand (the one the cached strategy keeps transformed).
  virtual void matrix_vector(std::span<const SaberPoly> a, std::span<const SaberPoly> s, std::span<SaberPoly> out,
                             Transpose t, ModuleStats* stats) const = 0;
  virtual void inner_product(std::span<const SaberPoly> b, std::span<const SaberPoly> s, SaberPoly& out,
                             ModuleStats* stats) const = 0;
  // Encryption's pair b' = A s' and v' = b^T s' (cached: s' transformed once for both).
  virtual void encryption_products(std::span<const SaberPoly> a, std::span<const SaberPoly> sp,
                                   std::span<const SaberPoly> b, std::span<SaberPoly> bp, SaberPoly& vp,
                                   ModuleStats* stats) const = 0;
  // Bytes of transformed data the strategy holds during one rank-l product.
  virtual std::size_t bytes_held() const = 0;
};

// Builds scheme ("lightsaber", "saber", "firesaber") with multiplier
// "name" or "name:key=value;key=value" (see saber_multipliers()). Throws
// std::invalid_argument naming the valid choices.
std::unique_ptr<SaberKem> make_saber(std::string_view scheme, std::string_view multiplier, Strategy strategy);
// Multipliers the registry offers, default first.
const std::vector<std::string>& saber_multipliers();
const std::vector<std::string>& saber_schemes();

}  // namespace saber

template <saber::ParameterSet P, Multiplier M>
class Saber final : public saber::SaberKem {
  static_assert(std::is_same_v<typename M::ring, SaberRing>, "Saber multiplies in the ring of q = 2^13");

 public:
  using params = P;
  using sizes = saber::Sizes<P>;
  using multiplier_type = M;
  static constexpr std::size_t l = P::l;
  using SaberPoly = saber::SaberPoly;

  Saber(M m, Strategy strategy, std::string multiplier_name, Isa isa = Isa::portable);

  const M& typed_multiplier() const { return m_; }

  std::string scheme() const override { return std::string(P::name); }
  std::string multiplier() const override { return multiplier_name_; }
  Strategy strategy() const override { return strategy_; }
  std::string isa() const override { return std::string(isa_name(isa_)); }
  std::size_t public_key_bytes() const override { return sizes::public_key_bytes; }
  std::size_t secret_key_bytes() const override { return sizes::secret_key_bytes; }
  std::size_t ciphertext_bytes() const override { return sizes::ciphertext_bytes; }
  std::size_t shared_secret_bytes() const override { return sizes::shared_secret_bytes; }
  std::size_t rank() const override { return l; }
  unsigned mu() const override { return P::mu; }

  using saber::SaberKem::decaps;
  using saber::SaberKem::encaps;
  using saber::SaberKem::keypair;
  void keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource& rng,
               ModuleStats* stats) const override;
  void encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
              RandomSource& rng, ModuleStats* stats) const override;
  void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct, std::span<const std::uint8_t> sk,
              ModuleStats* stats) const override;
  // The length, and a secret vector in the range key generation samples from.
  void check_secret_key(std::span<const std::uint8_t> sk) const override;

  void matrix_vector(std::span<const SaberPoly> a, std::span<const SaberPoly> s, std::span<SaberPoly> out,
                     Transpose t, ModuleStats* stats) const override;
  void inner_product(std::span<const SaberPoly> b, std::span<const SaberPoly> s, SaberPoly& out,
                     ModuleStats* stats) const override;
  void encryption_products(std::span<const SaberPoly> a, std::span<const SaberPoly> sp,
                           std::span<const SaberPoly> b, std::span<SaberPoly> bp, SaberPoly& vp,
                           ModuleStats* stats) const override;
  std::size_t bytes_held() const override { return strategy_bytes(m_, strategy_, l); }
  std::optional<std::size_t> measured_bytes_held() const override { return measured_bytes_of(m_); }

  // IND-CPA encryption of the 32-byte message m with noise seed `seed`, and decryption.
  void cpa_encrypt(std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 32> seed,
                   std::span<const std::uint8_t> pk, std::span<std::uint8_t> ct, ModuleStats* stats) const;
  void cpa_decrypt(std::span<const std::uint8_t> secret, std::span<const std::uint8_t> ct,
                   std::span<std::uint8_t, 32> m, ModuleStats* stats) const;

 private:
  // s from the packed IND-CPA secret key; throws InvalidInput when it is not a sampled secret.
  void unpack_secret(std::span<const std::uint8_t> secret, std::span<SaberPoly, l> s) const;

  M m_;
  Strategy strategy_;
  std::string multiplier_name_;
  // The ISA of the Keccak kernels of every hash and of the conversion,
  // sampling and rounding kernels (kernels_, chosen once); the same bytes on every ISA.
  Isa isa_;
  const saber::SaberKernels& kernels_;
  // The hashing schedule (keccak::SpongeLanes) of key generation's two
  // streams: side by side only where the 4-way kernel costs about what one
  // state does (AVX-512), one after the other otherwise. Encapsulation and
  // decapsulation run their hashes beside the matrix stream wherever the
  // 4-way kernel is a SIMD one (the automatic schedule): 4-way steps there
  // replace a third or more of the permutations.
  keccak::SpongeLanes::Schedule keygen_schedule_;

  // Encryption once A and s' are sampled.
  void cpa_encrypt_sampled(std::span<const std::uint8_t, 32> m, std::span<const SaberPoly> a,
                           std::span<const SaberPoly> sp, std::span<const std::uint8_t> pk,
                           std::span<std::uint8_t> ct, ModuleStats* stats) const;
  // Encryption of encaps and decaps, its hashes scheduled by
  // keccak::SpongeLanes: A's stream (of pk's seed) from the start, beside
  // `hashes(lanes)`, which leaves G(m || H(pk)) in kr; then the secret's
  // stream of kr's coins.
  template <class Hashes>
  void cpa_encrypt_beside(std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 64> kr,
                          std::span<const std::uint8_t> pk, std::span<std::uint8_t> ct, ModuleStats* stats,
                          Hashes&& hashes) const;
};

}  // namespace pqmul
