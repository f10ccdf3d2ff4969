// Keccak-f[1600] and the sponge construction of FIPS 202.
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/algorithms/wipe.hpp"
#include "pqmul/schemes/common/keccak_constants.hpp"
#include "pqmul/schemes/common/little_endian.hpp"

#include <algorithm>
#include <stdexcept>

namespace pqmul::keccak {
namespace {

constexpr std::uint64_t rotl(std::uint64_t x, unsigned r) { return r == 0 ? x : (x << r) | (x >> (64 - r)); }

// Rotation offset of lane (x, y), indexed by x + 5y (FIPS 202 section 3.2.2).
constexpr unsigned rho_offsets[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                      25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

// Lane complementing (Keccak implementation overview, section 2.2): six lanes
// are kept inverted between rounds, chosen so that chi, written per lane as
// an AND or OR of possibly inverted inputs, needs about one NOT per row
// instead of five. `stored` marks the inverted lanes; theta propagates the
// odd column parities of that pattern through D, so `entering_chi` marks
// which lanes reach chi inverted (after rho and pi moved them). Everything
// here is a compile-time constant: the choices below fold into the code.
struct Complements {
  bool stored[25];
  bool entering_chi[25];
};
constexpr Complements make_complements() {
  Complements c{};
  for (int i : {1, 2, 8, 12, 17, 20}) c.stored[i] = true;
  bool column[5] = {};
  for (int i = 0; i < 25; ++i) column[i % 5] ^= c.stored[i];
  for (int i = 0; i < 25; ++i) {
    const int x = i % 5, y = i / 5;
    const bool d_inverted = column[(x + 4) % 5] ^ column[(x + 1) % 5];
    c.entering_chi[y + 5 * ((2 * x + 3 * y) % 5)] = c.stored[i] ^ d_inverted;
  }
  return c;
}
constexpr Complements complements = make_complements();
constexpr std::uint64_t ones(bool b) { return b ? ~std::uint64_t{0} : 0; }

// One round from `a` to `e`. `c` holds the column parities of `a` on entry
// and those of `e` on exit, accumulated while the rows are written, so the
// next round does not read the state twice. The state is handled one output
// row at a time (5 lanes in, 5 out), which keeps the live values close to the
// 16 general registers. Always inlined: the column parities and the lanes
// must stay in registers across the two calls of permute (gcc -O2 would
// otherwise call it and run at the old speed).
[[gnu::always_inline]] inline void round_into(const std::uint64_t* __restrict a, std::uint64_t* __restrict e,
                                              std::uint64_t* c, std::uint64_t rc) {
  std::uint64_t d[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
#pragma GCC unroll 5
  for (int y = 0; y < 5; ++y) {
    // theta, rho and pi: lane x of output row y is lane (x + 3y, x) of `a`.
    std::uint64_t b[5];
#pragma GCC unroll 5
    for (int x = 0; x < 5; ++x) {
      const int source = (x + 3 * y) % 5 + 5 * x;
      b[x] = rotl(a[source] ^ d[source % 5], rho_offsets[source]);
    }
    // chi, ~b1 & b2 on the true values, inverted where the output lane is stored inverted.
#pragma GCC unroll 5
    for (int x = 0; x < 5; ++x) {
      const int i = x + 5 * y, i1 = (x + 1) % 5 + 5 * y, i2 = (x + 2) % 5 + 5 * y;
      const std::uint64_t not_b1 = b[(x + 1) % 5] ^ ones(!complements.entering_chi[i1]);
      const std::uint64_t b2 = b[(x + 2) % 5] ^ ones(complements.entering_chi[i2]);
      const bool invert = complements.entering_chi[i] ^ complements.stored[i];
      std::uint64_t lane = b[x] ^ (not_b1 & b2) ^ ones(invert);
      if (i == 0) lane ^= rc;  // iota
      e[i] = lane;
      c[x] = y == 0 ? lane : c[x] ^ lane;
    }
  }
}


}  // namespace

// Two rounds per iteration, state -> scratch -> state, so no lane is copied
// between rounds.
void permute(std::array<std::uint64_t, 25>& state) {
  std::uint64_t* a = state.data();
  std::uint64_t scratch[25];
#pragma GCC unroll 25
  for (int i = 0; i < 25; ++i)
    if (complements.stored[i]) a[i] = ~a[i];
  std::uint64_t c[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
  for (std::size_t r = 0; r < 24; r += 2) {
    round_into(a, scratch, c, round_constants[r]);
    round_into(scratch, a, c, round_constants[r + 1]);
  }
#pragma GCC unroll 25
  for (int i = 0; i < 25; ++i)
    if (complements.stored[i]) a[i] = ~a[i];
}

Sponge::Sponge(std::size_t rate, std::uint8_t domain, Isa isa)
    : rate_(rate), domain_(domain), permute_(single_permutation(isa)) {
  if (rate == 0 || rate >= 200 || rate % 8 != 0) throw std::invalid_argument("keccak: invalid rate");
}

Sponge::~Sponge() { wipe(state_); }

void Sponge::reset() {
  state_.fill(0);
  position_ = 0;
  squeezing_ = false;
}

void Sponge::absorb(std::span<const std::uint8_t> data) {
  if (squeezing_) throw std::logic_error("keccak: absorb after squeeze");
  const std::uint8_t* in = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    if (position_ % 8 == 0 && left >= 8) {
      // Whole lanes, up to the end of the block or of the input.
      const std::size_t lanes = std::min(rate_ - position_, left) / 8, first = position_ / 8;
      for (std::size_t lane = 0; lane < lanes; ++lane) state_[first + lane] ^= load_le64(in + 8 * lane);
      in += 8 * lanes;
      left -= 8 * lanes;
      position_ += 8 * lanes;
    } else {
      state_[position_ / 8] ^= std::uint64_t{*in} << (8 * (position_ % 8));
      ++in;
      --left;
      ++position_;
    }
    if (position_ == rate_) {
      permute_(state_);
      position_ = 0;
    }
  }
}

void Sponge::finalize() {
  // pad10*1 with the domain bits in front of the first padding bit.
  state_[position_ / 8] ^= std::uint64_t{domain_} << (8 * (position_ % 8));
  state_[(rate_ - 1) / 8] ^= std::uint64_t{0x80} << (8 * ((rate_ - 1) % 8));
  permute_(state_);
  position_ = 0;
  squeezing_ = true;
}

void Sponge::squeeze(std::span<std::uint8_t> out) {
  if (!squeezing_) finalize();
  std::uint8_t* o = out.data();
  std::size_t left = out.size();
  while (left > 0) {
    if (position_ == rate_) {
      permute_(state_);
      position_ = 0;
    }
    if (position_ % 8 == 0 && left >= 8) {
      // Whole lanes, up to the end of the block or of the output.
      const std::size_t lanes = std::min(rate_ - position_, left) / 8, first = position_ / 8;
      for (std::size_t lane = 0; lane < lanes; ++lane) store_le64(o + 8 * lane, state_[first + lane]);
      o += 8 * lanes;
      left -= 8 * lanes;
      position_ += 8 * lanes;
    } else {
      *o = static_cast<std::uint8_t>(state_[position_ / 8] >> (8 * (position_ % 8)));
      ++o;
      --left;
      ++position_;
    }
  }
}

std::array<std::uint8_t, 32> sha3_256(std::span<const std::uint8_t> in, Isa isa) {
  Sha3_256 h(isa);
  h.absorb(in);
  std::array<std::uint8_t, 32> out;
  h.squeeze(out);
  return out;
}

std::array<std::uint8_t, 64> sha3_512(std::span<const std::uint8_t> in, Isa isa) {
  Sha3_512 h(isa);
  h.absorb(in);
  std::array<std::uint8_t, 64> out;
  h.squeeze(out);
  return out;
}

void shake128(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
  Shake128 h;
  h.absorb(in);
  h.squeeze(out);
}

void shake256(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
  Shake256 h;
  h.absorb(in);
  h.squeeze(out);
}

}  // namespace pqmul::keccak
