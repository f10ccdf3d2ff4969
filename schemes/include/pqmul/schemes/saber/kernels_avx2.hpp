#pragma once
// AVX2/BMI2 kernels of Saber's byte conversions, sampling and rounding steps,
// on raw arrays of one polynomial (n = 256 coefficients) each. Each returns
// the same values as its portable twin (pack.hpp, sampling.hpp, rounding.hpp,
// constant_time.hpp); none branches or indexes memory on secret data.
//
// Declared for portable callers; defined (x86-64 builds only, PQMUL_X86_SIMD)
// in files compiled for AVX2, so call them only where
// cpu_supports(Isa::avx2).
#include <cstddef>
#include <cstdint>

namespace pqmul::saber::avx2 {

// Widths the packing kernels serve: 1 (message), 3, 4, 6 (T of the three
// sets), 6, 8, 10 (the sampler's coin groups), 10 (mod p), 13 (mod q).
// bits * 32 bytes in or out.
bool packs_width(unsigned bits);
// Low `bits` bits of every coefficient, as a little-endian bit stream.
void pack(const std::uint16_t* coeffs, unsigned bits, std::uint8_t* out);
// Coefficients of `bits` bits from the stream.
void unpack(const std::uint8_t* in, unsigned bits, std::uint16_t* coeffs);

// The centred binomial sample of parameter mu (6, 8 or 10) from mu * 32
// coin bytes, stored mod q = 2^13.
bool samples_mu(unsigned mu);
void centred_binomial(const std::uint8_t* coins, unsigned mu, std::uint16_t* coeffs);

// The rounding steps (rounding.hpp), `count` coefficients (a multiple of 16).
void round_q_to_p(std::uint16_t* coeffs, std::size_t count);
void round_message(std::uint16_t* vp, const std::uint16_t* message_bits, unsigned et);
void recover_message(std::uint16_t* v, const std::uint16_t* cm, unsigned et, std::uint16_t h2);

// 0 if the len bytes of a and b are equal, 1 otherwise; time depends on len only.
std::uint8_t differ(const std::uint8_t* a, const std::uint8_t* b, std::size_t len);

}  // namespace pqmul::saber::avx2
