#pragma once
// The rounding steps of Saber's IND-CPA encryption and decryption, on
// polynomials canonical mod q, on a kernel table as in pack.hpp (same values
// for every table).
#include <cstdint>
#include <span>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/saber/pack.hpp"
#include "pqmul/schemes/saber/params.hpp"

namespace pqmul::saber {

// q -> p rounding of the products A s and A s': (x + h1) >> (eq - ep), mod p.
void round_q_to_p(std::span<SaberPoly> v, const SaberKernels& kernels = portable_saber_kernels());

// Encryption's message part: (v' - 2^(ep-1) m + h1) mod p, keeping its top et
// bits; message holds the bits of m (0 or 1), one per coefficient.
void round_message(SaberPoly& vp, const SaberPoly& message, unsigned et,
                   const SaberKernels& kernels = portable_saber_kernels());

// Decryption: (v + h2 - 2^(ep-et) cm) mod p, its top bit; h2 as in params.hpp.
void recover_message(SaberPoly& v, const SaberPoly& cm, unsigned et,
                     const SaberKernels& kernels = portable_saber_kernels());

// h2 of the set whose ciphertext keeps et bits.
constexpr unsigned h2_for(unsigned et) { return (1u << (ep - 2)) - (1u << (ep - et - 1)) + (1u << (eq - ep - 1)); }
static_assert(h2_for(LightSaberParams::et) == h2<LightSaberParams> && h2_for(SaberParams::et) == h2<SaberParams> &&
              h2_for(FireSaberParams::et) == h2<FireSaberParams>);

// Decapsulation's comparison of the ciphertext with its re-encryption: 0 if
// equal, 1 otherwise (ct::differ), in time that depends on the length only.
std::uint8_t ciphertexts_differ(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                                const SaberKernels& kernels = portable_saber_kernels());

}  // namespace pqmul::saber
