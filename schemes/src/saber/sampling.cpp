// GenMatrix and GenSecret of Saber (round 3), both from SHAKE128.
#include "pqmul/schemes/saber/sampling.hpp"

#include <array>
#include <stdexcept>
#include <vector>

#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/keccak.hpp"
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
    const std::span<std::uint8_t> used(stream.data(), bytes);
    const WipeOnExit wipe_stream(used);  // (the secret's coins)
    h.squeeze(used);
    use(std::span<const std::uint8_t>(used));
  } else {
    std::vector<std::uint8_t> stream(bytes);
    const WipeOnExit wipe_stream(stream);
    h.squeeze(stream);
    use(std::span<const std::uint8_t>(stream));
  }
}

}  // namespace

std::uint8_t secret_out_of_range(std::span<const SaberPoly> s, unsigned mu) {
  constexpr std::int32_t q = SaberRing::q;
  const auto bound = static_cast<std::int32_t>(mu / 2);
  std::uint32_t outside = 0;
  for (const auto& poly : s)
    for (const std::uint16_t c : poly.coeffs) {
      // Centred without a branch on the secret: from q/2 up, a coefficient is negative.
      const std::int32_t centred = (c & (q - 1)) - ((c & q / 2) << 1);
      outside |= static_cast<std::uint32_t>(bound - centred) | static_cast<std::uint32_t>(centred + bound);
    }
  return static_cast<std::uint8_t>(outside >> 31);
}

void matrix_from_stream(std::span<const std::uint8_t> stream, std::size_t l, std::span<SaberPoly> a,
                        const SaberKernels& kernels) {
  if (a.size() != l * l) throw std::invalid_argument("gen_matrix: the matrix must hold l*l polynomials");
  unpack_vector(stream, eq, a, kernels);
}

void gen_matrix(std::span<const std::uint8_t, 32> seed, std::size_t l, std::span<SaberPoly> a, Isa isa) {
  if (a.size() != l * l) throw std::invalid_argument("gen_matrix: the matrix must hold l*l polynomials");
  constexpr std::size_t poly_bytes = eq * n / 8;
  with_stream<stack_polys * poly_bytes>(seed, l * l * poly_bytes, isa, [&](std::span<const std::uint8_t> stream) {
    matrix_from_stream(stream, l, a, saber_kernels(isa));
  });
}

void centred_binomial(std::span<const std::uint8_t> coins, unsigned mu, SaberPoly& s, const SaberKernels& kernels) {
  if (mu == 0 || mu % 2 != 0 || mu > 16) throw std::invalid_argument("centred_binomial: mu must be even, 2..16");
  if (coins.size() != mu * n / 8) throw std::invalid_argument("centred_binomial: wrong number of coin bytes");
  kernels.centred_binomial(coins.data(), mu, s);
}

void secret_from_stream(std::span<const std::uint8_t> stream, unsigned mu, std::span<SaberPoly> s,
                        const SaberKernels& kernels) {
  const std::size_t coin_bytes = mu * n / 8;
  if (stream.size() != s.size() * coin_bytes) throw std::invalid_argument("gen_secret: wrong number of coin bytes");
  for (std::size_t i = 0; i < s.size(); ++i)
    centred_binomial(stream.subspan(i * coin_bytes, coin_bytes), mu, s[i], kernels);
}

void gen_secret(std::span<const std::uint8_t, 32> seed, unsigned mu, std::span<SaberPoly> s, Isa isa) {
  const std::size_t coin_bytes = mu * n / 8;
  constexpr std::size_t max_coin_bytes = 16 * n / 8;
  with_stream<4 * max_coin_bytes>(seed, s.size() * coin_bytes, isa, [&](std::span<const std::uint8_t> stream) {
    secret_from_stream(stream, mu, s, saber_kernels(isa));
  });
}

}  // namespace pqmul::saber
