#pragma once
// Helpers shared by the TinyJAMBU tests: the inputs of the NIST LWC genkat
// files (every field is 00 01 02 ...) and hex conversion, all constexpr.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "pqmul/schemes/tinyjambu/aead.hpp"

namespace tinyjambu_test {

// The genkat inputs: Key, Nonce, PT and AD are prefixes of 00 01 02 ... 1F.
constexpr std::array<std::uint8_t, 32> counting_bytes() {
  std::array<std::uint8_t, 32> b{};
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<std::uint8_t>(i);
  return b;
}
inline constexpr std::array<std::uint8_t, 32> kat_bytes = counting_bytes();

// Count = 33 * pt_len + ad_len + 1 for pt_len, ad_len in 0..32.
constexpr std::size_t kat_count(std::size_t pt_len, std::size_t ad_len) { return 33 * pt_len + ad_len + 1; }

constexpr std::uint8_t hex_nibble(char c) {
  if (c >= '0' && c <= '9') return static_cast<std::uint8_t>(c - '0');
  if (c >= 'A' && c <= 'F') return static_cast<std::uint8_t>(c - 'A' + 10);
  if (c >= 'a' && c <= 'f') return static_cast<std::uint8_t>(c - 'a' + 10);
  throw "not a hex digit";
}

template <std::size_t N>
constexpr std::array<std::uint8_t, N> from_hex(std::string_view hex) {
  if (hex.size() != 2 * N) throw "wrong hex length";
  std::array<std::uint8_t, N> out{};
  for (std::size_t i = 0; i < N; ++i)
    out[i] = static_cast<std::uint8_t>((hex_nibble(hex[2 * i]) << 4) | hex_nibble(hex[2 * i + 1]));
  return out;
}

// CT field (ciphertext || tag) of the KAT entry with the given lengths.
template <class A, std::size_t PtLen, std::size_t AdLen>
constexpr std::array<std::uint8_t, PtLen + A::tag_bytes> kat_entry() {
  std::array<std::uint8_t, PtLen + A::tag_bytes> out{};
  const std::span<const std::uint8_t> all(kat_bytes);
  A::seal(out, all.first(PtLen), all.first(AdLen), all.template first<A::nonce_bytes>(),
          all.template first<A::key_bytes>());
  return out;
}

// Decrypts the KAT entry at compile time; true if it verifies and gives back PT.
template <class A, std::size_t PtLen, std::size_t AdLen>
constexpr bool kat_entry_opens(const std::array<std::uint8_t, PtLen + A::tag_bytes>& sealed) {
  std::array<std::uint8_t, PtLen + 1> out{};  // +1: a zero-length array cannot be indexed
  const std::span<const std::uint8_t> all(kat_bytes);
  const bool ok = A::open(std::span<std::uint8_t>(out).first(PtLen), sealed, all.first(AdLen),
                          all.template first<A::nonce_bytes>(), all.template first<A::key_bytes>());
  for (std::size_t i = 0; i < PtLen; ++i)
    if (out[i] != kat_bytes[i]) return false;
  return ok;
}

}  // namespace tinyjambu_test
