// NEON kernels of the big-prime NTT (big_ntt_kernels.hpp): 4 residues of one
// prime per register, the 64-bit products from umull / umull2 and their high
// words gathered by uzp2, every value kept in [0, p), so each kernel returns
// its portable twin's words (as the AVX2 and AVX-512 kernels do).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "pqmul/algorithms/ntt/big_ntt_kernels.hpp"

namespace pqmul::big_ntt_kernels::neon {
namespace {

using V = uint32x4_t;
constexpr std::size_t W = 4;
constexpr unsigned log_W = 2;

V load(const std::uint32_t* p) { return vld1q_u32(p); }
void store(std::uint32_t* p, V v) { vst1q_u32(p, v); }
V bcast(std::uint32_t x) { return vdupq_n_u32(x); }

// x in [0, 2p) -> [0, p): x - p wraps above x exactly when x < p.
V reduce_once(V x, V p) { return vminq_u32(x, vsubq_u32(x, p)); }
V add(V a, V b, V p) { return reduce_once(vaddq_u32(a, b), p); }
// a - b, or a - b + p when that wrapped (then a - b + p < p < a - b).
V sub(V a, V b, V p) {
  const V d = vsubq_u32(a, b);
  return vminq_u32(d, vaddq_u32(d, p));
}

uint32x4_t words(uint64x2_t x) { return vreinterpretq_u32_u64(x); }
uint64x2_t doublewords(uint32x4_t x) { return vreinterpretq_u64_u32(x); }

// floor(a b / 2^32) lane by lane.
V mul_high(V a, V b) {
  return vuzp2q_u32(words(vmull_u32(vget_low_u32(a), vget_low_u32(b))), words(vmull_high_u32(a, b)));
}

// a * w mod p for a < 2^32 and a constant w < p by Shoup's method: with
// ws = floor(w 2^32 / p), the estimate e = floor(a ws / 2^32) leaves
// a w - e p in [0, 2p), computed in 32-bit words (big_ntt_kernels.hpp: the
// tables hold w = c 2^-32 mod p, so this is the portable Montgomery product).
V mul_const(V a, V w, V ws, V p) { return reduce_once(vmlsq_u32(vmulq_u32(a, w), mul_high(a, ws), p), p); }
// A lane-wise multiply needs no shuffle of the factors here, unlike the
// even/odd products of x86: both forms are the same step.
V mul_bcast(V a, V w, V ws, V p) { return mul_const(a, w, ws, p); }
V mul_lanes(V a, V w, V ws, V p) { return mul_const(a, w, ws, p); }

// a * b * 2^-32 mod p for a, b in [0, p): m = (a b mod 2^32)(-p^-1) mod 2^32
// makes a b + m p divisible by 2^32; the sum is below 2^64 and its high word
// below 2p.
V mul(V a, V b, V p, V mq) {
  uint64x2_t lo = vmull_u32(vget_low_u32(a), vget_low_u32(b));
  uint64x2_t hi = vmull_high_u32(a, b);
  const V m = vmulq_u32(vuzp1q_u32(words(lo), words(hi)), mq);
  lo = vmlal_u32(lo, vget_low_u32(m), vget_low_u32(p));
  hi = vmlal_high_u32(hi, m, p);
  return reduce_once(vuzp2q_u32(words(lo), words(hi)), p);
}

// The lower layers work on 8 coefficients, A = f[0..3] and B = f[4..7], split
// into the low inputs X and the high inputs Y of layer len = 2^log_len (2, 1):
//   len 2: X = f[0, 1, 4, 5]   Y = X + 2   (64-bit zips)
//   len 1: X = f[0, 2, 4, 6]   Y = X + 1   (32-bit unzips)
// i.e. lane l holds l / len * 2 len + l % len, the order make_kernel_tables
// lays the twiddles out in.
void split(unsigned log_len, V a, V b, V& x, V& y) {
  if (log_len == 1) {
    x = words(vzip1q_u64(doublewords(a), doublewords(b)));
    y = words(vzip2q_u64(doublewords(a), doublewords(b)));
  } else {
    x = vuzp1q_u32(a, b);
    y = vuzp2q_u32(a, b);
  }
}
// The inverse of split.
void merge(unsigned log_len, V x, V y, V& a, V& b) {
  if (log_len == 1) {
    a = words(vzip1q_u64(doublewords(x), doublewords(y)));
    b = words(vzip2q_u64(doublewords(x), doublewords(y)));
  } else {
    a = vzip1q_u32(x, y);
    b = vzip2q_u32(x, y);
  }
}

// Byte indices (tbl) of the in-register base products, d = 2, 4 at [log2 d]:
// lane l of block (l / d) takes x_i (broadcast), y_{(l - i) mod d}
// (rotation), and the gamma multiple of y where l mod d < i (the wrapped terms).
struct BaseIndices {
  std::uint8_t broadcast[3][4][16];
  std::uint8_t rotate[3][4][16];
  std::uint32_t wrapped[3][4][4];
};
constexpr BaseIndices make_base_indices() {
  BaseIndices t{};
  for (unsigned log_d = 1; log_d <= 2; ++log_d) {
    const unsigned d = 1u << log_d;
    for (unsigned i = 0; i < d; ++i)
      for (unsigned l = 0; l < 4; ++l) {
        const unsigned block = l / d * d, k = l % d;
        for (unsigned byte = 0; byte < 4; ++byte) {
          t.broadcast[log_d][i][4 * l + byte] = static_cast<std::uint8_t>(4 * (block + i) + byte);
          t.rotate[log_d][i][4 * l + byte] = static_cast<std::uint8_t>(4 * (block + ((k - i) & (d - 1))) + byte);
        }
        t.wrapped[log_d][i][l] = k < i ? 0xFFFFFFFFu : 0;
      }
  }
  return t;
}
constexpr BaseIndices base_indices = make_base_indices();

V lookup(V x, const std::uint8_t* index) {
  return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), vld1q_u8(index)));
}

// Not std::min: this object must emit no template instance that the linker
// could also hand to portable callers.
std::size_t smaller(std::size_t a, std::size_t b) { return a < b ? a : b; }

unsigned log2_of(std::size_t x) {
  unsigned r = 0;
  while ((std::size_t{1} << r) < x) ++r;
  return r;
}

V broadcast_lane(V x, unsigned log_d, std::size_t i) { return lookup(x, base_indices.broadcast[log_d][i]); }
V rotated_term(V y, V gy, unsigned log_d, std::size_t i) {
  const std::uint8_t* r = base_indices.rotate[log_d][i];
  return vbslq_u32(vld1q_u32(base_indices.wrapped[log_d][i]), lookup(gy, r), lookup(y, r));
}

}  // namespace

#include "big_ntt_simd_layers.inl"

void lift_centred(std::uint32_t* f, const std::uint16_t* a, std::size_t n, std::size_t length, std::uint32_t q,
                  std::uint32_t p) {
  // Centred c = a - q for a > (q-1)/2; c mod p = a + (p - q).
  const V half = bcast((q - 1) / 2), shift = bcast(p - q);
  std::size_t i = 0;
  for (; i + W <= n; i += W) {
    const V x = vmovl_u16(vld1_u16(a + i));
    store(f + i, vaddq_u32(x, vandq_u32(vcgtq_u32(x, half), shift)));
  }
  for (; i < n; ++i) f[i] = a[i] + ((p - q) & (0u - static_cast<std::uint32_t>(a[i] > (q - 1) / 2)));
  for (; i < length; ++i) f[i] = 0;
}

void crt_to_q(const CrtKernelConstants& c, std::uint16_t* out, const std::uint32_t* r1, const std::uint32_t* r2,
              std::size_t n, std::size_t fold) {
  const V p1 = bcast(c.p1), p2 = bcast(c.p2), mask = bcast(c.q_mask), m = bcast(c.modulus_low);
  const uint64x2_t half = vdupq_n_u64(c.half);
  const V k = bcast(c.p1_inverse_mod_p2), kq = bcast(c.p1_inverse_mod_p2_shoup);
  const bool two = c.p2 != 0;
  // The folded residues of 4 coefficients.
  const auto residues = [&](const std::uint32_t* r, std::size_t i, std::size_t above, V p) {
    V x = load(r + i);
    if (above != 0) x = add(x, load(r + i + above), p);
    return x;
  };
  // x mod q for 4 lanes, x the centred lift of (x1, x2).
  const auto lane_values = [&](V x1, V x2) {
    if (!two) {
      // One prime: x1 - p1 when x1 > (p1 - 1) / 2.
      const V negative = vcgtq_u32(x1, bcast(static_cast<std::uint32_t>(c.half)));
      return vandq_u32(vsubq_u32(x1, vandq_u32(negative, m)), mask);
    }
    // u = (r2 - r1 mod p2) p1^-1 mod p2; x = r1 + p1 u < p1 p2 < 2^62.
    const V u = mul_bcast(sub(x2, reduce_once(x1, p2), p2), k, kq, p2);
    const uint64x2_t lo = vmlal_u32(vmovl_u32(vget_low_u32(x1)), vget_low_u32(u), vget_low_u32(p1));
    const uint64x2_t hi = vmlal_high_u32(vmovl_high_u32(x1), u, p1);
    // Negative lifts lose p1 p2: only its low word matters mod q.
    const V negative = vuzp1q_u32(words(vcgtq_u64(lo, half)), words(vcgtq_u64(hi, half)));
    const V low = vuzp1q_u32(words(lo), words(hi));
    return vandq_u32(vsubq_u32(low, vandq_u32(negative, m)), mask);
  };
  const auto eight = [&](const std::uint32_t* a1, const std::uint32_t* a2, std::size_t i, std::size_t above) {
    const V lo = lane_values(residues(a1, i, above, p1), two ? residues(a2, i, above, p2) : p1);
    const V hi = lane_values(residues(a1, i + W, above, p1), two ? residues(a2, i + W, above, p2) : p1);
    return vcombine_u16(vmovn_u32(lo), vmovn_u32(hi));
  };
  crt_blocks(out, r1, r2, two, n, fold,
             [&](std::uint16_t* dst, const std::uint32_t* a1, const std::uint32_t* a2, std::size_t i,
                 std::size_t above) { vst1q_u16(dst, eight(a1, a2, i, above)); });
}

}  // namespace pqmul::big_ntt_kernels::neon
