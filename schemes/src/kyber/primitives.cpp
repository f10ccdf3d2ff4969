// FIPS 203 section 4 building blocks: sampling, encoding, compression and the
// domain conversions (through the project's FIPS 203 NTT in pqmul::kyber_ntt).
#include "pqmul/schemes/kyber/primitives.hpp"

#include <stdexcept>

#include "pqmul/algorithms/ntt/kyber_ntt.hpp"
#include "pqmul/schemes/common/keccak.hpp"

namespace pqmul::kyber {
namespace {

kyber_ntt::Coeffs to_coeffs(const KPoly& f) {
  kyber_ntt::Coeffs c;
  for (std::size_t i = 0; i < 256; ++i) c[i] = static_cast<std::int16_t>(f[i]);
  return c;
}

KPoly to_canonical(const kyber_ntt::Coeffs& c) {
  KPoly f;
  for (std::size_t i = 0; i < 256; ++i) f[i] = kyber_ntt::to_canonical(c[i]);
  return f;
}

// x - q if x >= q, for x < 2q, without a branch.
constexpr std::uint16_t conditional_subtract_q(std::uint32_t x) {
  x -= q;
  x += q & (0u - (x >> 31));
  return static_cast<std::uint16_t>(x);
}

void check_width(unsigned d, std::size_t bytes) {
  if (d < 1 || d > 12) throw std::invalid_argument("ByteEncode: d must be 1..12");
  if (bytes != 32 * d) throw std::invalid_argument("ByteEncode: buffer must hold 32 d bytes");
}

}  // namespace

KPoly ntt(const KPoly& f) {
  auto c = to_coeffs(f);
  kyber_ntt::forward(c);
  return to_canonical(c);
}

KPoly inverse_ntt(const KPoly& f_hat) {
  auto c = to_coeffs(f_hat);
  kyber_ntt::inverse(c);
  return to_canonical(c);
}

KPoly sample_ntt(std::span<const std::uint8_t, 32> rho, std::uint8_t j, std::uint8_t i) {
  // The matrix is public (derived from rho), so rejection may branch.
  keccak::Shake128 xof;
  xof.absorb(rho);
  const std::uint8_t indices[2] = {j, i};
  xof.absorb(indices);
  KPoly a;
  std::size_t filled = 0;
  std::uint8_t block[168];  // one SHAKE128 block: 56 three-byte groups
  while (filled < 256) {
    xof.squeeze(block);
    for (std::size_t b = 0; b < sizeof block && filled < 256; b += 3) {
      const std::uint16_t d1 = static_cast<std::uint16_t>(block[b] | ((block[b + 1] & 0x0F) << 8));
      const std::uint16_t d2 = static_cast<std::uint16_t>((block[b + 1] >> 4) | (block[b + 2] << 4));
      if (d1 < q) a[filled++] = d1;
      if (d2 < q && filled < 256) a[filled++] = d2;
    }
  }
  return a;
}

KPoly sample_noise(std::span<const std::uint8_t, 32> sigma, std::uint8_t n, unsigned eta) {
  if (eta != 2 && eta != 3) throw std::invalid_argument("SamplePolyCBD: eta must be 2 or 3");
  std::uint8_t bytes[64 * 3];
  const std::span<std::uint8_t> prf(bytes, 64 * eta);
  keccak::Shake256 h;
  h.absorb(sigma);
  h.absorb(std::span<const std::uint8_t>(&n, 1));
  h.squeeze(prf);
  return cbd(prf, eta);
}

KPoly cbd(std::span<const std::uint8_t> prf, unsigned eta) {
  if (eta != 2 && eta != 3) throw std::invalid_argument("SamplePolyCBD: eta must be 2 or 3");
  if (prf.size() != 64 * eta) throw std::invalid_argument("SamplePolyCBD: input must be 64 eta bytes");
  // Coefficient i is x - y for the bit counts x, y of bits 2 eta i .. 2 eta i + 2 eta - 1
  // of the stream. The counts of all coefficients of a word are formed at once
  // (bits summed in place by masks), so the cost is independent of the secret bits.
  KPoly f;
  if (eta == 2) {
    for (std::size_t w = 0; w < 32; ++w) {  // 4 bytes -> 8 coefficients
      const std::uint32_t t = std::uint32_t{prf[4 * w]} | std::uint32_t{prf[4 * w + 1]} << 8 |
                              std::uint32_t{prf[4 * w + 2]} << 16 | std::uint32_t{prf[4 * w + 3]} << 24;
      const std::uint32_t counts = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
      for (std::size_t j = 0; j < 8; ++j) {
        const std::uint32_t x = (counts >> (4 * j)) & 3u, y = (counts >> (4 * j + 2)) & 3u;
        f[8 * w + j] = conditional_subtract_q(x + q - y);
      }
    }
  } else {
    for (std::size_t w = 0; w < 64; ++w) {  // 3 bytes -> 4 coefficients
      const std::uint32_t t =
          std::uint32_t{prf[3 * w]} | std::uint32_t{prf[3 * w + 1]} << 8 | std::uint32_t{prf[3 * w + 2]} << 16;
      const std::uint32_t counts = (t & 0x249249u) + ((t >> 1) & 0x249249u) + ((t >> 2) & 0x249249u);
      for (std::size_t j = 0; j < 4; ++j) {
        const std::uint32_t x = (counts >> (6 * j)) & 7u, y = (counts >> (6 * j + 3)) & 7u;
        f[4 * w + j] = conditional_subtract_q(x + q - y);
      }
    }
  }
  return f;
}

void byte_encode(const KPoly& f, unsigned d, std::span<std::uint8_t> out) {
  check_width(d, out.size());
  if (d == 12) {  // keys: two coefficients in three bytes
    for (std::size_t i = 0; i < 128; ++i) {
      const std::uint32_t a = f[2 * i], b = f[2 * i + 1];
      out[3 * i] = static_cast<std::uint8_t>(a);
      out[3 * i + 1] = static_cast<std::uint8_t>((a >> 8) | (b << 4));
      out[3 * i + 2] = static_cast<std::uint8_t>(b >> 4);
    }
    return;
  }
  // Coefficient i occupies bits d i .. d i + d - 1, least significant first.
  std::uint32_t buffer = 0;
  unsigned bits = 0;
  std::size_t pos = 0;
  for (std::size_t i = 0; i < 256; ++i) {
    buffer |= std::uint32_t{f[i]} << bits;
    bits += d;
    while (bits >= 8) {
      out[pos++] = static_cast<std::uint8_t>(buffer);
      buffer >>= 8;
      bits -= 8;
    }
  }
}

KPoly byte_decode(std::span<const std::uint8_t> in, unsigned d) {
  check_width(d, in.size());
  KPoly f;
  if (d == 12) {  // into Z_q: 12-bit values below 2q need one subtraction
    for (std::size_t i = 0; i < 128; ++i) {
      const std::uint32_t b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
      f[2 * i] = conditional_subtract_q(b0 | ((b1 & 0x0F) << 8));
      f[2 * i + 1] = conditional_subtract_q((b1 >> 4) | (b2 << 4));
    }
    return f;
  }
  std::uint32_t buffer = 0;
  unsigned bits = 0;
  std::size_t pos = 0;
  const std::uint32_t mask = (1u << d) - 1;
  for (std::size_t i = 0; i < 256; ++i) {
    while (bits < d) {
      buffer |= std::uint32_t{in[pos++]} << bits;
      bits += 8;
    }
    const std::uint32_t value = buffer & mask;
    f[i] = static_cast<std::uint16_t>(value);
    buffer >>= d;
    bits -= d;
  }
  return f;
}

bool encoding_is_reduced(std::span<const std::uint8_t> in) {
  if (in.size() % 3 != 0) throw std::invalid_argument("modulus check: length not a multiple of 3");
  // Public data (an encapsulation key): a plain loop is fine.
  for (std::size_t b = 0; b < in.size(); b += 3) {
    const unsigned d1 = in[b] | ((in[b + 1] & 0x0F) << 8);
    const unsigned d2 = (in[b + 1] >> 4) | (in[b + 2] << 4);
    if (d1 >= q || d2 >= q) return false;
  }
  return true;
}

KPoly compress(const KPoly& f, unsigned d) {
  KPoly r;
  for (std::size_t i = 0; i < 256; ++i) r[i] = compress(f[i], d);
  return r;
}

KPoly decompress(const KPoly& f, unsigned d) {
  KPoly r;
  for (std::size_t i = 0; i < 256; ++i) r[i] = decompress(f[i], d);
  return r;
}

KPoly message_to_poly(std::span<const std::uint8_t, 32> m) {
  KPoly f;
  for (std::size_t i = 0; i < 256; ++i) {
    const std::uint32_t bit = (m[i / 8] >> (i % 8)) & 1u;
    f[i] = static_cast<std::uint16_t>((0u - bit) & ((q + 1) / 2));
  }
  return f;
}

void poly_to_message(const KPoly& w, std::span<std::uint8_t, 32> m) {
  for (auto& b : m) b = 0;
  for (std::size_t i = 0; i < 256; ++i) m[i / 8] |= static_cast<std::uint8_t>(compress(w[i], 1) << (i % 8));
}

KPoly sub(const KPoly& a, const KPoly& b) {
  KPoly r;
  for (std::size_t i = 0; i < 256; ++i) r[i] = conditional_subtract_q(std::uint32_t{a[i]} + q - b[i]);
  return r;
}

}  // namespace pqmul::kyber
