// Regeneration of NIST KEM KAT files (the loop of PQCgenKAT_kem.c).
#include "pqmul/schemes/nist_kat.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "pqmul/schemes/common/input_files.hpp"
#include "pqmul/schemes/common/random.hpp"
#include "pqmul/schemes/common/sha256.hpp"

namespace pqmul {
namespace {

void append_hex(std::string& out, std::string_view label, std::span<const std::uint8_t> bytes) {
  static constexpr char digits[] = "0123456789ABCDEF";
  out += label;
  for (auto b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  out += '\n';
}

std::string trim(std::string_view s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const auto end = s.find_last_not_of(" \t\r");
  return std::string(s.substr(begin, end - begin + 1));
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

}  // namespace

std::string nist_kat_entries(const Kem& kem, std::size_t first, std::size_t count) {
  // The master DRBG, seeded with 00 01 .. 2F, yields one 48-byte seed per count.
  std::array<std::uint8_t, 48> entropy;
  for (std::size_t i = 0; i < entropy.size(); ++i) entropy[i] = static_cast<std::uint8_t>(i);
  NistKatDrbg master(entropy);
  std::array<std::uint8_t, 48> seed{};
  for (std::size_t i = 0; i < first; ++i) master.fill(seed);

  std::vector<std::uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes()),
      ss(kem.shared_secret_bytes()), ss2(kem.shared_secret_bytes());
  std::string out;
  for (std::size_t c = first; c < first + count; ++c) {
    master.fill(seed);
    NistKatDrbg drbg(seed);
    kem.keypair(pk, sk, drbg);
    kem.encaps(ct, ss, pk, drbg);
    kem.decaps(ss2, ct, sk);
    if (ss != ss2) throw std::runtime_error(kem.scheme() + ": decapsulation disagrees at count " + std::to_string(c));
    out += "count = " + std::to_string(c) + "\n";
    append_hex(out, "seed = ", seed);
    append_hex(out, "pk = ", pk);
    append_hex(out, "sk = ", sk);
    append_hex(out, "ct = ", ct);
    append_hex(out, "ss = ", ss);
    out += '\n';
  }
  return out;
}

std::string nist_kat_file(const Kem& kem, std::string_view header, std::size_t count) {
  return std::string(header) + "\n\n" + nist_kat_entries(kem, 0, count);
}

std::string kat_digest_single(std::string_view entries) {
  const auto end = entries.find("\n\n");
  if (end == std::string_view::npos) throw std::invalid_argument("KAT text has no complete entry");
  return sha256_hex(entries.substr(0, end + 1));
}

std::string kat_digest_all(std::string_view entries) {
  if (entries.size() < 2 || entries.substr(entries.size() - 2) != "\n\n")
    throw std::invalid_argument("KAT text does not end with an empty line");
  return sha256_hex(entries.substr(0, entries.size() - 1));
}

std::map<std::string, PublishedKatHashes> read_kat_hashes(const std::string& path) {
  // The shipped file has a few kilobytes; /dev/urandom as --hashes must not be read for ever.
  constexpr std::size_t max_bytes = 1 << 20;
  try {
    return parse_kat_hashes(read_bounded_file(path, max_bytes, "KAT digests"), path);
  } catch (const InputFileError& e) {
    throw std::runtime_error(e.what());
  }
}

std::map<std::string, PublishedKatHashes> parse_kat_hashes(std::string_view text, std::string_view source) {
  std::istringstream in{std::string(text)};
  std::map<std::string, PublishedKatHashes> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::stringstream s(line);
    for (std::string col; std::getline(s, col, '|');) cols.push_back(trim(col));
    // scheme | version | sizes | single | all | full | provenance
    if (cols.size() < 5 || cols[3].size() != 64 || cols[4].size() != 64) continue;
    rows[lower(cols[0])] = {cols[0], cols[3], cols[4]};
  }
  if (rows.empty()) throw std::runtime_error(std::string(source) + " has no hash rows");
  return rows;
}

}  // namespace pqmul
