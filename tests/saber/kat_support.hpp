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

#include <catch2/catch.hpp>

#include "../common/test_util.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/common/sha256.hpp"
#include "pqmul/schemes/kem.hpp"

namespace saber_test {

// Digests of regenerated KAT text (the project's SHA-256, tested in tests/common).
inline std::string sha256_hex(std::string_view text) { return pqmul::sha256_hex(text); }

// The 48-byte DRBG seeds of counts 0..99 (the same for every KEM).
inline std::vector<std::array<std::uint8_t, 48>> kat_seeds() {
  const std::string text = pqmul::test::read_text(pqmul::test::vector_file("drbg/PQCkemKAT_seeds_count0-99.req"));
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
  const std::string text = pqmul::test::read_text(pqmul::test::vector_file("kem/KAT_HASHES.txt"));
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

// The official round-3 KAT files of the three sets.
struct KatSet {
  const char* scheme;
  const char* hash_row;  // row of KAT_HASHES.txt
  const char* header;
  const char* file;      // under kem/saber-r3/
};
inline const KatSet kat_sets[] = {
    {"lightsaber", "LightSaber", "# LightSaber", "lightsaber_r3_PQCkemKAT_1568.first2.rsp"},
    {"saber", "Saber", "# Saber", "saber_r3_PQCkemKAT_2304.rsp"},
    {"firesaber", "FireSaber", "# FireSaber", "firesaber_r3_PQCkemKAT_3040.first2.rsp"},
};

inline std::string official(const KatSet& set) {
  return pqmul::test::read_text(pqmul::test::vector_file("kem/saber-r3/", set.file));
}

// The official file cut after `count` entries.
inline std::string official_prefix(const KatSet& set, std::size_t count) {
  const std::string text = official(set);
  std::size_t end = 0;
  for (std::size_t i = 0; i < count; ++i) {
    end = text.find("\n\n", text.find("ss = ", end));
    REQUIRE(end != std::string::npos);
    end += 2;
  }
  return text.substr(0, end);
}

// The KEM registry's entry of a Saber set (its multipliers' SIMD makers).
inline const pqmul::KemEntry& entry_of(const std::string& scheme) {
  static const auto entries = pqmul::saber_kem_entries();
  for (const auto& e : entries)
    if (e.scheme == scheme) return e;
  throw std::logic_error("no KEM entry " + scheme);
}

}  // namespace saber_test
