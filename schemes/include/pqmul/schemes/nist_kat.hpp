#pragma once
// The NIST PQC known-answer file of a KEM (PQCgenKAT_kem.c), regenerated with
// any Kem, and the published digests of tests/vectors/kem/KAT_HASHES.txt.
#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include "pqmul/schemes/kem.hpp"

namespace pqmul {

// Entries count = first .. first + count - 1, each "count = N", "seed = ..",
// "pk = ..", "sk = ..", "ct = ..", "ss = .." (upper-case hex) followed by an
// empty line, exactly as the NIST generator prints them. Throws
// std::runtime_error if decapsulation does not return the encapsulated key.
std::string nist_kat_entries(const Kem& kem, std::size_t first, std::size_t count);

// The whole .rsp file: "<header>\n\n" and the 100 entries.
std::string nist_kat_file(const Kem& kem, std::string_view header, std::size_t count = 100);

// The digest definitions of KAT_HASHES.txt, lower-case hex SHA-256:
//   single: entry 0 only, without its trailing empty line;
//   all:    entries 0..99 without the header and without the last empty line.
std::string kat_digest_single(std::string_view entries);
std::string kat_digest_all(std::string_view entries);

struct PublishedKatHashes {
  std::string scheme;  // as written in the file, e.g. "ML-KEM-768"
  std::string single, all;
};
// Rows of KAT_HASHES.txt keyed by lower-case scheme name ("ml-kem-768",
// "kyber768", "lightsaber", ...). Throws std::runtime_error if unreadable, not
// a regular file or larger than 1 MiB.
std::map<std::string, PublishedKatHashes> read_kat_hashes(const std::string& path);
// The same from text in memory; `source` names it in error messages. Throws
// std::runtime_error if the text has no hash row.
std::map<std::string, PublishedKatHashes> parse_kat_hashes(std::string_view text, std::string_view source);

}  // namespace pqmul
