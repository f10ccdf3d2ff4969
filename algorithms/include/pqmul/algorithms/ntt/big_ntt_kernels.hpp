#pragma once
// AVX2 (8 lanes), AVX-512 (16 lanes) and NEON (4 lanes) kernels of the
// big-prime NTT (big_ntt.hpp), on raw uint32 residues of one prime. The kernels
// live in big_ntt_avx2.cpp / big_ntt_avx512.cpp (compiled with their ISA's
// flags, x86-64 only) and big_ntt_neon.cpp (AArch64 only); call them only where
// cpu_supports() / isa_available() says the ISA runs. This header is portable: plain declarations and the constant tables'
// shape, no intrinsics.
//
// Every kernel computes the same values mod p as its portable twin in
// big_ntt_detail (forward, inverse, base_multiply_accumulate, the CRT of
// BigNtt::inverse): inputs and outputs are canonical, in [0, p), so the results
// are equal word for word. Products take 64-bit lanes (_mm256_mul_epu32 /
// _mm512_mul_epu32 on even and odd lanes, umull / umull2 on NEON); each result, below 2p, is brought
// into [0, p) by min(x, x - p) (unsigned), which needs p < 2^31.
//
// The twiddles are laid out in the order the kernels read them by
// make_kernel_tables (big_ntt_simd.cpp, portable code):
//  * layers whose butterflies are at least one vector apart (len >= W, W the
//    lane count) broadcast zetas[k] and zetas_shoup[k] (the portable tables'
//    index k);
//  * the lower layers (len < W) work on chunks of 2W coefficients held in two
//    registers, split into the W "low" and W "high" butterfly inputs by a
//    fixed shuffle; their twiddles are one vector per chunk and layer in
//    `forward_lanes` / `inverse_lanes`: for each chunk (ascending), for each
//    such layer in the order the transform runs it, W zetas then W zetas_shoup.
//  * base products of degree 2 <= d <= W read gamma_lanes[i] (the gamma of
//    the block holding coefficient i); wider ones broadcast gammas[block].
// Products by constants use Shoup's method: a constant is stored as the pair
// w (its value, i.e. the portable Montgomery-form constant times 2^-32, so the
// product a w mod p equals the portable Montgomery product) and "_shoup"
// floor(w 2^32 / p), the quotient estimate's factor. Products of two
// variables (base multiplication) are Montgomery products, as in the portable
// code.
#include <cstddef>
#include <cstdint>

namespace pqmul::big_ntt_kernels {

// Lane counts of the kernel sets.
inline constexpr std::size_t avx2_lanes = 8;
inline constexpr std::size_t avx512_lanes = 16;
inline constexpr std::size_t neon_lanes = 4;

// One prime's constants, as pointers into tables owned by the caller.
struct PrimeKernelTables {
  std::uint32_t p = 0;
  std::uint32_t minus_p_inverse = 0;        // -p^-1 mod 2^32
  const std::uint32_t* zetas = nullptr;     // 2^L: PrimeTables::zetas times 2^-32
  const std::uint32_t* zetas_shoup = nullptr;  // 2^L
  const std::uint32_t* forward_lanes = nullptr;
  const std::uint32_t* inverse_lanes = nullptr;
  const std::uint32_t* gammas = nullptr;         // 2^L: PrimeTables::gammas times 2^-32
  const std::uint32_t* gammas_shoup = nullptr;      // 2^L
  const std::uint32_t* gamma_lanes = nullptr;    // length: gammas[i / d]
  const std::uint32_t* gamma_lanes_shoup = nullptr; // length
  // The inverse's last layer also applies PrimeTables::inverse_scale s: its
  // sums are multiplied by s R^-1, its differences by zetas[1] s R^-2 (the
  // portable Montgomery factors, as plain values).
  std::uint32_t scale = 0, scale_shoup = 0;
  std::uint32_t last_zeta_scaled = 0, last_zeta_scaled_shoup = 0;
};

// The CRT of two primes p1 > p2 (or the centred lift of one) and the
// reduction mod a power-of-two q, as BigNtt::inverse does them.
struct CrtKernelConstants {
  std::uint32_t p1 = 0, p2 = 0;           // p2 = 0: one prime
  std::uint32_t p2_minus_inverse = 0;     // -p2^-1 mod 2^32
  std::uint32_t p1_inverse_mod_p2 = 0;    // p1^-1 mod p2
  std::uint32_t p1_inverse_mod_p2_shoup = 0; // floor(p1_inverse_mod_p2 2^32 / p2)
  std::uint64_t half = 0;                 // (p1 p2 - 1) / 2, or (p1 - 1) / 2 for one prime
  std::uint32_t modulus_low = 0;          // (p1 p2) mod 2^32, or p1: subtracted from negative lifts
  std::uint32_t q_mask = 0;               // q - 1
};

// Requirements shared by the kernels: length = d * 2^layers with
// 4W <= length <= 4096 and layers >= 1; residues in [0, p); p < 2^31 odd.
// Pointers need no alignment.
namespace avx2 {
// In-place forward NTT (big_ntt_detail::forward). Coefficients at and after
// `nonzero` are zero on input (pass length when nothing is known): the
// butterflies whose upper input is known to be zero are copies (all of the
// first layer for nonzero <= length / 2, as in the cyclic rings' transforms).
void forward(const PrimeKernelTables& t, std::uint32_t* f, std::size_t length, unsigned layers,
             std::size_t nonzero);
// f = inverse NTT of `in` with the final scale (big_ntt_detail::inverse);
// in == f is allowed (in place), else they must not overlap.
void inverse(const PrimeKernelTables& t, std::uint32_t* f, const std::uint32_t* in, std::size_t length,
             unsigned layers);
// acc += a * b in each base ring x^d - gamma (big_ntt_detail::base_multiply_accumulate).
void base_multiply_accumulate(const PrimeKernelTables& t, std::uint32_t* acc, const std::uint32_t* a,
                              const std::uint32_t* b, std::size_t length, unsigned layers);
// f[i] = centred(a[i]) mod p for i < n (a canonical mod the power of two q),
// f[i] = 0 for n <= i < length.
void lift_centred(std::uint32_t* f, const std::uint16_t* a, std::size_t n, std::size_t length, std::uint32_t q,
                  std::uint32_t p);
// out[i] = the centred CRT lift of (r1[i], r2[i]) (r2 unused for one prime)
// mod q, i < n. fold != 0 (cyclic rings): each residue first gets the one
// `fold` places above it added mod its prime, for i < n - 1 (x^n = 1 with
// fold = n on a product of degree <= 2n - 2, as BigNtt::inverse folds).
void crt_to_q(const CrtKernelConstants& c, std::uint16_t* out, const std::uint32_t* r1, const std::uint32_t* r2,
              std::size_t n, std::size_t fold);
}  // namespace avx2

namespace avx512 {
void forward(const PrimeKernelTables& t, std::uint32_t* f, std::size_t length, unsigned layers,
             std::size_t nonzero);
void inverse(const PrimeKernelTables& t, std::uint32_t* f, const std::uint32_t* in, std::size_t length,
             unsigned layers);
void base_multiply_accumulate(const PrimeKernelTables& t, std::uint32_t* acc, const std::uint32_t* a,
                              const std::uint32_t* b, std::size_t length, unsigned layers);
void lift_centred(std::uint32_t* f, const std::uint16_t* a, std::size_t n, std::size_t length, std::uint32_t q,
                  std::uint32_t p);
void crt_to_q(const CrtKernelConstants& c, std::uint16_t* out, const std::uint32_t* r1, const std::uint32_t* r2,
              std::size_t n, std::size_t fold);
}  // namespace avx512

namespace neon {
void forward(const PrimeKernelTables& t, std::uint32_t* f, std::size_t length, unsigned layers,
             std::size_t nonzero);
void inverse(const PrimeKernelTables& t, std::uint32_t* f, const std::uint32_t* in, std::size_t length,
             unsigned layers);
void base_multiply_accumulate(const PrimeKernelTables& t, std::uint32_t* acc, const std::uint32_t* a,
                              const std::uint32_t* b, std::size_t length, unsigned layers);
void lift_centred(std::uint32_t* f, const std::uint16_t* a, std::size_t n, std::size_t length, std::uint32_t q,
                  std::uint32_t p);
void crt_to_q(const CrtKernelConstants& c, std::uint16_t* out, const std::uint32_t* r1, const std::uint32_t* r2,
              std::size_t n, std::size_t fold);
}  // namespace neon

}  // namespace pqmul::big_ntt_kernels
