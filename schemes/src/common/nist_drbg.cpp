// The AES-256 CTR-DRBG (SP 800-90A, no derivation function, no reseeding) of
// the NIST PQC KAT generator, described in tests/vectors/README.md section 2.
#include <algorithm>
#include <cstring>

#include "pqmul/schemes/common/random.hpp"

namespace pqmul {
namespace {

// V is a 128-bit big-endian counter.
void increment(std::array<std::uint8_t, 16>& v) {
  for (int j = 15; j >= 0; --j) {
    if (++v[j] != 0) break;
  }
}

}  // namespace

NistKatDrbg::NistKatDrbg(std::span<const std::uint8_t, 48> entropy, const std::uint8_t* personalization) {
  std::uint8_t seed_material[48];
  for (int i = 0; i < 48; ++i)
    seed_material[i] = static_cast<std::uint8_t>(entropy[i] ^ (personalization ? personalization[i] : 0));
  update(seed_material);
}

void NistKatDrbg::update(const std::uint8_t* provided) {
  std::uint8_t temp[48];
  for (int i = 0; i < 3; ++i) {
    increment(v_);
    aes256_encrypt_block(key_, v_, std::span<std::uint8_t, 16>(temp + 16 * i, 16));
  }
  if (provided)
    for (int i = 0; i < 48; ++i) temp[i] ^= provided[i];
  std::memcpy(key_.data(), temp, 32);
  std::memcpy(v_.data(), temp + 32, 16);
}

void NistKatDrbg::fill(std::span<std::uint8_t> out) {
  std::uint8_t block[16];
  for (std::size_t done = 0; done < out.size(); done += 16) {
    increment(v_);
    aes256_encrypt_block(key_, v_, block);
    std::memcpy(out.data() + done, block, std::min<std::size_t>(16, out.size() - done));
  }
  // Every request ends with an update, so one 64-byte request differs from two of 32.
  update(nullptr);
}

}  // namespace pqmul
