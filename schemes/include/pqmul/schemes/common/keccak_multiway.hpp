#pragma once
// Multi-way Keccak: 4 (or 8) independent Keccak-f[1600] states permuted
// together, and SHAKE128 / SHAKE256 / SHA3 sponges over them. The byte streams
// are exactly those of the scalar functions in keccak.hpp, one per way.
//
// Layout of the permutation kernels: the states are lane-interleaved, lane i
// (i = x + 5y, 0..24) of state k sits at states[W * i + k] for W ways, so one
// vector register holds lane i of every state.
//
// The kernels below need the CPU feature in their name; the sponges take the
// Keccak kernel table (keccak_kernels.hpp) of the ISA they are built for, at
// construction (fastest_keccak_isa by default, which honours force_portable).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqmul/algorithms/isa.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/keccak_kernels.hpp"

namespace pqmul::keccak {

#if defined(PQMUL_X86_SIMD)
// 24 rounds on 4 interleaved states (4 * 25 words). Needs AVX2.
void keccak_f1600_x4_avx2(std::uint64_t* states);
// The same with the AVX-512VL rotation and ternary logic on 256 bits. Needs
// AVX-512F and VL (Isa::avx512).
void keccak_f1600_x4_avx512(std::uint64_t* states);
// 24 rounds on 8 interleaved states (8 * 25 words). Needs AVX-512F.
void keccak_f1600_x8_avx512(std::uint64_t* states);
// 24 rounds on one state (25 words, lane x + 5y at index x + 5y), each lane
// in the low 64 bits of its own 256-bit register. Needs AVX-512F and VL
// (Isa::avx512).
void keccak_f1600_x1_avx512(std::uint64_t* state);
// Block transfers for 4 interleaved states (words[k] <= 24 little-endian
// 64-bit words per state k; in[k] / out[k] may be null where words[k] is 0).
// Needs AVX2. xor: state k ^= in[k], after zeroing state k where bit k of
// `reset` is set; extract: out[k] = the first words[k] words of state k, word
// w of the four states being the 32-byte aligned row at states + stride * w
// (stride 4 for the x4 layout; 8, from states and states + 4, for the x8 one).
void keccak_xor_lanes_x4_avx2(std::uint64_t* states, const std::uint8_t* const* in, const std::size_t* words,
                              unsigned reset);
void keccak_extract_lanes_x4_avx2(const std::uint64_t* states, std::size_t stride, std::uint8_t* const* out,
                                  const std::size_t* words);
#endif

// (AArch64 keeps the scalar permutation: a 2-way NEON kernel in the 4-way
// slot modelled slower on Cortex-A53/A72 and in Saber on the M1; README,
// "Modelled cycles on Arm".)

// The kernel family the sponges use by default: avx512, avx2 or portable
// (portable while force_portable / PQMUL_FORCE_PORTABLE is on). The CPU is
// asked once; the force switch on every call.
Isa fastest_keccak_isa();

// The kernel family a `ways`-way sponge asked for `wanted` runs: `wanted`, or
// the next slower family that can run here and has a kernel of that width.
Isa lower_keccak_isa(Isa wanted, std::size_t ways);

// The permutation of Ways interleaved states with the kernel of `isa`, or the
// next slower one where that is unavailable or has no kernel of this width
// (x4: avx512 (VL on 256 bits), avx2 or portable; x8: avx512, two avx2 x4
// calls, or portable).
void permute_x4(std::uint64_t* states, Isa isa);
void permute_x8(std::uint64_t* states, Isa isa);
inline void permute_x4(std::uint64_t* states) { permute_x4(states, fastest_keccak_isa()); }
inline void permute_x8(std::uint64_t* states) { permute_x8(states, fastest_keccak_isa()); }

// A sponge over Ways states. Every call takes one equal-length span per way;
// like keccak::Sponge, absorb may be called repeatedly before the first
// squeeze, and squeeze continues the output streams.
template <std::size_t Ways>
class MultiSponge {
 public:
  static_assert(Ways == 4 || Ways == 8, "4-way and 8-way sponges only");
  using Inputs = std::array<std::span<const std::uint8_t>, Ways>;
  using Outputs = std::array<std::span<std::uint8_t>, Ways>;

  // rate in bytes (multiple of 8, below 200); domain 0x1F for SHAKE, 0x06 for SHA-3.
  // isa: the kernel to use, lowered to what is available (as permute_x4/x8).
  MultiSponge(std::size_t rate, std::uint8_t domain, Isa isa);
  ~MultiSponge() { wipe(states_); }  // (they held what was absorbed)
  MultiSponge(const MultiSponge&) = delete;
  MultiSponge& operator=(const MultiSponge&) = delete;
  MultiSponge(std::size_t rate, std::uint8_t domain) : MultiSponge(rate, domain, fastest_keccak_isa()) {}
  void absorb(const Inputs& inputs);   // spans of equal length, before the first squeeze
  void squeeze(const Outputs& outputs);  // spans of equal length; finalises on the first call
  void reset();
  std::size_t rate() const { return rate_; }
  // The ISA of the permutation kernel this sponge runs.
  Isa isa() const { return Ways == 8 ? kernels_->permute_x8.isa : kernels_->permute_x4.isa; }

 private:
  void permute();
  void finalize();
  alignas(64) std::array<std::uint64_t, 25 * Ways> states_{};
  std::size_t rate_, position_ = 0;
  std::uint8_t domain_;
  bool squeezing_ = false;
  const KeccakKernels* kernels_;
};

extern template class MultiSponge<4>;
extern template class MultiSponge<8>;

// SHAKE of rate Rate (168: SHAKE128, 136: SHAKE256) on Ways inputs at once.
template <std::size_t Ways, std::size_t Rate>
struct MultiShake : MultiSponge<Ways> {
  MultiShake() : MultiSponge<Ways>(Rate, 0x1F) {}
  explicit MultiShake(Isa isa) : MultiSponge<Ways>(Rate, 0x1F, isa) {}
};
using Shake128X4 = MultiShake<4, 168>;
using Shake256X4 = MultiShake<4, 136>;
using Shake128X8 = MultiShake<8, 168>;
using Shake256X8 = MultiShake<8, 136>;

// One-shot functions: outputs[k] = SHAKE(inputs[k]) (equal lengths),
// digests[k] = SHA3(inputs[k]).
void shake128_x4(const MultiSponge<4>::Outputs& outputs, const MultiSponge<4>::Inputs& inputs);
void shake256_x4(const MultiSponge<4>::Outputs& outputs, const MultiSponge<4>::Inputs& inputs);
void shake128_x8(const MultiSponge<8>::Outputs& outputs, const MultiSponge<8>::Inputs& inputs);
void shake256_x8(const MultiSponge<8>::Outputs& outputs, const MultiSponge<8>::Inputs& inputs);
std::array<std::array<std::uint8_t, 32>, 4> sha3_256_x4(const MultiSponge<4>::Inputs& inputs);
std::array<std::array<std::uint8_t, 64>, 4> sha3_512_x4(const MultiSponge<4>::Inputs& inputs);

}  // namespace pqmul::keccak
