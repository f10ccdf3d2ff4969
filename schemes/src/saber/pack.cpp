// Bit-stream encodings of Saber polynomials. Loops depend only on public
// lengths and widths, never on coefficient values.
#include "pqmul/schemes/saber/pack.hpp"

#include <stdexcept>
#include <string>

#include "pqmul/schemes/kem.hpp"
#include "pqmul/schemes/saber/kernels_avx2.hpp"

namespace pqmul::saber {
namespace {

constexpr std::size_t n = SaberRing::n;

void require_bytes(std::size_t have, std::size_t want, const char* what) {
  if (have != want)
    throw InvalidInput(std::string(what) + ": expected " + std::to_string(want) + " bytes, got " +
                       std::to_string(have));
}

void require_width(unsigned bits) {
  if (bits == 0 || bits > 16) throw std::invalid_argument("Saber packing: width must be 1..16 bits");
}

}  // namespace

bool uses_avx2_kernels([[maybe_unused]] Isa isa) {
#if defined(PQMUL_X86_SIMD)
  return isa == Isa::avx2 || isa == Isa::avx512;
#else
  return false;
#endif
}

void pack_poly(const SaberPoly& p, unsigned bits, std::span<std::uint8_t> out, [[maybe_unused]] Isa isa) {
  require_width(bits);
  require_bytes(out.size(), bits * n / 8, "pack_poly");
#if defined(PQMUL_X86_SIMD)
  if (uses_avx2_kernels(isa) && avx2::packs_width(bits)) return avx2::pack(p.coeffs.data(), bits, out.data());
#endif
  const std::uint32_t mask = (1u << bits) - 1;
  std::uint64_t buffer = 0;
  unsigned filled = 0;
  std::size_t o = 0;
  for (std::size_t i = 0; i < n; ++i) {
    buffer |= std::uint64_t{p[i] & mask} << filled;
    filled += bits;
    while (filled >= 8) {
      out[o++] = static_cast<std::uint8_t>(buffer);
      buffer >>= 8;
      filled -= 8;
    }
  }
}

void unpack_poly(std::span<const std::uint8_t> in, unsigned bits, SaberPoly& p, [[maybe_unused]] Isa isa) {
  require_width(bits);
  require_bytes(in.size(), bits * n / 8, "unpack_poly");
#if defined(PQMUL_X86_SIMD)
  if (uses_avx2_kernels(isa) && avx2::packs_width(bits)) return avx2::unpack(in.data(), bits, p.coeffs.data());
#endif
  const std::uint32_t mask = (1u << bits) - 1;
  std::uint64_t buffer = 0;
  unsigned filled = 0;
  std::size_t o = 0;
  for (std::size_t i = 0; i < n; ++i) {
    while (filled < bits) {
      buffer |= std::uint64_t{in[o++]} << filled;
      filled += 8;
    }
    p[i] = static_cast<std::uint16_t>(buffer & mask);
    buffer >>= bits;
    filled -= bits;
  }
}

void pack_vector(std::span<const SaberPoly> v, unsigned bits, std::span<std::uint8_t> out, Isa isa) {
  const std::size_t each = bits * n / 8;
  require_bytes(out.size(), v.size() * each, "pack_vector");
  for (std::size_t k = 0; k < v.size(); ++k) pack_poly(v[k], bits, out.subspan(k * each, each), isa);
}

void unpack_vector(std::span<const std::uint8_t> in, unsigned bits, std::span<SaberPoly> v, Isa isa) {
  const std::size_t each = bits * n / 8;
  require_bytes(in.size(), v.size() * each, "unpack_vector");
  for (std::size_t k = 0; k < v.size(); ++k) unpack_poly(in.subspan(k * each, each), bits, v[k], isa);
}

void message_to_poly(std::span<const std::uint8_t, 32> m, SaberPoly& p, Isa isa) { unpack_poly(m, 1, p, isa); }

void poly_to_message(const SaberPoly& p, std::span<std::uint8_t, 32> m, Isa isa) { pack_poly(p, 1, m, isa); }

}  // namespace pqmul::saber
