// AES-256 block encryption (FIPS 197). The S-box is computed, not looked up:
// inversion in GF(2^8) as x^254 with mask-based multiplication, then the
// affine map, so no memory index or branch depends on key or data. Only the
// KAT DRBG uses it, so clarity is preferred over speed.
#include <array>
#include <cstdint>

#include "pqmul/schemes/common/random.hpp"

namespace pqmul {
namespace {

using Byte = std::uint8_t;

// Multiplication by x modulo x^8 + x^4 + x^3 + x + 1.
constexpr Byte xtime(Byte a) {
  return static_cast<Byte>((a << 1) ^ (0x1B & (0u - (a >> 7))));
}

// Branch-free GF(2^8) product: eight fixed steps, masks instead of conditions.
constexpr Byte gf_mul(Byte a, Byte b) {
  Byte r = 0;
  for (int i = 0; i < 8; ++i) {
    r ^= static_cast<Byte>(a & (0u - ((b >> i) & 1u)));
    a = xtime(a);
  }
  return r;
}

constexpr Byte rotl8(Byte x, int r) { return static_cast<Byte>((x << r) | (x >> (8 - r))); }

// SubBytes of one byte: inverse (0 maps to 0) followed by the affine transform.
constexpr Byte sub_byte(Byte x) {
  // x^254 by a fixed addition chain: 2, 3, 6, 12, 15, 30, 60, 120, 240, 252, 254.
  const Byte x2 = gf_mul(x, x);
  const Byte x3 = gf_mul(x2, x);
  const Byte x6 = gf_mul(x3, x3);
  const Byte x12 = gf_mul(x6, x6);
  const Byte x15 = gf_mul(x12, x3);
  const Byte x30 = gf_mul(x15, x15);
  const Byte x60 = gf_mul(x30, x30);
  const Byte x120 = gf_mul(x60, x60);
  const Byte x240 = gf_mul(x120, x120);
  const Byte x252 = gf_mul(x240, x12);
  const Byte inv = gf_mul(x252, x2);
  return static_cast<Byte>(inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63);
}
static_assert(sub_byte(0x00) == 0x63 && sub_byte(0x53) == 0xED && sub_byte(0xFF) == 0x16,
              "S-box values of FIPS 197 Figure 7");

constexpr int rounds = 14;
using RoundKeys = std::array<Byte, 16 * (rounds + 1)>;

// Key expansion for Nk = 8 (FIPS 197 section 5.2).
RoundKeys expand_key(std::span<const std::uint8_t, 32> key) {
  RoundKeys w{};
  for (int i = 0; i < 32; ++i) w[i] = key[i];
  Byte rcon = 0x01;
  for (int i = 8; i < 4 * (rounds + 1); ++i) {
    Byte t[4] = {w[4 * (i - 1)], w[4 * (i - 1) + 1], w[4 * (i - 1) + 2], w[4 * (i - 1) + 3]};
    if (i % 8 == 0) {
      const Byte first = t[0];
      t[0] = static_cast<Byte>(sub_byte(t[1]) ^ rcon);
      t[1] = sub_byte(t[2]);
      t[2] = sub_byte(t[3]);
      t[3] = sub_byte(first);
      rcon = xtime(rcon);
    } else if (i % 8 == 4) {
      for (auto& b : t) b = sub_byte(b);
    }
    for (int k = 0; k < 4; ++k) w[4 * i + k] = static_cast<Byte>(w[4 * (i - 8) + k] ^ t[k]);
  }
  return w;
}

// The state is column-major as in FIPS 197: byte r + 4c is row r, column c.
void add_round_key(Byte s[16], const Byte* k) {
  for (int i = 0; i < 16; ++i) s[i] ^= k[i];
}
void sub_bytes(Byte s[16]) {
  for (int i = 0; i < 16; ++i) s[i] = sub_byte(s[i]);
}
void shift_rows(Byte s[16]) {
  Byte t[16];
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) t[r + 4 * c] = s[r + 4 * ((c + r) % 4)];
  for (int i = 0; i < 16; ++i) s[i] = t[i];
}
void mix_columns(Byte s[16]) {
  for (int c = 0; c < 4; ++c) {
    Byte* col = s + 4 * c;
    const Byte a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
    col[0] = static_cast<Byte>(xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3);
    col[1] = static_cast<Byte>(a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3);
    col[2] = static_cast<Byte>(a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3);
    col[3] = static_cast<Byte>(xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3));
  }
}

}  // namespace

void aes256_encrypt_block(std::span<const std::uint8_t, 32> key, std::span<const std::uint8_t, 16> in,
                          std::span<std::uint8_t, 16> out) {
  const RoundKeys w = expand_key(key);
  Byte s[16];
  for (int i = 0; i < 16; ++i) s[i] = in[i];
  add_round_key(s, w.data());
  for (int round = 1; round < rounds; ++round) {
    sub_bytes(s);
    shift_rows(s);
    mix_columns(s);
    add_round_key(s, w.data() + 16 * round);
  }
  sub_bytes(s);
  shift_rows(s);
  add_round_key(s, w.data() + 16 * rounds);
  for (int i = 0; i < 16; ++i) out[i] = s[i];
}

}  // namespace pqmul
