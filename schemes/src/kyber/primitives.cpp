// FIPS 203 section 4 building blocks: sampling, encoding, compression and the
// domain conversions (through the project's FIPS 203 NTT in pqmul::kyber_ntt).
#include "pqmul/schemes/kyber/primitives.hpp"

#include <bit>
#include <cstring>
#include <stdexcept>
#include <type_traits>

#include "poly_backends.hpp"
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
  KPoly f(uninitialized);
  for (std::size_t i = 0; i < 256; ++i) f[i] = kyber_ntt::to_canonical(c[i]);
  return f;
}

// x - q if x >= q, for x < 2q, without a branch.
constexpr std::uint16_t conditional_subtract_q(std::uint32_t x) {
  x -= q;
  x += q & (0u - (x >> 31));
  return static_cast<std::uint16_t>(x);
}

// ByteEncode_D / ByteDecode_D with D fixed at compile time: G coefficients
// fill G D bits, a whole number of bytes, packed in one word (the shifts are
// constants, so each group is straight-line code).
__extension__ typedef unsigned __int128 Wide;
template <unsigned D>
inline constexpr unsigned group_size = (D % 2 == 1 || 8 * D <= 64) ? 8 : 4;
template <unsigned D>
using GroupWord = std::conditional_t<group_size<D> * D <= 64, std::uint64_t, Wide>;

// Coefficients [from, to) only (multiples of G), into their bytes of out.
template <unsigned D>
void encode_fixed(const KPoly& f, std::uint8_t* out, std::size_t from = 0, std::size_t to = 256) {
  constexpr unsigned G = group_size<D>, bytes = G * D / 8;
  using W = GroupWord<D>;
  for (std::size_t g = from / G; g < to / G; ++g) {
    W word = 0;
    for (unsigned j = 0; j < G; ++j) word |= W{f[G * g + j]} << (D * j);
    for (unsigned b = 0; b < bytes; ++b) out[bytes * g + b] = static_cast<std::uint8_t>(word >> (8 * b));
  }
}

// Eight bytes at p as a little-endian word, in one load (x86-64 and AArch64
// are little-endian; elsewhere assembled byte by byte).
inline std::uint64_t load_le64(const std::uint8_t* p) {
  std::uint64_t word = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&word, p, sizeof word);
  } else {
    for (unsigned b = 0; b < 8; ++b) word |= std::uint64_t{p[b]} << (8 * b);
  }
  return word;
}

// Group g's Bytes bytes (of an input of 256 / G groups) as one little-endian
// word. From 5 bytes on, in one or two loads of eight bytes that stay inside
// the input: a group of up to 8 bytes is loaded from its start, or, near the
// end, from 8 bytes before its end and shifted down; a longer one is its first
// 8 bytes and the rest from the 8 bytes that end with it.
template <unsigned Bytes, unsigned G, class W>
W load_group(const std::uint8_t* in, std::size_t g) {
  const std::uint8_t* p = in + Bytes * g;
  if constexpr (Bytes < 5) {
    // (short groups byte by byte: faster here than the loads, d = 1: 34 against 181 ticks)
    W word = 0;
    for (unsigned b = 0; b < Bytes; ++b) word |= W{p[b]} << (8 * b);
    return word;
  } else if constexpr (Bytes <= 8) {
    constexpr std::size_t total = Bytes * (256 / G);
    if (Bytes * g + 8 <= total) return static_cast<W>(load_le64(p) & (~std::uint64_t{0} >> (64 - 8 * Bytes)));
    return static_cast<W>(load_le64(p + Bytes - 8) >> (64 - 8 * Bytes));
  } else {
    const W rest = load_le64(p + Bytes - 8) >> (8 * (16 - Bytes));
    return W{load_le64(p)} | (rest << 64);
  }
}

// Four 12-bit values in the 16-bit lanes of a word, each reduced into Z_q by
// one subtraction where it is >= q (values below 2^12 < 2q), all four at once:
// a lane's bit 15 after adding 2^15 - q says whether it is >= q, and no carry
// leaves a lane (values + 2^15 - q < 2^16).
constexpr std::uint64_t subtract_q_lanes(std::uint64_t lanes) {
  constexpr std::uint64_t ones = 0x0001000100010001u, bias = ones * ((1u << 15) - q);
  const std::uint64_t at_least_q = ((lanes + bias) >> 15) & ones;
  return lanes - at_least_q * q;
}

template <unsigned D>
void decode_fixed(const std::uint8_t* in, KPoly& f) {
  constexpr unsigned G = group_size<D>, bytes = G * D / 8;
  constexpr std::uint32_t mask = (1u << D) - 1;
  using W = GroupWord<D>;
  if constexpr (D == 12) {
    // 4 coefficients from 6 bytes, into the four lanes of one word.
    static_assert(G == 4);
    for (std::size_t g = 0; g < 256 / G; ++g) {
      const auto word = load_group<bytes, G, std::uint64_t>(in, g);
      std::uint64_t lanes = 0;
      for (unsigned j = 0; j < G; ++j) lanes |= ((word >> (D * j)) & mask) << (16 * j);
      lanes = subtract_q_lanes(lanes);
      for (unsigned j = 0; j < G; ++j) f[G * g + j] = static_cast<std::uint16_t>(lanes >> (16 * j));
    }
  } else {
    for (std::size_t g = 0; g < 256 / G; ++g) {
      const auto word = load_group<bytes, G, W>(in, g);
      for (unsigned j = 0; j < G; ++j) f[G * g + j] = static_cast<std::uint16_t>((word >> (D * j)) & mask);
    }
  }
}

// Compress_D / Decompress_D on every coefficient, D fixed (the arithmetic of
// compress() / decompress() in primitives.hpp, in widening 32 x 32 and
// 16 x 16 products the compiler can vectorise).
template <unsigned D>
void compress_fixed(const KPoly& f, KPoly& r) {
  constexpr std::uint32_t m = static_cast<std::uint32_t>(((std::uint64_t{1} << 36) + q - 1) / q);
  for (std::size_t i = 0; i < 256; ++i) {
    const std::uint32_t numerator = (std::uint32_t{f[i]} << D) + (q - 1) / 2;
    r[i] = static_cast<std::uint16_t>(((std::uint64_t{numerator} * m) >> 36) & ((1u << D) - 1));
  }
}

template <unsigned D>
void decompress_fixed(const KPoly& f, KPoly& r) {
  for (std::size_t i = 0; i < 256; ++i)
    r[i] = static_cast<std::uint16_t>((std::uint32_t{f[i]} * q + (1u << (D - 1))) >> D);
}

// The portable kernels (the entries of portable_poly_kernels), writing their
// result into an argument that may be any polynomial: the public functions
// below and the kernel table share them, so neither copies a result.
std::size_t rej_uniform_into(KPoly& f, std::size_t filled, const std::uint8_t* bytes, std::size_t length) {
  // The candidates derive from the public rho, so the rejection may branch.
  for (std::size_t b = 0; b + 3 <= length && filled < 256; b += 3) {
    const auto d1 = static_cast<std::uint16_t>(bytes[b] | ((bytes[b + 1] & 0x0F) << 8));
    const auto d2 = static_cast<std::uint16_t>((bytes[b + 1] >> 4) | (bytes[b + 2] << 4));
    if (d1 < q) f[filled++] = d1;
    if (d2 < q && filled < 256) f[filled++] = d2;
  }
  return filled;
}

void cbd_into(const std::uint8_t* prf, unsigned eta, KPoly& f);
void compress_into(const KPoly& f, unsigned d, KPoly& r);
void decompress_into(const KPoly& f, unsigned d, KPoly& r);

void byte_decode_into(const std::uint8_t* in, unsigned d, KPoly& f) {
  switch (d) {
    case 1: return decode_fixed<1>(in, f);
    case 2: return decode_fixed<2>(in, f);
    case 3: return decode_fixed<3>(in, f);
    case 4: return decode_fixed<4>(in, f);
    case 5: return decode_fixed<5>(in, f);
    case 6: return decode_fixed<6>(in, f);
    case 7: return decode_fixed<7>(in, f);
    case 8: return decode_fixed<8>(in, f);
    case 9: return decode_fixed<9>(in, f);
    case 10: return decode_fixed<10>(in, f);
    case 11: return decode_fixed<11>(in, f);
    default: return decode_fixed<12>(in, f);
  }
}

void message_into(const std::uint8_t* m, KPoly& f) {
  for (std::size_t byte = 0; byte < 32; ++byte)
    for (std::size_t j = 0; j < 8; ++j) {
      const std::uint32_t bit = (std::uint32_t{m[byte]} >> j) & 1u;
      f[8 * byte + j] = static_cast<std::uint16_t>((0u - bit) & ((q + 1) / 2));
    }
}

// a - b lies in (-q, q): one masked addition of q, in 16-bit lanes (as pqmul::add_into).
void sub_into(const KPoly& a, const KPoly& b, KPoly& r) {
  for (std::size_t i = 0; i < 256; ++i) {
    const auto t = static_cast<std::int16_t>(a[i] - b[i]);
    r[i] = static_cast<std::uint16_t>(t + (static_cast<std::int16_t>(q) & (t >> 15)));
  }
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
  KPoly a(uninitialized);  // filled up to 256 below
  std::size_t filled = 0;
  std::uint8_t block[168];  // one SHAKE128 block: 56 three-byte groups
  while (filled < 256) {
    xof.squeeze(block);
    filled = rej_uniform_into(a, filled, block, sizeof block);
  }
  return a;
}

KPoly sample_noise(std::span<const std::uint8_t, 32> sigma, std::uint8_t n, unsigned eta) {
  return sample_noise(sigma, n, eta, Isa::portable);
}

KPoly sample_noise(std::span<const std::uint8_t, 32> sigma, std::uint8_t n, unsigned eta, Isa isa) {
  if (eta != 2 && eta != 3) throw std::invalid_argument("SamplePolyCBD: eta must be 2 or 3");
  std::uint8_t bytes[64 * 3];
  keccak::Shake256 h(isa);
  h.absorb(sigma);
  h.absorb(std::span<const std::uint8_t>(&n, 1));
  h.squeeze(std::span<std::uint8_t>(bytes, 64 * eta));
  KPoly f(uninitialized);  // the kernel writes every coefficient
  poly_kernels(isa).cbd(bytes, eta, f);
  return f;
}

KPoly cbd(std::span<const std::uint8_t> prf, unsigned eta) {
  if (eta != 2 && eta != 3) throw std::invalid_argument("SamplePolyCBD: eta must be 2 or 3");
  if (prf.size() != 64 * eta) throw std::invalid_argument("SamplePolyCBD: input must be 64 eta bytes");
  KPoly f(uninitialized);  // every coefficient written
  cbd_into(prf.data(), eta, f);
  return f;
}

namespace {

void cbd_into(const std::uint8_t* prf, unsigned eta, KPoly& f) {
  // Coefficient i is x - y for the bit counts x, y of bits 2 eta i .. 2 eta i + 2 eta - 1
  // of the stream. The counts of all coefficients of a word are formed at once
  // (bits summed in place by masks), so the cost is independent of the secret bits.
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
}

}  // namespace

void byte_encode(const KPoly& f, unsigned d, std::span<std::uint8_t> out) {
  check_width(d, out.size());
  switch (d) {
    case 1: return encode_fixed<1>(f, out.data());
    case 2: return encode_fixed<2>(f, out.data());
    case 3: return encode_fixed<3>(f, out.data());
    case 4: return encode_fixed<4>(f, out.data());
    case 5: return encode_fixed<5>(f, out.data());
    case 6: return encode_fixed<6>(f, out.data());
    case 7: return encode_fixed<7>(f, out.data());
    case 8: return encode_fixed<8>(f, out.data());
    case 9: return encode_fixed<9>(f, out.data());
    case 10: return encode_fixed<10>(f, out.data());
    case 11: return encode_fixed<11>(f, out.data());
    default: return encode_fixed<12>(f, out.data());
  }
}

KPoly byte_decode(std::span<const std::uint8_t> in, unsigned d) {
  check_width(d, in.size());
  KPoly f(uninitialized);  // every coefficient written
  byte_decode_into(in.data(), d, f);
  return f;
}

void byte_encode(const KPoly& f, unsigned d, std::span<std::uint8_t> out, const PolyKernels& kernels) {
  check_width(d, out.size());
  kernels.byte_encode(f, d, out.data());
}

void byte_encode_12_part(const KPoly& f, std::size_t from, std::size_t to, std::span<std::uint8_t> out,
                         const PolyKernels& kernels) {
  check_width(12, out.size());
  if (from > to || to > 256 || from % 16 != 0 || to % 16 != 0)
    throw std::invalid_argument("byte_encode_12_part: [from, to) must be multiples of 16 within 256");
  kernels.byte_encode_12_part(f, from, to, out.data());
}

void byte_encode_12_part(const KPoly& f, std::size_t from, std::size_t to, std::span<std::uint8_t> out) {
  check_width(12, out.size());
  if (from > to || to > 256 || from % 16 != 0 || to % 16 != 0)
    throw std::invalid_argument("byte_encode_12_part: [from, to) must be multiples of 16 within 256");
  encode_fixed<12>(f, out.data(), from, to);
}

KPoly byte_decode(std::span<const std::uint8_t> in, unsigned d, const PolyKernels& kernels) {
  check_width(d, in.size());
  KPoly f(uninitialized);  // the kernel writes every coefficient
  kernels.byte_decode(in.data(), d, f);
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
  KPoly r(uninitialized);  // every coefficient written
  compress_into(f, d, r);
  return r;
}

KPoly decompress(const KPoly& f, unsigned d) {
  KPoly r(uninitialized);
  decompress_into(f, d, r);
  return r;
}

namespace {

void compress_into(const KPoly& f, unsigned d, KPoly& r) {
  switch (d) {
    case 1: compress_fixed<1>(f, r); break;
    case 4: compress_fixed<4>(f, r); break;
    case 5: compress_fixed<5>(f, r); break;
    case 10: compress_fixed<10>(f, r); break;
    case 11: compress_fixed<11>(f, r); break;
    default:
      for (std::size_t i = 0; i < 256; ++i) r[i] = compress(f[i], d);
  }
}

void decompress_into(const KPoly& f, unsigned d, KPoly& r) {
  switch (d) {
    case 1: decompress_fixed<1>(f, r); break;
    case 4: decompress_fixed<4>(f, r); break;
    case 5: decompress_fixed<5>(f, r); break;
    case 10: decompress_fixed<10>(f, r); break;
    case 11: decompress_fixed<11>(f, r); break;
    default:
      for (std::size_t i = 0; i < 256; ++i) r[i] = decompress(f[i], d);
  }
}

}  // namespace

KPoly compress(const KPoly& f, unsigned d, const PolyKernels& kernels) {
  KPoly r(uninitialized);  // the kernel writes every coefficient
  kernels.compress(f, d, r);
  return r;
}

KPoly decompress(const KPoly& f, unsigned d, const PolyKernels& kernels) {
  KPoly r(uninitialized);
  kernels.decompress(f, d, r);
  return r;
}

KPoly message_to_poly(std::span<const std::uint8_t, 32> m) {
  KPoly f(uninitialized);  // every coefficient written
  message_into(m.data(), f);
  return f;
}

void poly_to_message(const KPoly& w, std::span<std::uint8_t, 32> m) {
  const KPoly bits = compress(w, 1);
  for (std::size_t byte = 0; byte < 32; ++byte) {
    std::uint32_t packed = 0;
    for (std::size_t j = 0; j < 8; ++j) packed |= std::uint32_t{bits[8 * byte + j]} << j;
    m[byte] = static_cast<std::uint8_t>(packed);
  }
}

KPoly message_to_poly(std::span<const std::uint8_t, 32> m, const PolyKernels& kernels) {
  KPoly f(uninitialized);
  kernels.message_to_poly(m.data(), f);
  return f;
}

void poly_to_message(const KPoly& w, std::span<std::uint8_t, 32> m, const PolyKernels& kernels) {
  kernels.poly_to_message(w, m.data());
}

KPoly sub(const KPoly& a, const KPoly& b) {
  KPoly r(uninitialized);
  sub_into(a, b, r);
  return r;
}

KPoly add_mod_q(const KPoly& a, const KPoly& b, const PolyKernels& kernels) {
  KPoly r(uninitialized);
  kernels.add_mod_q(a, b, r);
  return r;
}

KPoly sub(const KPoly& a, const KPoly& b, const PolyKernels& kernels) {
  KPoly r(uninitialized);
  kernels.sub_mod_q(a, b, r);
  return r;
}

const PolyKernels& portable_poly_kernels() {
  static constexpr PolyKernels table{
      {&rej_uniform_into},
      {&cbd_into},
      {[](const KPoly& f, unsigned d, std::uint8_t* out) { byte_encode(f, d, std::span(out, 32 * d)); }},
      {[](const KPoly& f, std::size_t from, std::size_t to, std::uint8_t* out) { encode_fixed<12>(f, out, from, to); }},
      {&byte_decode_into},
      {&compress_into},
      {&decompress_into},
      {&message_into},
      {[](const KPoly& w, std::uint8_t* m) { poly_to_message(w, std::span<std::uint8_t, 32>(m, 32)); }},
      {&add_into<KyberRing>},
      {&sub_into},
  };
  return table;
}

}  // namespace pqmul::kyber
