#pragma once
// Reading the small input files of tables and figures (label specs, paper
// figures, results): whole text, and TOML with errors as std::invalid_argument.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <toml.hpp>

namespace pqmul::experiments {

inline std::string read_report_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  if (!in) throw std::invalid_argument("cannot read " + p.string());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline toml::value parse_report_toml(const std::string& text, const std::string& path) {
  try {
    std::istringstream in(text);
    return toml::parse(in, path);
  } catch (const std::exception& e) {
    throw std::invalid_argument(e.what());
  }
}

}  // namespace pqmul::experiments
