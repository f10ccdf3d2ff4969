#pragma once
// The two implementation knobs of TinyJAMBU that the variants sweep over.
// Every combination computes the same function and passes the same KATs.
//
// Word loading: how 32-bit little-endian words enter and leave the state.
//  - ByteLoad assembles words from single bytes (portable, constexpr).
//  - MemcpyLoad copies four bytes with std::memcpy (one unaligned load on
//    little-endian hosts). std::memcpy is not usable in constant expressions,
//    so during constant evaluation it falls back to the byte loop. Only the
//    load/store differs between the two paths: the permutation and its step
//    counts never depend on std::is_constant_evaluated().
//
// State update: the feedback bit is s0 ^ s47 ^ ~(s70 & s85) ^ s91 ^ k.
//  - Nand evaluates it literally.
//  - AndInvertedKey stores the key inverted once at key setup and evaluates
//    s0 ^ s47 ^ (s70 & s85) ^ s91 ^ ~k, saving one NOT per 32 steps.
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace pqmul::tinyjambu {

struct ByteLoad {
  static constexpr std::string_view name = "bytes";
  static constexpr std::uint32_t load(const std::uint8_t* p) {
    return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
           (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
  }
  static constexpr void store(std::uint8_t* p, std::uint32_t v) {
    p[0] = static_cast<std::uint8_t>(v);
    p[1] = static_cast<std::uint8_t>(v >> 8);
    p[2] = static_cast<std::uint8_t>(v >> 16);
    p[3] = static_cast<std::uint8_t>(v >> 24);
  }
};

struct MemcpyLoad {
  static constexpr std::string_view name = "memcpy";
  static constexpr std::uint32_t load(const std::uint8_t* p) {
    if (std::is_constant_evaluated()) return ByteLoad::load(p);
    std::uint32_t v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::endian::native == std::endian::big) v = swap_bytes(v);
    return v;
  }
  static constexpr void store(std::uint8_t* p, std::uint32_t v) {
    if (std::is_constant_evaluated()) return ByteLoad::store(p, v);
    if constexpr (std::endian::native == std::endian::big) v = swap_bytes(v);
    std::memcpy(p, &v, sizeof v);
  }

 private:
  static constexpr std::uint32_t swap_bytes(std::uint32_t v) {
    return (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24);
  }
};

struct Nand {
  static constexpr std::string_view name = "nand";
  static constexpr std::uint32_t prepare_key(std::uint32_t k) { return k; }
  static constexpr std::uint32_t nonlinear(std::uint32_t a, std::uint32_t b) { return ~(a & b); }
};

struct AndInvertedKey {
  static constexpr std::string_view name = "and-inverted-key";
  static constexpr std::uint32_t prepare_key(std::uint32_t k) { return ~k; }
  static constexpr std::uint32_t nonlinear(std::uint32_t a, std::uint32_t b) { return a & b; }
};

}  // namespace pqmul::tinyjambu
