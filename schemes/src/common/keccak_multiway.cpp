// Multi-way sponges over lane-interleaved Keccak states, and the backends of
// the Keccak kernel family (keccak_kernels.hpp). Portable code: the SIMD
// kernels are only reached through a table resolved for a CPU that runs them.
#include "pqmul/schemes/common/keccak_multiway.hpp"

#include <algorithm>
#include <stdexcept>

#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_kernels.hpp"
#include "pqmul/schemes/common/little_endian.hpp"

namespace pqmul::keccak {

namespace {

// The scalar permutation applied to each of `ways` interleaved states: the
// portable twin of the kernels.
template <std::size_t Ways>
void permute_each(std::uint64_t* states) {
  for (std::size_t k = 0; k < Ways; ++k) {
    std::array<std::uint64_t, 25> s;
    for (std::size_t i = 0; i < 25; ++i) s[i] = states[Ways * i + k];
    permute(s);
    for (std::size_t i = 0; i < 25; ++i) states[Ways * i + k] = s[i];
  }
}

void xor_lanes_each(std::uint64_t* states, const std::uint8_t* const* in, const std::size_t* words, unsigned reset) {
  for (std::size_t lane = 0; lane < 4; ++lane) {
    if (reset & (1u << lane))
      for (std::size_t i = 0; i < 25; ++i) states[4 * i + lane] = 0;
    for (std::size_t w = 0; w < words[lane]; ++w) states[4 * w + lane] ^= load_le64(in[lane] + 8 * w);
  }
}

void extract_lanes_each(const std::uint64_t* states, std::size_t stride, std::uint8_t* const* out,
                        const std::size_t* words) {
  for (std::size_t lane = 0; lane < 4; ++lane)
    for (std::size_t w = 0; w < words[lane]; ++w) store_le64(out[lane] + 8 * w, states[stride * w + lane]);
}

#if defined(PQMUL_X86_SIMD)
// Two 4-way halves, re-interleaved with stride 4 and back.
void permute_x8_by_halves(std::uint64_t* states) {
  alignas(32) std::uint64_t half[2][100];
  for (std::size_t i = 0; i < 25; ++i)
    for (std::size_t k = 0; k < 8; ++k) half[k / 4][4 * i + k % 4] = states[8 * i + k];
  keccak_f1600_x4_avx2(half[0]);
  keccak_f1600_x4_avx2(half[1]);
  for (std::size_t i = 0; i < 25; ++i)
    for (std::size_t k = 0; k < 8; ++k) states[8 * i + k] = half[k / 4][4 * i + k % 4];
}

void permute_one_on_avx512(std::array<std::uint64_t, 25>& state) { keccak_f1600_x1_avx512(state.data()); }
#endif

using Backend = KernelBackend<KeccakKernels>;

constexpr Backend portable_backend{Isa::portable, [](const CpuFeatures&) { return true; },
                                   KeccakKernels{{&permute}, {&permute_each<4>}, {&permute_each<8>}, {&xor_lanes_each},
                                                 {&extract_lanes_each}}};

#if defined(PQMUL_X86_SIMD)
constexpr Backend avx2_backend{Isa::avx2, [](const CpuFeatures& f) { return f.avx2; },
                               KeccakKernels{{}, {&keccak_f1600_x4_avx2}, {&permute_x8_by_halves},
                                             {&keccak_xor_lanes_x4_avx2}, {&keccak_extract_lanes_x4_avx2}}};
constexpr Backend avx512_backend{Isa::avx512, [](const CpuFeatures& f) { return f.avx512; },
                                 KeccakKernels{{&permute_one_on_avx512}, {&keccak_f1600_x4_avx512},
                                               {&keccak_f1600_x8_avx512}, {}, {}}};
constexpr std::array backends_list{portable_backend, avx2_backend, avx512_backend};
#else
constexpr std::array backends_list{portable_backend};
#endif

}  // namespace

std::span<const KernelBackend<KeccakKernels>> KeccakKernels::backends() { return backends_list; }

Isa fastest_keccak_isa() { return keccak_kernels(best_isa()).permute_x4.isa; }

Isa lower_keccak_isa(Isa wanted, std::size_t ways) {
  const KeccakKernels& kernels = keccak_kernels(wanted);
  return ways == 8 ? kernels.permute_x8.isa : kernels.permute_x4.isa;
}

void permute_x4(std::uint64_t* states, Isa isa) { keccak_kernels(isa).permute_x4(states); }
void permute_x8(std::uint64_t* states, Isa isa) { keccak_kernels(isa).permute_x8(states); }

template <std::size_t Ways>
MultiSponge<Ways>::MultiSponge(std::size_t rate, std::uint8_t domain, Isa isa)
    : rate_(rate), domain_(domain), kernels_(&keccak_kernels(isa)) {
  if (rate == 0 || rate >= 200 || rate % 8 != 0) throw std::invalid_argument("keccak: invalid rate");
}

template <std::size_t Ways>
void MultiSponge<Ways>::reset() {
  states_.fill(0);
  position_ = 0;
  squeezing_ = false;
}

template <std::size_t Ways>
void MultiSponge<Ways>::permute() {
  if constexpr (Ways == 8)
    kernels_->permute_x8(states_.data());
  else
    kernels_->permute_x4(states_.data());
}

template <std::size_t Ways>
void MultiSponge<Ways>::absorb(const Inputs& inputs) {
  if (squeezing_) throw std::logic_error("keccak: absorb after squeeze");
  const std::size_t length = inputs[0].size();
  for (const auto& in : inputs)
    if (in.size() != length) throw std::invalid_argument("keccak multi-way: inputs of different lengths");
  std::size_t i = 0;
  while (i < length) {
    if (position_ % 8 == 0 && length - i >= 8) {
      // Whole lanes, up to the end of the block or of the input.
      const std::size_t lanes = std::min(rate_ - position_, length - i) / 8, first = position_ / 8;
      for (std::size_t lane = 0; lane < lanes; ++lane)
        for (std::size_t k = 0; k < Ways; ++k)
          states_[Ways * (first + lane) + k] ^= load_le64(&inputs[k][i + 8 * lane]);
      i += 8 * lanes;
      position_ += 8 * lanes;
    } else {
      for (std::size_t k = 0; k < Ways; ++k)
        states_[Ways * (position_ / 8) + k] ^= std::uint64_t{inputs[k][i]} << (8 * (position_ % 8));
      ++i;
      ++position_;
    }
    if (position_ == rate_) {
      permute();
      position_ = 0;
    }
  }
}

template <std::size_t Ways>
void MultiSponge<Ways>::finalize() {
  // pad10*1 with the domain bits in front of the first padding bit.
  for (std::size_t k = 0; k < Ways; ++k) {
    states_[Ways * (position_ / 8) + k] ^= std::uint64_t{domain_} << (8 * (position_ % 8));
    states_[Ways * ((rate_ - 1) / 8) + k] ^= std::uint64_t{0x80} << (8 * ((rate_ - 1) % 8));
  }
  permute();
  position_ = 0;
  squeezing_ = true;
}

template <std::size_t Ways>
void MultiSponge<Ways>::squeeze(const Outputs& outputs) {
  const std::size_t length = outputs[0].size();
  for (const auto& out : outputs)
    if (out.size() != length) throw std::invalid_argument("keccak multi-way: outputs of different lengths");
  if (!squeezing_) finalize();
  std::size_t i = 0;
  while (i < length) {
    if (position_ == rate_) {
      permute();
      position_ = 0;
    }
    if (position_ % 8 == 0 && length - i >= 8) {
      // Whole lanes, up to the end of the block or of the output.
      const std::size_t lanes = std::min(rate_ - position_, length - i) / 8, first = position_ / 8;
      if (kernels_->extract_lanes_x4.isa != Isa::portable) {
        // Four ways at a time by the SIMD transposes (whole rows, no
        // word-by-word stores).
        for (std::size_t quarter = 0; quarter < Ways / 4; ++quarter) {
          std::array<std::uint8_t*, 4> to;
          std::array<std::size_t, 4> words;
          for (std::size_t k = 0; k < 4; ++k) {
            to[k] = outputs[4 * quarter + k].data() + i;
            words[k] = lanes;
          }
          kernels_->extract_lanes_x4(states_.data() + Ways * first + 4 * quarter, Ways, to.data(), words.data());
        }
        i += 8 * lanes;
        position_ += 8 * lanes;
        continue;
      }
      for (std::size_t lane = 0; lane < lanes; ++lane)
        for (std::size_t k = 0; k < Ways; ++k) store_le64(&outputs[k][i + 8 * lane], states_[Ways * (first + lane) + k]);
      i += 8 * lanes;
      position_ += 8 * lanes;
    } else {
      for (std::size_t k = 0; k < Ways; ++k)
        outputs[k][i] = static_cast<std::uint8_t>(states_[Ways * (position_ / 8) + k] >> (8 * (position_ % 8)));
      ++i;
      ++position_;
    }
  }
}

template class MultiSponge<4>;
template class MultiSponge<8>;

namespace {
template <class Shake>
void shake_once(const typename Shake::Outputs& outputs, const typename Shake::Inputs& inputs) {
  Shake h;
  h.absorb(inputs);
  h.squeeze(outputs);
}
}  // namespace

void shake128_x4(const MultiSponge<4>::Outputs& outputs, const MultiSponge<4>::Inputs& inputs) {
  shake_once<Shake128X4>(outputs, inputs);
}

void shake256_x4(const MultiSponge<4>::Outputs& outputs, const MultiSponge<4>::Inputs& inputs) {
  shake_once<Shake256X4>(outputs, inputs);
}

void shake128_x8(const MultiSponge<8>::Outputs& outputs, const MultiSponge<8>::Inputs& inputs) {
  shake_once<Shake128X8>(outputs, inputs);
}

void shake256_x8(const MultiSponge<8>::Outputs& outputs, const MultiSponge<8>::Inputs& inputs) {
  shake_once<Shake256X8>(outputs, inputs);
}

namespace {
template <std::size_t Bytes>
std::array<std::array<std::uint8_t, Bytes>, 4> sha3_x4(const MultiSponge<4>::Inputs& inputs) {
  // SHA3-256 / SHA3-512: capacity twice the digest.
  MultiSponge<4> h(200 - 2 * Bytes, 0x06);
  h.absorb(inputs);
  std::array<std::array<std::uint8_t, Bytes>, 4> digests;
  h.squeeze({digests[0], digests[1], digests[2], digests[3]});
  return digests;
}
}  // namespace

std::array<std::array<std::uint8_t, 32>, 4> sha3_256_x4(const MultiSponge<4>::Inputs& inputs) {
  return sha3_x4<32>(inputs);
}

std::array<std::array<std::uint8_t, 64>, 4> sha3_512_x4(const MultiSponge<4>::Inputs& inputs) {
  return sha3_x4<64>(inputs);
}

Permutation single_permutation(Isa isa) { return keccak_kernels(isa).permute_x1.fn; }

}  // namespace pqmul::keccak
