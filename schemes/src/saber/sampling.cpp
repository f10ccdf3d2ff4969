// GenMatrix and GenSecret of Saber (round 3), both from SHAKE128.
#include "pqmul/schemes/saber/sampling.hpp"

#include <stdexcept>
#include <vector>

#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/saber/params.hpp"

namespace pqmul::saber {

void gen_matrix(std::span<const std::uint8_t, 32> seed, std::size_t l, std::span<SaberPoly> a) {
  if (a.size() != l * l) throw std::invalid_argument("gen_matrix: the matrix must hold l*l polynomials");
  constexpr std::size_t poly_bytes = eq * n / 8;
  std::vector<std::uint8_t> stream(l * l * poly_bytes);
  keccak::shake128(stream, seed);
  unpack_vector(stream, eq, a);
}

void centred_binomial(std::span<const std::uint8_t> coins, unsigned mu, SaberPoly& s) {
  if (mu == 0 || mu % 2 != 0 || mu > 16) throw std::invalid_argument("centred_binomial: mu must be even, 2..16");
  if (coins.size() != mu * n / 8) throw std::invalid_argument("centred_binomial: wrong number of coin bytes");
  // Read mu-bit groups as if they were coefficients, then count the bits of each half.
  SaberPoly groups;
  unpack_poly(coins, mu, groups);
  const unsigned half = mu / 2;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t v = groups[i];
    std::uint32_t plus = 0, minus = 0;
    for (unsigned k = 0; k < half; ++k) {
      plus += (v >> k) & 1u;
      minus += (v >> (half + k)) & 1u;
    }
    s[i] = static_cast<std::uint16_t>((plus - minus) & (SaberRing::q - 1));
  }
}

void gen_secret(std::span<const std::uint8_t, 32> seed, unsigned mu, std::span<SaberPoly> s) {
  const std::size_t coin_bytes = mu * n / 8;
  std::vector<std::uint8_t> stream(s.size() * coin_bytes);
  keccak::shake128(stream, seed);
  for (std::size_t i = 0; i < s.size(); ++i)
    centred_binomial(std::span<const std::uint8_t>(stream).subspan(i * coin_bytes, coin_bytes), mu, s[i]);
}

}  // namespace pqmul::saber
