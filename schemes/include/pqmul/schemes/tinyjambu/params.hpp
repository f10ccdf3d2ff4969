#pragma once
// Parameter sets of TinyJAMBU v2 (NIST LWC final round): key size and the
// step counts of the two keyed permutations.
//
// TinyJAMBU keeps a 128-bit state and runs a keyed non-linear feedback shift
// register over it. Two step counts are used:
//  - long_steps (P_1024 / P_1152 / P_1280 for 128/192/256-bit keys): key
//    setup, every message block and the first tag word;
//  - short_steps (P_640 in v2 for every key size): every nonce word, every
//    associated-data block and the second tag word. The round-2 submission
//    used P_384 here; v2 raised it to P_640, and only 640 reproduces the
//    final-round KAT files.
#include <cstddef>
#include <string_view>

namespace pqmul::tinyjambu {

inline constexpr std::size_t nonce_bytes = 12;
inline constexpr std::size_t tag_bytes = 8;

template <std::size_t KeyBits, std::size_t LongSteps>
struct Params {
  static_assert(KeyBits % 32 == 0);
  static constexpr std::size_t key_bits = KeyBits;
  static constexpr std::size_t key_bytes = KeyBits / 8;
  static constexpr std::size_t key_words = KeyBits / 32;
  static constexpr std::size_t long_steps = LongSteps;
  static constexpr std::size_t short_steps = 640;
};

struct Params128 : Params<128, 1024> {
  static constexpr std::string_view name = "tinyjambu-128";
};
struct Params192 : Params<192, 1152> {
  static constexpr std::string_view name = "tinyjambu-192";
};
struct Params256 : Params<256, 1280> {
  static constexpr std::string_view name = "tinyjambu-256";
};

// Frame bits: a 3-bit domain separator XORed into state bits 36..38, that is
// bits 4..6 of state word 1, before the permutation of each phase.
namespace frame {
inline constexpr unsigned nonce = 0x10;
inline constexpr unsigned associated_data = 0x30;
inline constexpr unsigned message = 0x50;
inline constexpr unsigned finalization = 0x70;
}  // namespace frame

}  // namespace pqmul::tinyjambu
