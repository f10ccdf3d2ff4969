#pragma once
// The Kyber / ML-KEM samplers on multi-way SHAKE: several matrix entries
// (SampleNTT, FIPS 203 Algorithm 7) or noise polynomials (SamplePolyCBD_eta
// of PRF_eta, Algorithm 8) per call, from 4-way (AVX2) or 8-way (AVX-512)
// Keccak where the CPU has it. Every result equals the corresponding call of
// sample_ntt / sample_noise in primitives.hpp; the portable path (forced or on
// another CPU) gives the same polynomials.
//
// `isa` picks the kernel family (avx512, avx2 or portable), lowered to what
// the CPU runs and to the widths that exist; nullopt: the fastest
// (keccak::fastest_keccak_isa, which honours force_portable).
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/schemes/kyber/primitives.hpp"

namespace pqmul::kyber {

#if defined(PQMUL_X86_SIMD)
// AVX2 kernels (sampling_multiway_avx2.cpp), twins of the portable loops:
// Appends the candidates below q of bytes[0, length) (12 bits each, two per
// 3 bytes) to coeffs[filled ..] until 256 are there; returns the new count.
std::size_t kyber_rej_uniform_avx2(std::uint16_t* coeffs, std::size_t filled, const std::uint8_t* bytes,
                                   std::size_t length);
// The same with AVX-512 VBMI / VBMI2 (sampling_multiway_avx512vbmi2.cpp):
// needs avx512_vbmi2_available().
std::size_t kyber_rej_uniform_avx512vbmi2(std::uint16_t* coeffs, std::size_t filled, const std::uint8_t* bytes,
                                          std::size_t length);
// SamplePolyCBD_eta of 64 eta bytes into 256 canonical coefficients, eta in {2, 3}.
void kyber_cbd_avx2(std::uint16_t* coeffs, const std::uint8_t* bytes, unsigned eta);
// The same with AVX-512 VBMI (sampling_multiway_avx512vbmi2.cpp): needs
// avx512_vbmi2_available().
void kyber_cbd_avx512vbmi(std::uint16_t* coeffs, const std::uint8_t* bytes, unsigned eta);
#endif
#if defined(PQMUL_ARM_SIMD)
// The same two kernels on NEON (sampling_neon.cpp).
std::size_t kyber_rej_uniform_neon(std::uint16_t* coeffs, std::size_t filled, const std::uint8_t* bytes,
                                   std::size_t length);
void kyber_cbd_neon(std::uint16_t* coeffs, const std::uint8_t* bytes, unsigned eta);
#endif

// The two index bytes appended to rho: A^[i, j] = SampleNTT(rho || j || i).
struct MatrixIndex {
  std::uint8_t j, i;
};

// out[k] = sample_ntt(rho, index[k].j, index[k].i).
std::array<KPoly, 4> sample_ntt_x4(std::span<const std::uint8_t, 32> rho, const std::array<MatrixIndex, 4>& index,
                                   std::optional<Isa> isa = std::nullopt);
std::array<KPoly, 8> sample_ntt_x8(std::span<const std::uint8_t, 32> rho, const std::array<MatrixIndex, 8>& index,
                                   std::optional<Isa> isa = std::nullopt);

// out[k] = sample_noise(sigma, nonce[k], eta), eta in {2, 3}: one eta for all
// ways, or one per way (ML-KEM-512 mixes eta1 = 3 and eta2 = 2 in encaps).
std::array<KPoly, 4> prf_cbd_x4(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 4>& nonce,
                                unsigned eta, std::optional<Isa> isa = std::nullopt);
std::array<KPoly, 8> prf_cbd_x8(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 8>& nonce,
                                unsigned eta, std::optional<Isa> isa = std::nullopt);
std::array<KPoly, 4> prf_cbd_x4(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 4>& nonce,
                                const std::array<unsigned, 4>& eta, std::optional<Isa> isa = std::nullopt);
std::array<KPoly, 8> prf_cbd_x8(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 8>& nonce,
                                const std::array<unsigned, 8>& eta, std::optional<Isa> isa = std::nullopt);

// The whole k x k matrix, row-major: out[k * r + c] = A^[r, c], or A^T when
// `transposed` (out[k * r + c] = A^[c, r]). Batches entries 8 (avx512) or 4
// (avx2) at a time; a single leftover entry runs on the single-state XOF of the ISA.
// out.size() must be k * k.
void sample_matrix(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> out,
                   std::optional<Isa> isa = std::nullopt);

// A hash computed beside the matrix: SHAKE / SHA-3 of input[0] || input[1]
// (`rate`-byte blocks, `domain` bits before the padding), of which `out`
// (at most one block) receives the first bytes.
// `ready`: how many bytes of the input may be read from the start (the rest
// is written while the lanes run, see sample_in_lanes).
struct HashBeside {
  std::size_t rate;
  std::uint8_t domain;
  std::array<std::span<const std::uint8_t>, 2> input;
  std::span<std::uint8_t> out;
  std::size_t ready = SIZE_MAX;
};

// The same matrix, sampled on three lanes of the 4-way Keccak while the hash
// `beside` runs in the fourth: a long hash (H(ek) in encapsulation, J(z || c)
// or H(c) in decapsulation) hides the matrix's permutations, which then cost
// little more than the hash alone. The schedule is fixed by k and the lengths
// (and by rejection sampling, on the public rho).
void sample_matrix_beside(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> out,
                          const HashBeside& beside, std::optional<Isa> isa = std::nullopt);

// Noise polynomials sampled on the lanes too:
// out[t] = SamplePolyCBD_eta[t](PRF(sigma, first_nonce + t)), eta in {2, 3}.
struct NoiseBeside {
  std::span<const std::uint8_t, 32> sigma;
  std::uint8_t first_nonce;
  std::span<const unsigned> eta;
  std::span<KPoly> out;
};

// The noise polynomials of a K-PKE step: out[t] = SamplePolyCBD_eta[t](PRF(seed,
// first_nonce + t)), scheduled for the ISA's Keccak kernels: on the lanes
// (mixed eta), in 8- or 4-way batches, or one at a time on the scalar permutation.
void sample_noise_polys(std::span<const std::uint8_t, 32> seed, std::uint8_t first_nonce, std::span<const unsigned> eta,
                        std::span<KPoly> out, std::optional<Isa> isa = std::nullopt);

// One run of the lanes: the matrix (as above), the hash (if any) in the first
// lane, and the noise (if any, at most 9 polynomials) where lanes are free.
// Where the ISA's 4-way Keccak is the scalar permutation (portable), the
// jobs of the functions below run one at a time, to the same values: the
// matrix rows in order (after_row after each), the noise, then the hash.
void sample_in_lanes(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> matrix,
                     const HashBeside* hash, const NoiseBeside* noise, std::optional<Isa> isa = std::nullopt);
// The same for rows [first_row, end_row) of the matrix only (its other entries
// are left as they are). `after_row(r)` is called once per row, in order, the
// moment row r is sampled; it may write more of the hash's input and returns
// how many bytes of it are readable from then on (at first hash->ready). The
// hash reads no further, waiting in its lane (its state kept) while the
// other lanes go on. So a hash can start on the first part of an input whose
// later parts depend on the rows: H(ek) in key generation.
using AfterRow = std::function<std::size_t(unsigned row)>;
void sample_in_lanes(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> matrix,
                     unsigned first_row, unsigned end_row, const HashBeside* hash, const NoiseBeside* noise,
                     const AfterRow& after_row, std::optional<Isa> isa = std::nullopt);
// The noise alone on the lanes: each polynomial takes one or two blocks, where
// a multi-way batch squeezes the longest one for every way.
void sample_noise_in_lanes(const NoiseBeside& noise, std::optional<Isa> isa = std::nullopt);

// K-PKE.KeyGen's Keccak work for k = 2 (eta1 = 3): A^, s, e and H(ek) in six
// steps of the 4-way lanes and three single-state permutations (the schedule
// is in keygen_k2_lanes.cpp), against 2 + 3 batched steps and six
// single-state permutations for the noise, the matrix and H one after the
// other. H starts on ek's first row before the second row exists, so the
// caller writes ek between steps: encode(part) is called once per part, in
// order, and must write ek's bytes of it from matrix and noise:
//   part 0: t^[0], bytes [0, 384), once A^'s first row, s and e_0 are sampled;
//   part 1: coefficients [0, 128) of t^[1], bytes [384, 576), once the second
//           row's entries have those coefficients and e_1 is sampled;
//   part 2: the rest of t^[1], bytes [576, 768), once the row is complete.
// ek[768, 800) (rho) must be written before the call. matrix: A^ row-major,
// not transposed; noise: s_0, s_1, e_0, e_1 (PRF nonces 0 to 3).
// Returns false, having finished nothing, in the one case the schedule does
// not cover (an entry of the second row with fewer than 128 coefficients
// from its first two SHAKE128 blocks, probability below 2^-60): the caller
// then takes another path. Entries short after three blocks take further blocks on
// the single-state permutation.
using EncodePart = std::function<void(unsigned part)>;
bool sample_keygen_k2_in_lanes(std::span<const std::uint8_t, 32> rho, std::span<const std::uint8_t, 32> sigma,
                               std::span<KPoly, 4> matrix, std::span<KPoly, 4> noise,
                               std::span<const std::uint8_t, 800> ek, std::span<std::uint8_t, 32> ek_digest,
                               const EncodePart& encode, std::optional<Isa> isa = std::nullopt);

// K-PKE.KeyGen's Keccak work, scheduled for the ISA's Keccak kernels: A^ (not
// transposed) from rho, s and e from sigma (SamplePolyCBD_eta1, PRF nonces 0
// to 2k - 1), and H(ek). The caller writes ek's rows of t^ = A^ o s^ + e^ when
// the schedule has sampled what they need, and H reads them after:
//   encode_rows(first, end): rows [first, end) of t^, once A^'s rows [0, end),
//     all of s and e_0 .. e_{end-1} are sampled; called for rows in order;
//   encode_row_part(row, from, to): coefficients [from, to) of one row (the
//     base multiplication is coefficient-wise), or empty where the caller
//     cannot compute a row by parts; a schedule may then ask for the last row
//     in parts (k = 2 on AVX-512: sample_keygen_k2_in_lanes).
// The schedules (sample_keygen_k2_in_lanes for k = 2 on AVX-512; on AVX-512
// for k >= 3, the first rows with the noise, then the others beside H; else
// the noise and the matrix, then H) give the same values on every ISA.
struct KeygenSampling {
  std::span<const std::uint8_t, 32> rho, sigma;
  unsigned k;
  unsigned eta1;
  std::span<KPoly> matrix;     // k * k entries, row-major
  std::span<KPoly> noise;      // s_0 .. s_{k-1}, e_0 .. e_{k-1}
  std::span<std::uint8_t> ek;  // 384 k + 32 bytes, rho already at the end
  std::span<std::uint8_t, 32> ek_digest;
  std::function<void(unsigned first, unsigned end)> encode_rows;
  std::function<void(unsigned row, std::size_t from, std::size_t to)> encode_row_part;
};
void sample_keygen(const KeygenSampling& job, std::optional<Isa> isa = std::nullopt);

}  // namespace pqmul::kyber
