#pragma once
// File-to-file sealing and opening (format: hybrid.hpp). The output is
// written to a temporary file beside `output` (mode 0600) and renamed onto
// `output` only after the whole input was processed and verified; on any
// failure the temporary file is removed and `output` is left as it was
// (common/output_files.hpp). The input must be a regular file or a pipe, and
// neither it nor `key_files` (the files the caller read the key from) may be
// the output.
#include <filesystem>
#include <span>
#include <stdexcept>
#include <vector>

#include "pqmul/schemes/hybrid/hybrid.hpp"

namespace pqmul::hybrid {

// The input cannot be read or the output cannot be created or written.
struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws FileError, InvalidInput (malformed public key).
void seal_file(const Kem& kem, std::span<const std::uint8_t> public_key, const std::filesystem::path& input,
               const std::filesystem::path& output, RandomSource& rng,
               std::vector<std::filesystem::path> key_files = {});
// Throws FileError, OpenError (does not verify), InvalidInput (malformed secret key).
void open_file(const Kem& kem, std::span<const std::uint8_t> secret_key, const std::filesystem::path& input,
               const std::filesystem::path& output, std::vector<std::filesystem::path> key_files = {});

}  // namespace pqmul::hybrid
