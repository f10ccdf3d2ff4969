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

#include "../common/test_util.hpp"
#include "pqmul/schemes/common/sha256.hpp"
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

inline std::string vectors(const std::string& relative) { return pqmul::test::vector_file(relative); }

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

// Digests of regenerated KAT text (the project's SHA-256, tested in tests/common).
inline std::string sha256_hex(std::string_view data) { return pqmul::sha256_hex(data); }

// The official files and published digests (tests/vectors/kem/KAT_HASHES.txt).
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
