// Bit-stream encodings of Saber polynomials: sizes checked, then the kernels.
#include "pqmul/schemes/saber/pack.hpp"

#include <stdexcept>
#include <string>

#include "pqmul/schemes/kem.hpp"

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

void pack_poly(const SaberPoly& p, unsigned bits, std::span<std::uint8_t> out, const SaberKernels& kernels) {
  require_width(bits);
  require_bytes(out.size(), bits * n / 8, "pack_poly");
  kernels.pack(p, bits, out.data());
}

void unpack_poly(std::span<const std::uint8_t> in, unsigned bits, SaberPoly& p, const SaberKernels& kernels) {
  require_width(bits);
  require_bytes(in.size(), bits * n / 8, "unpack_poly");
  kernels.unpack(in.data(), bits, p);
}

void pack_vector(std::span<const SaberPoly> v, unsigned bits, std::span<std::uint8_t> out,
                 const SaberKernels& kernels) {
  const std::size_t each = bits * n / 8;
  require_bytes(out.size(), v.size() * each, "pack_vector");
  for (std::size_t k = 0; k < v.size(); ++k) pack_poly(v[k], bits, out.subspan(k * each, each), kernels);
}

void unpack_vector(std::span<const std::uint8_t> in, unsigned bits, std::span<SaberPoly> v,
                   const SaberKernels& kernels) {
  const std::size_t each = bits * n / 8;
  require_bytes(in.size(), v.size() * each, "unpack_vector");
  for (std::size_t k = 0; k < v.size(); ++k) unpack_poly(in.subspan(k * each, each), bits, v[k], kernels);
}

void message_to_poly(std::span<const std::uint8_t, 32> m, SaberPoly& p, const SaberKernels& kernels) {
  unpack_poly(m, 1, p, kernels);
}

void poly_to_message(const SaberPoly& p, std::span<std::uint8_t, 32> m, const SaberKernels& kernels) {
  pack_poly(p, 1, m, kernels);
}

}  // namespace pqmul::saber
