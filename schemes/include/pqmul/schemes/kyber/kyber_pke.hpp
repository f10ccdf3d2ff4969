#pragma once
// K-PKE of Kyber<P, M> (FIPS 203 Algorithms 13 to 15): the member definitions
// of kyber_scheme.hpp, which includes this file at its end. The key
// generation schedules its sampling on the Keccak lanes of hash_isa_.
#include "pqmul/schemes/kyber/kyber_scheme.hpp"

namespace pqmul::kyber {

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
  std::copy(rho.begin(), rho.end(), ek.begin() + P::dk_pke_bytes);
  std::array<unsigned, 2 * k> etas;
  etas.fill(P::eta1);
  auto se = unzeroed<2 * k>();  // s: nonces 0..k-1, e: k..2k-1
  const VectorView s(se.data(), k), e(se.data() + k, k);
  Operands s_ops;
  // t^ = A^ o s^ + e^, encoded in the NTT domain, rows [first, end).
  auto encode_rows = [&](const Matrix* sampled, unsigned first, unsigned end) {
    matrix_times(
        rho, false, s, s_ops, sampled,
        [&](unsigned row, const typename M::accumulator& acc) {
          byte_encode(Bridge::sum_to_ntt(m_, acc, e[row]), 12, ek.subspan(P::poly_bytes * row, P::poly_bytes),
                      poly_);
        },
        [&](unsigned row, const KPoly& sum) {
          byte_encode(ntt(add_mod_q(sum, e[row])), 12, ek.subspan(P::poly_bytes * row, P::poly_bytes));
        },
        first, end);
  };
  if (hash_isa_ == Isa::avx512 && k == 2 && keygen_k2_in_lanes(rho, sigma, se, s_ops, ek, ek_digest, encode_rows)) {
    // (done on the lanes)
  } else if (hash_isa_ == Isa::avx512 && k >= 3) {
    // On the 4-way Keccak lanes: first the noise and the first rows of A^
    // (one for k = 3, two for k = 4), then the other rows beside H(ek),
    // which starts on the rows encoded so far and reads each further row
    // (and rho, after the last) once it is encoded. Measured with pqmul
    // bench (keygen, A/B): k = 3 gains about 1.5k ticks, k = 4 about 1.3k
    // over the 8-way batches followed by H (k = 2 has its own schedule,
    // above); the AVX2 4-way permutation costs more than the scalar one.
    Matrix a = unzeroed<k * k>();
    const NoiseBeside noise_job{sigma, 0, etas, se};
    constexpr unsigned rows_first = k == 4 ? 2 : 1;
    sample_in_lanes(rho, k, false, a, 0, rows_first, nullptr, &noise_job, {}, hash_isa_);
    cache_operands(s, s_ops);
    encode_rows(&a, 0, rows_first);
    const HashBeside digest{keccak::sha3_256_rate, keccak::sha3_domain, {ek, {}}, ek_digest,
                            P::poly_bytes * rows_first};
    sample_in_lanes(rho, k, false, a, rows_first, k, &digest, nullptr,
                    [&](unsigned row) -> std::size_t {
                      encode_rows(&a, row, row + 1);
                      return row + 1 == k ? ek.size() : P::poly_bytes * (row + 1);
                    },
                    hash_isa_);
  } else {
    Matrix a = unzeroed<k * k>();
    const Matrix* sampled = nullptr;
    // k = 3 on AVX2: nine entries fill no batch of the multi-way samplers,
    // so A^ and the noise share the lanes; 4 and 16 entries fill the
    // batches exactly, and the batch samplers cost less there.
    if ((k * k) % 4 == 0) {
      noise(sigma, 0, etas, se);
    } else {
      const NoiseBeside noise_job{sigma, 0, etas, se};
      sample_in_lanes(rho, k, false, a, nullptr, &noise_job, hash_isa_);
      sampled = &a;
    }
    cache_operands(s, s_ops);
    encode_rows(sampled, 0, k);
    const auto h = keccak::sha3_256(ek, hash_isa_);
    std::copy(h.begin(), h.end(), ek_digest.begin());
  }
  for (unsigned i = 0; i < k; ++i)
    byte_encode(Bridge::ntt_of(m_, s[i], s_ops.empty() ? nullptr : &s_ops[i]), 12,
                dk_pke.subspan(P::poly_bytes * i, P::poly_bytes), poly_);
}

// pke_keygen's sampling, t^ and H(ek) for k = 2 on the Keccak lanes
// (sample_keygen_k2_in_lanes), where the bridge computes rows of t^ by parts
// and the cached strategy holds s^: the hash starts on the first row of ek
// while the second is sampled. se: s, then e. False: nothing done that the
// general path must keep (it follows).
template <class P, Multiplier M>
  requires std::same_as<typename M::ring, KyberRing>
template <class EncodeRows>
bool Kyber<P, M>::keygen_k2_in_lanes(std::span<const std::uint8_t, 32> rho, std::span<const std::uint8_t, 32> sigma,
                                     std::span<KPoly, 2 * k> se, Operands& s_ops, std::span<std::uint8_t> ek,
                                     std::span<std::uint8_t, 32> ek_digest, EncodeRows& encode_rows) const {
  if constexpr (k != 2 || !Bridge::by_parts) {
    return false;
  } else {
    if (strategy_ != Strategy::cached) return false;
    constexpr std::size_t half = 128;
    Matrix a = unzeroed<k * k>();
    const VectorView s(se.data(), k), e(se.data() + k, k);
    auto acc = m_.make_accumulator();
    auto e_hat = m_.make_operand();
    KPoly t_hat(uninitialized);
    // Part 0: the first row; parts 1 and 2: the halves of the second.
    auto encode = [&](unsigned part) {
      if (part == 0) {
        cache_operands(s, s_ops);
        encode_rows(&a, 0, 1);
        return;
      }
      const std::size_t from = half * (part - 1), to = from + half;
      for (unsigned c = 0; c < k; ++c) M::multiply_canonical(acc, a[k + c].coeffs, s_ops[c], c == 0, from, to);
      if (part == 1) M::transform_unreduced(e[1], e_hat);
      M::ntt_sum_coefficients(t_hat.coeffs, acc, e_hat, from, to);
      byte_encode_12_part(t_hat, from, to, ek.subspan(P::poly_bytes, P::poly_bytes), poly_);
    };
    return sample_keygen_k2_in_lanes(rho, sigma, std::span<KPoly, 4>(a), se,
                                     std::span<const std::uint8_t, 800>(ek.data(), ek.size()), ek_digest, encode,
                                     hash_isa_);
  }
}

// K-PKE.Encrypt (FIPS 203 Algorithm 14).
template <class P, Multiplier M>
  requires std::same_as<typename M::ring, KyberRing>
void Kyber<P, M>::pke_encrypt(std::span<const std::uint8_t> ek, std::span<const std::uint8_t, 32> msg,
                               std::span<const std::uint8_t, 32> r, std::span<std::uint8_t> ct, const Matrix* a_t,
                               const std::array<KPoly, 2 * k + 1>* sampled_noise) const {
  const Vector t_hat =
      vector_of([&](unsigned i) { return byte_decode(ek.subspan(P::poly_bytes * i, P::poly_bytes), 12, poly_); });
  const auto rho = std::span<const std::uint8_t, 32>(ek.data() + P::dk_pke_bytes, 32);
  auto own_noise = unzeroed<2 * k + 1>();
  if (sampled_noise == nullptr) noise(r, 0, encrypt_etas(), own_noise);  // y: 0..k-1, e1: k..2k-1, e2: 2k
  const auto& noise_polys = sampled_noise != nullptr ? *sampled_noise : own_noise;
  const VectorView y(noise_polys.data(), k), e1(noise_polys.data() + k, k);
  const KPoly& e2 = noise_polys[2 * k];
  // u = NTT^-1(A^T o y^) + e1.
  auto put_u = [&](unsigned row, const KPoly& product) {
    byte_encode(compress(add_mod_q(product, e1[row], poly_), P::du, poly_), P::du,
                ct.subspan(32 * P::du * row, 32 * P::du), poly_);
  };
  Operands y_ops;
  cache_operands(y, y_ops);
  matrix_times(
      rho, true, y, y_ops, a_t,
      [&](unsigned row, const typename M::accumulator& acc) {
        KPoly product(uninitialized);
        m_.inverse(acc, product);
        put_u(row, product);
      },
      put_u);
  // v = NTT^-1(t^T o y^) + e2 + mu.
  const KPoly v = add_mod_q(add_mod_q(inner_product_ntt(t_hat, y, y_ops), e2, poly_),
                            message_to_poly(msg, poly_), poly_);
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
  const Vector s_hat = vector_of(
      [&](unsigned i) { return byte_decode(dk_pke.subspan(P::poly_bytes * i, P::poly_bytes), 12, poly_); });
  const KPoly v = decompress(byte_decode(ct.subspan(P::c1_bytes, P::c2_bytes), P::dv, poly_), P::dv, poly_);
  // w = v - NTT^-1(s^T o NTT(u)).
  poly_to_message(sub(v, inner_product_ntt(s_hat, u, {}), poly_), msg, poly_);
}

}  // namespace pqmul::kyber
