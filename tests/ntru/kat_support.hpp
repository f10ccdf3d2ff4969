#pragma once
// Test helpers for NTRU: hex, the NIST .req seeds and .rsp files, SHA-256
// (FIPS 180-4, for the published digests of the KAT files) and the
// regeneration of .rsp entries with the NIST DRBG.
#include <array>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/kem.hpp"

namespace ntru_test {

inline std::string hex(const std::uint8_t* p, std::size_t n) {
  static constexpr char digits[] = "0123456789ABCDEF";
  std::string s;
  s.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    s += digits[p[i] >> 4];
    s += digits[p[i] & 15];
  }
  return s;
}
template <class Bytes>
std::string hex(const Bytes& b) {
  return hex(b.data(), b.size());
}

inline std::vector<std::uint8_t> from_hex(std::string_view text) {
  auto nibble = [](char c) -> std::uint8_t {
    if (c >= '0' && c <= '9') return static_cast<std::uint8_t>(c - '0');
    if (c >= 'A' && c <= 'F') return static_cast<std::uint8_t>(c - 'A' + 10);
    if (c >= 'a' && c <= 'f') return static_cast<std::uint8_t>(c - 'a' + 10);
    throw std::invalid_argument("bad hex digit");
  };
  std::vector<std::uint8_t> out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(nibble(text[2 * i]) << 4 | nibble(text[2 * i + 1]));
  return out;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string vectors(const std::string& relative) { return std::string(PQMUL_VECTORS_DIR) + "/" + relative; }

// The 100 DRBG seeds of the NIST .req file.
inline const std::vector<std::array<std::uint8_t, 48>>& kat_seeds() {
  static const std::vector<std::array<std::uint8_t, 48>> seeds = [] {
    std::vector<std::array<std::uint8_t, 48>> out;
    std::istringstream in(read_text(vectors("drbg/PQCkemKAT_seeds_count0-99.req")));
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("seed = ", 0) != 0) continue;
      const auto bytes = from_hex(line.substr(7, 96));
      std::array<std::uint8_t, 48> s;
      std::copy(bytes.begin(), bytes.end(), s.begin());
      out.push_back(s);
    }
    return out;
  }();
  return seeds;
}

// One .rsp entry ("count = ..." to "ss = ...", each line ending in "\n"), as
// PQCgenKAT_kem produces it; also checks that decapsulation agrees.
inline std::string kat_entry(const pqmul::Kem& kem, std::size_t count) {
  const auto& seed = kat_seeds().at(count);
  pqmul::NistKatDrbg rng(seed);
  std::vector<std::uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes()),
      ss(kem.shared_secret_bytes()), ss2(kem.shared_secret_bytes());
  kem.keypair(pk, sk, rng);
  kem.encaps(ct, ss, pk, rng);
  kem.decaps(ss2, ct, sk);
  if (ss != ss2) throw std::runtime_error("decapsulation disagrees at count " + std::to_string(count));
  return "count = " + std::to_string(count) + "\nseed = " + hex(seed) + "\npk = " + hex(pk) + "\nsk = " + hex(sk) +
         "\nct = " + hex(ct) + "\nss = " + hex(ss) + "\n";
}

// Entry `count` of a stored .rsp file (6 lines, with its final "\n").
inline std::string rsp_entry(const std::string& file_text, std::size_t count) {
  const std::string start = "count = " + std::to_string(count) + "\n";
  const auto begin = file_text.find(start);
  if (begin == std::string::npos) throw std::runtime_error("no entry " + std::to_string(count));
  auto end = file_text.find("\n\n", begin);
  if (end == std::string::npos) end = file_text.size() - 1;
  return file_text.substr(begin, end + 1 - begin);
}

// SHA-256 (FIPS 180-4).
class Sha256 {
 public:
  void update(std::string_view data) {
    for (char c : data) {
      block_[fill_++] = static_cast<std::uint8_t>(c);
      if (fill_ == 64) compress();
    }
    length_ += data.size();
  }
  std::string hex_digest() {
    const std::uint64_t bits = length_ * 8;
    block_[fill_++] = 0x80;
    if (fill_ > 56) {
      while (fill_ < 64) block_[fill_++] = 0;
      compress();
    }
    while (fill_ < 56) block_[fill_++] = 0;
    for (int i = 7; i >= 0; --i) block_[fill_++] = static_cast<std::uint8_t>(bits >> (8 * i));
    compress();
    std::array<std::uint8_t, 32> out;
    for (std::size_t i = 0; i < 8; ++i)
      for (std::size_t j = 0; j < 4; ++j) out[4 * i + j] = static_cast<std::uint8_t>(h_[i] >> (24 - 8 * j));
    std::string s = hex(out);
    for (auto& c : s) c = static_cast<char>(std::tolower(c));
    return s;
  }

 private:
  static std::uint32_t rotr(std::uint32_t x, int r) { return (x >> r) | (x << (32 - r)); }
  void compress() {
    static constexpr std::uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = std::uint32_t{block_[4 * i]} << 24 | std::uint32_t{block_[4 * i + 1]} << 16 |
             std::uint32_t{block_[4 * i + 2]} << 8 | block_[4 * i + 3];
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3], e = h_[4], f = h_[5], g = h_[6], h = h_[7];
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h_[0] += a; h_[1] += b; h_[2] += c; h_[3] += d; h_[4] += e; h_[5] += f; h_[6] += g; h_[7] += h;
    fill_ = 0;
  }
  std::array<std::uint32_t, 8> h_ = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<std::uint8_t, 64> block_{};
  std::size_t fill_ = 0;
  std::uint64_t length_ = 0;
};

inline std::string sha256_hex(std::string_view data) {
  Sha256 h;
  h.update(data);
  return h.hex_digest();
}

// The official files and published digests (shared/vectors/kem/KAT_HASHES.txt).
struct KatFiles {
  std::string scheme, file, single, all;
};
inline const std::vector<KatFiles>& kat_files() {
  static const std::vector<KatFiles> files = {
      {"ntruhps2048509", "kem/ntru-r3/ntruhps2048509_r3_PQCkemKAT_935.rsp",
       "fc314366fbe795e2db6d29abb9f5b2ff43f0f608d0bd66161f9450364f0d271b",
       "d204a151fd8d10e0f6fe484d55362d779fbcb468ac5ae2cd18409b1fd76b4641"},
      {"ntruhps2048677", "kem/ntru-r3/ntruhps2048677_r3_PQCkemKAT_1234.first2.rsp",
       "33e2cad6c2a2f17991517050d7a1b745908c84b8283a4e0f07dbe6f62d166507",
       "3489450d349454bf4914f7947a33ebc6bc5e16d15d19da6820a8168e125a1084"},
      {"ntruhps4096821", "kem/ntru-r3/ntruhps4096821_r3_PQCkemKAT_1590.first2.rsp",
       "1a8382ae0c801a43cf461c98d22743f5b2d8a1ffed1b1df0dd767de2c2874597",
       "143f43534b9705f6485b4a3f1cefda3283f12550e88e294c743b72a9f7d3fcba"},
      {"ntruhrss701", "kem/ntru-r3/ntruhrss701_r3_PQCkemKAT_1450.first2.rsp",
       "501e000c3eb374ffbfb81b0f16673a6282116465936608d7d164b05635e769e8",
       "684d7e77641399b136fbb4b9261bdca6e83887453a0565e2aef3540821138ada"},
  };
  return files;
}

}  // namespace ntru_test
