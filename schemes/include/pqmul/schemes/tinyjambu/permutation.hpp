#pragma once
// The keyed permutation P_n of TinyJAMBU: n steps of a 128-bit non-linear
// feedback shift register. Step i computes
//   f = s0 ^ s47 ^ ~(s70 & s85) ^ s91 ^ k[i mod key_bits]
// shifts the state down by one bit and inserts f as bit 127.
//
// The taps are at most 91, so 32 consecutive feedback bits depend only on
// the current state: each 32-step block computes one new 32-bit word. The
// four state words are used as a ring instead of being shifted: in block w
// the oldest word is s[w % 4], and after a multiple of four blocks the words
// are back in place. Every n used by TinyJAMBU is a multiple of 128.
//
// The blocks are unrolled at compile time so each block's key word and state
// roles are constants; the code is usable in constant expressions.
//
// There is no SIMD variant: every block needs the word the previous block
// produced (tap 91 limits a block to at most 37 new bits), so one message is
// a single chain of dependent 32-bit operations, about 4 cycles per block
// with gcc. Building with -mavx2 -mbmi2 gives the same speed. Vectors would
// pay off only across independent messages (e.g. several chunks of the
// hybrid at once), which needs a multi-buffer interface.
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace pqmul::tinyjambu {

using State = std::array<std::uint32_t, 4>;

namespace detail {

// One 32-step block. `Feedback` supplies the non-linear term; the key word
// has already been transformed by Feedback::prepare_key.
template <class Feedback, std::size_t Block, std::size_t KeyWords>
constexpr void permute_block(State& s, const std::array<std::uint32_t, KeyWords>& key) {
  constexpr std::size_t w0 = Block % 4, w1 = (Block + 1) % 4, w2 = (Block + 2) % 4, w3 = (Block + 3) % 4;
  const std::uint32_t s47 = (s[w1] >> 15) | (s[w2] << 17);
  const std::uint32_t s70 = (s[w2] >> 6) | (s[w3] << 26);
  const std::uint32_t s85 = (s[w2] >> 21) | (s[w3] << 11);
  const std::uint32_t s91 = (s[w2] >> 27) | (s[w3] << 5);
  s[w0] ^= s47 ^ Feedback::nonlinear(s70, s85) ^ s91 ^ key[Block % KeyWords];
}

template <class Feedback, std::size_t KeyWords, std::size_t... Blocks>
constexpr void permute_blocks(State& s, const std::array<std::uint32_t, KeyWords>& key,
                              std::index_sequence<Blocks...>) {
  (permute_block<Feedback, Blocks>(s, key), ...);
}

}  // namespace detail

// P_Steps on state s with the prepared key words.
template <std::size_t Steps, class Feedback, std::size_t KeyWords>
constexpr void permute(State& s, const std::array<std::uint32_t, KeyWords>& key) {
  static_assert(Steps % 128 == 0, "the word ring needs a multiple of four 32-step blocks");
  detail::permute_blocks<Feedback>(s, key, std::make_index_sequence<Steps / 32>{});
}

}  // namespace pqmul::tinyjambu
