#pragma once
// Reading the input files of tables and figures (label specs, paper
// figures, results): whole text, bounded (input_limits.hpp); TOML through
// parse_toml_text.
#include <filesystem>
#include <string>

#include "../toml_text.hpp"
#include "pqmul/experiments/input_limits.hpp"
#include "pqmul/schemes/common/input_files.hpp"

namespace pqmul::experiments {

// Throws std::invalid_argument (InputFileError) for an unreadable, non-regular or too large file.
inline std::string read_report_file(const std::filesystem::path& p, std::size_t max_bytes, const char* what) {
  return read_bounded_file(p, max_bytes, what);
}

}  // namespace pqmul::experiments
