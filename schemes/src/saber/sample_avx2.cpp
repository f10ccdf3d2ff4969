// AVX2 centred binomial sampler of Saber (kernels_avx2.hpp): the mu-bit groups
// are scattered into 16-bit lanes (pdep, four at a time), then sixteen lanes
// at once count the bits of each half with a SWAR population count.
#if defined(PQMUL_X86_SIMD)

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "pqmul/schemes/saber/kernels_avx2.hpp"

namespace pqmul::saber::avx2 {
namespace {

constexpr unsigned coefficients = 256;

// Bits set in each 16-bit lane (every lane below 2^8).
__m256i popcount_lanes(__m256i x) {
  x = _mm256_sub_epi16(x, _mm256_and_si256(_mm256_srli_epi16(x, 1), _mm256_set1_epi16(0x5555)));
  x = _mm256_add_epi16(_mm256_and_si256(x, _mm256_set1_epi16(0x3333)),
                       _mm256_and_si256(_mm256_srli_epi16(x, 2), _mm256_set1_epi16(0x3333)));
  return _mm256_and_si256(_mm256_add_epi16(x, _mm256_srli_epi16(x, 4)), _mm256_set1_epi16(0x0f0f));
}

}  // namespace

bool samples_mu(unsigned mu) { return mu == 6 || mu == 8 || mu == 10; }

void centred_binomial(const std::uint8_t* coins, unsigned mu, std::uint16_t* coeffs) {
  if (!samples_mu(mu)) return;
  alignas(32) std::uint16_t groups[coefficients];
  unpack(coins, mu, groups);
  const unsigned half = mu / 2;
  const __m256i half_mask = _mm256_set1_epi16(static_cast<short>((1u << half) - 1));
  const __m256i q_mask = _mm256_set1_epi16(0x1fff);
  const __m128i shift = _mm_cvtsi32_si128(static_cast<int>(half));
  for (unsigned i = 0; i < coefficients; i += 16) {
    const __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(groups + i));
    const __m256i plus = popcount_lanes(_mm256_and_si256(v, half_mask));
    const __m256i minus = popcount_lanes(_mm256_and_si256(_mm256_srl_epi16(v, shift), half_mask));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(coeffs + i),
                        _mm256_and_si256(_mm256_sub_epi16(plus, minus), q_mask));
  }
}

}  // namespace pqmul::saber::avx2

#endif  // PQMUL_X86_SIMD
