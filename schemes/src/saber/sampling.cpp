// GenMatrix and GenSecret of Saber (round 3), both from SHAKE128.
#include "pqmul/schemes/saber/sampling.hpp"

#include <array>
#include <stdexcept>
#include <vector>

#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/saber/kernels_avx2.hpp"
#include "pqmul/schemes/saber/params.hpp"

namespace pqmul::saber {
namespace {

// Streams of the largest set (l = 4) fit on the stack; a larger rank falls
// back to the heap.
constexpr std::size_t stack_polys = 16;

// The SHAKE128 stream of `seed`, `bytes` long, handed to `use`. One squeeze
// of the whole stream keeps the sponge on its whole-block path.
template <std::size_t Capacity, class Use>
void with_stream(std::span<const std::uint8_t, 32> seed, std::size_t bytes, Isa isa, Use&& use) {
  keccak::Shake128 h(isa);
  h.absorb(seed);
  if (bytes <= Capacity) {
    std::array<std::uint8_t, Capacity> stream;
    h.squeeze(std::span<std::uint8_t>(stream.data(), bytes));
    use(std::span<const std::uint8_t>(stream.data(), bytes));
  } else {
    std::vector<std::uint8_t> stream(bytes);
    h.squeeze(stream);
    use(std::span<const std::uint8_t>(stream));
  }
}

}  // namespace

void matrix_from_stream(std::span<const std::uint8_t> stream, std::size_t l, std::span<SaberPoly> a, Isa isa) {
  if (a.size() != l * l) throw std::invalid_argument("gen_matrix: the matrix must hold l*l polynomials");
  unpack_vector(stream, eq, a, isa);
}

void gen_matrix(std::span<const std::uint8_t, 32> seed, std::size_t l, std::span<SaberPoly> a, Isa isa) {
  if (a.size() != l * l) throw std::invalid_argument("gen_matrix: the matrix must hold l*l polynomials");
  constexpr std::size_t poly_bytes = eq * n / 8;
  with_stream<stack_polys * poly_bytes>(seed, l * l * poly_bytes, isa, [&](std::span<const std::uint8_t> stream) {
    matrix_from_stream(stream, l, a, isa);
  });
}

void centred_binomial(std::span<const std::uint8_t> coins, unsigned mu, SaberPoly& s, [[maybe_unused]] Isa isa) {
  if (mu == 0 || mu % 2 != 0 || mu > 16) throw std::invalid_argument("centred_binomial: mu must be even, 2..16");
  if (coins.size() != mu * n / 8) throw std::invalid_argument("centred_binomial: wrong number of coin bytes");
#if defined(PQMUL_X86_SIMD)
  if (uses_avx2_kernels(isa) && avx2::samples_mu(mu)) return avx2::centred_binomial(coins.data(), mu, s.coeffs.data());
#endif
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

void secret_from_stream(std::span<const std::uint8_t> stream, unsigned mu, std::span<SaberPoly> s, Isa isa) {
  const std::size_t coin_bytes = mu * n / 8;
  if (stream.size() != s.size() * coin_bytes) throw std::invalid_argument("gen_secret: wrong number of coin bytes");
  for (std::size_t i = 0; i < s.size(); ++i) centred_binomial(stream.subspan(i * coin_bytes, coin_bytes), mu, s[i], isa);
}

void gen_secret(std::span<const std::uint8_t, 32> seed, unsigned mu, std::span<SaberPoly> s, Isa isa) {
  const std::size_t coin_bytes = mu * n / 8;
  constexpr std::size_t max_coin_bytes = 16 * n / 8;
  with_stream<4 * max_coin_bytes>(seed, s.size() * coin_bytes, isa, [&](std::span<const std::uint8_t> stream) {
    secret_from_stream(stream, mu, s, isa);
  });
}

}  // namespace pqmul::saber
