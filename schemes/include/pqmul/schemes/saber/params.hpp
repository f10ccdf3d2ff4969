#pragma once
// The three parameter sets of Saber (round 3) and the sizes they imply.
// Every set shares n = 256, q = 2^13, p = 2^10 and the 32-byte seeds; they
// differ in the module rank l, the binomial parameter mu and the bits T of
// the ciphertext's message polynomial.
#include <cstddef>
#include <string_view>

#include "pqmul/algorithms/ring.hpp"

namespace pqmul::saber {

inline constexpr unsigned eq = 13;  // log2 q
inline constexpr unsigned ep = 10;  // log2 p
inline constexpr std::size_t n = 256;
inline constexpr std::size_t seed_bytes = 32;        // seed of the matrix A
inline constexpr std::size_t noise_seed_bytes = 32;  // seed of the secret vector
inline constexpr std::size_t key_bytes = 32;         // message, shared secret, z
inline constexpr std::size_t hash_bytes = 32;

struct LightSaberParams {
  static constexpr std::string_view name = "lightsaber";
  static constexpr std::string_view kat_header = "# LightSaber";
  static constexpr std::size_t l = 2;
  static constexpr unsigned mu = 10;
  static constexpr unsigned et = 3;
};
struct SaberParams {
  static constexpr std::string_view name = "saber";
  static constexpr std::string_view kat_header = "# Saber";
  static constexpr std::size_t l = 3;
  static constexpr unsigned mu = 8;
  static constexpr unsigned et = 4;
};
struct FireSaberParams {
  static constexpr std::string_view name = "firesaber";
  static constexpr std::string_view kat_header = "# FireSaber";
  static constexpr std::size_t l = 4;
  static constexpr unsigned mu = 6;
  static constexpr unsigned et = 6;
};

template <class P>
concept ParameterSet = requires {
  { P::name } -> std::convertible_to<std::string_view>;
  { P::kat_header } -> std::convertible_to<std::string_view>;
} && (P::l >= 2) && (P::mu % 2 == 0) && (P::mu <= 16) && (P::et >= 1) && (P::et < ep);

// Byte sizes of keys, ciphertexts and their parts, as the round-3 reference lays them out.
template <ParameterSet P>
struct Sizes {
  static constexpr std::size_t poly_q_bytes = eq * n / 8;             // 416
  static constexpr std::size_t poly_p_bytes = ep * n / 8;             // 320
  static constexpr std::size_t poly_t_bytes = P::et * n / 8;          // message polynomial in the ciphertext
  static constexpr std::size_t poly_coin_bytes = P::mu * n / 8;       // randomness of one secret polynomial
  static constexpr std::size_t vec_q_bytes = P::l * poly_q_bytes;
  static constexpr std::size_t vec_p_bytes = P::l * poly_p_bytes;
  static constexpr std::size_t indcpa_public_key_bytes = vec_p_bytes + seed_bytes;
  static constexpr std::size_t indcpa_secret_key_bytes = vec_q_bytes;
  static constexpr std::size_t public_key_bytes = indcpa_public_key_bytes;
  // s || pk || H(pk) || z
  static constexpr std::size_t secret_key_bytes = indcpa_secret_key_bytes + indcpa_public_key_bytes + hash_bytes + key_bytes;
  static constexpr std::size_t ciphertext_bytes = vec_p_bytes + poly_t_bytes;
  static constexpr std::size_t shared_secret_bytes = key_bytes;
};

static_assert(Sizes<LightSaberParams>::public_key_bytes == 672 && Sizes<LightSaberParams>::secret_key_bytes == 1568 &&
              Sizes<LightSaberParams>::ciphertext_bytes == 736);
static_assert(Sizes<SaberParams>::public_key_bytes == 992 && Sizes<SaberParams>::secret_key_bytes == 2304 &&
              Sizes<SaberParams>::ciphertext_bytes == 1088);
static_assert(Sizes<FireSaberParams>::public_key_bytes == 1312 && Sizes<FireSaberParams>::secret_key_bytes == 3040 &&
              Sizes<FireSaberParams>::ciphertext_bytes == 1472);

// Rounding constants: h1 = 2^(eq-ep-1) centres the q -> p rounding; h2 adds the
// offsets that centre decryption's p -> 1-bit rounding.
inline constexpr unsigned h1 = 1u << (eq - ep - 1);
template <ParameterSet P>
inline constexpr unsigned h2 = (1u << (ep - 2)) - (1u << (ep - P::et - 1)) + (1u << (eq - ep - 1));

}  // namespace pqmul::saber
