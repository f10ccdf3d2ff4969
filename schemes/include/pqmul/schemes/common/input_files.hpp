#pragma once
// The one way inputs are read from files: keys, ciphertexts, specs, results,
// digests. A file is refused before it is read when it is not a regular file
// (a directory, /dev/zero, a terminal), and read as at most its limit plus one
// byte, so an endless or huge input costs nothing and a wrong length is named.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pqmul {

// Unreadable, not a regular file, or too long: bad input (exit status 2 in the CLI).
struct InputFileError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The whole file; throws InputFileError when it holds more than `max_bytes`.
// `what` names the file in messages ("sweep spec", "public key").
std::string read_bounded_file(const std::filesystem::path& path, std::size_t max_bytes, std::string_view what);

// A file that must hold exactly `expected` bytes (keys, ciphertexts).
std::vector<std::uint8_t> read_exact_file(const std::filesystem::path& path, std::size_t expected,
                                          std::string_view what);

// For inputs read as a stream of any length: a regular file or a pipe.
void require_streamable_file(const std::filesystem::path& path, std::string_view what);

}  // namespace pqmul
