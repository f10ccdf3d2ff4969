// SampleNTT and SamplePolyCBD over multi-way SHAKE (see sampling_multiway.hpp).
#include "pqmul/schemes/kyber/sampling_multiway.hpp"

#include <algorithm>
#include <stdexcept>

#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/common/keccak_multiway.hpp"
#include "sampling_shared.hpp"

namespace pqmul::kyber {
namespace sampling {

Isa wanted_isa(std::optional<Isa> isa) { return isa ? *isa : keccak::fastest_keccak_isa(); }

// One entry on the scalar XOF, with the same rejection kernel: for the last
// entry of a matrix whose size is not a multiple of the batch.
KPoly sample_ntt_single(std::span<const std::uint8_t, 32> rho, MatrixIndex index, Isa wanted) {
  const PolyKernels& kernels = poly_kernels(wanted);
  keccak::Shake128 xof(wanted);
  xof.absorb(rho);
  const std::uint8_t indices[2] = {index.j, index.i};
  xof.absorb(indices);
  KPoly f;
  std::uint8_t stream[first_blocks * shake128_rate];
  xof.squeeze(stream);
  std::size_t filled = kernels.rej_uniform(f, 0, stream, sizeof stream);
  while (filled < 256) {
    xof.squeeze(std::span<std::uint8_t>(stream, shake128_rate));
    filled = kernels.rej_uniform(f, filled, stream, shake128_rate);
  }
  return f;
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
  const PolyKernels& kernels = poly_kernels(xof.isa());
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
    filled[k] = kernels.rej_uniform(*out[k], 0, stream[k], sizeof stream[k]);
    done = done && filled[k] == 256;
  }
  // Rare: one more block for every way while any entry is short (each
  // stream continues exactly as the scalar XOF would).
  while (!done) {
    for (std::size_t k = 0; k < Ways; ++k) outputs[k] = std::span<std::uint8_t>(stream[k], shake128_rate);
    xof.squeeze(outputs);
    done = true;
    for (std::size_t k = 0; k < used; ++k) {
      filled[k] = kernels.rej_uniform(*out[k], filled[k], stream[k], shake128_rate);
      done = done && filled[k] == 256;
    }
  }
}

// The polynomials a sampler that writes through Ways pointers (`into`) fills.
template <std::size_t Ways, class Into>
std::array<KPoly, Ways> polys_from(Into&& into) {
  std::array<KPoly, Ways> polys;
  std::array<KPoly*, Ways> out;
  for (std::size_t k = 0; k < Ways; ++k) out[k] = &polys[k];
  into(out);
  return polys;
}

template <std::size_t Ways>
std::array<KPoly, Ways> sample_ntt_ways(std::span<const std::uint8_t, 32> rho,
                                        const std::array<MatrixIndex, Ways>& index, Isa wanted) {
  return polys_from<Ways>(
      [&](const std::array<KPoly*, Ways>& out) { sample_ntt_into<Ways>(rho, index, out, Ways, wanted); });
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
  const WipeOnExit wipe_seeds(seeds);
  typename keccak::MultiSponge<Ways>::Inputs inputs;
  for (std::size_t k = 0; k < Ways; ++k) {
    std::copy(sigma.begin(), sigma.end(), seeds[k].begin());
    seeds[k][32] = nonce[k];
    inputs[k] = seeds[k];
  }
  prf.absorb(inputs);
  // Equal lengths for all ways: a way with a smaller eta uses a prefix of its stream.
  alignas(64) std::uint8_t stream[Ways][64 * 3];
  const WipeOnExit wipe_stream(stream);
  typename keccak::MultiSponge<Ways>::Outputs outputs;
  for (std::size_t k = 0; k < Ways; ++k) outputs[k] = std::span<std::uint8_t>(stream[k], 64 * max_eta);
  prf.squeeze(outputs);
  const PolyKernels& kernels = poly_kernels(prf.isa());
  for (std::size_t k = 0; k < Ways; ++k) kernels.cbd(stream[k], eta[k], *out[k]);
}

template <std::size_t Ways>
std::array<KPoly, Ways> prf_cbd_ways(std::span<const std::uint8_t, 32> sigma,
                                     const std::array<std::uint8_t, Ways>& nonce,
                                     const std::array<unsigned, Ways>& eta, Isa wanted) {
  return polys_from<Ways>(
      [&](const std::array<KPoly*, Ways>& out) { prf_cbd_ways_into<Ways>(sigma, nonce, eta, out, wanted); });
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

namespace {

// out[t .. t + W) from one W-way call, written in place; ways past the end
// hash a copy of the last seed into a scratch polynomial. Returns W.
template <std::size_t W>
std::size_t noise_batch(std::span<const std::uint8_t, 32> seed, std::uint8_t first_nonce,
                        std::span<const unsigned> eta, std::size_t t, std::span<KPoly> out, Isa wanted) {
  std::array<std::uint8_t, W> nonces;
  std::array<unsigned, W> etas;
  std::array<KPoly*, W> to;
  KPoly spare(uninitialized);
  for (std::size_t w = 0; w < W; ++w) {
    const std::size_t u = std::min(t + w, out.size() - 1);
    nonces[w] = static_cast<std::uint8_t>(first_nonce + u);
    etas[w] = eta[u];
    to[w] = t + w < out.size() ? &out[t + w] : &spare;
  }
  prf_cbd_ways_into<W>(seed, nonces, etas, to, wanted);
  return W;
}

}  // namespace

void sample_noise_polys(std::span<const std::uint8_t, 32> seed, std::uint8_t first_nonce,
                        std::span<const unsigned> eta, std::span<KPoly> out, std::optional<Isa> isa) {
  if (eta.size() != out.size()) throw std::invalid_argument("sample_noise_polys: one eta per polynomial");
  const Isa wanted = wanted_isa(isa);
  const Isa x4 = keccak::lower_keccak_isa(wanted, 4), x8 = keccak::lower_keccak_isa(wanted, 8);
  if (x4 != Isa::portable && std::adjacent_find(eta.begin(), eta.end(), std::not_equal_to<>()) != eta.end()) {
    // Mixed eta (ML-KEM-512's encryption: eta1 = 3 takes two blocks, eta2 = 2
    // one): on the lanes each polynomial takes only its own blocks.
    sample_noise_in_lanes(NoiseBeside{seed, first_nonce, eta, out}, wanted);
    return;
  }
  std::size_t t = 0;
  // 8 ways on the AVX-512 kernel while more than 4 remain (one x8 permutation
  // costs less than two x4 ones), else 4 (one x4 costs about half an x8); a
  // lone last one on the single-state Keccak. None on the scalar permutation.
  while (x4 != Isa::portable && t + 2 <= out.size())
    t += x8 == Isa::avx512 && out.size() - t > 4 ? noise_batch<8>(seed, first_nonce, eta, t, out, wanted)
                                                 : noise_batch<4>(seed, first_nonce, eta, t, out, wanted);
  for (; t < out.size(); ++t) out[t] = sample_noise(seed, static_cast<std::uint8_t>(first_nonce + t), eta[t], wanted);
}

}  // namespace pqmul::kyber
