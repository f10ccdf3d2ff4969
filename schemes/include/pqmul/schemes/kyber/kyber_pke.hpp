#pragma once
// K-PKE of Kyber<P, M> (FIPS 203 Algorithms 13 to 15): the member definitions
// of kyber_scheme.hpp, which includes this file at its end. The Keccak work
// is scheduled by the sampling layer (sample_keygen, sample_in_lanes) for
// hash_isa_'s kernels; the steps here are the standard's.
#include "pqmul/schemes/kyber/kyber_scheme.hpp"

namespace pqmul::kyber {

// t^ = A^ o s^ + e^ of K-PKE.KeyGen, encoded into ek in the NTT domain as
// the sampling schedule (sample_keygen) asks for rows. The schedule's
// callbacks hold a pointer to this (and to the KEM) only, so they are stored
// without an allocation.
template <class P, Multiplier M>
  requires std::same_as<typename M::ring, KyberRing>
struct Kyber<P, M>::KeygenRows {
  const Kyber& kem;
  const Matrix& a;
  VectorView s, e;
  Operands& s_ops;
  std::span<std::uint8_t> ek;
  // A row by parts: its accumulator, NTT(e_row) unreduced, and t^_row.
  struct Parts {
    Parts() {}  // (written before read: left uninitialized, as the multipliers' storage is)
    typename M::accumulator acc;
    typename M::operand e_hat;
    KPoly t_hat{uninitialized};
    void wipe() noexcept {
      pqmul::wipe(acc);
      pqmul::wipe(e_hat);
    }
  };
  std::optional<Parts> parts;

  std::span<std::uint8_t> row_bytes(std::size_t row) const { return ek.subspan(P::poly_bytes * row, P::poly_bytes); }

  // Rows [first, end); the first call caches s^ (cached strategy).
  void encode_rows(unsigned first, unsigned end) {
    if (first == 0) kem.cache_operands(s, s_ops);
    if constexpr (row_sums_in_one_pass) {
      if (by_parts()) {  // each row as one part: its products and e^ summed in one pass
        for (unsigned row = first; row < end; ++row) encode_row_part(row, 0, 256);
        return;
      }
    }
    kem.rows_times(
        a, s, s_ops, RowRange{first, end},
        [&](std::size_t row, const typename M::accumulator& acc) {
          byte_encode(Bridge::sum_to_ntt(kem.m_, acc, e[row]), 12, row_bytes(row), kem.poly_);
        },
        [&](std::size_t row, const KPoly& sum) { byte_encode(ntt(add(sum, e[row])), 12, row_bytes(row), kem.poly_); });
  }

  // Whether the multiplier sums a row's products and e^ in one pass
  // (ntt_row_sum_coefficients: the SIMD NTT multipliers), not through the accumulator.
  static constexpr bool row_sums_in_one_pass =
      requires(std::array<std::uint16_t, 256>& out, std::span<const std::array<std::uint16_t, 256>* const> c,
               std::span<const typename M::operand> y, const typename M::operand& e_hat) {
        M::ntt_row_sum_coefficients(out, c, y, e_hat, std::size_t{0}, std::size_t{256});
        requires M::max_row_products >= k;
      };

  // Whether rows can be computed by parts of their coefficients (the base
  // multiplication is coefficient-wise): where the bridge can, from the cached s^.
  bool by_parts() const { return Bridge::by_parts && kem.strategy_ == Strategy::cached; }

  // Coefficients [from, to) of a row (by_parts() only), in order from 0.
  void encode_row_part(unsigned row, std::size_t from, std::size_t to) {
    if constexpr (Bridge::by_parts) {
      if (from == 0) {
        parts.emplace();
        M::transform_unreduced(e[row], parts->e_hat);
      }
      if constexpr (row_sums_in_one_pass) {
        std::array<const std::array<std::uint16_t, 256>*, k> entries;
        for (unsigned c = 0; c < k; ++c) entries[c] = &a[k * row + c].coeffs;
        M::ntt_row_sum_coefficients(parts->t_hat.coeffs, entries, s_ops.view(), parts->e_hat, from, to);
      } else {
        for (unsigned c = 0; c < k; ++c)
          M::multiply_canonical(parts->acc, a[k * row + c].coeffs, s_ops[c], c == 0, from, to);
        M::ntt_sum_coefficients(parts->t_hat.coeffs, parts->acc, parts->e_hat, from, to);
      }
      byte_encode_12_part(parts->t_hat, from, to, row_bytes(row), kem.poly_);
    }
  }
};

// K-PKE.KeyGen (FIPS 203 Algorithm 13).
template <class P, Multiplier M>
  requires std::same_as<typename M::ring, KyberRing>
void Kyber<P, M>::pke_keygen(std::span<const std::uint8_t, 32> d, std::span<std::uint8_t> ek,
                             std::span<std::uint8_t> dk_pke, std::span<std::uint8_t, 32> ek_digest) const {
  std::array<std::uint8_t, 64> rho_sigma;
  if constexpr (P::version == Version::fips203) {
    const std::uint8_t rank = k;  // domain separation by the rank (FIPS 203 only)
    rho_sigma = hash_g(d, std::span<const std::uint8_t>(&rank, 1));
  } else {
    rho_sigma = hash_g(d, {});
  }
  const auto rho = std::span<const std::uint8_t, 32>(rho_sigma.data(), 32);
  const auto sigma = std::span<const std::uint8_t, 32>(rho_sigma.data() + 32, 32);
  // rho is public (ek carries it), and so is the matrix rejection-sampled from it.
  ct::declassify(rho);
  std::copy(rho.begin(), rho.end(), ek.begin() + P::dk_pke_bytes);
  // A^ from rho, s and e from sigma, H(ek), and t^ = A^ o s^ + e^ into ek
  // as the schedule of the Keccak work asks for its rows.
  Matrix a = unzeroed<k * k>();
  auto se = unzeroed<2 * k>();  // s: nonces 0..k-1, e: k..2k-1
  const VectorView s(se.data(), k), e(se.data() + k, k);
  Operands s_ops;
  KeygenRows rows{*this, a, s, e, s_ops, ek, std::nullopt};
  const WipeOnExit wipe_secrets(rho_sigma, se, rows.parts);
  std::function<void(unsigned, std::size_t, std::size_t)> by_parts;
  if (rows.by_parts())
    by_parts = [&rows](unsigned row, std::size_t from, std::size_t to) { rows.encode_row_part(row, from, to); };
  sample_keygen({rho, sigma, k, P::eta1, a, se, ek, ek_digest,
                 [&rows](unsigned first, unsigned end) { rows.encode_rows(first, end); }, by_parts},
                hash_isa_);
  for (unsigned i = 0; i < k; ++i) {
    const KPoly s_hat = Bridge::ntt_of(m_, s[i], s_ops.empty() ? nullptr : &s_ops[i]);
    const WipeOnExit wipe_s_hat(s_hat);
    byte_encode(s_hat, 12, dk_pke.subspan(P::poly_bytes * i, P::poly_bytes), poly_);
  }
}

// K-PKE.Encrypt (FIPS 203 Algorithm 14).
template <class P, Multiplier M>
  requires std::same_as<typename M::ring, KyberRing>
void Kyber<P, M>::pke_encrypt(std::span<const std::uint8_t> ek, std::span<const std::uint8_t, 32> msg,
                              std::span<const std::uint8_t, 32> r, std::span<std::uint8_t> ct, const Matrix& a_t,
                              const std::array<KPoly, 2 * k + 1>* sampled_noise) const {
  const Vector t_hat =
      vector_of([&](unsigned i) { return byte_decode(ek.subspan(P::poly_bytes * i, P::poly_bytes), 12, poly_); });
  auto own_noise = unzeroed<2 * k + 1>();
  const WipeUsedOnExit wipe_noise(sampled_noise == nullptr ? &own_noise : nullptr);
  if (sampled_noise == nullptr) noise(r, 0, encrypt_etas(), own_noise);  // y: 0..k-1, e1: k..2k-1, e2: 2k
  const auto& noise_polys = sampled_noise != nullptr ? *sampled_noise : own_noise;
  const VectorView y(noise_polys.data(), k), e1(noise_polys.data() + k, k);
  const KPoly& e2 = noise_polys[2 * k];
  // u = NTT^-1(A^T o y^) + e1.
  auto put_u = [&](std::size_t row, const KPoly& product) {
    byte_encode(compress(add_mod_q(product, e1[row], poly_), P::du, poly_), P::du,
                ct.subspan(32 * P::du * row, 32 * P::du), poly_);
  };
  Operands y_ops;
  cache_operands(y, y_ops);
  rows_inverse(a_t, y, y_ops, RowRange{0, k}, put_u);
  // v = NTT^-1(t^T o y^) + e2 + mu.
  const KPoly t_y = inner_product_ntt(t_hat, y, y_ops);
  const KPoly mu = message_to_poly(msg, poly_);
  const KPoly v = add_mod_q(add_mod_q(t_y, e2, poly_), mu, poly_);
  const WipeOnExit wipe_v(t_y, mu, v);
  byte_encode(compress(v, P::dv, poly_), P::dv, ct.subspan(P::c1_bytes, P::c2_bytes), poly_);
}

// K-PKE.Decrypt (FIPS 203 Algorithm 15).
template <class P, Multiplier M>
  requires std::same_as<typename M::ring, KyberRing>
void Kyber<P, M>::pke_decrypt(std::span<const std::uint8_t> dk_pke, std::span<const std::uint8_t> ct,
                              std::span<std::uint8_t, 32> msg) const {
  const Vector u = vector_of([&](unsigned i) {
    return decompress(byte_decode(ct.subspan(32 * P::du * i, 32 * P::du), P::du, poly_), P::du, poly_);
  });
  const Vector s_hat =
      vector_of([&](unsigned i) { return byte_decode(dk_pke.subspan(P::poly_bytes * i, P::poly_bytes), 12, poly_); });
  const KPoly v = decompress(byte_decode(ct.subspan(P::c1_bytes, P::c2_bytes), P::dv, poly_), P::dv, poly_);
  // w = v - NTT^-1(s^T o NTT(u)); u's operands made first (cached strategy)
  // where the multiplier takes the row in one pass.
  Operands u_ops;
  if constexpr (one_pass_rows) cache_operands(u, u_ops);
  const KPoly s_u = inner_product_ntt(s_hat, u, u_ops);
  const KPoly w = sub(v, s_u, poly_);
  const WipeOnExit wipe_secrets(s_hat, s_u, w);
  poly_to_message(w, msg, poly_);
}

}  // namespace pqmul::kyber
