#pragma once
// Reading the small input files of tables and figures (label specs, paper
// figures, results): whole text; TOML through parse_toml_text.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "../toml_text.hpp"

namespace pqmul::experiments {

inline std::string read_report_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  if (!in) throw std::invalid_argument("cannot read " + p.string());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace pqmul::experiments
