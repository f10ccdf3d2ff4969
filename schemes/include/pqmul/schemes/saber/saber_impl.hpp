#pragma once
// Member definitions of Saber<P, M>; included only by the translation units
// that explicitly instantiate the scheme for a multiplier type.
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "pqmul/schemes/common/constant_time.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/saber/sampling.hpp"
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

// Sums the counts of `part` into `total` (bytes held: the larger of the two).
inline void merge(ModuleStats* total, const ModuleStats& part) {
  if (!total) return;
  total->transforms += part.transforms;
  total->products += part.products;
  total->inverses += part.inverses;
  total->poly_additions += part.poly_additions;
  total->bytes_held = std::max(total->bytes_held, part.bytes_held);
}

constexpr std::uint16_t q_mask = (1u << eq) - 1;
constexpr std::uint16_t p_mask = (1u << ep) - 1;

// q -> p rounding of the products A s and A s': (x + h1) >> (eq - ep), mod p.
inline void round_q_to_p(std::span<SaberPoly> v) {
  for (auto& poly : v)
    for (auto& c : poly.coeffs) c = static_cast<std::uint16_t>(((c + h1) & q_mask) >> (eq - ep));
}

}  // namespace saber::detail

template <saber::ParameterSet P, Multiplier M>
Saber<P, M>::Saber(M m, Strategy strategy, std::string multiplier_name, std::string isa)
    : m_(std::move(m)), strategy_(strategy), multiplier_name_(std::move(multiplier_name)), isa_(std::move(isa)) {
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
  local.bytes_held = std::max(local.bytes_held, strategy_bytes(m_, strategy_, l));
  saber::detail::merge(stats, local);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::keypair(std::span<std::uint8_t> pk, std::span<std::uint8_t> sk, RandomSource& rng,
                          ModuleStats* stats) const {
  saber::detail::require_length(pk.size(), sizes::public_key_bytes, "public key");
  saber::detail::require_length(sk.size(), sizes::secret_key_bytes, "secret key");
  std::array<std::uint8_t, saber::seed_bytes> drawn{}, seed_a{};
  std::array<std::uint8_t, saber::noise_seed_bytes> seed_s{};
  rng.fill(drawn);
  keccak::shake128(seed_a, drawn);  // the public seed does not reveal the generator's output
  rng.fill(seed_s);

  std::array<SaberPoly, l * l> a;
  std::array<SaberPoly, l> s, b;
  saber::gen_matrix(seed_a, l, a);
  saber::gen_secret(seed_s, P::mu, s);
  matrix_vector(a, s, b, Transpose::yes, stats);
  saber::detail::round_q_to_p(b);

  const auto pk_vector = pk.first(sizes::vec_p_bytes);
  saber::pack_vector(b, saber::ep, pk_vector);
  std::copy(seed_a.begin(), seed_a.end(), pk.begin() + sizes::vec_p_bytes);

  // sk = s (13-bit) || pk || H(pk) || z
  saber::pack_vector(s, saber::eq, sk.first(sizes::indcpa_secret_key_bytes));
  auto rest = sk.subspan(sizes::indcpa_secret_key_bytes);
  std::copy(pk.begin(), pk.end(), rest.begin());
  const auto pk_hash = keccak::sha3_256(pk);
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
  std::array<SaberPoly, l> sp, b, bp;
  SaberPoly vp, message;
  saber::gen_matrix(pk.subspan(sizes::vec_p_bytes).template first<saber::seed_bytes>(), l, a);
  saber::gen_secret(seed, P::mu, sp);
  saber::unpack_vector(pk.first(sizes::vec_p_bytes), saber::ep, b);
  encryption_products(a, sp, b, bp, vp, stats);

  saber::detail::round_q_to_p(bp);
  saber::pack_vector(bp, saber::ep, ct.first(sizes::vec_p_bytes));

  // v' - 2^(ep-1) m + h1, mod p, keeping its top et bits.
  saber::message_to_poly(m, message);
  for (std::size_t i = 0; i < saber::n; ++i) {
    const unsigned c = vp[i] - (unsigned{message[i]} << (saber::ep - 1)) + saber::h1;
    vp[i] = static_cast<std::uint16_t>((c & saber::detail::p_mask) >> (saber::ep - P::et));
  }
  saber::pack_poly(vp, P::et, ct.subspan(sizes::vec_p_bytes));
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::cpa_decrypt(std::span<const std::uint8_t> secret, std::span<const std::uint8_t> ct,
                              std::span<std::uint8_t, 32> m, ModuleStats* stats) const {
  saber::detail::require_length(secret.size(), sizes::indcpa_secret_key_bytes, "IND-CPA secret key");
  saber::detail::require_length(ct.size(), sizes::ciphertext_bytes, "ciphertext");
  std::array<SaberPoly, l> s, b;
  SaberPoly v, cm;
  saber::unpack_vector(secret, saber::eq, s);
  saber::unpack_vector(ct.first(sizes::vec_p_bytes), saber::ep, b);
  inner_product(b, s, v, stats);
  saber::unpack_poly(ct.subspan(sizes::vec_p_bytes), P::et, cm);
  // (v + h2 - 2^(ep-et) cm) mod p, top bit.
  for (std::size_t i = 0; i < saber::n; ++i) {
    const unsigned c = v[i] + saber::h2<P> - (unsigned{cm[i]} << (saber::ep - P::et));
    v[i] = static_cast<std::uint16_t>((c & saber::detail::p_mask) >> (saber::ep - 1));
  }
  saber::poly_to_message(v, m);
}

template <saber::ParameterSet P, Multiplier M>
void Saber<P, M>::encaps(std::span<std::uint8_t> ct, std::span<std::uint8_t> ss, std::span<const std::uint8_t> pk,
                         RandomSource& rng, ModuleStats* stats) const {
  saber::detail::require_length(ct.size(), sizes::ciphertext_bytes, "ciphertext");
  saber::detail::require_length(ss.size(), sizes::shared_secret_bytes, "shared secret");
  saber::detail::require_length(pk.size(), sizes::public_key_bytes, "public key");
  std::array<std::uint8_t, 32> drawn{};
  std::array<std::uint8_t, 64> buf{}, kr{};
  rng.fill(drawn);
  const auto m = keccak::sha3_256(drawn);  // the message does not reveal the generator's output
  const auto pk_hash = keccak::sha3_256(pk);
  std::copy(m.begin(), m.end(), buf.begin());
  std::copy(pk_hash.begin(), pk_hash.end(), buf.begin() + 32);
  kr = keccak::sha3_512(buf);  // pre-key || coins
  cpa_encrypt(std::span<const std::uint8_t, 32>(buf.data(), 32), std::span<const std::uint8_t, 32>(kr.data() + 32, 32),
              pk, ct, stats);
  const auto ct_hash = keccak::sha3_256(ct);
  std::copy(ct_hash.begin(), ct_hash.end(), kr.begin() + 32);
  const auto key = keccak::sha3_256(kr);
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
  std::vector<std::uint8_t> again(sizes::ciphertext_bytes);
  cpa_decrypt(secret, ct, std::span<std::uint8_t, 32>(buf.data(), 32), stats);
  std::copy(pk_hash.begin(), pk_hash.end(), buf.begin() + 32);
  kr = keccak::sha3_512(buf);
  cpa_encrypt(std::span<const std::uint8_t, 32>(buf.data(), 32), std::span<const std::uint8_t, 32>(kr.data() + 32, 32),
              pk, again, stats);
  const std::uint8_t fail = ct::differ(ct, again);
  const auto ct_hash = keccak::sha3_256(ct);
  std::copy(ct_hash.begin(), ct_hash.end(), kr.begin() + 32);
  // Implicit rejection: a ciphertext that does not re-encrypt gives H(z || H(c)).
  ct::conditional_move(std::span<std::uint8_t>(kr.data(), saber::key_bytes), z, fail);
  const auto key = keccak::sha3_256(kr);
  std::copy(key.begin(), key.end(), ss.begin());
}

}  // namespace pqmul
