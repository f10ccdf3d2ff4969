#pragma once
// Regenerates NIST-format KAT entries of a KEM (as PQCgenKAT_kem.c writes
// them) and hashes them with SHA-256, the digest KAT_HASHES.txt publishes.
#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "../common/test_util.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/kem.hpp"

namespace saber_test {

// SHA-256 (FIPS 180-4), only to compare regenerated KAT text with published digests.
inline std::string sha256_hex(std::string_view text) {
  static constexpr std::uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  std::uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::vector<std::uint8_t> msg(text.begin(), text.end());
  const std::uint64_t bit_length = std::uint64_t{msg.size()} * 8;
  msg.push_back(0x80);
  while (msg.size() % 64 != 56) msg.push_back(0);
  for (int i = 7; i >= 0; --i) msg.push_back(static_cast<std::uint8_t>(bit_length >> (8 * i)));
  auto rotr = [](std::uint32_t x, int r) { return (x >> r) | (x << (32 - r)); };
  for (std::size_t block = 0; block < msg.size(); block += 64) {
    std::uint32_t w[64];
    for (int t = 0; t < 16; ++t)
      w[t] = std::uint32_t{msg[block + 4 * t]} << 24 | std::uint32_t{msg[block + 4 * t + 1]} << 16 |
             std::uint32_t{msg[block + 4 * t + 2]} << 8 | msg[block + 4 * t + 3];
    for (int t = 16; t < 64; ++t) {
      const std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
      const std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 64; ++t) {
      const std::uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[t] + w[t];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
  }
  std::array<std::uint8_t, 32> out{};
  for (int i = 0; i < 32; ++i) out[i] = static_cast<std::uint8_t>(h[i / 4] >> (24 - 8 * (i % 4)));
  return pqmul::test::to_hex(out);
}

// The 48-byte DRBG seeds of counts 0..99 (the same for every KEM).
inline std::vector<std::array<std::uint8_t, 48>> kat_seeds() {
  const std::string text = pqmul::test::read_text(pqmul::test::vectors_dir() + "/drbg/PQCkemKAT_seeds_count0-99.req");
  std::vector<std::array<std::uint8_t, 48>> seeds;
  std::size_t pos = 0;
  while ((pos = text.find("seed = ", pos)) != std::string::npos) {
    pos += 7;
    const auto bytes = pqmul::test::from_hex(std::string_view(text).substr(pos, 96));
    std::array<std::uint8_t, 48> seed{};
    std::copy(bytes.begin(), bytes.end(), seed.begin());
    seeds.push_back(seed);
  }
  if (seeds.size() != 100) throw std::runtime_error("expected 100 KAT seeds");
  return seeds;
}

// One .rsp entry (6 lines and the blank line after it), as PQCgenKAT_kem.c
// prints it; also checks that decapsulation recovers the shared secret.
inline std::string kat_entry(const pqmul::Kem& kem, std::size_t count, const std::array<std::uint8_t, 48>& seed) {
  pqmul::NistKatDrbg drbg(seed);
  std::vector<std::uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes()),
      ss(kem.shared_secret_bytes()), ss2(kem.shared_secret_bytes());
  kem.keypair(pk, sk, drbg);
  kem.encaps(ct, ss, pk, drbg);
  kem.decaps(ss2, ct, sk);
  if (ss != ss2) throw std::runtime_error("decapsulation disagrees with encapsulation at count " + std::to_string(count));
  using pqmul::test::to_hex;
  return "count = " + std::to_string(count) + "\nseed = " + to_hex(seed, true) + "\npk = " + to_hex(pk, true) +
         "\nsk = " + to_hex(sk, true) + "\nct = " + to_hex(ct, true) + "\nss = " + to_hex(ss, true) + "\n\n";
}

// The first `count` entries of the .rsp file, with the "# name" header.
inline std::string kat_file(const pqmul::Kem& kem, std::string_view header, std::size_t count) {
  const auto seeds = kat_seeds();
  std::string text = std::string(header) + "\n\n";
  for (std::size_t i = 0; i < count; ++i) text += kat_entry(kem, i, seeds[i]);
  return text;
}

// Digests of KAT_HASHES.txt: "single" hashes entry 0 without its blank line;
// "all" hashes the 100 entries without the header and the final blank line.
inline std::string single_digest(std::string_view file_text) {
  const auto start = file_text.find("count = 0\n");
  const auto end = file_text.find("\n\n", start);
  return sha256_hex(file_text.substr(start, end + 1 - start));
}
inline std::string all_digest(std::string_view file_text) {
  const auto start = file_text.find("count = 0\n");
  return sha256_hex(file_text.substr(start, file_text.size() - 1 - start));
}

// The published digests (columns "single" and "all" of KAT_HASHES.txt) of a scheme row.
inline std::pair<std::string, std::string> published_digests(std::string_view row_name) {
  const std::string text = pqmul::test::read_text(pqmul::test::vectors_dir() + "/kem/KAT_HASHES.txt");
  std::size_t pos = 0;
  while ((pos = text.find('\n', pos)) != std::string::npos) {
    ++pos;
    const auto line_end = text.find('\n', pos);
    const std::string_view line = std::string_view(text).substr(pos, line_end - pos);
    const auto bar = line.find('|');
    if (bar == std::string_view::npos) continue;
    std::string_view name = line.substr(0, bar);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    if (name != row_name) continue;
    std::vector<std::string_view> columns;
    std::size_t from = 0;
    for (;;) {
      const auto to = line.find('|', from);
      columns.push_back(line.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from));
      if (to == std::string_view::npos) break;
      from = to + 1;
    }
    auto trim = [](std::string_view s) {
      while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
      while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
      return std::string(s);
    };
    if (columns.size() < 5) break;
    return {trim(columns[3]), trim(columns[4])};
  }
  throw std::runtime_error("no row '" + std::string(row_name) + "' in KAT_HASHES.txt");
}

}  // namespace saber_test
