// BMI2 kernels of Saber's bit-stream encodings (kernels_avx2.hpp). Eight
// coefficients of w bits are exactly w bytes; pext gathers (pdep scatters) the
// low w bits of four 16-bit lanes at a time, so a group of eight takes two of
// each, whatever the width. The masks are public constants.
#if defined(PQMUL_X86_SIMD)

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "pqmul/schemes/saber/kernels_avx2.hpp"

namespace pqmul::saber::avx2 {
namespace {

constexpr unsigned coefficients = 256;

// The low w bits of each of four 16-bit lanes.
template <unsigned W>
constexpr std::uint64_t lane_mask = 0x0001000100010001ull * ((1ull << W) - 1);

template <unsigned W>
void pack_width(const std::uint16_t* coeffs, std::uint8_t* out) {
  for (unsigned i = 0; i < coefficients; i += 8, coeffs += 8, out += W) {
    std::uint64_t first, second;
    std::memcpy(&first, coeffs, 8);
    std::memcpy(&second, coeffs + 4, 8);
    const std::uint64_t a = _pext_u64(first, lane_mask<W>), b = _pext_u64(second, lane_mask<W>);
    if constexpr (W <= 8) {
      const std::uint64_t v = a | (b << (4 * W));
      std::memcpy(out, &v, W);
    } else {
      // Bytes 0..7 of the group, then its last eight bytes (overlapping).
      const std::uint64_t lo = a | (b << (4 * W)), hi = b >> (64 - 4 * W);
      const std::uint64_t tail = (lo >> (8 * W - 64)) | (hi << (128 - 8 * W));
      std::memcpy(out, &lo, 8);
      std::memcpy(out + W - 8, &tail, 8);
    }
  }
}

template <unsigned W>
void unpack_width(const std::uint8_t* in, std::uint16_t* coeffs) {
  for (unsigned i = 0; i < coefficients; i += 8, coeffs += 8, in += W) {
    std::uint64_t a, b;
    if constexpr (W <= 8) {
      std::uint64_t v = 0;
      std::memcpy(&v, in, W);
      a = v;
      b = v >> (4 * W);
    } else {
      // The second half's 4W bits end the group: the last eight bytes of it,
      // shifted, hold them (and no load reaches past the group).
      std::uint64_t tail;
      std::memcpy(&a, in, 8);
      std::memcpy(&tail, in + W - 8, 8);
      b = tail >> (64 - 4 * W);
    }
    const std::uint64_t first = _pdep_u64(a, lane_mask<W>), second = _pdep_u64(b, lane_mask<W>);
    std::memcpy(coeffs, &first, 8);
    std::memcpy(coeffs + 4, &second, 8);
  }
}

}  // namespace

bool packs_width(unsigned bits) {
  return bits == 1 || bits == 3 || bits == 4 || bits == 6 || bits == 8 || bits == 10 || bits == 13;
}

void pack(const std::uint16_t* coeffs, unsigned bits, std::uint8_t* out) {
  switch (bits) {
    case 1: return pack_width<1>(coeffs, out);
    case 3: return pack_width<3>(coeffs, out);
    case 4: return pack_width<4>(coeffs, out);
    case 6: return pack_width<6>(coeffs, out);
    case 8: return pack_width<8>(coeffs, out);
    case 10: return pack_width<10>(coeffs, out);
    case 13: return pack_width<13>(coeffs, out);
    default: return;
  }
}

void unpack(const std::uint8_t* in, unsigned bits, std::uint16_t* coeffs) {
  switch (bits) {
    case 1: return unpack_width<1>(in, coeffs);
    case 3: return unpack_width<3>(in, coeffs);
    case 4: return unpack_width<4>(in, coeffs);
    case 6: return unpack_width<6>(in, coeffs);
    case 8: return unpack_width<8>(in, coeffs);
    case 10: return unpack_width<10>(in, coeffs);
    case 13: return unpack_width<13>(in, coeffs);
    default: return;
  }
}

}  // namespace pqmul::saber::avx2

#endif  // PQMUL_X86_SIMD
