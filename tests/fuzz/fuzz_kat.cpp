// The known-answer text pqmul reads: KAT_HASHES.txt (`pqmul check --hashes
// FILE`), the digests of .rsp text (kat_digest_single / kat_digest_all) and
// the LWC known-answer files of TinyJAMBU, found beside `pqmul bench --hashes`.
#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include "fuzz_support.hpp"
#include "pqmul/experiments/lwc_kat.hpp"
#include "pqmul/schemes/nist_kat.hpp"

namespace {

bool is_lower_hex(char ch) { return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'); }

void require_digest(const std::string& digest) {
  pqmul::fuzz::require(digest.size() == 64, "a SHA-256 digest of " + std::to_string(digest.size()) + " characters");
  for (char ch : digest) pqmul::fuzz::require(is_lower_hex(ch), "a digest that is not lower-case hex: " + digest);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pqmul;
  const std::string text = fuzz::text_of(data, size);

  std::map<std::string, PublishedKatHashes> rows;
  if (fuzz::completes<std::runtime_error>([&] { rows = parse_kat_hashes(text, "input"); })) {
    fuzz::require(!rows.empty(), "KAT digests accepted without a row");
    for (const auto& [key, row] : rows)
      fuzz::require(row.single.size() == 64 && row.all.size() == 64, "a KAT digest row with a short digest: " + key);
  }

  experiments::LwcKat entries;
  if (fuzz::completes<std::runtime_error>([&] { entries = experiments::parse_lwc_kat(text, "input"); }))
    for (const auto& [count, fields] : entries)
      fuzz::require(count >= 0 && !fields.count("Count"), "an LWC entry with count " + std::to_string(count));

  std::string digest;
  if (fuzz::completes<std::invalid_argument>([&] { digest = kat_digest_single(text); })) require_digest(digest);
  if (fuzz::completes<std::invalid_argument>([&] { digest = kat_digest_all(text); })) require_digest(digest);
  return 0;
}
