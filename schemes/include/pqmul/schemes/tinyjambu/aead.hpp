#pragma once
// TinyJAMBU v2 authenticated encryption (NIST LWC final round): 128/192/256-
// bit keys, 96-bit nonce, 64-bit tag. Usable in constant expressions.
//
//   Aead<Params, Load, Feedback>   Params: Params128 / Params192 / Params256
//                                  Load: ByteLoad / MemcpyLoad
//                                  Feedback: Nand / AndInvertedKey
//
// Phases (each XORs its frame bits into state word 1, then permutes):
//   key setup   state = 0, P_long
//   nonce       3 x { frame 0x10, P_short, state[3] ^= nonce word }
//   assoc. data per 32-bit block { frame 0x30, P_short, state[3] ^= block };
//               a partial last block is zero-padded and its byte count
//               (1..3) XORed into state word 1 afterwards
//   message     per block { frame 0x50, P_long, state[3] ^= m, c = state[2] ^ m },
//               partial last block as for associated data
//   tag         frame 0x70, P_long, tag[0..3] = state[2];
//               frame 0x70, P_short, tag[4..7] = state[2]
// Words are little-endian.
//
// Decryption compares the tag in constant time and, on failure, zeroes the
// whole plaintext buffer before returning false, so no unauthenticated
// plaintext is released.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <type_traits>

#include "pqmul/schemes/tinyjambu/params.hpp"
#include "pqmul/schemes/tinyjambu/permutation.hpp"
#include "pqmul/schemes/tinyjambu/policies.hpp"

namespace pqmul::tinyjambu {

namespace detail {
// Keeps the compiler from turning the constant-time mask into a branch.
inline std::uint32_t value_barrier(std::uint32_t v) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(v));
#endif
  return v;
}
}  // namespace detail

template <class P, class Load = ByteLoad, class Feedback = Nand>
class Aead {
 public:
  using params = P;
  using load_policy = Load;
  using feedback_policy = Feedback;
  static constexpr std::size_t key_bytes = P::key_bytes;
  static constexpr std::size_t nonce_bytes = tinyjambu::nonce_bytes;
  static constexpr std::size_t tag_bytes = tinyjambu::tag_bytes;
  using Key = std::span<const std::uint8_t, key_bytes>;
  using Nonce = std::span<const std::uint8_t, nonce_bytes>;
  using Tag = std::array<std::uint8_t, tag_bytes>;

  // Encrypts plaintext into ciphertext (same size; may be the same buffer)
  // and returns the tag.
  static constexpr Tag encrypt(std::span<std::uint8_t> ciphertext, std::span<const std::uint8_t> plaintext,
                               std::span<const std::uint8_t> associated_data, Nonce nonce, Key key) {
    if (ciphertext.size() != plaintext.size()) throw std::invalid_argument("tinyjambu: ciphertext size");
    Context c(key, nonce, associated_data);
    c.template crypt<true>(ciphertext, plaintext);
    return c.tag();
  }

  // Decrypts ciphertext into plaintext (same size; may be the same buffer).
  // Returns true if the tag verifies; otherwise plaintext is all zero.
  [[nodiscard]] static constexpr bool decrypt(std::span<std::uint8_t> plaintext,
                                              std::span<const std::uint8_t> ciphertext,
                                              std::span<const std::uint8_t, tag_bytes> received_tag,
                                              std::span<const std::uint8_t> associated_data, Nonce nonce,
                                              Key key) {
    if (ciphertext.size() != plaintext.size()) throw std::invalid_argument("tinyjambu: plaintext size");
    // Read the tag before writing: it may live right behind an in-place buffer.
    Tag expected{};
    for (std::size_t i = 0; i < tag_bytes; ++i) expected[i] = received_tag[i];
    Context c(key, nonce, associated_data);
    c.template crypt<false>(plaintext, ciphertext);
    const Tag computed = c.tag();
    std::uint32_t diff = 0;
    for (std::size_t i = 0; i < tag_bytes; ++i) diff |= static_cast<std::uint32_t>(computed[i] ^ expected[i]);
    // keep = 0xFF if the tags agree, 0x00 otherwise, without a branch.
    std::uint32_t keep = (diff - 1) >> 8;  // diff <= 0xFF: 0 -> 0x00FFFFFF, else 0
    if (!std::is_constant_evaluated()) keep = detail::value_barrier(keep);
    const auto mask = static_cast<std::uint8_t>(keep);
    for (auto& byte : plaintext) byte &= mask;
    return mask != 0;
  }

  // NIST combined form: out = ciphertext || tag, out.size() == plaintext.size() + 8.
  static constexpr void seal(std::span<std::uint8_t> out, std::span<const std::uint8_t> plaintext,
                             std::span<const std::uint8_t> associated_data, Nonce nonce, Key key) {
    if (out.size() != plaintext.size() + tag_bytes) throw std::invalid_argument("tinyjambu: sealed size");
    const Tag t = encrypt(out.first(plaintext.size()), plaintext, associated_data, nonce, key);
    for (std::size_t i = 0; i < tag_bytes; ++i) out[plaintext.size() + i] = t[i];
  }

  // Inverse of seal: in = ciphertext || tag, out.size() == in.size() - 8.
  [[nodiscard]] static constexpr bool open(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                                           std::span<const std::uint8_t> associated_data, Nonce nonce,
                                           Key key) {
    if (in.size() < tag_bytes || out.size() != in.size() - tag_bytes)
      throw std::invalid_argument("tinyjambu: opened size");
    const std::size_t n = out.size();
    return decrypt(out, in.first(n), in.subspan(n).template first<tag_bytes>(), associated_data, nonce, key);
  }

 private:
  static constexpr std::size_t key_words = P::key_words;

  static constexpr std::uint32_t load_partial(const std::uint8_t* p, std::size_t n) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v |= static_cast<std::uint32_t>(p[i]) << (8 * i);
    return v;
  }
  static constexpr void store_partial(std::uint8_t* p, std::uint32_t v, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
  }

  class Context {
   public:
    constexpr Context(Key key, Nonce nonce, std::span<const std::uint8_t> ad) {
      for (std::size_t i = 0; i < key_words; ++i) key_[i] = Feedback::prepare_key(Load::load(key.data() + 4 * i));
      permute<P::long_steps, Feedback>(s_, key_);
      for (std::size_t i = 0; i < nonce_bytes / 4; ++i) {
        s_[1] ^= frame::nonce;
        permute<P::short_steps, Feedback>(s_, key_);
        s_[3] ^= Load::load(nonce.data() + 4 * i);
      }
      const std::size_t full = ad.size() / 4 * 4;
      for (std::size_t i = 0; i < full; i += 4) {
        s_[1] ^= frame::associated_data;
        permute<P::short_steps, Feedback>(s_, key_);
        s_[3] ^= Load::load(ad.data() + i);
      }
      if (const std::size_t rest = ad.size() - full; rest != 0) {
        s_[1] ^= frame::associated_data;
        permute<P::short_steps, Feedback>(s_, key_);
        s_[3] ^= load_partial(ad.data() + full, rest);
        s_[1] ^= static_cast<std::uint32_t>(rest);
      }
    }

    // Encrypting absorbs the input; decrypting absorbs the output.
    template <bool Encrypting>
    constexpr void crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
      const std::size_t full = in.size() / 4 * 4;
      for (std::size_t i = 0; i < full; i += 4) {
        s_[1] ^= frame::message;
        permute<P::long_steps, Feedback>(s_, key_);
        const std::uint32_t x = Load::load(in.data() + i);
        const std::uint32_t m = Encrypting ? x : x ^ s_[2];
        s_[3] ^= m;
        Load::store(out.data() + i, x ^ s_[2]);
      }
      if (const std::size_t rest = in.size() - full; rest != 0) {
        s_[1] ^= frame::message;
        permute<P::long_steps, Feedback>(s_, key_);
        const std::uint32_t x = load_partial(in.data() + full, rest);
        const std::uint32_t keystream = s_[2] & (0xFFFFFFFFu >> (32 - 8 * rest));
        const std::uint32_t m = Encrypting ? x : x ^ keystream;
        s_[3] ^= m;
        store_partial(out.data() + full, x ^ keystream, rest);
        s_[1] ^= static_cast<std::uint32_t>(rest);
      }
    }

    constexpr Tag tag() {
      Tag t{};
      s_[1] ^= frame::finalization;
      permute<P::long_steps, Feedback>(s_, key_);
      store_partial(t.data(), s_[2], 4);
      s_[1] ^= frame::finalization;
      permute<P::short_steps, Feedback>(s_, key_);
      store_partial(t.data() + 4, s_[2], 4);
      return t;
    }

   private:
    State s_{};
    std::array<std::uint32_t, key_words> key_{};
  };
};

// Default variants (the fastest combination measured here; see the bench).
using TinyJambu128 = Aead<Params128, MemcpyLoad, AndInvertedKey>;
using TinyJambu192 = Aead<Params192, MemcpyLoad, AndInvertedKey>;
using TinyJambu256 = Aead<Params256, MemcpyLoad, AndInvertedKey>;

}  // namespace pqmul::tinyjambu
