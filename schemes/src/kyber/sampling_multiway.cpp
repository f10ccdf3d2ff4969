// SampleNTT and SamplePolyCBD over multi-way SHAKE (see sampling_multiway.hpp).
#include "pqmul/schemes/kyber/sampling_multiway.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <vector>

#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"
#include "sampling_shared.hpp"

namespace pqmul::kyber {
namespace sampling {

Isa wanted_isa(std::optional<Isa> isa) { return isa ? *isa : keccak::fastest_keccak_isa(); }

Kernels kernels_for(Isa wanted) {
  const Isa family = keccak::lower_keccak_isa(wanted, 4);
  if (family == Isa::portable) return Kernels::portable;
  return family == Isa::avx512 && avx512_vbmi2_available() ? Kernels::avx512_vbmi2 : Kernels::avx2;
}

namespace {

std::size_t rejection_sample_portable(KPoly& f, std::size_t filled, const std::uint8_t* bytes, std::size_t length) {
  for (std::size_t b = 0; b + 3 <= length && filled < 256; b += 3) {
    const auto d1 = static_cast<std::uint16_t>(bytes[b] | ((bytes[b + 1] & 0x0F) << 8));
    const auto d2 = static_cast<std::uint16_t>((bytes[b + 1] >> 4) | (bytes[b + 2] << 4));
    if (d1 < q) f[filled++] = d1;
    if (d2 < q && filled < 256) f[filled++] = d2;
  }
  return filled;
}

}  // namespace

std::size_t rejection_sample(KPoly& f, std::size_t filled, const std::uint8_t* bytes, std::size_t length,
                             [[maybe_unused]] Kernels kernels) {
#if defined(PQMUL_X86_SIMD)
  if (kernels == Kernels::avx512_vbmi2) return kyber_rej_uniform_avx512vbmi2(f.coeffs.data(), filled, bytes, length);
  if (kernels == Kernels::avx2) return kyber_rej_uniform_avx2(f.coeffs.data(), filled, bytes, length);
#endif
  return rejection_sample_portable(f, filled, bytes, length);
}

void cbd_from_stream(KPoly& out, const std::uint8_t* stream, unsigned eta, [[maybe_unused]] Kernels kernels) {
#if defined(PQMUL_X86_SIMD)
  if (kernels == Kernels::avx512_vbmi2) {
    kyber_cbd_avx512vbmi(out.coeffs.data(), stream, eta);
    return;
  }
  if (kernels == Kernels::avx2) {
    kyber_cbd_avx2(out.coeffs.data(), stream, eta);
    return;
  }
#endif
  out = cbd(std::span<const std::uint8_t>(stream, 64 * eta), eta);
}

}  // namespace sampling

namespace {

using namespace sampling;

// Entries index[0 .. used) into *out[0 .. used); the ways from `used` on are
// hashed (the permutation is shared) but not sampled.
template <std::size_t Ways>
void sample_ntt_into(std::span<const std::uint8_t, 32> rho, const std::array<MatrixIndex, Ways>& index,
                     const std::array<KPoly*, Ways>& out, std::size_t used, Isa wanted) {
  keccak::MultiSponge<Ways> xof(shake128_rate, 0x1F, wanted);
  const Kernels kernels = kernels_for(xof.isa());
  std::array<std::array<std::uint8_t, 34>, Ways> seeds;
  typename keccak::MultiSponge<Ways>::Inputs inputs;
  for (std::size_t k = 0; k < Ways; ++k) {
    std::copy(rho.begin(), rho.end(), seeds[k].begin());
    seeds[k][32] = index[k].j;
    seeds[k][33] = index[k].i;
    inputs[k] = seeds[k];
  }
  xof.absorb(inputs);

  std::array<std::size_t, Ways> filled{};
  alignas(64) std::uint8_t stream[Ways][first_blocks * shake128_rate];
  typename keccak::MultiSponge<Ways>::Outputs outputs;
  for (std::size_t k = 0; k < Ways; ++k) outputs[k] = std::span<std::uint8_t>(stream[k], sizeof stream[k]);
  xof.squeeze(outputs);
  bool done = true;
  for (std::size_t k = 0; k < used; ++k) {
    filled[k] = rejection_sample(*out[k], 0, stream[k], sizeof stream[k], kernels);
    done = done && filled[k] == 256;
  }
  // Rare: one more block for every way while any entry is short (each
  // stream continues exactly as the scalar XOF would).
  while (!done) {
    for (std::size_t k = 0; k < Ways; ++k) outputs[k] = std::span<std::uint8_t>(stream[k], shake128_rate);
    xof.squeeze(outputs);
    done = true;
    for (std::size_t k = 0; k < used; ++k) {
      filled[k] = rejection_sample(*out[k], filled[k], stream[k], shake128_rate, kernels);
      done = done && filled[k] == 256;
    }
  }
}

template <std::size_t Ways>
std::array<KPoly, Ways> sample_ntt_ways(std::span<const std::uint8_t, 32> rho,
                                        const std::array<MatrixIndex, Ways>& index, Isa wanted) {
  std::array<KPoly, Ways> polys;
  std::array<KPoly*, Ways> out;
  for (std::size_t k = 0; k < Ways; ++k) out[k] = &polys[k];
  sample_ntt_into<Ways>(rho, index, out, Ways, wanted);
  return polys;
}

// One entry on the scalar XOF, with the same rejection kernel: for the last
// entry of a matrix whose size is not a multiple of the batch.
KPoly sample_ntt_single(std::span<const std::uint8_t, 32> rho, MatrixIndex index, Isa wanted) {
  const Kernels kernels = kernels_for(wanted);
  keccak::Shake128 xof(wanted);
  xof.absorb(rho);
  const std::uint8_t indices[2] = {index.j, index.i};
  xof.absorb(indices);
  KPoly f;
  std::uint8_t stream[first_blocks * shake128_rate];
  xof.squeeze(stream);
  std::size_t filled = rejection_sample(f, 0, stream, sizeof stream, kernels);
  while (filled < 256) {
    xof.squeeze(std::span<std::uint8_t>(stream, shake128_rate));
    filled = rejection_sample(f, filled, stream, shake128_rate, kernels);
  }
  return f;
}

// out[k] = SamplePolyCBD_eta[k](PRF(sigma, nonce[k])), written in place.
template <std::size_t Ways>
void prf_cbd_ways_into(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, Ways>& nonce,
                       const std::array<unsigned, Ways>& eta, const std::array<KPoly*, Ways>& out, Isa wanted) {
  unsigned max_eta = 2;
  for (unsigned e : eta) {
    if (e != 2 && e != 3) throw std::invalid_argument("SamplePolyCBD: eta must be 2 or 3");
    max_eta = std::max(max_eta, e);
  }
  keccak::MultiSponge<Ways> prf(136, 0x1F, wanted);  // SHAKE256
  std::array<std::array<std::uint8_t, 33>, Ways> seeds;
  typename keccak::MultiSponge<Ways>::Inputs inputs;
  for (std::size_t k = 0; k < Ways; ++k) {
    std::copy(sigma.begin(), sigma.end(), seeds[k].begin());
    seeds[k][32] = nonce[k];
    inputs[k] = seeds[k];
  }
  prf.absorb(inputs);
  // Equal lengths for all ways: a way with a smaller eta uses a prefix of its stream.
  alignas(64) std::uint8_t stream[Ways][64 * 3];
  typename keccak::MultiSponge<Ways>::Outputs outputs;
  for (std::size_t k = 0; k < Ways; ++k) outputs[k] = std::span<std::uint8_t>(stream[k], 64 * max_eta);
  prf.squeeze(outputs);
  const Kernels kernels = kernels_for(prf.isa());
  for (std::size_t k = 0; k < Ways; ++k) cbd_from_stream(*out[k], stream[k], eta[k], kernels);
}

template <std::size_t Ways>
std::array<KPoly, Ways> prf_cbd_ways(std::span<const std::uint8_t, 32> sigma,
                                     const std::array<std::uint8_t, Ways>& nonce,
                                     const std::array<unsigned, Ways>& eta, Isa wanted) {
  std::array<KPoly, Ways> polys;
  std::array<KPoly*, Ways> out;
  for (std::size_t k = 0; k < Ways; ++k) out[k] = &polys[k];
  prf_cbd_ways_into<Ways>(sigma, nonce, eta, out, wanted);
  return polys;
}

template <std::size_t Ways>
std::array<unsigned, Ways> same_eta(unsigned eta) {
  std::array<unsigned, Ways> all;
  all.fill(eta);
  return all;
}

}  // namespace

std::array<KPoly, 4> sample_ntt_x4(std::span<const std::uint8_t, 32> rho, const std::array<MatrixIndex, 4>& index,
                                   std::optional<Isa> isa) {
  return sample_ntt_ways<4>(rho, index, wanted_isa(isa));
}

std::array<KPoly, 8> sample_ntt_x8(std::span<const std::uint8_t, 32> rho, const std::array<MatrixIndex, 8>& index,
                                   std::optional<Isa> isa) {
  return sample_ntt_ways<8>(rho, index, wanted_isa(isa));
}

std::array<KPoly, 4> prf_cbd_x4(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 4>& nonce,
                                unsigned eta, std::optional<Isa> isa) {
  return prf_cbd_ways<4>(sigma, nonce, same_eta<4>(eta), wanted_isa(isa));
}

std::array<KPoly, 8> prf_cbd_x8(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 8>& nonce,
                                unsigned eta, std::optional<Isa> isa) {
  return prf_cbd_ways<8>(sigma, nonce, same_eta<8>(eta), wanted_isa(isa));
}

std::array<KPoly, 4> prf_cbd_x4(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 4>& nonce,
                                const std::array<unsigned, 4>& eta, std::optional<Isa> isa) {
  return prf_cbd_ways<4>(sigma, nonce, eta, wanted_isa(isa));
}

std::array<KPoly, 8> prf_cbd_x8(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 8>& nonce,
                                const std::array<unsigned, 8>& eta, std::optional<Isa> isa) {
  return prf_cbd_ways<8>(sigma, nonce, eta, wanted_isa(isa));
}

void sample_matrix(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> out,
                   std::optional<Isa> isa) {
  if (out.size() != std::size_t{k} * k) throw std::invalid_argument("sample_matrix: out must hold k * k entries");
  // Entry e = k r + c is A^[r, c] = SampleNTT(rho || c || r), or A^[c, r] when transposed.
  auto index_of = [&](std::size_t e) {
    const auto r = static_cast<std::uint8_t>(e / k), c = static_cast<std::uint8_t>(e % k);
    return transposed ? MatrixIndex{r, c} : MatrixIndex{c, r};
  };
  const Isa wanted = wanted_isa(isa);
  std::size_t e = 0;
  if (keccak::lower_keccak_isa(wanted, 8) == Isa::avx512) {
    for (; out.size() - e >= 8; e += 8) {
      std::array<MatrixIndex, 8> index;
      std::array<KPoly*, 8> to;
      for (std::size_t w = 0; w < 8; ++w) {
        index[w] = index_of(e + w);
        to[w] = &out[e + w];
      }
      sample_ntt_into<8>(rho, index, to, 8, wanted);
    }
  }
  // 4-way batches, the last possibly part-filled (its spare ways hash a copy
  // of the last entry and are not sampled). A single leftover entry runs on
  // the single-state Keccak of the ISA, which costs less than a 4-way call.
  const Isa x4 = keccak::lower_keccak_isa(wanted, 4);
  if (x4 != Isa::portable) {
    while (out.size() - e >= 2) {
      const std::size_t n = std::min<std::size_t>(4, out.size() - e);
      std::array<MatrixIndex, 4> index;
      std::array<KPoly*, 4> to;
      for (std::size_t w = 0; w < 4; ++w) {
        index[w] = index_of(e + std::min(w, n - 1));
        to[w] = &out[e + std::min(w, n - 1)];
      }
      sample_ntt_into<4>(rho, index, to, n, wanted);
      e += n;
    }
  }
  for (; e < out.size(); ++e) out[e] = sample_ntt_single(rho, index_of(e), wanted);
}

void prf_cbd_into(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 4>& nonce,
                  const std::array<unsigned, 4>& eta, const std::array<KPoly*, 4>& out, std::optional<Isa> isa) {
  prf_cbd_ways_into<4>(sigma, nonce, eta, out, wanted_isa(isa));
}

void prf_cbd_into(std::span<const std::uint8_t, 32> sigma, const std::array<std::uint8_t, 8>& nonce,
                  const std::array<unsigned, 8>& eta, const std::array<KPoly*, 8>& out, std::optional<Isa> isa) {
  prf_cbd_ways_into<8>(sigma, nonce, eta, out, wanted_isa(isa));
}

void sample_matrix_beside(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> out,
                          const HashBeside& beside, std::optional<Isa> isa) {
  sample_in_lanes(rho, k, transposed, out, &beside, nullptr, isa);
}

void sample_noise_in_lanes(const NoiseBeside& noise, std::optional<Isa> isa) {
  sample_in_lanes(noise.sigma, 0, false, {}, nullptr, &noise, isa);  // no matrix: rho is not read
}

void sample_in_lanes(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> matrix,
                     const HashBeside* hash, const NoiseBeside* noise, std::optional<Isa> isa) {
  sample_in_lanes(rho, k, transposed, matrix, 0, k, hash, noise, {}, isa);  // the hash input is all there
}

namespace {

// The blocks of the hash beside the matrix, laid out when their bytes are
// readable: in place in the input, or assembled (the block across the two
// pieces, the padded last one). No hash (null): no blocks.
class HashBlocks {
 public:
  explicit HashBlocks(const HashBeside* hash)
      : hash_(hash),
        length_(hash != nullptr ? hash->input[0].size() + hash->input[1].size() : 0),
        count_(hash != nullptr ? length_ / hash->rate + 1 : 0),
        readable_(hash != nullptr ? std::min(hash->ready, length_) : 0) {
    if (count_ > 16) throw std::invalid_argument("sample_in_lanes: hash input too long");
    lay_out();
  }
  std::size_t count() const { return count_; }
  // Bytes up to here may be read from now on (the caller has written them).
  void make_readable(std::size_t bytes) {
    readable_ = std::min(std::max(readable_, bytes), length_);
    lay_out();
  }
  // Block b, or null while its bytes are not all readable.
  const std::uint8_t* block(std::size_t b) const { return b < laid_out_ ? block_[b] : nullptr; }

 private:
  // Readable bytes are a prefix of the input, so the blocks laid out are too.
  void lay_out() {
    if (hash_ == nullptr) return;
    const auto first = hash_->input[0], second = hash_->input[1];
    const std::size_t rate = hash_->rate;
    for (; laid_out_ < count_; ++laid_out_) {
      const std::size_t b = laid_out_, at = b * rate, take = std::min(rate, length_ - at);
      if (at + take > readable_) break;
      if (take == rate && at + rate <= first.size()) {
        block_[b] = first.data() + at;
      } else if (take == rate && at >= first.size()) {
        block_[b] = second.data() + (at - first.size());
      } else {
        std::uint8_t* out = assembled_[assembled_used_++];
        keccak::assemble_block(out, first, second, at, take, rate, hash_->domain);
        block_[b] = out;
      }
    }
  }

  const HashBeside* hash_;
  std::size_t length_, count_, readable_;
  std::array<const std::uint8_t*, 16> block_;
  alignas(32) std::uint8_t assembled_[2][200];
  std::size_t assembled_used_ = 0;
  std::size_t laid_out_ = 0;  // blocks [0, laid_out_) are in block_
};

}  // namespace

void sample_in_lanes(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> matrix,
                     unsigned first_row, unsigned end_row, const HashBeside* hash, const NoiseBeside* noise,
                     const AfterRow& after_row, std::optional<Isa> isa) {
  constexpr std::size_t max_entries = 16, max_noise = 9;  // k <= 4: at most 2k + 1 noise polynomials
  constexpr std::size_t shake256_rate = 136;
  if (matrix.size() != std::size_t{k} * k) throw std::invalid_argument("sample_matrix: out must hold k * k entries");
  if (matrix.size() > max_entries) throw std::invalid_argument("sample_in_lanes: k must be at most 4");
  if (first_row > end_row || end_row > k) throw std::invalid_argument("sample_in_lanes: rows out of range");
  if (hash != nullptr && (hash->rate == 0 || hash->rate >= 200 || hash->rate % 8 != 0 || hash->out.size() > hash->rate))
    throw std::invalid_argument("sample_in_lanes: the hash needs a rate below 200 (multiple of 8) and one output block");
  const std::size_t noise_count = noise != nullptr ? noise->out.size() : 0;
  if (noise != nullptr) {
    if (noise_count > max_noise || noise->eta.size() != noise_count)
      throw std::invalid_argument("sample_in_lanes: at most 9 noise polynomials, one eta each");
    for (unsigned e : noise->eta)
      if (e != 2 && e != 3) throw std::invalid_argument("SamplePolyCBD: eta must be 2 or 3");
  }
  const Isa wanted = wanted_isa(isa);
  const keccak::LanesX4 lanes = keccak::lanes_x4(wanted);
  const Kernels kernels = kernels_for(wanted);

  // Every block is laid out before the permutation that reads it is due
  // (most before the first), so that none is written just before a vector
  // load reads it.
  HashBlocks hash_blocks(hash);
  // Entry e = k r + c is A^[r, c] = SampleNTT(rho || c || r), or A^[c, r] when
  // transposed: its seed block is rho || j || i with the SHAKE128 padding.
  // (Copies of one padded template: whole-block copies, not a fill per block.)
  const std::size_t first_entry = std::size_t{k} * first_row, end_entry = std::size_t{k} * end_row;
  alignas(32) std::uint8_t seed_block[max_entries][shake128_rate];
  alignas(32) std::uint8_t seed_template[shake128_rate] = {};
  std::memcpy(seed_template, rho.data(), 32);
  seed_template[34] = 0x1F;
  seed_template[shake128_rate - 1] = 0x80;
  for (std::size_t e = first_entry; e < end_entry; ++e) {
    const auto r = static_cast<std::uint8_t>(e / k), c = static_cast<std::uint8_t>(e % k);
    std::memcpy(seed_block[e], seed_template, shake128_rate);
    seed_block[e][32] = transposed ? r : c;
    seed_block[e][33] = transposed ? c : r;
  }
  // Noise t is PRF(sigma, nonce) = SHAKE256(sigma || nonce), 64 eta bytes.
  alignas(32) std::uint8_t noise_block[max_noise][shake256_rate];
  if (noise_count != 0) {
    alignas(32) std::uint8_t noise_template[shake256_rate] = {};
    std::memcpy(noise_template, noise->sigma.data(), 32);
    noise_template[33] = 0x1F;
    noise_template[shake256_rate - 1] = 0x80;
    for (std::size_t t = 0; t < noise_count; ++t) {
      std::memcpy(noise_block[t], noise_template, shake256_rate);
      noise_block[t][32] = static_cast<std::uint8_t>(noise->first_nonce + t);
    }
  }
  // Rows are announced in order as their entries are all sampled: the
  // caller may then write more of the hash's input.
  std::array<unsigned, 4> entries_done{};
  unsigned next_row = first_row;
  auto announce_rows = [&] {
    for (; next_row < end_row && entries_done[next_row] == k; ++next_row) {
      const std::size_t readable = after_row ? after_row(next_row) : 0;
      hash_blocks.make_readable(readable);
    }
  };

  // Lane 0 hashes while the others take the entries, then the noise, in that
  // order as they free up (lane 0 too once the hash is done). An entry's first
  // three blocks go straight into its stream and are sampled at once; the
  // rare short one continues block by block. A hash block that is not
  // readable yet makes lane 0 wait (its state kept aside) while the others go on.
  constexpr std::size_t stream_bytes = first_blocks * shake128_rate;
  alignas(64) std::uint8_t stream[max_entries][stream_bytes];
  alignas(64) std::uint8_t noise_stream[max_noise][2 * shake256_rate];
  alignas(32) std::uint8_t extra[4][shake128_rate];  // entry blocks past the third
  alignas(32) std::uint8_t hash_out[200];
  // (Not zeroed here: the first step resets every lane.)
  alignas(64) std::array<std::uint64_t, 100> states;
  enum class Work : std::uint8_t { idle, hash, entry, noise };
  std::array<Work, 4> work{};
  std::array<std::size_t, 4> index{}, squeezed{}, filled{};
  std::array<const std::uint8_t*, 4> in{};
  std::array<std::size_t, 4> in_words{};
  unsigned reset = 0xF;
  std::size_t next_entry = first_entry, next_noise = 0, hash_fed = 0;
  bool hash_waiting = false;
  if (hash != nullptr) {
    work[0] = Work::hash;
    hash_waiting = true;  // fed below once block 0 is readable
  }
  for (;;) {
    for (std::size_t lane = 0; lane < 4; ++lane) {
      if (work[lane] != Work::idle) continue;
      if (next_entry < end_entry) {
        work[lane] = Work::entry;
        index[lane] = next_entry++;
        in[lane] = seed_block[index[lane]];
        in_words[lane] = shake128_rate / 8;
      } else if (next_noise < noise_count) {
        work[lane] = Work::noise;
        index[lane] = next_noise++;
        in[lane] = noise_block[index[lane]];
        in_words[lane] = shake256_rate / 8;
      } else {
        continue;
      }
      squeezed[lane] = 0;
      reset |= 1u << lane;
    }
    if (hash_waiting && hash_blocks.block(hash_fed) != nullptr) {
      in[0] = hash_blocks.block(hash_fed++);
      in_words[0] = hash->rate / 8;
      hash_waiting = false;
    }
    if (work[0] == Work::idle && work[1] == Work::idle && work[2] == Work::idle && work[3] == Work::idle) break;
    if (hash_waiting && work[1] == Work::idle && work[2] == Work::idle && work[3] == Work::idle)
      throw std::logic_error("sample_in_lanes: the hash waits for input that nothing will write");
    // A waiting hash keeps its state (the zero state, if not begun).
    std::array<std::uint64_t, 25> kept;
    if (hash_waiting)
      for (std::size_t i = 0; i < 25; ++i) kept[i] = (reset & 1u) != 0 ? 0 : states[4 * i];
    lanes.xor_lanes(states.data(), in.data(), in_words.data(), reset);
    lanes.permute(states.data());
    if (hash_waiting)
      for (std::size_t i = 0; i < 25; ++i) states[4 * i] = kept[i];
    in = {};
    in_words = {};
    reset = 0;
    std::array<std::uint8_t*, 4> to{};
    std::array<std::size_t, 4> to_words{};
    const bool hash_done = work[0] == Work::hash && !hash_waiting && hash_fed == hash_blocks.count();
    for (std::size_t lane = 0; lane < 4; ++lane) {
      switch (work[lane]) {
        case Work::hash:
          if (hash_done) {
            to[lane] = hash_out;
            to_words[lane] = (hash->out.size() + 7) / 8;
          }
          break;
        case Work::entry:
          to[lane] = squeezed[lane] < first_blocks ? stream[index[lane]] + shake128_rate * squeezed[lane] : extra[lane];
          to_words[lane] = shake128_rate / 8;
          break;
        case Work::noise: {
          const std::size_t bytes = 64 * noise->eta[index[lane]] - shake256_rate * squeezed[lane];
          to[lane] = noise_stream[index[lane]] + shake256_rate * squeezed[lane];
          to_words[lane] = std::min(shake256_rate, bytes) / 8;
          break;
        }
        case Work::idle:
          break;
      }
    }
    lanes.extract(states.data(), to.data(), to_words.data());
    for (std::size_t lane = 0; lane < 4; ++lane) {
      const std::size_t i = index[lane];
      switch (work[lane]) {
        case Work::hash:
          if (hash_done) {
            std::memcpy(hash->out.data(), hash_out, hash->out.size());
            work[lane] = Work::idle;
          } else if (!hash_waiting) {
            hash_waiting = true;  // the next block goes in at the next step, when readable
          }
          break;
        case Work::entry:
          ++squeezed[lane];
          if (squeezed[lane] < first_blocks) break;
          // (The entries derive from the public rho, so the rejection may branch.)
          filled[lane] = squeezed[lane] == first_blocks
                             ? rejection_sample(matrix[i], 0, stream[i], stream_bytes, kernels)
                             : rejection_sample(matrix[i], filled[lane], extra[lane], shake128_rate, kernels);
          if (filled[lane] == 256) {
            work[lane] = Work::idle;
            ++entries_done[i / k];
          }
          break;
        case Work::noise:
          ++squeezed[lane];
          if (shake256_rate * squeezed[lane] < 64 * noise->eta[i]) break;
          cbd_from_stream(noise->out[i], noise_stream[i], noise->eta[i], kernels);
          work[lane] = Work::idle;
          break;
        case Work::idle:
          break;
      }
    }
    announce_rows();
  }
}

}  // namespace pqmul::kyber
