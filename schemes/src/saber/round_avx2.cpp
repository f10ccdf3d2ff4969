// AVX2 kernels of Saber's rounding steps and the ciphertext comparison
// (kernels_avx2.hpp): sixteen 16-bit coefficients per register; the
// arithmetic wraps mod 2^16, and every result is masked below 2^13.
#if defined(PQMUL_X86_SIMD)

#include <immintrin.h>

#include <cstdint>

#include "pqmul/schemes/saber/kernels_avx2.hpp"

namespace pqmul::saber::avx2 {
namespace {

constexpr unsigned coefficients = 256;
constexpr unsigned eq = 13, ep = 10;

__m256i load(const std::uint16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
void store(std::uint16_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

}  // namespace

void round_q_to_p(std::uint16_t* coeffs, std::size_t count) {
  const __m256i h1 = _mm256_set1_epi16(1 << (eq - ep - 1)), q_mask = _mm256_set1_epi16((1 << eq) - 1);
  for (std::size_t i = 0; i < count; i += 16) {
    const __m256i c = _mm256_and_si256(_mm256_add_epi16(load(coeffs + i), h1), q_mask);
    store(coeffs + i, _mm256_srli_epi16(c, eq - ep));
  }
}

void round_message(std::uint16_t* vp, const std::uint16_t* message_bits, unsigned et) {
  const __m256i h1 = _mm256_set1_epi16(1 << (eq - ep - 1)), p_mask = _mm256_set1_epi16((1 << ep) - 1);
  const __m128i shift = _mm_cvtsi32_si128(static_cast<int>(ep - et));
  for (unsigned i = 0; i < coefficients; i += 16) {
    const __m256i m = _mm256_slli_epi16(load(message_bits + i), ep - 1);
    const __m256i c = _mm256_add_epi16(_mm256_sub_epi16(load(vp + i), m), h1);
    store(vp + i, _mm256_srl_epi16(_mm256_and_si256(c, p_mask), shift));
  }
}

void recover_message(std::uint16_t* v, const std::uint16_t* cm, unsigned et, std::uint16_t h2) {
  const __m256i offset = _mm256_set1_epi16(static_cast<short>(h2)), p_mask = _mm256_set1_epi16((1 << ep) - 1);
  const __m128i shift = _mm_cvtsi32_si128(static_cast<int>(ep - et));
  for (unsigned i = 0; i < coefficients; i += 16) {
    const __m256i c = _mm256_sub_epi16(_mm256_add_epi16(load(v + i), offset), _mm256_sll_epi16(load(cm + i), shift));
    store(v + i, _mm256_srli_epi16(_mm256_and_si256(c, p_mask), ep - 1));
  }
}

std::uint8_t differ(const std::uint8_t* a, const std::uint8_t* b, std::size_t len) {
  __m256i acc = _mm256_setzero_si256();
  std::size_t i = 0;
  for (; i + 32 <= len; i += 32)
    acc = _mm256_or_si256(acc, _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i)),
                                                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i))));
  std::uint64_t rest = 0;
  for (; i < len; ++i) rest |= static_cast<std::uint64_t>(a[i] ^ b[i]);
  // Fold the register into 64 bits, then to a single bit without branching.
  const __m128i folded = _mm_or_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
  std::uint64_t all = static_cast<std::uint64_t>(_mm_cvtsi128_si64(folded)) |
                      static_cast<std::uint64_t>(_mm_extract_epi64(folded, 1)) | rest;
  all = (all | (all >> 32)) & 0xffffffffull;
  return static_cast<std::uint8_t>((0ull - all) >> 63);
}

}  // namespace pqmul::saber::avx2

#endif  // PQMUL_X86_SIMD
