// Every TinyJAMBU variant regenerates the official NIST LWC KAT files
// (1089 entries each) byte for byte, and decrypts every entry back.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/test_util.hpp"
#include "kat_support.hpp"
#include "pqmul/schemes/tinyjambu/variants.hpp"

namespace pqmul_tests::tinyjambu_test_kat {

namespace {
using pqmul::tinyjambu::AeadVariant;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string hex(std::span<const std::uint8_t> bytes) {
  static constexpr char digits[] = "0123456789ABCDEF";
  std::string s;
  for (auto b : bytes) {
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}

struct KatFile {
  const char* scheme;
  const char* name;
  std::size_t bytes;  // as listed in tests/vectors/README.md
};
constexpr KatFile kat_files[] = {
    {"tinyjambu-128", "LWC_AEAD_KAT_128_96.txt", 234117},
    {"tinyjambu-192", "LWC_AEAD_KAT_192_96.txt", 251541},
    {"tinyjambu-256", "LWC_AEAD_KAT_256_96.txt", 268965},
};

// The NIST genkat_aead text; every entry is also decrypted back.
std::string regenerate(const AeadVariant& v, std::size_t& failed_openings) {
  const std::span<const std::uint8_t> all(tinyjambu_test::kat_bytes);
  const auto key = all.first(v.key_bytes);
  const auto nonce = all.first<12>();
  std::string text;
  std::vector<std::uint8_t> sealed, opened;
  std::size_t count = 1;
  for (std::size_t pt_len = 0; pt_len <= 32; ++pt_len) {
    for (std::size_t ad_len = 0; ad_len <= 32; ++ad_len, ++count) {
      const auto pt = all.first(pt_len), ad = all.first(ad_len);
      sealed.assign(pt_len + 8, 0);
      v.encrypt(std::span(sealed).first(pt_len), std::span(sealed).subspan(pt_len).first<8>(), pt, ad, nonce, key);
      text += "Count = " + std::to_string(count) + "\n";
      text += "Key = " + hex(key) + "\n";
      text += "Nonce = " + hex(nonce) + "\n";
      text += "PT = " + hex(pt) + "\n";
      text += "AD = " + hex(ad) + "\n";
      text += "CT = " + hex(sealed) + "\n\n";

      opened.assign(pt_len, 0xAA);
      const bool ok = v.decrypt(opened, std::span<const std::uint8_t>(sealed).first(pt_len),
                                std::span<const std::uint8_t>(sealed).subspan(pt_len).first<8>(), ad, nonce, key);
      if (!ok || !std::equal(opened.begin(), opened.end(), pt.begin())) ++failed_openings;
    }
  }
  return text;
}

}  // namespace

TEST_CASE("TinyJAMBU variants regenerate the LWC KAT files", "[tinyjambu][kat]") {
  REQUIRE(pqmul::tinyjambu::aead_variants().size() == 12);
  for (const auto& file : kat_files) {
    const std::string expected = read_file(pqmul::test::vector_file("tinyjambu/", file.name));
    // The shipped file is the one the vectors README describes.
    REQUIRE(expected.size() == file.bytes);
    std::size_t variants_checked = 0;
    for (const auto& v : pqmul::tinyjambu::aead_variants()) {
      if (v.scheme != file.scheme) continue;
      ++variants_checked;
      INFO(v.id());
      std::size_t failed_openings = 0;
      const std::string text = regenerate(v, failed_openings);
      CHECK(failed_openings == 0);
      if (text != expected) {
        // Report the first differing line rather than two 250 kB strings.
        std::size_t at = 0;
        while (at < text.size() && at < expected.size() && text[at] == expected[at]) ++at;
        const std::size_t line_start = expected.rfind('\n', at) == std::string::npos ? 0 : expected.rfind('\n', at) + 1;
        FAIL("first difference at byte " << at << ", expected line: "
                                         << expected.substr(line_start, expected.find('\n', at) - line_start)
                                         << "\n got: " << text.substr(line_start, 80));
      }
    }
    CHECK(variants_checked == 4);
  }
}

}  // namespace pqmul_tests::tinyjambu_test_kat
