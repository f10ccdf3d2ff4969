#pragma once
// Kyber round 3 and ML-KEM as a template over the parameter set P and the
// multiplier M of the kyber ring.
//
// The standard fixes the NTT domain at three places: the matrix A^ is sampled
// in it, and t^ (in ek) and s^ (in dk) are stored in it. NttBridge<M> says how
// a multiplier meets those values: the NTT multiplier uses them directly; any
// other multiplier converts with the FIPS 203 NTT at exactly those
// boundaries and multiplies in the normal domain. The algebra is the same, so
// every multiplier produces the same bytes.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "pqmul/algorithms/module.hpp"
#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/constant_time.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/common/secret_marks.hpp"
#include "pqmul/schemes/kyber/kyber.hpp"
#include "pqmul/schemes/kyber/ntt_bridge.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"

namespace pqmul::kyber {

template <class P, Multiplier M>
  requires std::same_as<typename M::ring, KyberRing>
class Kyber {
 public:
  static constexpr unsigned k = P::k;
  using Vector = std::array<KPoly, k>;
  using VectorView = std::span<const KPoly, k>;
  using Matrix = std::array<KPoly, k * k>;

  // N polynomials left unzeroed, for arrays a sampler fills completely.
  template <std::size_t N>
  static std::array<KPoly, N> unzeroed() {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return std::array<KPoly, N>{((void)I, KPoly(uninitialized))...};
    }(std::make_index_sequence<N>{});
  }
  using Bridge = NttBridge<M>;

  // hash_isa: the ISA of the KEM's other kernels: the Keccak kernels
  // (keccak_kernels.hpp) of the matrix and noise sampling (portable = one
  // scalar SHAKE per polynomial, avx2 / avx512 = 4 / 8 at a time) and of the
  // single hashes H, G, J, and the polynomial kernels (poly_kernels.hpp) of
  // sampling, encoding and compression; the same bytes on every ISA.
  Kyber(M multiplier, Strategy strategy, Isa hash_isa = Isa::portable)
      : m_(std::move(multiplier)), strategy_(strategy), hash_isa_(hash_isa), poly_(poly_kernels(hash_isa)) {
    require_accumulation(m_, k + 1);
  }
  const M& multiplier() const { return m_; }
  Strategy strategy() const { return strategy_; }

  // FIPS 203 Algorithm 16 (round 3: Algorithm 7 of the v3.02 specification).
  void keygen_internal(std::span<const std::uint8_t, 32> d, std::span<const std::uint8_t, 32> z,
                       std::span<std::uint8_t> ek, std::span<std::uint8_t> dk) const {
    check_length(ek, P::ek_bytes, "encapsulation key buffer");
    check_length(dk, P::dk_bytes, "decapsulation key buffer");
    auto rest = dk.subspan(P::dk_pke_bytes);
    pke_keygen(d, ek, dk.first(P::dk_pke_bytes), std::span<std::uint8_t, 32>(rest.data() + P::ek_bytes, 32));
    // ek and H(ek) are public (dk carries copies of both), not secrets.
    ct::declassify(ek);
    ct::declassify(rest.subspan(P::ek_bytes, 32));
    std::copy(ek.begin(), ek.end(), rest.begin());
    std::copy(z.begin(), z.end(), rest.begin() + P::ek_bytes + 32);
  }

  // The encapsulation-key check of FIPS 203 section 7.2 (length and modulus
  // check; round 3 has only the length).
  void check_encapsulation_key(std::span<const std::uint8_t> ek) const {
    check_length(ek, P::ek_bytes, "encapsulation key");
    if constexpr (P::version == Version::fips203) {
      if (!encoding_is_reduced(ek.first(P::dk_pke_bytes)))
        throw InvalidInput(std::string(P::name) + ": encapsulation key has a coefficient >= q (modulus check)");
    }
  }

  // The decapsulation-key check of FIPS 203 section 7.3 (length and the hash
  // check H(ek) = h; round 3 has only the length).
  void check_decapsulation_key(std::span<const std::uint8_t> dk) const {
    check_length(dk, P::dk_bytes, "decapsulation key");
    if constexpr (P::version == Version::fips203) {
      const auto ek = dk.subspan(P::dk_pke_bytes, P::ek_bytes);
      const auto h = dk.subspan(P::dk_pke_bytes + P::ek_bytes, 32);
      if (ct::differ(keccak::sha3_256(ek, hash_isa_), h))
        throw InvalidInput(std::string(P::name) + ": decapsulation key fails the hash check H(ek)");
    }
  }

  // FIPS 203 Algorithm 17 with the input checks of section 7.2, which a caller
  // that checked ek when loading it may skip (key_checked).
  void encaps_internal(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> ek,
                       std::span<const std::uint8_t, 32> m, bool key_checked = false) const {
    check_length(ek, P::ek_bytes, "encapsulation key");
    check_length(ct, P::ct_bytes, "ciphertext buffer");
    check_length(ss, P::ss_bytes, "shared secret buffer");
    if (!key_checked) check_encapsulation_key(ek);
    std::array<std::uint8_t, 32> h_ek;
    Matrix a_t = unzeroed<k * k>();  // (built in place: no copy)
    // H(ek) and A^T (in one run of the Keccak lanes on a SIMD ISA).
    sample_matrix_beside(rho_of(ek), k, true, a_t, digest_job(ek, {}, h_ek), hash_isa_);
    const auto kr = hash_g(m, h_ek);  // (K, r)
    const WipeOnExit wipe_kr(kr);
    pke_encrypt(ek, m, std::span<const std::uint8_t, 32>(kr.data() + 32, 32), ct, a_t);
    if constexpr (P::version == Version::fips203) {
      std::copy(kr.begin(), kr.begin() + 32, ss.begin());
    } else {
      kdf(std::span<const std::uint8_t, 32>(kr.data(), 32), ct, ss);
    }
  }

  // Round 3 hashes the random bytes before use ("do not send RNG output").
  void encaps_from_random(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> ek,
                          std::span<const std::uint8_t, 32> random, bool key_checked = false) const {
    if constexpr (P::version == Version::round3) {
      const auto m = keccak::sha3_256(random, hash_isa_);
      const WipeOnExit wipe_m(m);
      encaps_internal(ct, ss, ek, m, key_checked);
    } else {
      encaps_internal(ct, ss, ek, random, key_checked);
    }
  }

  // FIPS 203 Algorithm 18 with the checks of section 7.3; implicit rejection.
  // (key_checked: as for encaps_internal, the section 7.3 check was done when dk was loaded.)
  void decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct, std::span<const std::uint8_t> dk,
              bool key_checked = false) const {
    check_length(dk, P::dk_bytes, "decapsulation key");
    check_length(ct, P::ct_bytes, "ciphertext");
    check_length(ss, P::ss_bytes, "shared secret buffer");
    const auto dk_pke = dk.first(P::dk_pke_bytes);
    const auto ek = dk.subspan(P::dk_pke_bytes, P::ek_bytes);
    const auto h = dk.subspan(P::dk_pke_bytes + P::ek_bytes, 32);
    const auto z = std::span<const std::uint8_t, 32>(dk.data() + P::dk_pke_bytes + P::ek_bytes + 32, 32);
    if (!key_checked) check_decapsulation_key(dk);
    std::array<std::uint8_t, 32> m_prime;
    const WipeOnExit wipe_m_prime(m_prime);
    pke_decrypt(dk_pke, ct, m_prime);
    const auto kr = hash_g(m_prime, h);
    const WipeOnExit wipe_kr(kr);
    const auto r = std::span<const std::uint8_t, 32>(kr.data() + 32, 32);
    // The hash of the ciphertext the end needs (ML-KEM: K_bar = J(z || c);
    // round 3: H(c) for the KDF), A^T and the noise of the re-encryption: on
    // a SIMD ISA all on the 4-way Keccak lanes at once.
    std::array<std::uint8_t, 32> ct_digest;
    Matrix a_t = unzeroed<k * k>();
    auto noise_polys = unzeroed<2 * k + 1>();
    // (J(z || c) is the shared secret of a rejected ciphertext; c' and the
    // noise are functions of m'.)
    const WipeOnExit wipe_rest(ct_digest, noise_polys);
    const auto job = P::version == Version::fips203 ? shake256_job(z, ct, ct_digest) : digest_job(ct, {}, ct_digest);
    const auto etas = encrypt_etas();
    const NoiseBeside noise_job{r, 0, etas, noise_polys};
    sample_in_lanes(rho_of(ek), k, true, a_t, &job, &noise_job, hash_isa_);
    std::array<std::uint8_t, P::ct_bytes> ct_prime;
    const WipeOnExit wipe_ct_prime(ct_prime);
    pke_encrypt(ek, m_prime, r, ct_prime, a_t, &noise_polys);
    const std::uint8_t reject = ct::differ(ct, ct_prime);
    if constexpr (P::version == Version::fips203) {
      // K_bar = J(z || c).
      std::copy(kr.begin(), kr.begin() + 32, ss.begin());
      ct::conditional_move(ss, ct_digest, reject);
    } else {
      // KDF(K_bar' || H(c)) on success, KDF(z || H(c)) on failure.
      std::array<std::uint8_t, 32> pre;
      const WipeOnExit wipe_pre(pre);
      std::copy(kr.begin(), kr.begin() + 32, pre.begin());
      ct::conditional_move(pre, z, reject);
      kdf_of_hash(pre, ct_digest, ss);
    }
  }

 private:
  static void check_length(std::span<const std::uint8_t> s, std::size_t expected, const char* what) {
    if (s.size() != expected)
      throw InvalidInput(std::string(P::name) + ": " + what + " must be " + std::to_string(expected) + " bytes, not " +
                         std::to_string(s.size()));
  }

  // G(a || b) = SHA3-512.
  std::array<std::uint8_t, 64> hash_g(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) const {
    keccak::Sha3_512 g(hash_isa_);
    g.absorb(a);
    g.absorb(b);
    std::array<std::uint8_t, 64> out;
    g.squeeze(out);
    return out;
  }

  // Round 3 KDF(K || H(c)) = SHAKE256, 32 bytes.
  void kdf(std::span<const std::uint8_t, 32> key, std::span<const std::uint8_t> ct, std::span<std::uint8_t> ss) const {
    kdf_of_hash(key, keccak::sha3_256(ct, hash_isa_), ss);
  }
  void kdf_of_hash(std::span<const std::uint8_t, 32> key, std::span<const std::uint8_t, 32> h_c,
                   std::span<std::uint8_t> ss) const {
    keccak::Shake256 x(hash_isa_);
    x.absorb(key);
    x.absorb(h_c);
    x.squeeze(ss);
  }

  static std::span<const std::uint8_t, 32> rho_of(std::span<const std::uint8_t> ek) {
    return std::span<const std::uint8_t, 32>(ek.data() + P::dk_pke_bytes, 32);
  }

  // Hashes run beside the matrix (sample_matrix_beside) writing a 32-byte
  // digest: SHA3-256(a || b), and SHAKE256(a || b) cut to 32 bytes.
  static HashBeside digest_job(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                               std::array<std::uint8_t, 32>& out) {
    return HashBeside{keccak::sha3_256_rate, keccak::sha3_domain, {a, b}, out};
  }
  static HashBeside shake256_job(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                                 std::array<std::uint8_t, 32>& out) {
    return HashBeside{keccak::shake256_rate, keccak::shake_domain, {a, b}, out};
  }

  // The etas of K-PKE.Encrypt's noise: y (eta1), e1 and e2 (eta2).
  static std::array<unsigned, 2 * k + 1> encrypt_etas() {
    std::array<unsigned, 2 * k + 1> etas;
    etas.fill(P::eta2);
    std::fill(etas.begin(), etas.begin() + k, P::eta1);
    return etas;
  }

  // N noise polynomials: out[t] = SamplePolyCBD_eta[t](PRF(seed, first_nonce + t)),
  // scheduled for the Keccak kernels of hash_isa_ (sample_noise_polys).
  template <std::size_t N>
  void noise(std::span<const std::uint8_t, 32> seed, std::uint8_t first_nonce, const std::array<unsigned, N>& eta,
             std::array<KPoly, N>& out) const {
    sample_noise_polys(seed, first_nonce, eta, out, hash_isa_);
  }

  // The operands of a vector for the cached strategy (in place where the
  // multiplier's storage allows: TransformedArray).
  using Operands = TransformedArray<M, k>;
  void cache_operands(VectorView v, Operands& out) const {
    if (strategy_ == Strategy::cached) out.transform(m_, v);
  }

  // sum_j f^_j * v_j in the normal domain, f^ given in the NTT domain (one
  // row of rows_inverse).
  KPoly inner_product_ntt(VectorView f_hat, VectorView v, const Operands& cached) const {
    KPoly sum(uninitialized);  // (the caller's to wipe: returned in place)
    rows_inverse(f_hat, v, cached, RowRange{0, 1}, [&](std::size_t, const KPoly& product) { sum = product; });
    return sum;
  }

  // Whether the multiplier computes a row finished by an inverse in one pass
  // (the SIMD NTT multipliers: products summed in registers and reduced
  // once, no accumulator), from canonical entries and v's cached operands.
  static constexpr bool one_pass_rows =
      requires(std::span<const std::array<std::uint16_t, 256>* const> c, std::span<const typename M::operand> y,
               KPoly& out) {
        M::inverse_of_row_canonical(c, y, out);
        requires M::max_row_products >= k;
      };

  // Rows of E v (as rows_times) in the normal domain: put(row, product).
  template <class Put>
  void rows_inverse(std::span<const KPoly> entries, VectorView v, const Operands& cached, RowRange rows,
                    Put&& put) const {
    KPoly product(uninitialized);
    const WipeOnExit wipe_product(product);  // (a row with a secret factor)
    if constexpr (one_pass_rows) {
      if (strategy_ == Strategy::cached && !cached.empty()) {
        std::array<const std::array<std::uint16_t, 256>*, k> row;
        for (std::size_t i = rows.first; i < rows.end; ++i) {
          for (std::size_t j = 0; j < k; ++j) row[j] = &entries[k * i + j].coeffs;
          M::inverse_of_row_canonical(row, cached.view(), product);
          put(i, std::as_const(product));
        }
        return;
      }
    }
    rows_times(
        entries, v, cached, rows,
        [&](std::size_t row, const typename M::accumulator& acc) {
          m_.inverse(acc, product);
          put(row, std::as_const(product));
        },
        put);
  }

  // K-PKE's products on the shared strategies (module_rows): rows of E v, E
  // row-major with k columns in the NTT domain (A^, A^T, t^, s^), its entries
  // met through the bridge. Lazy and cached: `finish(row, acc)`; eager:
  // `finish_normal(row, sum)`. `cached`: v's operands for the cached
  // strategy, else empty.
  template <class Finish, class FinishNormal>
  void rows_times(std::span<const KPoly> entries, VectorView v, const Operands& cached, RowRange rows, Finish&& finish,
                  FinishNormal&& finish_normal) const {
    auto scratch = m_.make_operand();
    const WipeOnExit wipe_scratch(scratch);  // (an entry of s^ where the bridge converts one)
    module_rows(
        m_, strategy_, std::span<const KPoly>(v), cached.view(), rows,
        [&](typename M::accumulator& acc, std::size_t row, std::size_t col, const typename M::operand& x, bool first) {
          Bridge::multiply_ntt(m_, acc, entries[k * row + col], scratch, x, first);
        },
        finish, finish_normal);
  }

  // Vector{f(0), ..., f(k - 1)}, each polynomial built in place (no zeroed
  // temporaries to copy over: every KPoly starts zeroed).
  template <class F>
  static Vector vector_of(F&& f) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) { return Vector{f(unsigned{I})...}; }(std::make_index_sequence<k>{});
  }

  // K-PKE.KeyGen (FIPS 203 Algorithm 13), and H(ek) into ek_digest (which
  // keygen_internal stores in dk). Defined in kyber_pke.hpp, as are the two
  // below and KeygenRows (its rows of t^).
  struct KeygenRows;
  void pke_keygen(std::span<const std::uint8_t, 32> d, std::span<std::uint8_t> ek, std::span<std::uint8_t> dk_pke,
                  std::span<std::uint8_t, 32> ek_digest) const;
  // K-PKE.Encrypt (FIPS 203 Algorithm 14), given A^T (sampled by the caller
  // beside a hash). sampled_noise: y, e1, e2 when sampled already (PRF(r, 0 .. 2k)), else null.
  void pke_encrypt(std::span<const std::uint8_t> ek, std::span<const std::uint8_t, 32> msg,
                   std::span<const std::uint8_t, 32> r, std::span<std::uint8_t> ct, const Matrix& a_t,
                   const std::array<KPoly, 2 * k + 1>* sampled_noise = nullptr) const;
  // K-PKE.Decrypt (FIPS 203 Algorithm 15).
  void pke_decrypt(std::span<const std::uint8_t> dk_pke, std::span<const std::uint8_t> ct,
                   std::span<std::uint8_t, 32> msg) const;

  M m_;
  Strategy strategy_;
  Isa hash_isa_;
  const PolyKernels& poly_;  // the polynomial kernels of hash_isa_, chosen once
};

}  // namespace pqmul::kyber

#include "pqmul/schemes/kyber/kyber_pke.hpp"
