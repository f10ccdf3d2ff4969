// The matrix, noise and a hash side by side on the 4-way Keccak lanes
// (sample_in_lanes and its short forms, see sampling_multiway.hpp).
#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_lanes.hpp"
#include "pqmul/schemes/kyber/sampling_multiway.hpp"
#include "sampling_shared.hpp"

namespace pqmul::kyber {

using namespace sampling;

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
  ~HashBlocks() { wipe(assembled_); }
  HashBlocks(const HashBlocks&) = delete;
  HashBlocks& operator=(const HashBlocks&) = delete;
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
  alignas(32) std::uint8_t assembled_[2][200];  // (of z || c: secret)
  std::size_t assembled_used_ = 0;
  std::size_t laid_out_ = 0;  // blocks [0, laid_out_) are in block_
};

}  // namespace

namespace {

// sample_in_lanes's jobs one after the other, for an ISA whose 4-way
// Keccak is the scalar permutation (four of them per step never pay).
void one_at_a_time(std::span<const std::uint8_t, 32> rho, unsigned k, bool transposed, std::span<KPoly> matrix,
                   unsigned first_row, unsigned end_row, const HashBeside* hash, const NoiseBeside* noise,
                   const AfterRow& after_row, Isa wanted) {
  std::size_t readable = hash != nullptr ? hash->ready : 0;  // of the hash's input, as after_row reports it
  for (unsigned row = first_row; row < end_row; ++row) {
    for (unsigned col = 0; col < k; ++col) {
      const auto r = static_cast<std::uint8_t>(row), c = static_cast<std::uint8_t>(col);
      matrix[std::size_t{k} * row + col] = sample_ntt_single(rho, transposed ? MatrixIndex{r, c} : MatrixIndex{c, r}, wanted);
    }
    if (after_row) readable = after_row(row);
  }
  if (noise != nullptr)
    for (std::size_t t = 0; t < noise->out.size(); ++t)
      noise->out[t] = sample_noise(noise->sigma, static_cast<std::uint8_t>(noise->first_nonce + t), noise->eta[t], wanted);
  if (hash != nullptr) {
    // The same contract as on the lanes: the hash reads only what was reported readable.
    if (readable < hash->input[0].size() + hash->input[1].size())
      throw std::logic_error("sample_in_lanes: the hash waits for input that nothing will write");
    keccak::Sponge sponge(hash->rate, hash->domain, wanted);
    sponge.absorb(hash->input[0]);
    sponge.absorb(hash->input[1]);
    sponge.squeeze(hash->out);
  }
}

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
  const keccak::KeccakKernels& lanes = keccak::keccak_kernels(wanted);
  if (lanes.permute_x4.isa == Isa::portable)
    return one_at_a_time(rho, k, transposed, matrix, first_row, end_row, hash, noise, after_row, wanted);
  const PolyKernels& kernels = poly_kernels(wanted);

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
    const WipeOnExit wipe_template(noise_template);
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
  // The noise's seed blocks (sigma or r) and streams, the hash's output (J(z || c)) and the lanes' states.
  const std::span<std::uint8_t> noise_seeds(&noise_block[0][0], noise_count * shake256_rate),
      noise_streams(&noise_stream[0][0], noise_count * 2 * shake256_rate);
  const WipeOnExit wipe_secrets(noise_seeds, noise_streams, hash_out, states);
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
    const WipeUsedOnExit wipe_kept(hash_waiting ? &kept : nullptr);
    if (hash_waiting)
      for (std::size_t i = 0; i < 25; ++i) kept[i] = (reset & 1u) != 0 ? 0 : states[4 * i];
    lanes.xor_lanes_x4(states.data(), in.data(), in_words.data(), reset);
    lanes.permute_x4(states.data());
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
    lanes.extract_lanes_x4(states.data(), 4, to.data(), to_words.data());
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
                             ? kernels.rej_uniform(matrix[i], 0, stream[i], stream_bytes)
                             : kernels.rej_uniform(matrix[i], filled[lane], extra[lane], shake128_rate);
          if (filled[lane] == 256) {
            work[lane] = Work::idle;
            ++entries_done[i / k];
          }
          break;
        case Work::noise:
          ++squeezed[lane];
          if (shake256_rate * squeezed[lane] < 64 * noise->eta[i]) break;
          kernels.cbd(noise_stream[i], noise->eta[i], noise->out[i]);
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
