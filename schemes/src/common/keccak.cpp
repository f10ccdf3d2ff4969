// Keccak-f[1600] and the sponge construction of FIPS 202.
#include "pqmul/schemes/common/keccak.hpp"
#include "pqmul/schemes/common/keccak_constants.hpp"

#include <algorithm>
#include <stdexcept>

namespace pqmul::keccak {
namespace {

constexpr std::uint64_t rotl(std::uint64_t x, unsigned r) { return r == 0 ? x : (x << r) | (x >> (64 - r)); }

// Rotation offset of lane (x, y), indexed by x + 5y (FIPS 202 section 3.2.2).
constexpr unsigned rho_offsets[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                      25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

// Lanes are stored little-endian: byte i of the state is byte i % 8 of lane i / 8.
std::uint64_t load64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
void store64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

}  // namespace

// The round on 25 local lanes, fully unrolled by the compiler: every index
// below is a compile-time constant, so the state lives in registers.
void permute(std::array<std::uint64_t, 25>& state) {
  std::uint64_t a[25];
  for (int i = 0; i < 25; ++i) a[i] = state[i];
  for (std::uint64_t rc : round_constants) {
    // theta
    std::uint64_t c[5], d[5];
#pragma GCC unroll 5
    for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
#pragma GCC unroll 5
    for (int x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
#pragma GCC unroll 25
    for (int i = 0; i < 25; ++i) a[i] ^= d[i % 5];
    // rho and pi: lane (x, y) moves to (y, 2x + 3y).
    std::uint64_t b[25];
#pragma GCC unroll 25
    for (int i = 0; i < 25; ++i) {
      const int x = i % 5, y = i / 5;
      b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[i], rho_offsets[i]);
    }
    // chi
#pragma GCC unroll 25
    for (int i = 0; i < 25; ++i) {
      const int row = i - i % 5, x = i % 5;
      a[i] = b[i] ^ (~b[row + (x + 1) % 5] & b[row + (x + 2) % 5]);
    }
    // iota
    a[0] ^= rc;
  }
  for (int i = 0; i < 25; ++i) state[i] = a[i];
}

Sponge::Sponge(std::size_t rate, std::uint8_t domain, Isa isa)
    : rate_(rate), domain_(domain), permute_(single_permutation(isa)) {
  if (rate == 0 || rate >= 200 || rate % 8 != 0) throw std::invalid_argument("keccak: invalid rate");
}

void Sponge::reset() {
  state_.fill(0);
  position_ = 0;
  squeezing_ = false;
}

void Sponge::absorb(std::span<const std::uint8_t> data) {
  if (squeezing_) throw std::logic_error("keccak: absorb after squeeze");
  std::size_t i = 0;
  while (i < data.size()) {
    if (position_ == 0 && data.size() - i >= rate_) {
      // Whole block: lane by lane.
      for (std::size_t lane = 0; lane < rate_ / 8; ++lane) state_[lane] ^= load64(&data[i + 8 * lane]);
      i += rate_;
      permute_(state_);
      continue;
    }
    const std::size_t take = std::min(rate_ - position_, data.size() - i);
    for (std::size_t k = 0; k < take; ++k, ++position_)
      state_[position_ / 8] ^= std::uint64_t{data[i + k]} << (8 * (position_ % 8));
    i += take;
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
  std::size_t i = 0;
  while (i < out.size()) {
    if (position_ == rate_) {
      permute_(state_);
      position_ = 0;
    }
    if (position_ == 0 && out.size() - i >= rate_) {
      for (std::size_t lane = 0; lane < rate_ / 8; ++lane) store64(&out[i + 8 * lane], state_[lane]);
      i += rate_;
      position_ = rate_;
      continue;
    }
    const std::size_t take = std::min(rate_ - position_, out.size() - i);
    for (std::size_t k = 0; k < take; ++k, ++position_)
      out[i + k] = static_cast<std::uint8_t>(state_[position_ / 8] >> (8 * (position_ % 8)));
    i += take;
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
