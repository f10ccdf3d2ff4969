#pragma once
// Member definitions of Saber<P, M>; included only by the translation units
// that explicitly instantiate the scheme for a multiplier type.
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/constant_time.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/saber/rounding.hpp"
#include "pqmul/schemes/saber/sampling.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/common/secret_marks.hpp"
#include "pqmul/schemes/saber/saber.hpp"

namespace pqmul {
namespace saber::detail {

inline void require_length(std::size_t have, std::size_t want, const char* what) {
  if (have != want)
    throw InvalidInput(std::string("saber: ") + what + " must be " + std::to_string(want) + " bytes, not " +
                       std::to_string(have));
}

inline void require_rank(std::size_t have, std::size_t want, const char* what) {
  if (have != want)
    throw std::invalid_argument(std::string("saber: ") + what + " must hold " + std::to_string(want) +
                                " polynomials, not " + std::to_string(have));
}

inline void shake128(std::span<std::uint8_t> out, std::span<const std::uint8_t> in, Isa isa) {
  keccak::Shake128 h(isa);
  h.absorb(in);
  h.squeeze(out);
}

}  // namespace saber::detail

template <saber::ParameterSet P, Multiplier M>
Saber<P, M>::Saber(M m, Strategy strategy, std::string multiplier_name, Isa isa)
    : m_(std::move(m)),
      strategy_(strategy),
      multiplier_name_(std::move(multiplier_name)),
      isa_(isa),
      kernels_(saber::saber_kernels(isa)),
      keygen_schedule_(keccak::keccak_kernels(isa).permute_x4.isa == Isa::avx512
                           ? keccak::SpongeLanes::Schedule::automatic
                           : keccak::SpongeLanes::Schedule::one_at_a_time) {
  // Lazy and cached sum l products before one inverse; refuse a multiplier that cannot.
  require_accumulation(m_, strategy_ == Strategy::eager ? 1 : l);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::matrix_vector(std::span<const SaberPoly> a, std::span<const SaberPoly> s, std::span<SaberPoly> out,
                                Transpose t, ModuleStats* stats) const {
  saber::detail::require_rank(a.size(), l * l, "the matrix");
  saber::detail::require_rank(s.size(), l, "the vector");
  saber::detail::require_rank(out.size(), l, "the result");
  pqmul::matrix_vector(m_, a, s, out, t, strategy_, stats);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::inner_product(std::span<const SaberPoly> b, std::span<const SaberPoly> s, SaberPoly& out,
                                ModuleStats* stats) const {
  saber::detail::require_rank(b.size(), l, "the first vector");
  saber::detail::require_rank(s.size(), l, "the second vector");
  pqmul::inner_product(m_, b, s, out, strategy_, stats);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::encryption_products(std::span<const SaberPoly> a, std::span<const SaberPoly> sp,
                                      std::span<const SaberPoly> b, std::span<SaberPoly> bp, SaberPoly& vp,
                                      ModuleStats* stats) const {
  if (strategy_ != Strategy::cached) {
    matrix_vector(a, sp, bp, Transpose::no, stats);
    inner_product(b, sp, vp, stats);
    return;
  }
  saber::detail::require_rank(a.size(), l * l, "the matrix");
  saber::detail::require_rank(sp.size(), l, "the secret vector");
  saber::detail::require_rank(b.size(), l, "the public vector");
  saber::detail::require_rank(bp.size(), l, "the result");
  ModuleStats local;
  const auto transformed = transform_vector(m_, sp, &local);
  pqmul::matrix_vector(m_, a, transformed, bp, Transpose::no, &local);
  pqmul::inner_product(m_, b, transformed, vp, &local);
  if (stats) stats->merge(local, strategy_bytes(m_, strategy_, l));
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource& rng,
                          ModuleStats* stats) const {
  saber::detail::require_length(pk.size(), sizes::public_key_bytes, "public key");
  saber::detail::require_length(sk.size(), sizes::secret_key_bytes, "secret key");
  std::array<std::uint8_t, saber::seed_bytes> drawn{}, seed_a{};
  std::array<std::uint8_t, saber::noise_seed_bytes> seed_s{};
  const WipeOnExit wipe_seeds(drawn, seed_s);
  rng.fill(drawn);
  saber::detail::shake128(seed_a, drawn, isa_);  // the public seed does not reveal the generator's output
  ct::declassify(std::span<const std::uint8_t>(seed_a));  // public: pk carries it
  rng.fill(seed_s);

  // GenMatrix(seed_A) and GenSecret(seed_s): the two SHAKE128 streams.
  std::array<std::uint8_t, l * l * sizes::poly_q_bytes> matrix_stream;
  std::array<std::uint8_t, l * sizes::poly_coin_bytes> coins;
  keccak::SpongeLanes lanes(isa_, keygen_schedule_);
  lanes.start(keccak::shake128_rate, keccak::shake_domain, seed_a, matrix_stream);
  lanes.start(keccak::shake128_rate, keccak::shake_domain, seed_s, coins);
  lanes.finish();
  std::array<SaberPoly, l * l> a;
  std::array<SaberPoly, l> s, b;
  const WipeOnExit wipe_secrets(coins, s);
  saber::matrix_from_stream(matrix_stream, l, a, kernels_);
  saber::secret_from_stream(coins, P::mu, s, kernels_);
  matrix_vector(a, s, b, Transpose::yes, stats);
  saber::round_q_to_p(b, kernels_);

  const auto pk_vector = pk.first(sizes::vec_p_bytes);
  saber::pack_vector(b, saber::ep, pk_vector, kernels_);
  std::copy(seed_a.begin(), seed_a.end(), pk.begin() + sizes::vec_p_bytes);
  ct::declassify(pk);  // public, not a secret (sk carries a copy and its hash)

  // sk = s (13-bit) || pk || H(pk) || z
  saber::pack_vector(s, saber::eq, sk.first(sizes::indcpa_secret_key_bytes), kernels_);
  auto rest = sk.subspan(sizes::indcpa_secret_key_bytes);
  std::copy(pk.begin(), pk.end(), rest.begin());
  const auto pk_hash = keccak::sha3_256(pk, isa_);
  std::copy(pk_hash.begin(), pk_hash.end(), rest.begin() + sizes::public_key_bytes);
  rng.fill(rest.subspan(sizes::public_key_bytes + saber::hash_bytes, saber::key_bytes));
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::cpa_encrypt(std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 32> seed,
                              std::span<const std::uint8_t> pk, std::span<std::uint8_t> ct,
                              ModuleStats* stats) const {
  saber::detail::require_length(pk.size(), sizes::public_key_bytes, "public key");
  saber::detail::require_length(ct.size(), sizes::ciphertext_bytes, "ciphertext");
  std::array<SaberPoly, l * l> a;
  std::array<SaberPoly, l> sp;
  const WipeOnExit wipe_sp(sp);
  saber::gen_matrix(pk.subspan(sizes::vec_p_bytes).template first<saber::seed_bytes>(), l, a, isa_);
  saber::gen_secret(seed, P::mu, sp, isa_);
  cpa_encrypt_sampled(m, a, sp, pk, ct, stats);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::cpa_encrypt_sampled(std::span<const std::uint8_t, 32> m, std::span<const SaberPoly> a,
                                      std::span<const SaberPoly> sp, std::span<const std::uint8_t> pk,
                                      std::span<std::uint8_t> ct, ModuleStats* stats) const {
  std::array<SaberPoly, l> b, bp;
  SaberPoly vp, message;
  const WipeOnExit wipe_secrets(bp, vp, message);  // (secret until rounded and packed)
  saber::unpack_vector(pk.first(sizes::vec_p_bytes), saber::ep, b, kernels_);
  encryption_products(a, sp, b, bp, vp, stats);

  saber::round_q_to_p(bp, kernels_);
  saber::pack_vector(bp, saber::ep, ct.first(sizes::vec_p_bytes), kernels_);

  saber::message_to_poly(m, message, kernels_);
  saber::round_message(vp, message, P::et, kernels_);
  saber::pack_poly(vp, P::et, ct.subspan(sizes::vec_p_bytes), kernels_);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::cpa_decrypt(std::span<const std::uint8_t> secret, std::span<const std::uint8_t> ct,
                              std::span<std::uint8_t, 32> m, ModuleStats* stats) const {
  saber::detail::require_length(secret.size(), sizes::indcpa_secret_key_bytes, "IND-CPA secret key");
  saber::detail::require_length(ct.size(), sizes::ciphertext_bytes, "ciphertext");
  std::array<SaberPoly, l> s, b;
  SaberPoly v, cm;
  const WipeOnExit wipe_secrets(s, v);
  unpack_secret(secret, s);
  saber::unpack_vector(ct.first(sizes::vec_p_bytes), saber::ep, b, kernels_);
  inner_product(b, s, v, stats);
  saber::unpack_poly(ct.subspan(sizes::vec_p_bytes), P::et, cm, kernels_);
  saber::recover_message(v, cm, P::et, kernels_);
  saber::poly_to_message(v, m, kernels_);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::unpack_secret(std::span<const std::uint8_t> secret, std::span<SaberPoly, l> s) const {
  saber::unpack_vector(secret, saber::eq, s, kernels_);
  // The NTT multipliers' moduli hold the products of sampled secrets only
  // (saber_ntt.cpp): another secret would give a wrong key, not an error.
  std::uint8_t outside = saber::secret_out_of_range(s, P::mu);
  ct::declassify_bytes(&outside, sizeof outside);  // whether the key is malformed, not the secret
  if (outside)
    throw InvalidInput(std::string(P::name) + ": secret key has a secret coefficient outside [-mu/2, mu/2] = [-" +
                       std::to_string(P::mu / 2) + ", " + std::to_string(P::mu / 2) + "]");
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::check_secret_key(std::span<const std::uint8_t> sk) const {
  saber::detail::require_length(sk.size(), sizes::secret_key_bytes, "secret key");
  std::array<SaberPoly, l> s;
  const WipeOnExit wipe_s(s);
  unpack_secret(sk.first(sizes::indcpa_secret_key_bytes), s);
}

template <saber::ParameterSet P, Multiplier M>
template <class Hashes>
void Saber<P, M>::cpa_encrypt_beside(std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 64> kr,
                                     std::span<const std::uint8_t> pk, std::span<std::uint8_t> ct, ModuleStats* stats,
                                     Hashes&& hashes) const {
  std::array<std::uint8_t, l * l * sizes::poly_q_bytes> matrix_stream;
  std::array<std::uint8_t, l * sizes::poly_coin_bytes> coins;
  std::array<SaberPoly, l> sp;
  const WipeOnExit wipe_secrets(coins, sp);
  keccak::SpongeLanes lanes(isa_);
  const auto seed_a = pk.subspan(sizes::vec_p_bytes, saber::seed_bytes);
  lanes.start(keccak::shake128_rate, keccak::shake_domain, seed_a, matrix_stream);
  hashes(lanes);
  lanes.start(keccak::shake128_rate, keccak::shake_domain, kr.last(32), coins);
  lanes.finish();
  std::array<SaberPoly, l * l> a;
  saber::matrix_from_stream(matrix_stream, l, a, kernels_);
  saber::secret_from_stream(coins, P::mu, sp, kernels_);
  cpa_encrypt_sampled(m, a, sp, pk, ct, stats);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
                         RandomSource& rng, ModuleStats* stats) const {
  saber::detail::require_length(ct.size(), sizes::ciphertext_bytes, "ciphertext");
  saber::detail::require_length(ss.size(), sizes::shared_secret_bytes, "shared secret");
  saber::detail::require_length(pk.size(), sizes::public_key_bytes, "public key");
  std::array<std::uint8_t, 32> drawn{};
  std::array<std::uint8_t, 64> buf{}, kr{};
  const WipeOnExit wipe_secrets(drawn, buf, kr);
  rng.fill(drawn);
  const std::span<const std::uint8_t, 32> m_view(buf.data(), 32);
  // m = H(drawn) (the message does not reveal the generator's output) and
  // H(pk), then K || coins = G(m || H(pk)), beside the matrix stream.
  cpa_encrypt_beside(m_view, kr, pk, ct, stats, [&](keccak::SpongeLanes& lanes) {
    const auto m_lane = lanes.start(keccak::sha3_256_rate, keccak::sha3_domain, drawn, std::span(buf).first(32));
    const auto h_lane = lanes.start(keccak::sha3_256_rate, keccak::sha3_domain, pk, std::span(buf).last(32));
    while (lanes.busy(m_lane) || lanes.busy(h_lane)) lanes.step();
    const auto kr_lane = lanes.start(keccak::sha3_512_rate, keccak::sha3_domain, buf, kr);
    while (lanes.busy(kr_lane)) lanes.step();
  });
  const auto ct_hash = keccak::sha3_256(ct, isa_);
  std::copy(ct_hash.begin(), ct_hash.end(), kr.begin() + 32);
  const auto key = keccak::sha3_256(kr, isa_);
  const WipeOnExit wipe_key(key);
  std::copy(key.begin(), key.end(), ss.begin());
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::decaps(std::span<std::uint8_t> ss, std::span<const std::uint8_t> ct,
                         std::span<const std::uint8_t> sk, ModuleStats* stats) const {
  saber::detail::require_length(ss.size(), sizes::shared_secret_bytes, "shared secret");
  saber::detail::require_length(ct.size(), sizes::ciphertext_bytes, "ciphertext");
  saber::detail::require_length(sk.size(), sizes::secret_key_bytes, "secret key");
  const auto secret = sk.first(sizes::indcpa_secret_key_bytes);
  const auto pk = sk.subspan(sizes::indcpa_secret_key_bytes, sizes::public_key_bytes);
  const auto pk_hash = sk.subspan(sizes::indcpa_secret_key_bytes + sizes::public_key_bytes, saber::hash_bytes);
  const auto z = sk.subspan(sizes::secret_key_bytes - saber::key_bytes, saber::key_bytes);

  std::array<std::uint8_t, 64> buf{}, kr{};
  std::array<std::uint8_t, sizes::ciphertext_bytes> again;
  std::array<std::uint8_t, 32> ct_hash;
  const WipeOnExit wipe_secrets(buf, kr, again);
  cpa_decrypt(secret, ct, std::span<std::uint8_t, 32>(buf.data(), 32), stats);
  std::copy(pk_hash.begin(), pk_hash.end(), buf.begin() + 32);
  const std::span<const std::uint8_t, 32> m_view(buf.data(), 32);
  // H(c) (finished by the end of the encryption's streams) and G(m' || H(pk)).
  cpa_encrypt_beside(m_view, kr, pk, again, stats, [&](keccak::SpongeLanes& lanes) {
    lanes.start(keccak::sha3_256_rate, keccak::sha3_domain, ct, ct_hash);
    const auto kr_lane = lanes.start(keccak::sha3_512_rate, keccak::sha3_domain, buf, kr);
    while (lanes.busy(kr_lane)) lanes.step();
  });
  const std::uint8_t fail = saber::ciphertexts_differ(ct, again, kernels_);
  std::copy(ct_hash.begin(), ct_hash.end(), kr.begin() + 32);
  // Implicit rejection: a ciphertext that does not re-encrypt gives H(z || H(c)).
  ct::conditional_move(std::span<std::uint8_t>(kr.data(), saber::key_bytes), z, fail);
  const auto key = keccak::sha3_256(kr, isa_);
  const WipeOnExit wipe_key(key);
  std::copy(key.begin(), key.end(), ss.begin());
}

}  // namespace pqmul
