#pragma once
// SHA-256 (FIPS 180-4), for digests of KAT files. Public data only: no
// constant-time requirement.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace pqmul {

class Sha256 {
 public:
  Sha256();
  void update(std::span<const std::uint8_t> data);
  void update(std::string_view text);
  std::array<std::uint8_t, 32> finish();  // the object is spent afterwards

 private:
  void compress(const std::uint8_t* block);
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
};

std::array<std::uint8_t, 32> sha256(std::span<const std::uint8_t> data);
// Lower-case hex digest of a text.
std::string sha256_hex(std::string_view text);

}  // namespace pqmul
